import type { ListingsConfig } from '../config';

// The alert mails' settings: the `alerts` slice of the listings API's config (config.ts reads
// the environment: PUBLIC_URL, SMTP_URL, ALERTS_*…). With no variable set, mails are written as
// .eml files under .data/mail/, the links point to http://localhost:3000 and the job runs every
// 15 minutes.

export type AlertMailConfig = ListingsConfig['alerts'];

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
/** The alert job runs every 15 minutes unless ALERTS_INTERVAL_MS says otherwise. */
export const DEFAULT_INTERVAL_MS = 15 * 60_000;
