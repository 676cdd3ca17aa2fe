import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../../server/config';
import type { Db } from '../../../listings-api/db/connection';
import { buildListingsApp } from '../../../listings-api/app';
import type { Config, Lang, OfferDetail } from '../../../shared/contract';
import { TEST_PHOTOS_DIR, createTestDb, type TestDbKind } from '../../fixtures/db';
import { offerHref } from '../../../shared/routes';
import { buildWebApp, startFaultProxy, upstreamJson } from './helpers';

/** The offer's own page path in a language (the route table's offer link). */
export { offerHref as offerPathOf };

// The offer-page tests' world: the real listings API over HTTP on a fresh seeded test database
// (its db kept at hand to read the stats and contacts tables), the web app in front of it, and
// optionally a switch in between that can take the listings API down (the only fake: a fault).

export interface OfferWorld {
  db: Db;
  /** The listings API (its mail outbox, to wait for the mails it sends). */
  api: FastifyInstance;
  apiUrl: string;
  web: FastifyInstance;
  config: Config;
  /** Takes the listings API down (connections reset) or back up, when built with `switchable`. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startOfferWorld(
  kind: TestDbKind,
  options: {
    switchable?: boolean;
    web?: Partial<AppConfig>;
    /** The listings API's environment (e.g. SMTP_URL); default: this process's. */
    apiEnv?: Record<string, string>;
  } = {},
): Promise<OfferWorld> {
  const db = await createTestDb(kind);
  const api = await buildListingsApp({
    db,
    photosDir: TEST_PHOTOS_DIR,
    countsRefreshMs: 0,
    env: options.apiEnv,
  });
  const apiUrl = (await api.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  // The switch: a proxy that, while down, resets every connection.
  let down = false;
  const relay = options.switchable
    ? await startFaultProxy(apiUrl, (req) => {
        if (down) req.socket.destroy();
        return down;
      })
    : undefined;
  const web = await buildWebApp(relay?.url ?? apiUrl, { upstreamTimeoutMs: 5_000, ...options.web });
  const config = await upstreamJson<Config>(apiUrl, '/config');
  return {
    db,
    api,
    apiUrl,
    web,
    config,
    setDown(value) {
      if (!relay) throw new Error('built without a switch');
      down = value;
    },
    async close() {
      await web.close();
      await relay?.close();
      await api.close();
      await db.close();
    },
  };
}

/** The id of the first active offer matching a SQL condition on `offers o` (lowest id). */
export async function findOffer(db: Db, where: ReturnType<typeof sql<boolean>>): Promise<number> {
  const result = await sql<{ id: number }>`
    SELECT o.id FROM offers o WHERE o.status = 'active' AND ${where} ORDER BY o.id LIMIT 1`.execute(
    db.kysely,
  );
  const row = result.rows[0];
  if (!row) throw new Error('the test seed has no such offer');
  return row.id;
}

export function offerDetail(world: OfferWorld, id: number, lang: Lang): Promise<OfferDetail> {
  return upstreamJson<OfferDetail>(world.apiUrl, `/offre/${id}?lang=${lang}`);
}

/** An offer's data from the listings API and its page path, in a language. */
export async function offerWithPath(
  world: OfferWorld,
  id: number,
  lang: Lang,
): Promise<{ offer: OfferDetail; path: string }> {
  const offer = await offerDetail(world, id, lang);
  return { offer, path: offerHref(offer, lang, world.config) };
}

/** An offer's page path in each language. */
export async function offerPaths(world: OfferWorld, id: number): Promise<Record<Lang, string>> {
  return {
    fr: (await offerWithPath(world, id, 'fr')).path,
    en: (await offerWithPath(world, id, 'en')).path,
  };
}

/** A browser's user agent: statistics from a crawler's (or none) are not counted. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The counted events of an offer by type, every day together. */
export async function statCounts(db: Db, offerId: number): Promise<Record<string, number>> {
  const result = await sql<{ type: string; n: number }>`
    SELECT type, sum(n)::integer AS n FROM offer_stat_days WHERE offer_id = ${offerId}
    GROUP BY type`.execute(db.kysely);
  return Object.fromEntries(result.rows.map((r) => [r.type, r.n]));
}
