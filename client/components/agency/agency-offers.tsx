import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang, NatureId, OfferList } from '../../../shared/contract';
import { FavouriteButton } from '../favourite-button';
import { OfferGrid } from '../offer-grid';
import { Pager } from '../search/pager';

// The offers of an agency or of a network: one nature at a time (links to the other natures,
// with their counts), paged. Nature and page are in the query string, so it all works without
// JavaScript; an agency link carrying a nature in its hash is turned into the query by the page.

export interface NatureCount {
  nature: NatureId;
  label: string;
  count: number;
}

export function AgencyOffers({
  title,
  natures,
  current,
  list,
  page,
  pages,
  hrefFor,
  emptyText,
  relLinks = true,
  lang,
  config,
}: {
  /** rel=prev/next links in the head (only for the page's main list). */
  relLinks?: boolean;
  title: string;
  emptyText: string;
  natures: NatureCount[];
  current: NatureId;
  list: OfferList | null;
  page: number;
  pages: number;
  hrefFor(nature: NatureId, page: number): string;
  lang: Lang;
  config: Config;
}) {
  const { t } = useLingui();
  const shown = natures.filter((n) => n.count > 0);
  const empty = !list || list.items.length === 0;
  // The natures with offers are linked when there is a choice, or when the nature asked has none.
  const linked = shown.length > 1 || shown.some((n) => n.nature !== current);
  return (
    <section className="agency-offers" aria-labelledby="agency-offers-title">
      <h2 id="agency-offers-title">{title}</h2>
      {linked ? (
        <nav className="nature-links" aria-label={t`Biens par nature`}>
          <ul>
            {shown.map((n) => (
              <li key={n.nature}>
                <Link
                  to={hrefFor(n.nature, 1)}
                  aria-current={n.nature === current ? 'true' : undefined}
                  preventScrollReset
                >
                  {n.label} <span className="nature-links__count">({n.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {empty ? (
        <p className="agency-offers__empty">{emptyText}</p>
      ) : (
        <>
          <OfferGrid
            offers={list.items}
            lang={lang}
            config={config}
            className="agency-offers__list"
            eager={1}
            actions={(offer) => <FavouriteButton offer={offer} />}
          />
          <Pager
            page={page}
            pageCount={pages}
            hrefFor={(p) => hrefFor(current, p)}
            relLinks={relLinks}
            label={t`Pages des biens`}
          />
        </>
      )}
    </section>
  );
}
