import { Link } from 'react-router';
import { CNIL, COMPANY, HOST, MEDIATOR } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

function Body({ to, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        Information given under article 6 of French law no. 2004-575 of 21 June 2004 on confidence
        in the digital economy.
      </p>

      <h2>Publisher</h2>
      <address>
        {publisher.name}
        <br />
        {COMPANY.legalForm.en} with a share capital of {COMPANY.capital.en}
        <br />
        Registered office: {publisher.address}
        <br />
        Trade and Companies Register: {publisher.rcs} — SIRET {publisher.siret} — NAF/APE code{' '}
        {COMPANY.naf}
        <br />
        EU VAT number: {publisher.vat}
        <br />
        Telephone: {publisher.phone}
        <br />
        E-mail: <Mail address={publisher.email} />
      </address>

      <h2>Director of publication</h2>
      <p>
        {publisher.director}, {COMPANY.directorTitle.en} of {publisher.name}.
      </p>

      <h2>Host</h2>
      <address>
        {publisher.host.name}
        <br />
        {publisher.host.address}
        <br />
        {publisher.host.rcs}
        <br />
        Telephone: {publisher.host.phone}
      </address>
      <p>The website’s servers and databases are located in France ({HOST.location.en}).</p>

      <h2>Business</h2>
      <p>
        {publisher.name} publishes a portal of property listings posted by partner real-estate
        agencies. It does not act as an estate agent and holds no funds on behalf of others. The
        agencies that publish listings are solely responsible for their content and for complying
        with French law no. 70-9 of 2 January 1970 (the “Hoguet law”); their contact details and fee
        scale are shown on their page in the directory.
      </p>

      <h2>Intellectual property</h2>
      <p>
        All the elements of the website (texts, layout, logos, software) are protected by copyright
        and database rights. Listings and their photographs remain the property of the agencies that
        publish them. The conditions of use are set out in the{' '}
        <Link to={to('cgu', {})}>terms of use</Link>.
      </p>

      <h2>Personal data</h2>
      <p>
        Data controller: {publisher.name}. Data Protection Officer: {COMPANY.dpo.name},{' '}
        <Mail address={COMPANY.dpo.email} />. The processing, your rights and how to exercise them
        are described on the <Link to={to('personalData', {})}>Personal data</Link> page. You may
        lodge a complaint with the French data protection authority (CNIL), {CNIL.address},{' '}
        <ExternalLink href={CNIL.url} />.
      </p>

      <h2>Consumer mediation</h2>
      <p>
        In accordance with articles L. 612-1 et seq. of the French Consumer Code, a consumer may
        refer a dispute with {publisher.name} to the consumer mediator it has joined, free of
        charge: {MEDIATOR.name}, {MEDIATOR.address}, <ExternalLink href={MEDIATOR.url} />. The
        mediator can be asked once a written complaint to {publisher.name} (
        <Mail address={publisher.email} />) has been refused or has gone unanswered for{' '}
        {MEDIATOR.delayMonths} months.
      </p>

      <h2>Cookies</h2>
      <p>
        The list of the cookies and trackers used and how to change your choices are on the{' '}
        <Link to={to('cookies', {})}>Cookies</Link> page.
      </p>

      <h2>Reporting content</h2>
      <p>
        To report unlawful content or an error in a listing, write to{' '}
        <Mail address={publisher.email} />, giving the address of the page concerned.
      </p>
    </>
  );
}

export const legalsEn: LegalDocument = {
  title: 'Legal notice',
  description:
    'Legal notice of the portal: publisher, director of publication, host, intellectual property and contacts.',
  Body,
};
