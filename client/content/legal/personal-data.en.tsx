import { Link } from 'react-router';
import { CNIL, COMPANY } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

interface Processing {
  name: string;
  data: string;
  purpose: string;
  basis: string;
  retention: string;
}

const PROCESSING: Processing[] = [
  {
    name: 'Contact requests sent to agencies',
    data: 'Name, e-mail address, telephone number, message, consent to recommendations, language, listing or agency concerned, date, and the delivery state of the message to the agency (recipient address, date, the mail server’s answer).',
    purpose:
      'Sending your request by e-mail to the agency concerned (or to the negotiator in charge of the listing), sending you a copy and keeping a record of it in case of dispute.',
    basis: 'Steps taken at your request before entering into a contract (article 6(1)(b) GDPR).',
    retention:
      '3 years from the request, then deleted; the request’s e-mails (to the agency and your copy) leave our sending queue at the latest 3 years after they were sent.',
  },
  {
    name: 'Property recommendations',
    data: 'E-mail address and criteria of the request, when you tick the box provided for this.',
    purpose: 'Suggesting properties similar to the one you were interested in.',
    basis: 'Your consent (article 6(1)(a) GDPR), which you may withdraw at any time.',
    retention: 'Until you withdraw your consent, and at most 3 years after your last contact.',
  },
  {
    name: 'E-mail alerts',
    data: 'E-mail address, search criteria, language, consent to be contacted by partner agencies, date of confirmation.',
    purpose: 'Sending you the new properties that match your criteria.',
    basis: 'Your consent (article 6(1)(a) GDPR), confirmed through the link in the first e-mail.',
    retention:
      'Until the alert is deleted or you unsubscribe; an alert never confirmed is deleted after 30 days.',
  },
  {
    name: 'Introductions to partner agencies',
    data: 'E-mail address and criteria of the alert, if you ticked the consent provided for this.',
    purpose: 'Letting partner agencies in the area you search offer you properties.',
    basis: 'Your consent (article 6(1)(a) GDPR), which you may withdraw at any time.',
    retention: 'Until you withdraw your consent or delete the alert.',
  },
  {
    name: 'Requests from professionals',
    data: 'Last name, first name, company, city, telephone number, e-mail address, message, language, date.',
    purpose:
      'Answering agencies that wish to advertise their properties, confirming by e-mail that their request was received and presenting our offers to them.',
    basis:
      'Our legitimate interest in developing our business with professionals (article 6(1)(f) GDPR).',
    retention: 'The requests of one e-mail address: 3 years from the last one, then deleted.',
  },
  {
    name: 'Website security and abuse prevention',
    data: 'IP address (request rate limiting), contact request counter, technical logs (page requested, date, outcome, duration, without IP address).',
    purpose:
      'Protecting the website and agencies against abusive sending and attacks, diagnosing failures.',
    basis: 'Our legitimate interest in keeping the service secure (article 6(1)(f) GDPR).',
    retention: 'IP address: 1 hour at most; counter: 24 hours; technical logs: 12 months.',
  },
];

