import { useLingui } from '@lingui/react/macro';
import type { Config, FeeScaleEntry, Lang, NatureId } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { INTL_LOCALES, formatAmount } from '../../../shared/format';

// The agency's fee scale (barème des honoraires): one table per nature, a row per price band.
// French rules require agencies to show it; amounts are all taxes included.

function formatPercent(percent: number, lang: Lang): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

export function FeeScale({
  entries,
  lang,
  config,
}: {
  entries: FeeScaleEntry[];
  lang: Lang;
  config: Config;
}) {
  const { t } = useLingui();
  const index = indexConfig(config);
  const natures = index.enabledNatures.filter((n) => entries.some((e) => e.nature === n));

  const band = (from: number, to: number | null) => {
    const low = formatAmount(from, lang);
    if (to === null) return from === 0 ? t`Quel que soit le montant` : t`Au-delà de ${low}`;
    const high = formatAmount(to, lang);
    return from === 0 ? t`Jusqu'à ${high}` : t`De ${low} à ${high}`;
  };
  const basis = (nature: NatureId) =>
    nature === 'V'
      ? t`du prix de vente`
      : nature === 'L'
        ? t`du loyer annuel hors charges`
        : t`du montant de la location`;
  const fee = (entry: FeeScaleEntry) => {
    if (entry.percent !== null)
      return `${formatPercent(entry.percent, lang)} ${basis(entry.nature)}`;
    if (entry.amount !== null) return t`Forfait de ${formatAmount(entry.amount, lang)}`;
    return t`Nous consulter`;
  };
  const head = (nature: NatureId) =>
    nature === 'V'
      ? t`Prix de vente`
      : nature === 'L'
        ? t`Loyer annuel`
        : t`Montant de la location`;

  return (
    <section className="fee-scale" aria-labelledby="fee-scale-title">
      <h2 id="fee-scale-title">{t`Barème des honoraires`}</h2>
      {natures.length === 0 ? (
        <p>{t`Cette agence n'a pas communiqué son barème : renseignez-vous auprès d'elle.`}</p>
      ) : (
        natures.map((nature) => (
          <table key={nature} className="fee-scale__table">
            <caption>{index.natures.get(nature)?.libelle[lang] ?? nature}</caption>
            <thead>
              <tr>
                <th scope="col">{head(nature)}</th>
                <th scope="col">{t`Honoraires TTC`}</th>
              </tr>
            </thead>
            <tbody>
              {entries
                .filter((e) => e.nature === nature)
                .sort((a, b) => a.from - b.from)
                .map((entry) => (
                  <tr key={`${entry.from}-${entry.to ?? 'max'}`}>
                    <th scope="row">{band(entry.from, entry.to)}</th>
                    <td>{fee(entry)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))
      )}
      <p className="fee-scale__note">
        {t`Honoraires exprimés toutes taxes comprises. Le barème applicable est celui affiché en agence au jour de la signature du mandat.`}
      </p>
    </section>
  );
}
