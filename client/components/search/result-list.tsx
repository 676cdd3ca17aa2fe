import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang } from '../../../shared/contract';
import { API_PATHS } from '../../../shared/portal-api';
import { OfferCard, type CardOffer } from '../offer-card';

// The grid of offer cards of a result list, and the `liste` statistic of each list view.

/** The first card's photo is the page's largest paint candidate: the others load lazily. */
const EAGER_CARDS = 1;

let lastStatKey: string | null = null;

/**
 * Sends POST /stat {type: 'liste', id: [...]} once per list view, from the browser after
 * hydration, without holding anything up (keepalive fetch, failures ignored). A view is a
 * history entry showing these ids: going back to a list counts again, a re-render does not.
 */
export function useListStat(ids: readonly number[]): void {
  const location = useLocation();
  const idsKey = ids.join(',');
  useEffect(() => {
    if (idsKey === '') return;
    const key = `${location.key}|${location.pathname}${location.search}|${idsKey}`;
    if (key === lastStatKey) return;
    lastStatKey = key;
    void fetch(API_PATHS.stat, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ type: 'liste', id: idsKey.split(',').map(Number) }),
      keepalive: true,
    }).catch(() => {});
  }, [location.key, location.pathname, location.search, idsKey]);
}

export function ResultList({
  offers,
  lang,
  config,
  label,
  headingLevel = 2,
  renderActions,
  linkFor,
}: {
  offers: readonly CardOffer[];
  lang: Lang;
  config: Config;
  /** Accessible name of the list. */
  label?: string;
  headingLevel?: 2 | 3;
  /** Controls of each card (the favourite toggle), placed in the card's actions slot. */
  renderActions?: (offer: CardOffer) => ReactNode;
  /** The link of each card (default: the offer's page), e.g. one carrying the search. */
  linkFor?: (offer: CardOffer) => string;
}) {
  const { t } = useLingui();
  return (
    <ul className="result-list" aria-label={label ?? t`Biens`}>
      {offers.map((offer, i) => (
        <li key={offer.id}>
          <OfferCard
            offer={offer}
            lang={lang}
            config={config}
            eager={i < EAGER_CARDS}
            headingLevel={headingLevel}
            actions={renderActions?.(offer)}
            to={linkFor?.(offer)}
          />
        </li>
      ))}
    </ul>
  );
}
