import { useLingui } from '@lingui/react/macro';
import '../../styles/search-nav.css';
import { pagerItems } from './paging';

// Paging links (result lists, agency directory): plain links a crawler can follow, the current
// page marked, the first and last pages always reachable, and rel=prev/next in the head. Plain
// <a> links: the app's document listener turns them into client navigations.

export interface PagerProps {
  page: number;
  pageCount: number;
  /** Path of a page (page 1 without the page parameter). */
  hrefFor(page: number): string;
  /** Also render rel=prev/next links (hoisted into the head). Default true. */
  relLinks?: boolean;
  /** Name of the navigation when a page has several pagers (default 'Pagination'). */
  label?: string;
  /** A fragment the page links end with ('#results': the new page opens on its results). */
  anchor?: string;
}

export function Pager({
  page,
  pageCount,
  hrefFor,
  relLinks = true,
  label,
  anchor = '',
}: PagerProps) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const previous = page > 1 ? hrefFor(page - 1) : null;
  const next = page < pageCount ? hrefFor(page + 1) : null;
  const pageWord = `${t`Page`} `;
  return (
    <nav className="pager" aria-label={label ?? t`Pagination`}>
      {relLinks && previous ? <link rel="prev" href={previous} /> : null}
      {relLinks && next ? <link rel="next" href={next} /> : null}
      <ul>
        <li className="pager__step">
          {previous ? (
            <a href={`${previous}${anchor}`} className="pager__link" rel="prev">
              <span aria-hidden="true">‹ </span>
              {t`Précédente`}
            </a>
          ) : null}
        </li>
        {pagerItems(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="pager__link pager__link--current" aria-current="page">
                  <span className="visually-hidden">{pageWord}</span>
                  {p}
                </span>
              ) : (
                <a href={`${hrefFor(p)}${anchor}`} className="pager__link">
                  <span className="visually-hidden">{pageWord}</span>
                  {p}
                </a>
              )}
            </li>
          ),
        )}
        <li className="pager__step">
          {next ? (
            <a href={`${next}${anchor}`} className="pager__link" rel="next">
              {t`Suivante`}
              <span aria-hidden="true"> ›</span>
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
