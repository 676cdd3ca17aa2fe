import { randomUUID } from 'node:crypto';
import { DEFAULT_SITE_NAME } from '../../shared/contract';

// The portal's sender address and the address part of a mailbox.

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

/** A new Message-ID on the sender's host: '<{label}.{uuid}@host>'. */
export function newMessageId(from: string, label: string): string {
  const host = addressOf(from).split('@')[1] ?? 'localhost';
  return `<${label}.${randomUUID()}@${host}>`;
}
