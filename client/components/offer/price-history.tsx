import { useLingui } from '@lingui/react/macro';
import type { Lang, NatureId, PriceStep } from '../../../shared/contract';
import { formatChangePct, formatDate, formatPrice } from '../../../shared/format';

// The price history of an offer page: one row per price, oldest first (the first known price,
// then each change), with its date, the amount with the nature's suffix and its change in percent
// from the price before. Shown only when the price changed at least once.

export function PriceHistory({
  history,
  nature,
  lang,
}: {
  history: readonly PriceStep[];
  nature: NatureId;
  lang: Lang;
}) {
  const { t } = useLingui();
  return (
    <table className="price-history">
      <caption>{t`Du premier prix connu au prix actuel`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Date`}</th>
          <th scope="col" className="price-history__num">
            {nature === 'V' ? t`Prix` : t`Loyer`}
          </th>
          <th scope="col" className="price-history__num">{t`Évolution`}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((step, i) => (
          <tr key={`${step.date}-${i}`}>
            <th scope="row">
              <time dateTime={step.date}>{formatDate(step.date, lang, 'medium')}</time>
            </th>
            <td className="price-history__num">{formatPrice(step.amount, nature, lang)}</td>
            <td className="price-history__num">
              {step.changePct === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">{t`Premier prix connu`}</span>
                </>
              ) : (
                formatChangePct(step.changePct, lang)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
