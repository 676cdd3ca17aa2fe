import * as v from 'valibot';
import { DEFAULT_SITE_NAME } from '../../shared/contract';

// Environment of the alert mails, parsed once at boot (the listings API and `npm run alerts:send`
// share it). Every variable is optional: with none set, mails are written as .eml files under
// .data/mail/, the links point to http://localhost:3000 and the job runs every 15 minutes.

const Milliseconds = (min: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]+$/, 'must be a whole number of milliseconds'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
  );

const HttpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute URL'),
  v.check((s) => /^https?:\/\//.test(s), 'must start with http:// or https://'),
  // Links are built as `${PUBLIC_URL}/alerts/...`: no trailing slash.
  v.transform((s) => s.replace(/\/+$/, '')),
);

const SmtpUrl = v.pipe(
  v.string(),
  v.url('must be a URL like smtp://user:password@host:587'),
  v.check((s) => /^smtps?:\/\//.test(s), 'must start with smtp:// or smtps://'),
);

export const AlertMailEnvSchema = v.object({
  PUBLIC_URL: v.optional(HttpUrl),
  SMTP_URL: v.optional(SmtpUrl),
  ALERT_SIGNING_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
  ),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.includes('@', 'must hold an e-mail address'))),
  ALERTS_UNSUBSCRIBE_MAILTO: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  ALERTS_MAIL_DIR: v.optional(v.string()),
  // 0 turns the scheduler off (another process runs the job, or `npm run alerts:send` does).
  ALERTS_INTERVAL_MS: v.optional(
    v.pipe(
      Milliseconds(0),
      v.check((ms) => ms === 0 || ms >= 1000, 'must be at least 1000 (or 0: no scheduler)'),
    ),
  ),
  ALERTS_DIGEST_MIN_INTERVAL_MS: v.optional(Milliseconds(0)),
});

export interface AlertMailConfig {
  /** Base of every link in the mails (the public web app), without trailing slash. */
  publicUrl: string;
  /** SMTP connection URL; undefined writes .eml files to mailDir instead. */
  smtpUrl: string | undefined;
  mailDir: string;
  /** HMAC key of the confirm/unsubscribe links; undefined uses the key kept in the database. */
  signingSecret: string | undefined;
  /** From header, e.g. 'Prestige Portal <alertes@example.com>'. */
  from: string;
  /** Address of the mailto: form of List-Unsubscribe. */
  unsubscribeMailbox: string;
  /** Interval of the scheduler started with the listings API; 0: no scheduler. */
  intervalMs: number;
  /** Minimum time between two digests of one alert (0: a digest at each run with new offers). */
  digestMinIntervalMs: number;
}

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
export const DEFAULT_MAIL_DIR = '.data/mail';
/** The alert job runs every 15 minutes unless ALERTS_INTERVAL_MS says otherwise. */
export const DEFAULT_INTERVAL_MS = 15 * 60_000;

/** Parses the alert mail variables of `env`; throws one message naming every bad variable. */
export function parseAlertMailEnv(env: Record<string, string | undefined>): AlertMailConfig {
  // An empty variable counts as unset (docker-compose passes `VAR=` through).
  const present = Object.fromEntries(
    Object.keys(AlertMailEnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = v.safeParse(AlertMailEnvSchema, present);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '?'} ${issue.message}`);
    throw new Error(`invalid alert mail configuration: ${problems.join('; ')}`);
  }
  const e = parsed.output;
  const publicUrl = e.PUBLIC_URL ?? DEFAULT_PUBLIC_URL;
  const from = e.MAIL_FROM ?? defaultFrom(publicUrl);
  return {
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailDir: e.ALERTS_MAIL_DIR ?? DEFAULT_MAIL_DIR,
    signingSecret: e.ALERT_SIGNING_SECRET,
    from,
    unsubscribeMailbox: e.ALERTS_UNSUBSCRIBE_MAILTO ?? addressOf(from),
    intervalMs: e.ALERTS_INTERVAL_MS ?? DEFAULT_INTERVAL_MS,
    digestMinIntervalMs: e.ALERTS_DIGEST_MIN_INTERVAL_MS ?? 0,
  };
}

/**
 * The portal's default name and 'alertes@{host of the public URL}' ('localhost.localdomain' for a
 * bare host): 'Prestige Portal <alertes@example.com>'.
 */
export function defaultFrom(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `${DEFAULT_SITE_NAME} <alertes@${host.includes('.') ? host : `${host}.localdomain`}>`;
}

/** 'Name <a@b.c>' → 'a@b.c'; a bare address is returned as it is. */
export function addressOf(mailbox: string): string {
  const m = /<([^>]+)>/.exec(mailbox);
  return (m?.[1] ?? mailbox).trim();
}
