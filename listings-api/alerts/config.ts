import { DEFAULT_SITE_NAME } from '../../shared/contract';
import type { ListingsConfig } from '../config';

// The alert mails' settings: the `alerts` slice of the listings API's config (config.ts reads
// the environment: PUBLIC_URL, SMTP_URL, ALERTS_*…). With no variable set, mails are written as
// .eml files under .data/mail/, the links point to http://localhost:3000 and the job runs every
// 15 minutes.

export type AlertMailConfig = ListingsConfig['alerts'];

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
export const DEFAULT_MAIL_DIR = '.data/mail';
/** The alert job runs every 15 minutes unless ALERTS_INTERVAL_MS says otherwise. */
export const DEFAULT_INTERVAL_MS = 15 * 60_000;

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
