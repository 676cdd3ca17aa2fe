import { Link } from 'react-router';
import { COMPANY, MEDIATOR } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

function Body({ to, siteName, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        These terms of use (the “Terms”) govern access to and use of the {siteName} website by
        anyone who visits it (the “user”). By browsing the website, the user accepts the Terms in
        force on the day of the visit. The French version of the Terms prevails.
      </p>

      <h2>1. Publisher</h2>
      <p>
        The website is published by {publisher.name}, a {COMPANY.legalForm.en} with a share capital
        of {COMPANY.capital.en}, registered with the {COMPANY.rcsCity} Trade and Companies Register
        under number {COMPANY.siren}, whose registered office is at {publisher.address}. Full
        details of the publisher and the host are given in the{' '}
        <Link to={to('legals', {})}>legal notice</Link>.
      </p>

      <h2>2. Purpose of the website</h2>
      <p>
        The website is a portal of luxury property listings. It lets visitors browse properties for
        sale, for rent and for seasonal rent offered by partner real-estate agencies, keep a
        selection of favourite properties, create e-mail alerts, send information requests to
        agencies, and browse the directory of agencies and agency networks with their clients’
        reviews.
      </p>
      <p>
        {publisher.name} is neither an estate agent nor an intermediary: it takes no part in
        transactions, receives no money from visitors and is not a party to the relations between
        visitors and agencies.
      </p>

      <h2>3. Access to the website</h2>
      <p>
        The website is free to use, without registration or account, for anyone with internet
        access. Connection costs are borne by the user. The publisher strives to keep the website
        available at all times but may suspend access, in particular for maintenance, without
        incurring any liability.
      </p>

      <h2>4. Listings</h2>
      <p>
        Listings are written and updated by the agencies that publish them, under their sole
        responsibility. They are imported from these agencies’ software and shown as they are.
        Prices, surfaces, fees, energy diagnoses and availability are given for information only and
        are not contractual: only the documents provided by the agency are binding. A property that
        has been sold or let is removed from the website or shown as no longer available.
      </p>
      <p>
        The rules for listing and ranking offers and agencies are described on the page{' '}
        <Link to={to('ranking', {})}>How listings are ranked</Link>.
      </p>

      <h2>5. Contact requests</h2>
      <p>
        The contact form of a listing or an agency sends your request, with the details you enter,
        to the agency concerned, which answers you directly. To protect agencies from abuse, the
        number of requests that can be sent from one browser is limited per twenty-four-hour period;
        beyond it, sending is refused until the next day.
      </p>

      <h2>6. Favourites and alerts</h2>
      <p>
        Your selection of favourite properties is kept only in your browser. An alert stores your
        search criteria and your e-mail address: the first message asks you to confirm your address,
        and no other message is sent before that confirmation. Every e-mail includes a one-click
        unsubscribe link. You can delete your alerts at any time from the “My alerts” page.
      </p>

      <h2>7. Client reviews</h2>
      <p>
        The reviews shown on agency pages come from review-collection services whose name is given
        with each review. They are shown from the most recent to the oldest, unaltered, together
        with the agency’s response where there is one. The average rating is computed over all the
        reviews the agency received. To report a review you believe to be unlawful, write to{' '}
        <Mail address={publisher.email} />.
      </p>

      <h2>8. Professional space</h2>
      <p>
        Agencies wishing to advertise their properties can contact the sales team from the{' '}
        <Link to={to('proContact', {})}>professional space</Link>. The publication of listings is
        governed by specific terms agreed between {publisher.name} and each agency.
      </p>

      <h2>9. User commitments</h2>
      <p>The user undertakes to use the website fairly and, in particular, not to:</p>
      <ul>
        <li>provide inaccurate information or impersonate anyone;</li>
        <li>
          send advertising, repetitive messages or messages unrelated to the properties shown;
        </li>
        <li>
          systematically extract the website’s content, in particular by automated means, or reuse
          it without permission;
        </li>
        <li>disrupt the website or try to access data not intended for them.</li>
      </ul>
      <p>
        In case of breach, the publisher may limit or block access to the website and its forms,
        without prejudice to any legal action.
      </p>

      <h2>10. Intellectual property</h2>
      <p>
        The structure of the website, its design, texts, logos and software belong to{' '}
        {publisher.name} or its partners. The photographs and descriptions of listings belong to the
        agencies that publish them or to their authors. Any reproduction, representation or
        extraction, in whole or in part, without prior written permission is prohibited (articles L.
        122-4 and L. 342-1 of the French Intellectual Property Code).
      </p>

      <h2>11. Links</h2>
      <p>
        The website may contain links to third-party websites (agency and network websites, map,
        video or virtual-tour services). The publisher has no control over these websites and
        accepts no liability for their content. Third-party content embedded in the website only
        loads with your consent (see the <Link to={to('cookies', {})}>Cookies</Link> page).
      </p>

      <h2>12. Reporting unlawful content</h2>
      <p>
        In accordance with French law no. 2004-575 of 21 June 2004 on confidence in the digital
        economy and Regulation (EU) 2022/2065 on digital services, anyone can report content they
        believe to be unlawful by writing to <Mail address={publisher.email} /> or to the
        publisher’s postal address. The report states the address of the page concerned, a
        description of the content, the reasons why it is considered unlawful and the contact
        details of the person reporting it. This address is also the single point of contact for
        authorities and users; exchanges may be in French or English.
      </p>

      <h2>13. Personal data and cookies</h2>
      <p>
        How your personal data are processed is described on the{' '}
        <Link to={to('personalData', {})}>Personal data</Link> page; the use of cookies and trackers
        on the <Link to={to('cookies', {})}>Cookies</Link> page.
      </p>

      <h2>14. Liability</h2>
      <p>
        The publisher takes reasonable steps to ensure the accuracy of the information it publishes
        and the security of the website. It cannot be held liable for interruptions of the service,
        errors in listings provided by agencies, or damage resulting from the use of a third-party
        website.
      </p>

      <h2>15. Changes to the Terms</h2>
      <p>
        The publisher may change these Terms at any time, in particular to reflect changes in the
        law or in the website. The applicable version is the one online at the time of the visit;
        the date of the last update is shown at the top of this page.
      </p>

      <h2>16. Governing law and disputes</h2>
      <p>
        These Terms are governed by French law. In the event of a dispute, an amicable solution will
        be sought before any legal action: write first to <Mail address={publisher.email} />. If
        your written complaint is refused or goes unanswered for {MEDIATOR.delayMonths} months, you
        may, as a consumer, refer the dispute free of charge to the consumer mediator{' '}
        {MEDIATOR.name}, {MEDIATOR.address}, <ExternalLink href={MEDIATOR.url} />. Failing an
        amicable solution, the French courts have jurisdiction, subject to the mandatory rules
        protecting consumers, who may bring a claim before the court of their place of residence.
      </p>
    </>
  );
}

export const cguEn: LegalDocument = {
  title: 'Terms of use',
  description:
    'Terms of use of the portal: access, listings, contact requests, alerts, client reviews, intellectual property and reporting of content.',
  Body,
};
