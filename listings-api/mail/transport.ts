import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

// Where the portal's mails go: an SMTP server (SMTP_URL), or, with none configured (embedded
// mode), .eml files under .data/mail/ that any mail client opens, with one log line per mail.

export const DEFAULT_MAIL_DIR = '.data/mail';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** '<…@host>' */
  messageId: string;
  /** Extra headers: List-Unsubscribe, List-Unsubscribe-Post. */
  headers: Record<string, string>;
}

export interface DeliveryReceipt {
  /** The SMTP server's answer, or the .eml file written. */
  detail: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  send(mail: OutgoingMail): Promise<DeliveryReceipt>;
  close(): void;
}

/** The log the mail jobs write to: pino and Fastify's logger fit. */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
  };
}

/** Sends over SMTP; a refusal or a connection failure rejects with the server's message. */
export function createSmtpTransport(
  smtpUrl: string,
  options: { timeoutMs?: number } = {},
): MailTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const url = new URL(smtpUrl);
  // One pooled connection, reused across the mails of a run.
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      const rejected = info.rejected ?? [];
      if (rejected.length > 0) throw new Error(`recipient refused: ${rejected.join(', ')}`);
      return { detail: String(info.response ?? 'accepted') };
    },
    close: () => transporter.close(),
  };
}

/** Writes each mail as an .eml file under `dir` (created on first use). */
export function createEmlTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let seq = 0;
  return {
    kind: 'eml',
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const local = mail.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9_-]+/g, '-');
      seq += 1;
      const file = join(dir, `${stamp}-${String(seq).padStart(4, '0')}-${local}.eml`);
      await writeFile(file, info.message as Buffer);
      return { detail: file };
    },
    close: () => transporter.close(),
  };
}

/** SMTP when a URL is configured, .eml files otherwise. */
export function createMailTransport(config: {
  smtpUrl: string | undefined;
  mailDir: string;
}): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createEmlTransport(config.mailDir);
}
