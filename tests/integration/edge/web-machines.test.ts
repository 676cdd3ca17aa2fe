import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { freePort, startVarnish, VARNISHD, type Varnish } from '../../fixtures/varnish';
import { agencyWithoutOffers, buildFeedsApi, ROOT, validFeedFiles } from '../feeds/helpers';
import { upstreamJson } from '../web/helpers';
import { startRecorder, type Recorder } from './recorder';
import { TEST_REDIS_URL, redisAnswers } from '../../fixtures/redis';

// Two web apps, each `server/main.ts` in a process of its own on a port of its own (two machines),
// sharing Redis and one listings API, behind one real varnishd running the shipped VCL with both in
// its director:
// - a web app killed (SIGKILL) under a load of GETs costs no visitor an error: Varnish retries the
//   failed fetches on the other one;
// - a POST sent to a web app that dies before answering is not replayed on the other one;
// - the edge purge lease: its holder killed, the other process takes it and purges the next
//   change exactly once, resuming from the cursor kept in Redis.
// The edge purges go to Varnish and to a recorder that counts them. Everything is started once, and
// the three tests run in order on it.

/** Life of the edge purge lease in this test (renewed every 500 ms). */
const LEASE_MS = 1500;

const hasRedis = await redisAnswers();
const SKIP = !VARNISHD ? 'varnishd is not installed' : !hasRedis ? 'no Redis answers' : '';
if (SKIP) console.warn(`tests/integration/edge/web-machines.test.ts skipped: ${SKIP}`);

interface LogLine {
  msg?: string;
  time?: number;
  reqId?: string;
  method?: string;
  token?: number;
  err?: unknown;
}

