import { useLingui } from '@lingui/react/macro';
import type { Config, Lang, OfferDetail } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { formatDate, formatNumber, formatSurface } from '../../../shared/format';
import { AssetIcon } from '../search/asset-icons';
import { ASSET_LABELS } from '../search/labels';

// Features (surface, land, rooms, bedrooms), the assets (atouts) with their icons, and the
// details of the listing (type, place, reference, dates, exclusivity).

/** A labelled value of an offer: surface, reference, fees... */
export interface Fact {
  label: string;
  value: string;
}

/** Facts as a description list, a row per fact (labels are unique: each is its row's key). */
export function FactList({
  facts,
  className,
  rowClassName,
}: {
  facts: readonly Fact[];
  className: string;
  rowClassName: string;
}) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label} className={rowClassName}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Features({ offer, lang }: { offer: OfferDetail; lang: Lang }) {
  const { t, i18n } = useLingui();
  const facts: Fact[] = [];
  if (offer.surface !== null)
    facts.push({ label: t`Surface habitable`, value: formatSurface(offer.surface, lang) });
  if (offer.fieldSurface !== null)
    facts.push({ label: t`Terrain`, value: formatSurface(offer.fieldSurface, lang) });
  if (offer.rooms !== null)
    facts.push({ label: t`Pièces`, value: formatNumber(offer.rooms, lang) });
  if (offer.bedrooms !== null)
    facts.push({ label: t`Chambres`, value: formatNumber(offer.bedrooms, lang) });
  const atouts = offer.atouts.filter((key) => ASSET_LABELS[key]);
  return (
    <>
      {facts.length > 0 ? (
        <FactList facts={facts} className="offer-features" rowClassName="offer-features__item" />
      ) : null}
      {atouts.length > 0 ? (
        <>
          <h3 className="offer-section__subtitle">{t`Atouts`}</h3>
          <ul className="offer-atouts">
            {atouts.map((key) => (
              <li key={key}>
                <AssetIcon assetKey={key} />
                {i18n._(ASSET_LABELS[key]!)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export function Details({
  offer,
  lang,
  config,
}: {
  offer: OfferDetail;
  lang: Lang;
  config: Config;
}) {
  const { t } = useLingui();
  const index = indexConfig(config);
  const rubrique = index.rubriques.get(offer.rubrique.id);
  const nature = index.natures.get(offer.nature.id);
  const rows: Fact[] = [];
  if (nature) rows.push({ label: t`Transaction`, value: nature.libelle[lang] });
  if (rubrique && !rubrique.isGeneric)
    rows.push({ label: t`Type de bien`, value: rubrique.libelle[lang] });
  rows.push({ label: t`Localisation`, value: offer.lieu.libelle });
  rows.push({ label: t`Référence`, value: offer.reference });
  rows.push({ label: t`Date de publication`, value: formatDate(offer.date, lang) });
  if (offer.updatedAt.slice(0, 10) !== offer.date.slice(0, 10)) {
    rows.push({ label: t`Mise à jour`, value: formatDate(offer.updatedAt, lang) });
  }
  rows.push({ label: t`Mandat exclusif`, value: offer.exclusivity ? t`Oui` : t`Non` });
  return <FactList facts={rows} className="offer-facts" rowClassName="offer-facts__row" />;
}
