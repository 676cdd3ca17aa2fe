import { isbot } from 'isbot';
import type { StatType } from '../../shared/contract';
import type { StatCounter } from './counter';
import { firstViewsToday, type SeenStore, type Visitor } from './visitors';

// The counting rules of POST /stat: a known crawler (its user agent, by the isbot package)
// counts nothing; a page view counts once per visitor, offer and day; list impressions, phone
// reveals and e-mail contacts count each time. Nothing of the visitor is stored.

export interface StatEvent {
  type: StatType;
  offerIds: number[];
  visitor: Visitor;
  now: Date;
}

/** Counts an event by the rules; answers how many offers it counted. */
export async function recordStat(
  counter: StatCounter,
  seen: SeenStore,
  event: StatEvent,
): Promise<number> {
  const ids = [...new Set(event.offerIds)];
  if (isbot(event.visitor.userAgent)) return 0;
  let counted = ids;
  if (event.type === 'detail') {
    const first = await firstViewsToday(seen, event.visitor, ids, event.now);
    counted = ids.filter((_, i) => first[i]);
  }
  if (counted.length > 0) await counter.add(event.type, counted, event.now);
  return counted.length;
}