interface WebMachine {
  port: number;
  child: ChildProcess;
  lines: LogLine[];
  closed: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const machines: WebMachine[] = [];

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 50_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) {
      const seen = machines.map((m) =>
        m.lines.filter((l) => l.msg !== 'request').map((l) => `${l.msg} ${JSON.stringify(l.err)}`),
      );
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(seen)}`);
    }
    await sleep(50);
  }
}

function call(
  port: number,
  pathname: string,
  { method = 'GET', id, agent }: { method?: string; id?: string; agent?: Agent } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        agent: agent ?? false,
        headers: id ? { 'x-request-id': id } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(Boolean(SKIP))(
  'two web machines behind one Varnish, sharing Redis',
  { timeout: 240_000 },
  () => {
    let db: Db;
    let tmp: string;
    let api: FastifyInstance;
    let apiUrl: string;
    let agency: { id: number; slug: string };
    let recorder: Recorder;
    let varnish: Varnish | undefined;
    let redis: Redis;
    const leaseKey = `test-edge-purge-${randomBytes(4).toString('hex')}`;
    let feedCount = 0;
    /** The lease holder, killed under load by the first test, and when. */
    let killed: WebMachine | undefined;
    let killedAt = 0;
    let survivor: WebMachine | undefined;

    async function importFeed(villaPrice: string) {
      const files = await validFeedFiles();
      const csv = files['annonces.csv'].toString('latin1');
      const dir = path.join(tmp, 'feeds-src', String(++feedCount));
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, 'annonces.csv'),
        Buffer.from(csv.replace('"4 500 000"', `"${villaPrice}"`), 'latin1'),
      );
      writeFileSync(path.join(dir, 'villa-1.jpg'), files['villa-1.jpg']);
      writeFileSync(path.join(dir, 'villa-2.jpg'), files['villa-2.jpg']);
      const report = await api.feedRunner.submit({ agency, dir, source: 'cli' }).report;
      expect(report.status).toBe('done');
    }

    /** Starts one web app (`server/main.ts`, one web process) and waits until it is ready. */
    async function startMachine(port: number, varnishPort: number): Promise<WebMachine> {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'server/main.ts')],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'test',
            PORT: String(port),
            HOST: '127.0.0.1',
            WEB_PROCESSES: '1',
            LISTINGS_API_URL: apiUrl,
            REDIS_URL: TEST_REDIS_URL,
            COOKIE_SECRET: 'a-test-secret-of-at-least-32-characters',
            CACHE_TAG_HEADER: 'xkey',
            EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}/,${recorder.url}`,
            EDGE_PURGE_INTERVAL_MS: '100',
            EDGE_PURGE_REPEAT_MS: '0',
            EDGE_PURGE_LEASE_MS: String(LEASE_MS),
            EDGE_PURGE_LEASE_KEY: leaseKey,
            EDGE_PURGE_CURSOR_FILE: path.join(tmp, `cursor-${port}`),
            PAGE_CACHE_BYTES: '0',
            TRUST_PROXY: '1',
            LOG_LEVEL: 'info',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const machine: WebMachine = {
        port,
        child,
        lines: [],
        closed: new Promise((resolve) => child.once('close', () => resolve())),
      };
      let rest = '';
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const text of parts) {
          try {
            machine.lines.push(JSON.parse(text) as LogLine);
          } catch {
            // not a log line
          }
        }
      });
      child.stderr!.resume();
      await until(
        `the web app on ${port}`,
        async () => {
          if (child.exitCode !== null) throw new Error(`the web app on ${port} exited`);
          return (await call(port, '/readyz').catch(() => 0)) === 200;
          // A start on a busy machine.
        },
        150_000,
      );
      return machine;
    }

    const holds = (machine: WebMachine) =>
      machine.lines.some((line) => line.msg?.startsWith('edge purge lease taken'));
    const served = (machine: WebMachine, id: string) =>
      machine.lines.filter((line) => line.reqId === id && line.msg === 'request').length;

    beforeAll(async () => {
      // The database is not what is tested here: PostgreSQL when there is one (as in production),
      // else PGlite; once per run.
      db = await createTestDb(testDbKinds.at(-1) ?? 'pglite');
      tmp = mkdtempSync(path.join(tmpdir(), 'edge-machines-'));
      api = await buildFeedsApi(db, tmp, { cacheTtlMs: 0 });
      apiUrl = (await api.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
      agency = await agencyWithoutOffers(db);
      await importFeed('4 500 000');
      recorder = await startRecorder();
      redis = new Redis(TEST_REDIS_URL);

      const varnishPort = await freePort();
      const ports = [await freePort(), await freePort()];
      machines.push(...(await Promise.all(ports.map((port) => startMachine(port, varnishPort)))));
      varnish = await startVarnish({
        backendPorts: ports,
        port: varnishPort,
        storage: 'malloc,64m',
      });
    }, 400_000);

    afterAll(async () => {
      for (const machine of machines) {
        if (machine.child.exitCode === null && machine.child.signalCode === null) {
          machine.child.kill('SIGTERM');
          await machine.closed;
        }
      }
      await varnish?.stop();
      await recorder?.close();
      if (redis) {
        await redis.del(`${leaseKey}:lease`, `${leaseKey}:fence`, `${leaseKey}:cursor`);
        redis.disconnect();
      }
      await api?.close();
      await db?.close();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    });

    it('loses no GET when the web machine holding the purge lease is killed under load', async () => {
      if (!varnish) throw new Error('no varnish');
      // One of the two takes the lease, and replays the changes recorded so far to the edge.
      const holder = await until('a lease holder', () => machines.find(holds));
      survivor = machines.find((machine) => machine !== holder);
      await until('the first purge', () => recorder.requests.length > 0);
      expect(machines.filter(holds)).toHaveLength(1);

      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const statuses = new Map<number, number>();
      let sent = 0;
      let afterKill = 0;
      let stop = false;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          // Never cached: every one is fetched from a web machine.
          const pathname = i % 2 === 0 ? `/healthz?w=${w}&i=${i}` : `/readyz?w=${w}&i=${i}`;
          sent += 1;
          const status = await call(varnish!.port, pathname, { agent }).catch(() => 0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (killedAt > 0) afterKill += 1;
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      await until('requests before the kill', () => sent >= 100);
      killed = holder;
      killedAt = Date.now();
      holder.child.kill('SIGKILL');
      await holder.closed;
      // Without the retries, about half of these fail until the probe leaves the dead machine out.
      await until('requests after the kill', () => afterKill >= 600);
      stop = true;
      await load;
      agent.destroy();
      console.info(
        `web machine killed under load: ${sent} GETs, ${afterKill} after the kill, ` +
          `answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(Object.fromEntries(statuses)).toEqual({ 200: sent });
    });

    it('lets the other machine take the lease and purge the next change exactly once', async () => {
      if (!killed || !survivor) throw new Error('the first test did not run');
      const other = survivor;
      const taken = await until('the takeover', () =>
        other.lines.find((line) => line.msg?.startsWith('edge purge lease taken')),
      );
      console.info(
        `edge purge lease taken over ${Number(taken.time) - killedAt} ms after its holder was killed (lease ${LEASE_MS} ms)`,
      );
      // Nothing purged since the kill is purged again: only the new change, once.
      recorder.requests.length = 0;
      const before = await upstreamJson<{ next: string }>(apiUrl, '/changes?since=0');
      await importFeed('4 100 000');
      const { next, tags } = await upstreamJson<{ next: string; tags: string[] }>(
        apiUrl,
        `/changes?since=${before.next}`,
      );
      expect(tags.length).toBeGreaterThan(0);
      // The successor purged up to the latest change and recorded it with the lease.
      await until('the cursor at the latest change', async () =>
        (await redis.hget(`${leaseKey}:cursor`, 'cursor')) === next ? true : undefined,
      );
      const purged = recorder.requests.flatMap((req) =>
        String(req.headers['xkey-purge'] ?? '').split(' '),
      );
      const offerTags = tags.filter((tag) => tag.startsWith('offre-'));
      expect(offerTags.length).toBeGreaterThan(0);
      for (const tag of offerTags)
        expect(
          purged.filter((t) => t === tag),
          tag,
        ).toHaveLength(1);
      expect(Number(await redis.hget(`${leaseKey}:cursor`, 'token'))).toBe(taken.token);
    });

    it('never replays a POST whose web machine died before answering', async () => {
      if (!varnish || !killed || !survivor) throw new Error('the first test did not run');
      const other = survivor;
      // The killed machine back, and in Varnish's director again: a URL it is given, and one the
      // other is given (each URL has its machine).
      const back = await startMachine(killed.port, varnish.port);
      machines.push(back);
      const urlOf = async (machine: WebMachine) => {
        for (let i = 0; ; i++) {
          const pathname = `/healthz?url=${i}`;
          const id = `url-${machine.port}-${i}`;
          await call(varnish!.port, pathname, { id });
          if (served(machine, id) > 0) return pathname;
          await sleep(50);
        }
      };
      const toBack = await urlOf(back);
      const toOther = await urlOf(other);

      // The machine freezes: the POST sent to it waits, the one sent to the other is answered.
      back.child.kill('SIGSTOP');
      const waiting = call(varnish.port, toBack, { method: 'POST', id: 'post-back' }).catch(
        () => 0,
      );
      const answered = await call(varnish.port, toOther, { method: 'POST', id: 'post-other' });
      expect(answered).toBeGreaterThan(0);
      // Then dies.
      back.child.kill('SIGKILL');
      await back.closed;
      expect(await waiting).toBe(503);
      // Had Varnish sent it again, the other machine would have answered it, and logged it before
      // a request sent to it now.
      await call(other.port, '/healthz', { id: 'post-marker' });
      await until('the marker', () => served(other, 'post-marker') > 0);
      expect(served(other, 'post-back')).toBe(0);
      expect(served(other, 'post-other')).toBe(1);
    });
  },
);
