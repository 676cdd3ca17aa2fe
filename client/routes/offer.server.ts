import { data } from 'react-router';
import * as v from 'valibot';
import {
  CONTACT_STATUS_CODES,
  type ContactOutcome,
  type ContactTarget,
  type ContactValues,
  type PhonePageState,
} from '../../shared/contact-outcome';
import { ContactFormSchema } from '../../shared/contact-forms';
import { formInputToObject, parseForm } from '../../shared/forms';
import { isPortalApiError } from '../../shared/portal-api';
import { idempotencyKey, idText } from '../../shared/validation';
import { badRequest, notFound } from '../app/errors';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';

// The actions of offer pages (client/routes/offer.tsx), run on the server only:
// - `contact` (client/components/contact-form.tsx posts it; agency pages have it too:
//   ./agency.server.ts): the form is checked with the browser's own schema, then sent through the
//   PortalApi, whose server side keeps the spam guard (the counter cookie, the per-connection
//   limit) and the idempotency key (server/writes/contact.ts). The outcome names the form's status
//   (shared/contact-outcome.ts) with the page status of a form posted without JavaScript.
// - `phone`: "Show the phone number" posted without JavaScript (with it, the number shows at once
//   and the stat goes alone: client/components/offer/agency-block.tsx). The reveal counts as a
//   telephone stat, only for an offer that exists; posts are limited per connection like every
//   form (server/ssr/page-actions.ts).

const Id = idText();
const EnvelopeSchema = v.union([v.object({ offer_id: Id }), v.object({ agency_id: Id })]);
const IdempotencyKey = idempotencyKey();

const EMPTY: ContactValues = { name: '', phone: '', email: '', message: '', reco: false };

function typedValues(fields: Record<string, unknown>): ContactValues {
  const text = (key: string, max: number) => {
    const value = fields[key];
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first.slice(0, max) : '';
  };
  const reco = text('reco', 10);
  return {
    name: text('name', 1000),
    phone: text('phone', 200),
    email: text('email', 1000),
    message: text('message', 10_000),
    reco: reco === 'on' || reco === 'true' || reco === '1',
  };
}

export async function contactAction({ api, form, lang }: ScreenActionArgs) {
  const fields = formInputToObject(form) as Record<string, unknown>;
  const envelope = v.safeParse(EnvelopeSchema, {
    ...(typeof fields.offer_id === 'string' ? { offer_id: fields.offer_id } : {}),
    ...(typeof fields.agency_id === 'string' ? { agency_id: fields.agency_id } : {}),
  });
  // Not a request this page's form makes.
  if (!envelope.success) throw badRequest(400);
  const target: ContactTarget =
    'offer_id' in envelope.output
      ? { offer_id: envelope.output.offer_id }
      : { agency_id: envelope.output.agency_id };
  const values = typedValues(fields);
  const outcome = (
    status: ContactOutcome['status'],
    extra: Partial<ContactOutcome> = {},
    httpStatus = CONTACT_STATUS_CODES[status],
  ) =>
    data<ContactOutcome>(
      { form: 'contact', status, target, values, errors: {}, isSpammer: false, ...extra },
      { status: httpStatus },
    );

  const checked = parseForm(ContactFormSchema, fields);
  if (!checked.ok) {
    const errors = Object.fromEntries(
      Object.entries(checked.errors).flatMap(([field, message]) =>
        message ? [[field, message.id]] : [],
      ),
    );
    return outcome('invalid', { errors });
  }
  const key = v.safeParse(IdempotencyKey, fields.idempotency_key);
  if (fields.idempotency_key !== undefined && !key.success) throw badRequest(400);
  try {
    const sent = await api.send('contact', {
      ...target,
      name: checked.value.name,
      phone: checked.value.phone,
      email: checked.value.email,
      message: checked.value.message,
      reco: checked.value.reco,
      lang,
      ...(key.success ? { idempotency_key: key.output } : {}),
    });
    // Once sent, the form shows empty again.
    return outcome('sent', {
      values: EMPTY,
      copyTo: checked.value.email,
      isSpammer: sent.isSpammer ?? false,
    });
  } catch (error) {
    if (!isPortalApiError(error)) throw error;
    const refusal = error.body as { status?: unknown; isSpammer?: unknown } | undefined;
    if (refusal?.status === 'refused' || refusal?.status === 'rate-limited') {
      return outcome(refusal.status, { isSpammer: refusal.isSpammer === true });
    }
    // The listings API refused what passed the checks: an offer or agency that does not exist.
    if (error.status < 500) throw badRequest(400);
    return outcome('failed', {}, [502, 503, 504].includes(error.status) ? error.status : 503);
  }
}

async function phoneAction({ api, form, lang }: ScreenActionArgs): Promise<PhonePageState> {
  const parsed = v.safeParse(Id, form.get('offer_id'));
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

export default { contact: contactAction, phone: phoneAction } satisfies ScreenActions;
