import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Comparables, Lang, NatureId } from '../../../shared/contract';
import { formatChangePct, formatPricePerM2 } from '../../../shared/format';
import { FactList, type Fact } from './features';

// How the offer's price compares: its price per m² and the median of its comparables (the
// active offers of its nature and rubrique in its city, else its département), with how many
// they are; the listings API leaves the median out below five comparables.

export function PriceCompare({
  perM2,
  comparables,
  nature,
  lang,
}: {
  /** The offer's own price per m², null without a surface or a shown price. */
  perM2: number | null;
  comparables: Comparables | null;
  nature: NatureId;
  lang: Lang;
}) {
  const { t } = useLingui();
  const facts: Fact[] = [];
  if (perM2 !== null) {
    facts.push({ label: t`Prix de ce bien au m²`, value: formatPricePerM2(perM2, nature, lang) });
  }
  if (comparables) {
    const place = comparables.lieu.libelle;
    const count = comparables.count;
    facts.push({
      label: t`${plural(count, {
        one: `Médiane de # bien comparable, ${place}`,
        other: `Médiane de # biens comparables, ${place}`,
      })}`,
      value: formatPricePerM2(comparables.medianPerM2, nature, lang),
    });
    if (perM2 !== null) {
      const gap = ((perM2 - comparables.medianPerM2) / comparables.medianPerM2) * 100;
      facts.push({ label: t`Écart à la médiane`, value: formatChangePct(gap, lang) });
    }
  }
  return (
    <>
      <FactList facts={facts} className="offer-facts" rowClassName="offer-facts__row" />
      <p className="offer-costs__note">
        {comparables
          ? comparables.scope === 'city'
            ? t`Offres du portail de même type dans la même ville.`
            : t`Trop peu de biens comparables dans la ville : médiane du département.`
          : t`Trop peu de biens comparables sur le portail pour donner une médiane.`}
      </p>
    </>
  );
}
