import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { usePortalApi } from '../../api/portal-api-context';
import type { CardOffer } from '../offer-card';
import { OfferGrid, type OfferGridProps } from '../offer-grid';

// The offer cards of a result list, and the `liste` statistic of each list view.

/** The first card's photo is the page's largest paint candidate: the others load lazily. */
const EAGER_CARDS = 1;

let lastStatKey: string | null = null;

/**
 * Sends POST /stat {type: 'liste', id: [...]} once per list view, from the browser after
 * hydration, without holding anything up (a keepalive call, failures ignored). A view is a
 * history entry showing these ids: going back to a list counts again, a re-render does not.
 */
export function useListStat(ids: readonly number[]): void {
  const location = useLocation();
  const api = usePortalApi();
  const idsKey = ids.join(',');
  useEffect(() => {
    if (idsKey === '') return;
    const key = `${location.key}|${location.pathname}${location.search}|${idsKey}`;
    if (key === lastStatKey) return;
    lastStatKey = key;
    api
      .send(
        'stat',
        { type: 'liste', id: idsKey.split(',').map(Number) },
        { background: true, keepalive: true },
      )
      .catch(() => {});
  }, [api, location.key, location.pathname, location.search, idsKey]);
}

/** The cards of a result list or a hub: titles at level 2 by default, the first photo eager. */
export function ResultList({
  label,
  headingLevel = 2,
  renderActions,
  ...grid
}: Omit<OfferGridProps<CardOffer>, 'className' | 'eager' | 'actions'> & {
  /** Controls of each card (the favourite toggle), placed in the card's actions slot. */
  renderActions?: (offer: CardOffer) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <OfferGrid
      {...grid}
      className="result-list"
      label={label ?? t`Biens`}
      eager={EAGER_CARDS}
      headingLevel={headingLevel}
      actions={renderActions}
    />
  );
}
