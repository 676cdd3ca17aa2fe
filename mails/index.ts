// The mails the portal sends, rendered from typed inputs in French or English: subject, plain
// text and HTML, every text from the message catalogs. The listings API's jobs gather the data
// and queue what these write (docs/decisions/007-mails.md).

export type { MailContent } from './render';
export {
  describeSearch,
  renderConfirmMail,
  renderDigestMail,
  toDigestDrop,
  toDigestOffer,
  type ConfirmMailInput,
  type DigestMailInput,
  type DigestOffer,
  type MailOffer,
  type MailPriceDrop,
  type SearchLabels,
} from './alerts';
export { renderProspectMail, renderProspectSalesMail, type ProspectMailInput } from './prospect';
export {
  renderLeadCopyMail,
  renderLeadMail,
  type LeadAgency,
  type LeadMailInput,
  type LeadOffer,
  type LeadVisitor,
} from './lead';
export { renderProSignInMail, type ProSignInMailInput } from './pro';