function Body({ to, siteName, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        This page explains which personal data {siteName} processes, why, for how long, with whom
        they are shared and how to exercise your rights, under Regulation (EU) 2016/679 (GDPR) and
        the amended French law no. 78-17 of 6 January 1978 (“Informatique et Libertés”). The website
        can be used without an account: we only collect what you give us in a form.
      </p>

      <h2>1. Data controller</h2>
      <address>
        {publisher.name}, {publisher.address}
        <br />
        E-mail: <Mail address={publisher.email} />
      </address>
      <h3>Data Protection Officer</h3>
      <p>
        {COMPANY.dpo.name} — <Mail address={COMPANY.dpo.email} />
        <br />
        By post: {COMPANY.dpo.address.en}.
      </p>

      <h2>2. Processing, purposes, legal bases and retention periods</h2>
      <div className="legal__table-wrap">
        <table>
          <caption>The personal data processing of the website</caption>
          <thead>
            <tr>
              <th scope="col">Processing</th>
              <th scope="col">Data</th>
              <th scope="col">Purpose</th>
              <th scope="col">Legal basis</th>
              <th scope="col">Retention period</th>
            </tr>
          </thead>
          <tbody>
            {PROCESSING.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.data}</td>
                <td>{p.purpose}</td>
                <td>{p.basis}</td>
                <td>{p.retention}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Required form fields are marked with an asterisk: without them the request cannot be
        handled. No automated decision producing legal effects concerning you is taken on the basis
        of these data.
      </p>
      <p>
        Listing statistics (number of views, e-mail or telephone requests per listing) are anonymous
        counts: they are not linked to any person.
      </p>

      <h2>3. Data kept in your browser</h2>
      <p>
        Your selection of favourites, your last search, the display theme, the contact details
        entered in the contact form (so that you do not have to type them again) and the history of
        pages viewed are kept in your browser’s local storage: they are not sent to us, except the
        contact details when you send a request. You can erase them at any time from your browser’s
        settings. Details are on the <Link to={to('cookies', {})}>Cookies</Link> page.
      </p>

      <h2>4. Recipients</h2>
      <ul>
        <li>
          the agency to which you send a contact request, or the agency’s negotiator in charge of
          the listing, who receives it by e-mail with your contact details;
        </li>
        <li>
          partner agencies in the area you search, only if you gave your consent when creating an
          alert;
        </li>
        <li>authorised staff of {publisher.name}, within the limits of their duties;</li>
        <li>
          our technical processors: the website host ({publisher.host.name}, France) and the e-mail
          sending provider, bound by contract to keep the data confidential and secure.
        </li>
      </ul>
      <p>Your data are neither sold nor rented.</p>

      <h2>5. Transfers outside the European Union</h2>
      <p>
        Your data are hosted in France and are not transferred outside the European Union.
        Third-party content (maps, videos, virtual tours) only loads with your consent; its
        publishers then apply their own privacy policies.
      </p>

      <h2>6. Your rights</h2>
      <p>You have the following rights over your data:</p>
      <ul>
        <li>right of access and to obtain a copy of your data (article 15 GDPR);</li>
        <li>right to have inaccurate data rectified (article 16);</li>
        <li>right to erasure (article 17);</li>
        <li>right to restriction of processing (article 18);</li>
        <li>right to the portability of the data you provided to us (article 20);</li>
        <li>
          right to object, in particular to direct marketing and to processing based on our
          legitimate interest (article 21);
        </li>
        <li>
          right to withdraw your consent at any time, without affecting processing already carried
          out;
        </li>
        <li>
          right to give instructions on what happens to your data after your death (article 85 of
          the French “Informatique et Libertés” law).
        </li>
      </ul>
      <p>
        To exercise them, write to the Data Protection Officer at{' '}
        <Mail address={COMPANY.dpo.email} /> or by post to the address above. We answer within one
        month, which may be extended by two months for complex requests; we may ask for proof of
        identity in case of reasonable doubt. Every alert e-mail also contains a one-click
        unsubscribe link, and your alerts can be deleted from the “My alerts” page.
      </p>

      <h2>7. Complaints</h2>
      <p>
        If, after contacting us, you believe your rights are not respected, you may lodge a
        complaint with the French data protection authority (Commission nationale de l’informatique
        et des libertés, CNIL): {CNIL.address}, France, telephone {CNIL.phone},{' '}
        <ExternalLink href={CNIL.complaint}>www.cnil.fr/fr/plaintes</ExternalLink>.
      </p>

      <h2>8. Security</h2>
      <p>
        The website is served over HTTPS only. The cookies that protect forms and give access to
        your alerts are signed and out of reach of the page’s scripts; alert access keys are only
        kept on our servers as a fingerprint (SHA-256); access to the databases is restricted to
        authorised people.
      </p>

      <h2>9. Minors</h2>
      <p>
        The website is intended for adults looking for a property. We do not knowingly collect data
        about children under fifteen.
      </p>

      <h2>10. Changes to this page</h2>
      <p>
        This page may change to reflect changes in the website or in the law. The date of the last
        update is shown at the top of the page.
      </p>
    </>
  );
}

export const personalDataEn: LegalDocument = {
  title: 'Personal data',
  description:
    'How the portal processes your personal data: data controller, purposes, legal bases, retention periods, recipients, your rights and the Data Protection Officer.',
  Body,
};
