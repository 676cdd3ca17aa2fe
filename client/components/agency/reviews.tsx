import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Lang, ReviewList } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { Stars, formatRating } from './rating';

/**
 * The reviews block of an agency page (client-survey): the total and average, then the latest
 * reviews, those written in the page's language first, each with its rating, source and the
 * agency's response. A review in the other language says so (`lang`, for screen readers and
 * translation tools). Not shown when the reviews service did not answer.
 */
export function Reviews({ reviews, lang }: { reviews: ReviewList; lang: Lang }) {
  const { t } = useLingui();
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t`Avis clients`}</h2>
      {reviews.total === 0 || reviews.average === null ? (
        <p>{t`Cette agence n'a pas encore reçu d'avis.`}</p>
      ) : (
        <>
          <p className="reviews__summary">
            <Stars value={reviews.average} />
            <span>
              {t`Note moyenne : ${formatRating(reviews.average, lang)} sur 5 (${plural(
                reviews.total,
                { one: '# avis', other: '# avis' },
              )})`}
            </span>
          </p>
          <ul className="reviews__list">
            {reviews.items.map((review, i) => (
              <li key={`${review.date}-${i}`}>
                <article className="review" lang={review.lang !== lang ? review.lang : undefined}>
                  <h3 className="review__title">{review.title}</h3>
                  <p className="review__rating">
                    <Stars value={review.rating} />
                    <span>{t`${formatRating(review.rating, lang)} sur 5`}</span>
                  </p>
                  <p className="review__meta">
                    {t`Par ${review.author}, le ${formatDate(review.date, lang)}`}
                    {' · '}
                    {t`Source : ${review.source}`}
                  </p>
                  <p className="review__body">{review.body}</p>
                  {review.response ? (
                    <div className="review__response">
                      <p className="review__response-title">{t`Réponse de l'agence`}</p>
                      <p>{review.response}</p>
                    </div>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
