import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the alert mail tests (smtp-server on 127.0.0.1, a free port), keeping
// every accepted message, parsed just enough to read headers and the text and HTML parts. It can
// refuse the next N messages with a temporary failure, to exercise retries.

export interface ReceivedMail {
  raw: string;
  envelopeTo: string[];
  /** Header names lowercased; values unfolded and RFC 2047-decoded. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMail[];
  /** Answer 451 to the next `count` messages. */
  refuseNext(count: number): void;
  /** Answer 550 (for good) to every message for this address. */
  refuseRecipient(address: string): void;
  refused: number;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words of a header value. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_m, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHead(raw: string): { head: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { head: raw, body: '' };
  return { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    headers.set(
      line.slice(0, i).trim().toLowerCase(),
      decodeEncodedWords(line.slice(i + 1).trim()),
    );
  }
  return headers;
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Headers, subject and the text/plain and text/html parts of a raw message. */
export function parseMail(raw: string, envelopeTo: string[] = []): ReceivedMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts: { type: string; content: string }[] = [];
  const visit = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const chunks = b.split(`--${boundary}`).slice(1);
      for (const chunk of chunks) {
        if (chunk.startsWith('--')) break;
        const inner = splitHead(chunk.replace(/^\r?\n/, ''));
        visit(parseHeaders(inner.head), inner.body);
      }
      return;
    }
    parts.push({ type: type.split(';')[0]!.trim().toLowerCase(), content: decodeBody(b, h) });
  };
  visit(headers, body);
  return {
    raw,
    envelopeTo,
    headers,
    subject: headers.get('subject') ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
  };
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let toRefuse = 0;
  const refusedRecipients = new Set<string>();
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refusedRecipients.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          state.refused += 1;
          const err = Object.assign(new Error('Mailbox busy, try again later'), {
            responseCode: 451,
          });
          callback(err);
          return;
        }
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count) {
      toRefuse = count;
    },
    refuseRecipient(address) {
      refusedRecipients.add(address.toLowerCase());
    },
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
