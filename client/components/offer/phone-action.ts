import * as v from 'valibot';
import type { PhonePageState } from '../../../shared/contact-outcome';
import { idText } from '../../../shared/validation';
import { badRequest, notFound } from '../../app/errors';
import type { ScreenActionArgs } from '../../app/screen';

// The `phone` action of offer pages: "Show the phone number" posted without JavaScript (with it,
// the number shows at once and the stat goes alone: agency-block.tsx). The reveal counts as a
// telephone stat, only for an offer that exists; posts are limited per connection like every
// form (server/ssr/page-actions.ts).

const OfferId = idText();

export async function phoneAction({ api, form, lang }: ScreenActionArgs): Promise<PhonePageState> {
  const parsed = v.safeParse(OfferId, form.get('offer_id'));
  if (!parsed.success) throw badRequest(400);
  const offerId = parsed.output;
  const found = await api.get('offersByIds', { ids: [offerId], lang }).then(
    (list) => list.items.some((item) => item.id === offerId),
    // Unknown while the listings API fails: the page's own loading answers that.
    () => true,
  );
  if (!found) throw notFound();
  // The number is shown even when the count fails.
  await api.send('stat', { type: 'telephone', id: offerId }).catch(() => {});
  return { form: 'phone', status: 'revealed', offer_id: offerId };
}
