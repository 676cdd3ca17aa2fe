import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// The links in alert mails carry a signed alert id, not the owner's bearer token: a mail can be
// forwarded or logged by a mail provider, and its links must only be able to confirm or stop that
// one alert. Token shape: `{alertId}.{mac}` where mac is the first 16 bytes (128 bits) of
// HMAC-SHA256(secret, "{purpose}:{alertId}") in base64url. The purpose keeps a confirm link from
// being replayed as an unsubscribe link and the other way round.

export type MailTokenPurpose = 'confirm' | 'unsubscribe';

const MAC_BYTES = 16;
export const MAIL_TOKEN_PATTERN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{22})$/;

function mac(secret: string, purpose: MailTokenPurpose, alertId: number): Buffer {
  return createHmac('sha256', secret)
    .update(`${purpose}:${alertId}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** Signs an alert id for a mail link: signMailToken(s, 'unsubscribe', 42) → '42.Xr3…' */
export function signMailToken(secret: string, purpose: MailTokenPurpose, alertId: number): string {
  return `${alertId}.${mac(secret, purpose, alertId).toString('base64url')}`;
}

export type MailTokenCheck =
  { ok: true; alertId: number } | { ok: false; reason: 'malformed' | 'forged' };

/** Checks a mail link token; constant-time comparison of the signature. */
export function verifyMailToken(
  secret: string,
  purpose: MailTokenPurpose,
  token: string,
): MailTokenCheck {
  const match = MAIL_TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const alertId = Number(match[1]);
  if (!Number.isSafeInteger(alertId)) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = mac(secret, purpose, alertId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  return { ok: true, alertId };
}

/**
 * The signing secret: ALERT_SIGNING_SECRET when set, otherwise a random key generated once and
 * kept in the database (alert_mail_keys), so every instance and every restart signs alike.
 */
export async function resolveSigningSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('alert_mail_keys')
    .values({ id: 1, secret: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('alert_mail_keys')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.secret;
}
