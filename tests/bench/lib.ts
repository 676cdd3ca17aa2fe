import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { PortalApi } from '../../shared/portal-api';
import { buildRenderer, ROOT } from '../../server/ssr/renderer';
import { createUpstreamClient } from '../../server/upstream/client';
import { createServerPortalApi } from '../../server/upstream/portal-api';
import { MemoryCache } from '../../server/upstream/memory-cache';

// The harness of the page benchmarks: the production portal in embedded mode, autocannon, and the
// two ceilings a page is compared with (the same bytes as a fixed string; React rendering the same
// page with its data already in memory).

export interface Figures {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Transport errors and timeouts. */
  errors: number;
  /** Answers whose status was not 2xx (expected for an error page). */
  non2xx: number;
  bytes: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs autocannon against one URL; latencies in milliseconds. */
export async function measure(
  label: string,
  url: string,
  {
    connections,
    seconds = 8,
    headers,
  }: { connections: number; seconds?: number; headers?: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    label,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/**
 * A page's figures against the targets of a page: at 1 connection p50 ≤ 5 and p99 ≤ 15 ms; at 32
 * connections its requests per second against React rendering it with the data in memory (the
 * row labelled so), with its p99 against `p99At32` when given (else p95 and p99 printed).
 */
export function pageVerdicts(rows: Figures[], targets: { p99At32?: number } = {}): string[] {
  const page = (connections: number) =>
    rows.find((r) => r.connections === connections && !r.label.includes('('));
  const one = page(1);
  const many = page(32);
  const ceiling = rows.find(
    (r) => r.connections === 32 && r.label.includes('React, data in memory'),
  );
  const out: string[] = [];
  if (one) {
    out.push(`1 connection: p50 ${one.p50} ms (target ≤ 5), p99 ${one.p99} ms (target ≤ 15)`);
  }
  if (many && ceiling) {
    const ratio = ceiling.rps > 0 ? many.rps / ceiling.rps : 0;
    const tail =
      targets.p99At32 !== undefined
        ? `p99 ${many.p99} ms (target ≤ ${targets.p99At32})`
        : `p95 ${many.p95} ms, p99 ${many.p99} ms`;
    out.push(
      `32 connections: ${many.rps} req/s = ${(ratio * 100).toFixed(0)} % of the in-memory render ` +
        `(${ceiling.rps} req/s; target ≥ 50 %), ${tail}`,
    );
  }
  return out;
}

export function printFigures(title: string, rows: Figures[]): void {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({
      case: r.label,
      conns: r.connections,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'p99 ms': r.p99,
      'bytes/resp': r.bytes,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}

export interface Portal {
  url: string;
  apiUrl: string;
  stop(): Promise<void>;
}

export interface PortalOptions {
  /** Offers seeded in the throw-away database (default 20,000). */
  seedOffers?: number;
  /**
   * Web processes (WEB_PROCESSES): unset runs the portal as `npm start` does (one web process per
   * core, the listings API in a process of its own); 1 serves every page from the main process.
   */
  webProcesses?: number;
  /** More environment for the portal (e.g. PAGE_CACHE_BYTES). */
  env?: Record<string, string>;
}

/**
 * Starts the production build (`npm run build` must have run) as `npm start` does, in embedded
 * mode on a throw-away PGlite database seeded with `seedOffers` offers, and waits until it is
 * ready.
 */
export async function startPortal({
  seedOffers = 20_000,
  webProcesses,
  env = {},
}: PortalOptions = {}): Promise<Portal> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_API_PORT: String(apiPort),
        LISTINGS_API_URL: '',
        DATABASE_URL: '',
        PGLITE_DIR: path.join(dataDir, 'pglite'),
        SEED_OFFERS: String(seedOffers),
        LOG_LEVEL: 'warn',
        COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret',
        ...(webProcesses !== undefined ? { WEB_PROCESSES: String(webProcesses) } : {}),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first ceiling: a server answering the same bytes as a fixed string. */
export async function startFixedStringServer(
  body: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => {
    reply.type('text/html; charset=utf-8').send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

/** A PortalApi whose answers were fetched once from the listings API and are then kept. */
function memoPortalApi(inner: PortalApi): PortalApi {
  const answers = new Map<string, unknown>();
  return {
    async get(name, query) {
      const key = `${name} ${JSON.stringify(query)}`;
      if (!answers.has(key)) answers.set(key, await inner.get(name, query));
      return answers.get(key) as never;
    },
    send: (name, body) => inner.send(name, body),
  };
}

/** The production SSR bundle with every loader answer kept in memory after its first call. */
async function inMemoryRenderer(apiUrl: string) {
  const renderer = await buildRenderer();
  const ssr = await renderer.load();
  const logger = pino({ level: 'warn' });
  const upstream = createUpstreamClient({ baseUrl: apiUrl, timeoutMs: 5_000, logger });
  const api = memoPortalApi(
    createServerPortalApi({ upstream, cache: new MemoryCache(), waitBudgetMs: 5_000 }),
  );
  return {
    render: (pagePath: string, origin: string) =>
      ssr.render(new Request(new URL(pagePath, origin)), {
        api,
        assets: renderer.assets,
        origin,
        tags: new Set(),
        onError: () => {},
      }),
    close: () => upstream.close(),
  };
}

/**
 * The second ceiling: the production SSR bundle rendering pages with every loader answer already
 * in memory (no upstream call after the first request of each page).
 */
export async function startInMemoryRenderServer(
  apiUrl: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const renderer = await inMemoryRenderer(apiUrl);
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/*', async (request, reply) => {
    const result = await renderer.render(request.url, `http://${request.host}`);
    if (result.kind === 'response') return reply.code(result.response.status).send();
    if (result.kind === 'action') return reply.code(result.status).send();
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await app.close();
      await renderer.close();
    },
  };
}

/**
 * What one render of a page costs, its data in memory: CPU milliseconds per render (mean over
 * `renders`, after a warm-up) and the size of the HTML. Where the server's time goes without
 * HTTP or upstream calls.
 */
export async function renderCost(
  apiUrl: string,
  pagePath: string,
  { renders = 400 } = {},
): Promise<{ cpuMs: number; bytes: number }> {
  const renderer = await inMemoryRenderer(apiUrl);
  try {
    let bytes = 0;
    const once = async () => {
      const result = await renderer.render(pagePath, 'http://127.0.0.1');
      if (result.kind !== 'html') throw new Error(`${pagePath} did not render a page`);
      bytes = result.body.length;
    };
    for (let i = 0; i < 100; i++) await once();
    const start = process.cpuUsage();
    for (let i = 0; i < renders; i++) await once();
    const used = process.cpuUsage(start);
    return { cpuMs: (used.user + used.system) / 1000 / renders, bytes };
  } finally {
    await renderer.close();
  }
}

/**
 * Measures one page of the running portal at 1 and 32 connections next to its two ceilings.
 */
export async function benchPage(
  portal: Portal,
  label: string,
  pagePath: string,
  { seconds = 8, expectStatus = 200, inMemory = true } = {},
): Promise<Figures[]> {
  const pageUrl = `${portal.url}${pagePath}`;
  const first = await fetch(pageUrl);
  const body = await first.text();
  if (first.status !== expectStatus) {
    throw new Error(`${pagePath} answered ${first.status}, expected ${expectStatus}`);
  }
  const fixed = await startFixedStringServer(body);
  const memory = inMemory ? await startInMemoryRenderServer(portal.apiUrl) : undefined;
  const rows: Figures[] = [];
  try {
    if (memory) await fetch(`${memory.url}${pagePath}`).then((r) => r.text());
    for (const connections of [1, 32]) {
      rows.push(await measure(`${label}`, pageUrl, { connections, seconds }));
      if (memory) {
        rows.push(
          await measure(`${label} (React, data in memory)`, `${memory.url}${pagePath}`, {
            connections,
            seconds,
          }),
        );
      }
      rows.push(
        await measure(`${label} (fixed string, same size)`, `${fixed.url}${pagePath}`, {
          connections,
          seconds,
        }),
      );
    }
  } finally {
    await fixed.close();
    await memory?.close();
  }
  return rows;
}
