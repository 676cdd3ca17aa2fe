import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import {
  askMetrics,
  fetchMetrics,
  hasMetric,
  metricValue,
  scrapeMetrics,
} from '../../fixtures/metrics';
import { agencyWithoutOffers, feedConfig, tempDir, validFeedFiles } from '../feeds/helpers';

// The listings API's Prometheus metrics: on a metrics server of their own, never on the API's
// port; to loopback callers or bearers of METRICS_TOKEN only; request durations by route, feed
// import runs and rows by outcome, the mail outbox's depth and failed sends, the pools' usage.

const TOKEN = 'metrics-token-0123456789';
const ELSEWHERE = '203.0.113.9';

describe.each(testDbKinds)('listings API metrics on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let metrics: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('listings-metrics');
    app = await buildListingsApp({
      db,
      feeds: feedConfig(dir),
      // Mails go to an SMTP server that is not there: every send fails and stays in the outbox.
      env: {
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL: 'https://portal.test',
        MAIL_FROM: 'Portal <alertes@portal.test>',
      },
      metrics: { port: 0, host: '127.0.0.1', token: TOKEN },
      jobs: false,
    });
    await app.ready();
    metrics = app.metricsServer!;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const scrape = () => scrapeMetrics(metrics);

  it("is not on the API's own port", async () => {
    const res = await askMetrics(app, '127.0.0.1');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('# TYPE');
  });

  it('refuses callers from elsewhere without the token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await askMetrics(metrics, ELSEWHERE, authorization);
      expect(res.statusCode, String(authorization)).toBe(403);
      expect(res.body).not.toContain('# TYPE');
    }
  });

  it('answers the Prometheus text to a bearer of the token and to loopback', async () => {
    const remote = await askMetrics(metrics, ELSEWHERE, `Bearer ${TOKEN}`);
    expect(remote.statusCode).toBe(200);
    expect(remote.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape();
    for (const name of [
      'listings_api_http_request_duration_seconds',
      'listings_api_feed_import_runs_total',
      'listings_api_feed_import_rows_total',
      'listings_api_mail_outbox_depth',
      'listings_api_mails_sent_total',
      'listings_api_mail_send_failures_total',
      'listings_api_db_pool_connections',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(hasMetric(text, name), name).toBe(true);
      expect(remote.body).toContain(`# TYPE ${name} `);
    }
  });

  it('times requests by route pattern, never by raw URL', async () => {
    const count = (text: string) =>
      metricValue(text, 'listings_api_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/lieu/:id/children',
        status: '200',
      });
    const before = count(await scrape());
    const lieu = await db.kysely
      .selectFrom('lieux')
      .select('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await app.inject(`/lieu/${lieu.id}/children`)).statusCode).toBe(200);
    const after = await scrape();
    expect(count(after)).toBe(before + 1);
    expect(after).not.toContain(`/lieu/${lieu.id}/children`);
    // Unknown paths count together.
    await app.inject('/no/such/path/123');
    expect(await scrape()).toMatch(/route="unmatched",status="404"/);
  });

  it('counts feed import runs and their offers by outcome', async () => {
    const text0 = await scrape();
    const agency = await agencyWithoutOffers(db);
    // A folder without a feed: a rejected run.
    const empty = path.join(dir, 'src-empty');
    mkdirSync(empty, { recursive: true });
    const rejected = await app.feedRunner.submit({ agency, dir: empty, source: 'cli' }).report;
    expect(rejected.status).toBe('rejected');
    // The sample feed: a run that creates offers.
    const valid = path.join(dir, 'src-valid');
    mkdirSync(valid, { recursive: true });
    for (const [name, data] of Object.entries(await validFeedFiles())) {
      writeFileSync(path.join(valid, name), data);
    }
    const done = await app.feedRunner.submit({ agency, dir: valid, source: 'cli' }).report;
    expect(done.status).toBe('done');
    expect(done.counts.created).toBeGreaterThan(0);

    const text1 = await scrape();
    const runs = (text: string, outcome: string) =>
      metricValue(text, 'listings_api_feed_import_runs_total', { outcome });
    const rows = (text: string, outcome: string) =>
      metricValue(text, 'listings_api_feed_import_rows_total', { outcome });
    expect(runs(text1, 'rejected')).toBe(runs(text0, 'rejected') + 1);
    expect(runs(text1, 'done')).toBe(runs(text0, 'done') + 1);
    expect(rows(text1, 'created')).toBe(rows(text0, 'created') + done.counts.created);
    expect(rows(text1, 'rejected')).toBe(rows(text0, 'rejected') + done.counts.rejected);
  });

  it('shows the mail outbox depth and counts failed sends', async () => {
    const text0 = await scrape();
    const lieu = await db.kysely
      .selectFrom('lieux')
      .select('id')
      .where('slug', '=', 'nice')
      .executeTakeFirstOrThrow();
    // A professional request queues its confirmation and sales mails and sends them at once: they
    // fail.
    const res = await app.inject({
      method: 'POST',
      url: '/contact-prospect',
      payload: {
        lastname: 'Martin',
        firstname: 'Louise',
        company: 'Agence du Port',
        lieu_id: lieu.id,
        city: 'Nice',
        phone: '04 93 00 00 00',
        email: `louise-${kind}@agence.example`,
        message: 'Nous souhaitons diffuser nos biens.',
        lang: 'fr',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    await app.mailOutbox.idle();

    const text1 = await scrape();
    const waiting = await db.kysely
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sent_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(waiting.n)).toBeGreaterThan(0);
    expect(metricValue(text1, 'listings_api_mail_outbox_depth')).toBe(Number(waiting.n));
    expect(metricValue(text1, 'listings_api_mail_outbox_depth')).toBe(
      metricValue(text0, 'listings_api_mail_outbox_depth') + 2,
    );
    const failures = (text: string) =>
      metricValue(text, 'listings_api_mail_send_failures_total', { outcome: 'retry' });
    expect(failures(text1)).toBe(failures(text0) + 2);
  });

  it('shows the database pools by state', async () => {
    const text = await scrape();
    const max = metricValue(text, 'listings_api_db_pool_connections', {
      pool: 'main',
      state: 'max',
    });
    expect(max).toBeGreaterThan(0);
    const total = metricValue(text, 'listings_api_db_pool_connections', {
      pool: 'main',
      state: 'total',
    });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(max);
    expect(text).toMatch(/listings_api_db_pool_connections\{pool="main",state="waiting"\} \d+/);
    if (kind === 'postgres') {
      expect(text).toContain('pool="generic-plans"');
    }
  });

  it('serves the metrics on their own port once the app listens', async () => {
    const other = await buildListingsApp({
      db,
      feeds: feedConfig(dir),
      metrics: { port: 0, host: '127.0.0.1', token: undefined },
      jobs: false,
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetchMetrics(other.metricsServer!);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE listings_api_http_request_duration_seconds ');
    } finally {
      await other.close();
    }
  });
});
