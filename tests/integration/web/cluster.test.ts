import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../listings-api/db/connection';
import { FORM_RATE_LIMIT } from '../../../server/api/routes';

// `server/main.ts` as `npm start` runs it, in a process of its own: embedded mode (the listings
// API in its own child process on a throw-away PGlite database) and two web processes sharing
// one port. Which web process answered is read from the JSON log lines (each carries its slot).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LogLine {
  msg?: string;
  web?: string;
  slot?: number;
  pid?: number;
  reqId?: string;
  url?: string;
  path?: string;
  status?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One request on a connection of its own (the main process hands connections out in turn). */
function get(
  port: number,
  urlPath: string,
  { method = 'GET', id, body }: { method?: string; id?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          ...(id ? { 'x-request-id': id } : {}),
          ...(body !== undefined
            ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('npm start with WEB_PROCESSES=2 (embedded mode)', () => {
  let dir: string;
  let port: number;
  let portal: ChildProcess;
  let lines: LogLine[] = [];
  let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** Waits until a log line matches (log lines arrive as they are written). */
  async function line(match: (l: LogLine) => boolean, timeoutMs = 120_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find(match);
      if (found) return found;
      if (portal.exitCode !== null) throw new Error(`portal exited with ${portal.exitCode}`);
      if (Date.now() > deadline) throw new Error('no such log line');
      await sleep(100);
    }
  }

  /** The slot of the web process that served the request of this id. */
  async function servedBy(id: string): Promise<string> {
    return (await line((l) => l.reqId === id && l.msg === 'request', 10_000)).web ?? '';
  }

  /** Starts the portal on the test's database (seeded the first time) and waits until it serves. */
  async function start(): Promise<void> {
    lines = [];
    portal = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_PROCESSES: '2',
        LISTINGS_API_URL: '',
        DATABASE_URL: '',
        REDIS_URL: '',
        EMBEDDED_API_PORT: '0',
        PGLITE_DIR: path.join(dir, 'pglite'),
        PHOTOS_DIR: path.join(dir, 'photos'),
        FEEDS_DIR: path.join(dir, 'feeds'),
        ALERTS_MAIL_DIR: path.join(dir, 'mail'),
        EDGE_PURGE_URL: '',
        SEED_OFFERS: '60',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = portal;
    exit = new Promise((resolve) =>
      // 'close': its output read to the end (every process holding it ended).
      started.once('close', (code, signal) => resolve({ code, signal })),
    );
    let rest = '';
    started.stdout!.setEncoding('utf8');
    started.stdout!.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) {
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          // not a log line
        }
      }
    });
    started.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    await line((l) => l.msg === 'web app listening', 170_000);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
    port = await freePort();
    await start();
  });

  afterAll(async () => {
    if (portal && portal.exitCode === null && portal.signalCode === null) {
      portal.kill('SIGKILL');
      await exit;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves pages from two web processes, both ready', async () => {
    const listening = lines.filter((l) => l.msg === 'web process listening');
    expect(new Set(listening.map((l) => l.slot))).toEqual(new Set([0, 1]));
    expect(new Set(listening.map((l) => l.pid)).size).toBe(2);

    const slots = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const id = `cluster-ready-${i}`;
      const res = await get(port, '/readyz', { id });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ ready: true });
      slots.add(await servedBy(id));
    }
    expect(slots).toEqual(new Set(['0', '1']));

    const page = await get(port, '/fr/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="fr"');
  });

  it("points the mails' links at the web app's port when PUBLIC_URL is not set", async () => {
    const api = (await line((l) => l.msg === 'listings API ready')).url!;
    const res = await fetch(`${api}/alerte`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'port-links@example.com',
        contactProximite: false,
        lang: 'fr',
        criteria: { nature: 'V' },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const mailDir = path.join(dir, 'mail');
    let mail = '';
    for (let i = 0; i < 300 && !mail; i++) {
      const files = existsSync(mailDir) ? readdirSync(mailDir, { recursive: true }) : [];
      const eml = files.map(String).find((f) => f.endsWith('.eml'));
      // Quoted-printable: its soft line breaks removed.
      if (eml) mail = readFileSync(path.join(mailDir, eml), 'utf8').replace(/=\r?\n/g, '');
      else await sleep(100);
    }
    expect(mail).toContain(`http://localhost:${port}/`);
    expect(mail).not.toContain('http://localhost:3000/');
  });

  it('counts one visitor against the form rate limit across both processes', async () => {
    const statuses: number[] = [];
    const slots = new Set<string>();
    for (let i = 0; i <= FORM_RATE_LIMIT.max; i++) {
      const id = `cluster-limit-${i}`;
      // An invalid stat (400): counted, never stored.
      const res = await get(port, '/api/stat', { method: 'POST', id, body: '{}' });
      statuses.push(res.status);
      slots.add(await servedBy(id));
    }
    expect(slots).toEqual(new Set(['0', '1']));
    expect(statuses.slice(0, FORM_RATE_LIMIT.max)).not.toContain(429);
    expect(statuses[FORM_RATE_LIMIT.max]).toBe(429);
  });

  it('replaces a web process that dies', async () => {
    const first = lines.find((l) => l.msg === 'web process listening' && l.slot === 0)!;
    process.kill(first.pid!, 'SIGKILL');
    await line((l) => l.msg === 'web process ended: replacing it' && l.slot === 0);
    const replacement = await line(
      (l) => l.msg === 'web process listening' && l.slot === 0 && l.pid !== first.pid,
    );
    expect(replacement.pid).not.toBe(first.pid);

    const slots = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const id = `cluster-after-${i}`;
      expect((await get(port, '/healthz', { id })).status).toBe(200);
      slots.add(await servedBy(id));
    }
    expect(slots).toEqual(new Set(['0', '1']));
  });

  it('stops cleanly on SIGTERM and leaves a database that opens again', async () => {
    portal.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(lines.some((l) => l.msg === 'listings API process ended')).toBe(false);

    const db = await openDb({ dataDir: path.join(dir, 'pglite') });
    try {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM offers`.execute(
        db.kysely,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });

  it('starts again on that database, and stops with exit code 1 when the listings API dies', async () => {
    await start();
    expect((await get(port, '/readyz')).status).toBe(200);
    const listings = await line((l) => l.msg === 'listings API ready');
    process.kill(listings.pid!, 'SIGKILL');
    expect((await exit).code).toBe(1);
    expect(lines.some((l) => l.msg === 'listings API process ended')).toBe(true);
  });
});
