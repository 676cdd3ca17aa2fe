import { Link } from 'react-router';
import { CookieChoicesButton } from '../../components/consent/cookie-choices-button';
import { COMPANY } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';
import { CONSENT_DAYS, COOKIE_NAMES, STORAGE_KEYS } from './storage';

interface Row {
  name: string;
  purpose: string;
  duration: string;
}

const COOKIES: Row[] = [
  {
    name: COOKIE_NAMES.language,
    purpose: 'Remembers the language you chose (French or English).',
    duration: '365 days',
  },
  {
    name: COOKIE_NAMES.consent,
    purpose: 'Remembers your choices about cookies and third-party content.',
    duration: `${CONSENT_DAYS} days (6 months)`,
  },
  {
    name: COOKIE_NAMES.contactCounter,
    purpose:
      'Counts the contact requests sent from your browser, to limit abuse (signed, out of reach of scripts).',
    duration: '1 day from the first request',
  },
  {
    name: COOKIE_NAMES.alertTokens,
    purpose:
      'Keeps the access keys of your alerts so that the “My alerts” page shows them, even without JavaScript (signed, out of reach of scripts).',
    duration: '365 days',
  },
];

const STORAGE: Row[] = [
  {
    name: STORAGE_KEYS.theme,
    purpose: 'The display theme you chose (light or dark).',
    duration: 'Until you erase it',
  },
  {
    name: STORAGE_KEYS.selection,
    purpose: 'Your selection of favourite properties.',
    duration: 'Until you erase it',
  },
  {
    name: STORAGE_KEYS.search,
    purpose: 'Your last search, to find it again on your next visit.',
    duration: 'Until you erase it',
  },
  {
    name: STORAGE_KEYS.contact,
    purpose:
      'The contact details entered in the contact form, so you do not have to type them again.',
    duration: 'Until you erase it',
  },
  {
    name: STORAGE_KEYS.alertTokens,
    purpose: 'The access keys of the alerts created from this browser.',
    duration: 'Until you erase it',
  },
  {
    name: STORAGE_KEYS.navigation,
    purpose:
      'The last pages viewed and the last listing and agency seen, for the links back to the list.',
    duration: 'Until you erase it (50 pages at most)',
  },
  {
    name: STORAGE_KEYS.chunkReload,
    purpose:
      'Time of the last automatic reload of the page after an update of the website (session storage).',
    duration: 'Until the tab is closed',
  },
];

function Table({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <div className="legal__table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Purpose</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              <td>{row.purpose}</td>
              <td>{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Body({ to, siteName }: LegalBodyProps) {
  return (
    <>
      <p>
        A cookie is a small file placed in your browser by the website you visit; other techniques
        (the browser’s local storage) play the same role. This page lists them all, in accordance
        with article 82 of the French “Informatique et Libertés” law and the recommendations of the
        CNIL.
      </p>
      <p>
        <strong>{siteName} uses no advertising cookie and no audience measurement tool.</strong> The
        cookies and data described below are needed for the website to work or for a service you ask
        for: they do not require your consent. Only third-party content (maps, videos, virtual
        tours) depends on your consent.
      </p>

      <h2>1. Cookies set by the website</h2>
      <Table caption="The website’s cookies, all needed for the service" rows={COOKIES} />

      <h2>2. Data kept in the browser’s local storage</h2>
      <p>
        These data stay in your browser, with two exceptions: the contact details, sent at the
        moment you send a request, and the numbers of the properties in your selection, sent to our
        servers to show their current state (price, availability). These numbers serve that display
        alone: your selection is not recorded on our servers and is linked to nothing that
        identifies you.
      </p>
      <Table caption="Browser local storage" rows={STORAGE} />

      <h2>3. Third-party content that needs your consent</h2>
      <p>
        Some listings embed content provided by other companies. It only loads after you agree, in
        the banner shown on your first visit, in the “Cookie choices” window, or right where the
        content would be:
      </p>
      <ul>
        <li>
          <strong>Interactive maps</strong>: map tiles come from OpenStreetMap (
          <ExternalLink href="https://osmfoundation.org/wiki/Privacy_Policy">
            privacy policy
          </ExternalLink>
          ), which receives your IP address to send you the images;
        </li>
        <li>
          <strong>Videos</strong>: the player of the hosting platform chosen by the agency (for
          example YouTube or Vimeo) may set its own cookies;
        </li>
        <li>
          <strong>3D virtual tours</strong>: the tour provider may set its own cookies.
        </li>
      </ul>
      <p>
        Until you agree, a simple box says what would load. Refusing does not stop you from using
        the website. Your choice is kept for six months, then asked again.
      </p>

      <h2>4. Changing your choices</h2>
      <p>
        You can change your choices at any time with the “Cookie choices” link at the bottom of
        every page, or with this button:
      </p>
      <p>
        <CookieChoicesButton />
      </p>
      <p>
        You can also delete cookies and local storage from your browser’s settings:{' '}
        <ExternalLink href="https://support.mozilla.org/en-US/kb/clear-cookies-and-site-data-firefox">
          Firefox
        </ExternalLink>
        ,{' '}
        <ExternalLink href="https://support.google.com/chrome/answer/95647?hl=en">
          Chrome
        </ExternalLink>
        ,{' '}
        <ExternalLink href="https://support.apple.com/en-gb/guide/safari/sfri11471/mac">
          Safari
        </ExternalLink>
        ,{' '}
        <ExternalLink href="https://support.microsoft.com/en-us/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09">
          Edge
        </ExternalLink>
        . Deleting these data also erases your favourites and preferences.
      </p>

      <h2>5. Contact</h2>
      <p>
        For any question about cookies, write to <Mail address={COMPANY.dpo.email} />. To learn more
        about your data, see the <Link to={to('personalData', {})}>Personal data</Link> page.
      </p>
    </>
  );
}

export const cookiesEn: LegalDocument = {
  title: 'Cookies',
  description:
    'The cookies and browser data used by the portal, how long they last, the third-party content that needs your consent and how to change your choices.',
  Body,
};
