import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Lang, ReviewList } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { Stars, formatRating } from './rating';

/** The id of the n-th review shown (from 1): the target of the "more reviews" link. */
export function reviewAnchor(n: number): string {
  return `avis-${n}`;
}

/**
 * The reviews block of an agency page (client-survey): the total and average, then the reviews
 * newest first, each with its rating, source and the agency's response, and a link to more
 * (the same page with ?avis=n: it works without JavaScript; with it, focus moves to the first
 * new review). Reviews are not translated: one written in another language than the page's
 * says so, in words and with its `lang`. Not shown when the reviews service did not answer.
 */
export function Reviews({
  reviews,
  lang,
  pageSize,
  moreHref,
}: {
  reviews: ReviewList;
  lang: Lang;
  pageSize: number;
  moreHref: string | null;
}) {
  const { t } = useLingui();
  const list = useRef<HTMLUListElement>(null);
  const shown = reviews.items.length;
  const before = useRef(shown);
  useEffect(() => {
    const previous = before.current;
    before.current = shown;
    if (shown <= previous) return;
    list.current?.querySelector<HTMLElement>(`#${reviewAnchor(previous + 1)}`)?.focus();
  }, [shown]);
  const languageLabel: Record<Lang, string> = {
    fr: t`Avis en français`,
    en: t`Avis en anglais`,
  };
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
          <ul className="reviews__list" ref={list}>
            {reviews.items.map((review, i) => {
              const other = review.lang !== lang;
              return (
                <li key={`${review.date}-${i}`}>
                  <article
                    className="review"
                    id={reviewAnchor(i + 1)}
                    tabIndex={i >= pageSize ? -1 : undefined}
                    aria-labelledby={`${reviewAnchor(i + 1)}-title`}
                  >
                    <h3
                      className="review__title"
                      id={`${reviewAnchor(i + 1)}-title`}
                      lang={other ? review.lang : undefined}
                    >
                      {review.title}
                    </h3>
                    {other ? <p className="review__lang">{languageLabel[review.lang]}</p> : null}
                    <p className="review__rating">
                      <Stars value={review.rating} />
                      <span>{t`${formatRating(review.rating, lang)} sur 5`}</span>
                    </p>
                    <p className="review__meta">
                      {t`Par ${review.author}, le ${formatDate(review.date, lang)}`}
                      {' · '}
                      {t`Source : ${review.source}`}
                    </p>
                    <p className="review__body" lang={other ? review.lang : undefined}>
                      {review.body}
                    </p>
                    {review.response ? (
                      <div className="review__response">
                        <p className="review__response-title">{t`Réponse de l'agence`}</p>
                        <p lang={other ? review.lang : undefined}>{review.response}</p>
                      </div>
                    ) : null}
                  </article>
                </li>
              );
            })}
          </ul>
          {moreHref ? (
            <p className="reviews__more">
              <Link to={moreHref} className="button button--secondary" preventScrollReset>
                {t`Voir plus d'avis`}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
