import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { INTL_LOCALES } from '../../../shared/format';
import type { Lang } from '../../../shared/contract';

// A rating out of 5: stars drawn for the eye (hidden from screen readers) and the same
// information as text.

export const RATING_MAX = 5;

export function formatRating(value: number, lang: Lang): string {
  return new Intl.NumberFormat(INTL_LOCALES[lang], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** Five stars filled to the rating (decorative). */
export function Stars({ value }: { value: number }) {
  const percent = Math.max(0, Math.min(100, (value / RATING_MAX) * 100));
  return (
    <span className="stars" aria-hidden="true">
      <span className="stars__empty">★★★★★</span>
      <span className="stars__full" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** The review summary of an agency: average and count, or a 'no review yet' text. */
export function ReviewSummary({
  total,
  average,
  lang,
}: {
  total: number;
  average: number | null;
  lang: Lang;
}) {
  const { t } = useLingui();
  if (total === 0 || average === null) {
    return <p className="review-summary review-summary--none">{t`Pas encore d'avis`}</p>;
  }
  const rating = formatRating(average, lang);
  return (
    <p className="review-summary">
      <Stars value={average} />
      <span className="review-summary__text">
        {t`${rating} sur 5 · ${plural(total, { one: '# avis', other: '# avis' })}`}
      </span>
    </p>
  );
}
