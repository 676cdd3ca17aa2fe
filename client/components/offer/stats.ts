import type { StatType } from '../../../shared/contract';
import type { PortalApi } from '../../../shared/portal-api';

// POST /stat from an offer page (spec section 7): detail (the page view), telephone (the phone
// number revealed), email (a contact request sent: the BFF records that one itself). An offer id
// is required: without one, this throws before anything is sent.

export type OfferStatType = Exclude<StatType, 'liste'>;

export async function sendOfferStat(
  api: PortalApi,
  type: OfferStatType,
  offerId: number | null | undefined,
): Promise<void> {
  if (typeof offerId !== 'number' || !Number.isInteger(offerId) || offerId <= 0) {
    throw new Error(`stat ${type}: the offer id is missing`);
  }
  // A page left right after the click still counts.
  await api.send('stat', { type, id: offerId }, { background: true, keepalive: true });
}
