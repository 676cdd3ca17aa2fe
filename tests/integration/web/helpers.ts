import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { DATA_SCRIPT_ID, type PageDataJson } from '../../../client/app/shell';
import { buildApp, type AppOptions } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import type { Config } from '../../../shared/contract';
import { parseSearchQuery, toAlertPayload, type AlertPayload } from '../../../shared/criteria';
import { TEST_PHOTOS_DIR, createTestDb, type TestDbKind } from '../../fixtures/db';
import { openForSuite } from '../../fixtures/suite';

// Building the web app for integration tests: rendered through Vite (the same plugins as the
// build: Lingui macros, catalogs), pointed at a listings API given by URL. Every request renders
// its page (no page cache) unless a test turns the page cache on with `pageCacheBytes`.

export async function buildWebApp(
  listingsApiUrl: string,
  overrides: Partial<AppConfig> = {},
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    renderer: 'vite',
    pageCacheBytes: 0,
    // The origin the tests' requests (inject) are addressed to.
    publicUrl: 'http://localhost',
    ...overrides,
    listingsApiUrl,
  };
  const app = await buildApp(config, { logger: pino({ level: 'silent' }), hmr: false, ...options });
  await app.ready();
  return app;
}

export interface FakeServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A stand-in listings API for faults only (timeouts, 500s, garbage). */
export async function startFake(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<FakeServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The real listings API behind a proxy that puts faults on some requests: `fault` sees each
 * request with its body (read whole) and, for the requests it takes, answers them itself (an
 * error, or never) and says true. Every other request is relayed as sent (method, headers, body)
 * and its answer handed back as given.
 */
export async function startFaultProxy(
  target: string,
  fault: (req: IncomingMessage, res: ServerResponse, body: Buffer) => boolean,
): Promise<FakeServer> {
  const to = new URL(target);
  return startFake((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (fault(req, res, body)) return;
      const relayed = httpRequest(
        {
          host: to.hostname,
          port: to.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: to.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      relayed.on('error', () => res.destroy());
      relayed.end(body);
    });
  });
}

/** An address where nothing listens (a port just freed). */
export async function deadUrl(): Promise<string> {
  const fake = await startFake(() => {});
  await fake.close();
  return fake.url;
}

/** The JSON data element of a page: its hydration data and its shell. */
export function pageDataOf<Hydration = unknown>(html: string): PageDataJson<Hydration> {
  const json = new RegExp(
    `<script id="${DATA_SCRIPT_ID}" type="application/json">([\\s\\S]*?)</script>`,
  ).exec(html)?.[1];
  if (json === undefined) throw new Error('no JSON data element on the page');
  return JSON.parse(json) as PageDataJson<Hydration>;
}

/** Visible text of an HTML page (tags dropped, entities of the texts we check decoded). */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The real listings API over HTTP on a fresh test database (small deterministic seed). */
export async function startListingsApi(
  kind: TestDbKind,
): Promise<{ url: string; close(): Promise<void> }> {
  const db = await createTestDb(kind);
  const api = await buildListingsApp({ db, photosDir: TEST_PHOTOS_DIR });
  const address = await api.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address.replace(/\/$/, ''),
    close: async () => {
      await api.close();
      await db.close();
    },
  };
}

/**
 * For a suite: the listings API on `kind` and a web app in front of it, started before its first
 * test and closed after its last; `set` hands both to the suite's variables.
 */
export function useWebApp(
  kind: TestDbKind,
  set: (web: { listings: { url: string }; app: FastifyInstance }) => void,
): void {
  openForSuite<{ listings: { url: string }; app: FastifyInstance; close(): Promise<void> }>(
    async () => {
      const listings = await startListingsApi(kind);
      const app = await buildWebApp(listings.url);
      return {
        listings,
        app,
        async close() {
          await app.close();
          await listings.close();
        },
      };
    },
    set,
  );
}

export interface ListingsAndWeb {
  db: Db;
  listings: FastifyInstance;
  listingsUrl: string;
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * The web app in front of the real listings API over HTTP on a fresh test database: `env` is the
 * listings API's environment, `prepare` sees the listings API before it listens. The first page
 * of the process is rendered here (it compiles the renderer: not a part of what is tested).
 */
export async function startListingsAndWeb(
  kind: TestDbKind,
  env: Record<string, string | undefined>,
  prepare?: (listings: FastifyInstance) => void,
): Promise<ListingsAndWeb> {
  const db = await createTestDb(kind);
  const listings = await buildListingsApp({ db, photosDir: TEST_PHOTOS_DIR, env });
  prepare?.(listings);
  const listingsUrl = (await listings.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const app = await buildWebApp(listingsUrl);
  const config = await upstreamJson<Config>(listingsUrl, '/config');
  await app.inject('/fr/vente/');
  return {
    db,
    listings,
    listingsUrl,
    app,
    config,
    async close() {
      await app.close();
      await listings.close();
      await db.close();
    },
  };
}

/** How many alerts the database holds. */
export async function alertCount(db: Db): Promise<number> {
  return Number(
    (
      await db.kysely
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** The alert payload of a search (its query string) as the result list's form builds it. */
export const alertPayloadOf = (
  config: Config,
  query: string,
  nature: 'V' | 'L' | 'S' = 'V',
): AlertPayload =>
  toAlertPayload(parseSearchQuery(new URLSearchParams(query), { config, nature }), { config });

/** GET JSON from the listings API, for expected values. */
export async function upstreamJson<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** A visitor address of its own for each form post (the BFF limits form posts per address). */
export function visitorAddress(): string {
  return `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
}

export interface FormPostOptions {
  /** With JavaScript (default): the `x-portal-action` header, the action's outcome as JSON. */
  js?: boolean;
  origin?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** The visitor's address (default: one of its own). */
  remoteAddress?: string;
}

/**
 * Posts a form to a page (its route action, named by the `_form` field) from a visitor address
 * of its own unless given: with JavaScript the answer is `{ data: outcome }`, without it the rendered page.
 */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  options: FormPostOptions = {},
) {
  return app.inject({
    method: 'POST',
    // As a browser posts a form: its action's fragment stays in the browser.
    url: url.replace(/#.*$/, ''),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.js === false ? {} : { 'x-portal-action': '1' }),
      ...(options.origin ? { origin: options.origin } : {}),
      ...options.headers,
    },
    cookies: options.cookies ?? {},
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: options.remoteAddress ?? visitorAddress(),
  });
}

export interface PageForm {
  action: string;
  method: string;
  /** The form's hidden fields, by name. */
  fields: Record<string, string>;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    out[name!.toLowerCase()] = decodeEntities(value!);
  }
  return out;
}

/** The forms of a rendered page: where they post, and their hidden fields (entities decoded). */
export function formsOf(html: string): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes, inner]) => {
    const form = attributesOf(attributes!);
    const fields: Record<string, string> = {};
    for (const [, input] of inner!.matchAll(/<input\b([^>]*)>/g)) {
      const field = attributesOf(input!);
      if (field.type === 'hidden' && field.name) fields[field.name] = field.value ?? '';
    }
    return { action: form.action ?? '', method: (form.method ?? 'get').toLowerCase(), fields };
  });
}
