import type { Kysely } from 'kysely';
import { describeSearch } from '../../mails/index';
import type { Lang } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';
import { createReferenceCache, type Reference } from '../lib/reference';
import { addressOf, defaultFrom, newMessageId } from '../mail/address';
import { loadSettings } from '../repositories/settings';
import { loadSearchLabels, parseAlertCriteria, type AlertRow } from './match';
import { resolveSigningSecret } from './tokens';

// What writing an alert's mails (confirmations.ts, digests.ts) needs: the links' base and key,
// the site's name, the reference data the search labels are read from.

export interface AlertMailOptions {
  now?: Date;
  /** Base of every link in the mails: the public web app. */
  publicUrl: string;
  /** HMAC key of the links; default: the key kept in the database. */
  secret?: string;
  /** From header; default defaultFrom(publicUrl). */
  from?: string;
  /** Address of the mailto: form of List-Unsubscribe; default: the From address. */
  unsubscribeMailbox?: string;
  /** The listings API's reference cache, when called inside it. */
  reference?: { get(): Promise<Reference> };
}

export interface MailContext {
  db: Kysely<Database>;
  now: Date;
  reference: Reference;
  publicUrl: string;
  secret: string;
  from: string;
  siteName: string;
  unsubscribeMailbox: string;
}

export async function mailContext(db: Db, options: AlertMailOptions): Promise<MailContext> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const from = options.from ?? defaultFrom(publicUrl);
  const reference = await (options.reference ?? createReferenceCache(db)).get();
  return {
    db: db.kysely,
    reference,
    now: options.now ?? new Date(),
    publicUrl,
    secret: await resolveSigningSecret(db.kysely, options.secret),
    from,
    // The name the mails speak of: the site's name from the settings, as the pages show it.
    siteName: (await loadSettings(db)).siteName,
    unsubscribeMailbox: options.unsubscribeMailbox ?? addressOf(from),
  };
}

export function langOf(alert: { lang: string }): Lang {
  return alert.lang === 'en' ? 'en' : 'fr';
}

export function alertMessageId(ctx: MailContext, alertId: number, kind: string): string {
  return newMessageId(ctx.from, `alert-${alertId}.${kind}`);
}

/** The alert's search in words, as its mails name it. */
export async function searchText(ctx: MailContext, alert: AlertRow, lang: Lang): Promise<string> {
  const criteria = parseAlertCriteria(alert.criteria);
  const labels = await loadSearchLabels(ctx.db, ctx.reference, criteria);
  return describeSearch(labels, criteria, lang);
}
