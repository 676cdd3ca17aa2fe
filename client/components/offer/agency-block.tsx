import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { AgencyContact, Config, Lang, NatureId } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { parsePhone } from '../../../shared/contact-forms';
import { href } from '../../../shared/routes';
import { useHydrated } from '../../hooks/use-selection';
import { usePortalApi } from '../../api/portal-api-context';
import { sendOfferStat } from './stats';

// The agency of the offer: name, address, network, a link to its page, and its phone number
// behind a reveal button (POST /stat type telephone with the offer id). Without JavaScript the
// button posts a page form (_form=phone) and the page comes back with the number shown.

export const AGENCY_ANCHOR = 'agence';

export function PhoneReveal({
  offerId,
  phone,
  revealed: revealedAtFirst,
}: {
  offerId: number;
  phone: string;
  revealed: boolean;
}) {
  const { t } = useLingui();
  const location = useLocation();
  const hydrated = useHydrated();
  const api = usePortalApi();
  const [revealed, setRevealed] = useState(revealedAtFirst);
  if (revealed) {
    const number = parsePhone(phone)?.number ?? phone.replace(/[^\d+]/g, '');
    return (
      <p className="agency-block__phone">
        <a href={`tel:${number}`}>{phone}</a>
      </p>
    );
  }
  return (
    <form
      method="post"
      action={`${location.pathname}${location.search}#${AGENCY_ANCHOR}`}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        // The number shows at once; the count must not hold it up.
        sendOfferStat(api, 'telephone', offerId).catch(() => {});
        setRevealed(true);
      }}
    >
      <input type="hidden" name="_form" value="phone" />
      <input type="hidden" name="offer_id" value={offerId} />
      <button type="submit" className="button">
        {t`Afficher le téléphone`}
      </button>
    </form>
  );
}

export function AgencyBlock({
  agency,
  offerId,
  nature,
  phoneRevealed,
  lang,
  config,
}: {
  agency: AgencyContact;
  offerId: number;
  /** The offer's nature: the agency page opens on its offers of that nature. */
  nature: NatureId;
  phoneRevealed: boolean;
  lang: Lang;
  config: Config;
}) {
  const { t } = useLingui();
  // In the query (not the hash): the server renders the right tab, with or without JavaScript.
  const natureSlug = indexConfig(config).natures.get(nature)?.slug[lang];
  const agencyHref = href('agency', { agence: agency.slug }, lang, config, {
    query: new URLSearchParams(natureSlug ? { nature: natureSlug } : {}),
  });
  return (
    <section className="agency-block" id={AGENCY_ANCHOR} aria-labelledby="agency-block-title">
      <h2 id="agency-block-title" className="agency-block__title">
        {t`L'agence`}
      </h2>
      <p className="agency-block__name">
        <Link to={agencyHref}>{agency.name}</Link>
      </p>
      {agency.network ? (
        <p className="agency-block__network">
          <Link to={href('network', { reseau: agency.network.slug }, lang, config)}>
            {agency.network.name}
          </Link>
        </p>
      ) : null}
      <address className="agency-block__address">
        {agency.address}
        <br />
        {agency.cp} {agency.ville}
      </address>
      <PhoneReveal offerId={offerId} phone={agency.phone} revealed={phoneRevealed} />
    </section>
  );
}
