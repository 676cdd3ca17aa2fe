import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { AgencySummary, Config, Lang, NatureId } from '../../../shared/contract';
import { linkBuilder } from '../../app/links';
import { ReviewSummary } from './rating';

/**
 * An agency card (directory, network page): name, address, postcode, city, network and review
 * summary. `nature` puts a nature in the link's hash, and in its query for browsers without
 * JavaScript: the agency page opens that nature's offers.
 */
export function AgencyCard({
  agency,
  lang,
  config,
  nature,
  headingLevel = 3,
}: {
  agency: AgencySummary;
  lang: Lang;
  config: Config;
  nature?: NatureId;
  headingLevel?: 2 | 3;
}) {
  const { t } = useLingui();
  const to = linkBuilder(lang, config);
  const natureSlug = nature ? config.natures.find((n) => n.id === nature)?.slug[lang] : undefined;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="agency-card">
      <Heading className="agency-card__name">
        <Link
          to={to(
            'agency',
            { agence: agency.slug },
            natureSlug
              ? { query: `nature=${encodeURIComponent(natureSlug)}`, hash: natureSlug }
              : {},
          )}
        >
          {agency.name}
        </Link>
      </Heading>
      {agency.active ? null : <p className="agency-card__inactive">{t`Agence inactive`}</p>}
      <address className="agency-card__address">
        {agency.address}
        <br />
        {agency.cp} {agency.ville}
      </address>
      {agency.network ? (
        <p className="agency-card__network">
          {t`Réseau`}{' '}
          <Link to={to('network', { reseau: agency.network.slug })}>{agency.network.name}</Link>
        </p>
      ) : (
        <p className="agency-card__network">{t`Agence indépendante`}</p>
      )}
      <ReviewSummary total={agency.reviews.total} average={agency.reviews.average} lang={lang} />
    </article>
  );
}
