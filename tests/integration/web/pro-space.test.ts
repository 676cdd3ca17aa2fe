import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeedKey, issueFeedKey } from '../../../listings-api/feeds/keys';
import { BFF_PATHS } from '../../../shared/bff-paths';
import { PRO_SESSION_COOKIE } from '../../../shared/pro';
import { href } from '../../../shared/routes';
import { testDbKinds } from '../../fixtures/db';
import { proSignedIn, type ProSignedIn } from '../../fixtures/pro';
import { postForm } from './helpers';
import { startOfferWorld, type OfferWorld } from './offer-fixture';

// The professional space through the web app, against the real listings API on both databases:
// the sign-in link's cookie (HttpOnly, SameSite=Lax, a new id each time), pages never cached and
// never indexed, a write from another site refused, the CSV export (BOM, formulas neutralised),
// and tenant isolation: every professional endpoint and screen, given another agency's ids,
// answers 404. Further sections add their endpoints to ISOLATION_CASES.

interface IsolationWorld {
  world: OfferWorld;
  me: ProSignedIn;
  /** Ids of another agency: an offer with a lead, the lead, a user, a feed run, its slug. */
  other: {
    agencyId: number;
    slug: string;
    offerId: number;
    leadId: number;
    userId: number;
    runId: string;
  };
}

/** A request of the space made by `me` with another agency's ids: each must answer 404. */
interface IsolationCase {
  name: string;
  request(t: IsolationWorld): Promise<{ statusCode: number }>;
}

const api = (t: IsolationWorld, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.world.api.inject({ method, url, headers: t.me.headers, ...(payload ? { payload } : {}) });
const page = (t: IsolationWorld, url: string) =>
  t.world.web.inject({ url, cookies: { [PRO_SESSION_COOKIE]: t.me.sessionId } });
const action = (t: IsolationWorld, url: string, fields: Record<string, string>) =>
  postForm(t.world.web, url, fields, {
    js: false,
    cookies: { [PRO_SESSION_COOKIE]: t.me.sessionId },
  });

export const ISOLATION_CASES: IsolationCase[] = [
  // Leads and team
  {
    name: 'GET /pro/leads?offer=',
    request: (t) => api(t, `/pro/leads?offer=${t.other.offerId}`),
  },
  {
    name: 'GET /pro/leads/export?offer=',
    request: (t) => api(t, `/pro/leads/export?offer=${t.other.offerId}`),
  },
  {
    name: 'POST /pro/leads/handled',
    request: (t) => api(t, '/pro/leads/handled', 'POST', { id: t.other.leadId, handled: true }),
  },
  {
    name: 'POST /pro/team/remove',
    request: (t) => api(t, '/pro/team/remove', 'POST', { id: t.other.userId }),
  },
  {
    name: 'leads page ?offer=',
    request: (t) =>
      page(t, `${href('proLeads', {}, 'fr', t.world.config)}?offer=${t.other.offerId}`),
  },
  {
    name: 'leads CSV ?offer=',
    request: (t) => page(t, `${BFF_PATHS.proLeadsCsv}?offer=${t.other.offerId}&lang=en`),
  },
  {
    name: 'leads page: mark handled',
    request: (t) =>
      action(t, href('proLeads', {}, 'en', t.world.config), {
        _form: 'lead-handled',
        id: String(t.other.leadId),
        handled: '1',
      }),
  },
  {
    name: 'team page: remove',
    request: (t) =>
      action(t, href('proTeam', {}, 'fr', t.world.config), {
        _form: 'remove',
        id: String(t.other.userId),
      }),
  },
  {
    name: 'GET /api/pro/leads?offer=',
    request: (t) => page(t, `/api/pro/leads?offer=${t.other.offerId}`),
  },
  // Audience
  {
    name: 'GET /pro/audience/offres/:id',
    request: (t) => api(t, `/pro/audience/offres/${t.other.offerId}`),
  },
  {
    name: 'GET /api/pro/audience/offre?id=',
    request: (t) => page(t, `/api/pro/audience/offre?id=${t.other.offerId}&days=7&lang=en`),
  },
  {
    name: 'audience page ?offre=',
    request: (t) =>
      page(t, `${href('proAudience', {}, 'fr', t.world.config)}?offre=${t.other.offerId}`),
  },
  {
    name: 'audience page ?offre= (en, 90 days)',
    request: (t) =>
      page(t, `${href('proAudience', {}, 'en', t.world.config)}?days=90&offre=${t.other.offerId}`),
  },
  // Feeds
  {
    name: 'GET /pro/feeds/runs/:id',
    request: (t) => api(t, `/pro/feeds/runs/${t.other.runId}`),
  },
  {
    name: 'GET /api/pro/feeds/run?id=',
    request: (t) => page(t, `/api/pro/feeds/run?id=${t.other.runId}`),
  },
  {
    name: 'feeds page ?run=',
    request: (t) => page(t, `${href('proFeeds', {}, 'fr', t.world.config)}?run=${t.other.runId}`),
  },
  {
    name: 'feeds page ?run= (en, a later page of problems)',
    request: (t) =>
      page(t, `${href('proFeeds', {}, 'en', t.world.config)}?run=${t.other.runId}&problems=2`),
  },
  {
    name: 'POST /feeds/:agency with the session (upload to another agency)',
    request: (t) =>
      t.world.api.inject({
        method: 'POST',
        url: `/feeds/${t.other.slug}`,
        headers: { ...t.me.headers, 'content-type': 'application/zip' },
        payload: Buffer.from('PK\x03\x04 not read'),
      }),
  },
];

describe.each(testDbKinds)('professional space through the web app (%s)', (kind) => {
  let t: IsolationWorld;
  let agencyId: number;

  beforeAll(async () => {
    const world = await startOfferWorld(kind);
    const [mine, theirs] = await world.db.kysely
      .selectFrom('offers')
      .select(['id', 'agency_id'])
      .where('status', '=', 'active')
      .distinctOn('agency_id')
      .orderBy('agency_id')
      .orderBy('id')
      .limit(2)
      .execute();
    agencyId = mine!.agency_id;
    const lead = async (offerId: number, agency: number, name: string) =>
      (
        await world.db.kysely
          .insertInto('contacts')
          .values({
            offer_id: offerId,
            agency_id: agency,
            lang: 'fr',
            name,
            email: 'visiteur@example.com',
            phone: '06 12 34 56 78',
            phone_e164: '+33612345678',
            message: 'Bonjour',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await lead(mine!.id, agencyId, '=HYPERLINK("http://evil.example")');
    const otherLead = await lead(theirs!.id, theirs!.agency_id, 'Autre');
    const other = await proSignedIn(world.db, theirs!.agency_id);
    const me = await proSignedIn(world.db, agencyId);
    const run = async (agency: number, id: string) => {
      await world.db.kysely
        .insertInto('feed_runs')
        .values({ id, agency_id: agency, source: 'http', status: 'done', finished_at: new Date() })
        .execute();
      return id;
    };
    await run(agencyId, 'mine-run-0001');
    const { slug } = await world.db.kysely
      .selectFrom('agencies')
      .select('slug')
      .where('id', '=', theirs!.agency_id)
      .executeTakeFirstOrThrow();
    t = {
      world,
      me,
      other: {
        agencyId: theirs!.agency_id,
        slug,
        offerId: theirs!.id,
        leadId: Number(otherLead),
        userId: other.userId,
        runId: await run(theirs!.agency_id, 'their-run-0001'),
      },
    };
    // The first render compiles the screens (Vite): done here, outside the tests' time limit.
    await page(t, href('proDashboard', {}, 'fr', world.config));
  }, 180_000);
  afterAll(() => t?.world.close());

  it('counts the leads in words that agree with their number', async () => {
    const fr = await page(t, href('proLeads', {}, 'fr', t.world.config));
    expect(fr.body).toContain('1 prospect, page 1 sur 1');
    const en = await page(t, href('proLeads', {}, 'en', t.world.config));
    expect(en.body).toContain('1 lead, page 1 of 1');
  });

  it('shows its pages to the signed-in user only, never cached nor indexed', async () => {
    for (const lang of ['fr', 'en'] as const) {
      for (const screen of [
        'proDashboard',
        'proLeads',
        'proTeam',
        'proAudience',
        'proFeeds',
      ] as const) {
        const url = href(screen, {}, lang, t.world.config);
        const signedIn = await page(t, url);
        expect(signedIn.statusCode, url).toBe(200);
        expect(signedIn.headers['cache-control']).toBe('private, no-store');
        expect(signedIn.body).toContain('noindex');
        const out = await t.world.web.inject({ url });
        expect(out.statusCode, url).toBe(303);
        expect(out.headers.location).toBe(href('proSignIn', {}, lang, t.world.config));
        expect(out.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('signs in from the mailed link with an HttpOnly, SameSite=Lax cookie, new each time', async () => {
    const signInUrl = href('proSignIn', {}, 'en', t.world.config);
    const email = (
      await t.world.db.kysely
        .selectFrom('pro_users')
        .select('email')
        .where('id', '=', t.me.userId)
        .executeTakeFirstOrThrow()
    ).email;
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      await t.world.db.kysely.deleteFrom('mail_outbox').where('to_address', '=', email).execute();
      const asked = await postForm(
        t.world.web,
        signInUrl,
        { _form: 'sign-in', email, lang: 'en' },
        { js: false },
      );
      expect(asked.statusCode).toBe(200);
      const mail = await t.world.db.kysely
        .selectFrom('mail_outbox')
        .select('text')
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      const link = new URL(/https?:\/\/\S+\?token=\S+/.exec(mail.text)![0]);
      // Opening the link spends nothing: it shows a button.
      const shown = await t.world.web.inject({ url: `${link.pathname}${link.search}` });
      expect(shown.statusCode).toBe(200);
      const token = link.searchParams.get('token')!;
      const confirmed = await postForm(
        t.world.web,
        signInUrl,
        { _form: 'sign-in-confirm', token },
        { js: false },
      );
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe(href('proDashboard', {}, 'en', t.world.config));
      const cookie = String(confirmed.headers['set-cookie']);
      expect(cookie).toMatch(new RegExp(`^${PRO_SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      sessions.push(/=([^;]+)/.exec(cookie)![1]!);
    }
    expect(sessions[0]).not.toBe(sessions[1]);
  });

  it('refuses a write of the space posted from another site', async () => {
    const res = await postForm(
      t.world.web,
      href('proLeads', {}, 'fr', t.world.config),
      { _form: 'lead-handled', id: '1', handled: '1' },
      { origin: 'https://evil.example', cookies: { [PRO_SESSION_COOKIE]: t.me.sessionId } },
    );
    expect(res.statusCode).toBe(403);
    const audit = await t.world.db.kysely
      .selectFrom('pro_audit')
      .select('id')
      .where('action', '=', 'lead-handled')
      .execute();
    expect(audit).toEqual([]);
  });

  it('marks a lead handled, audited, and exports the leads as CSV with formulas neutralised', async () => {
    const leads = await api(t, '/pro/leads');
    const [lead] = (leads.json() as { items: { id: number }[] }).items;
    const url = href('proLeads', {}, 'fr', t.world.config);
    const marked = await action(t, url, {
      _form: 'lead-handled',
      id: String(lead!.id),
      handled: '1',
    });
    expect(marked.statusCode).toBe(303);
    const audit = await t.world.db.kysely
      .selectFrom('pro_audit')
      .select(['user_id', 'agency_id', 'target_id'])
      .where('action', '=', 'lead-handled')
      .execute();
    expect(audit).toEqual([{ user_id: t.me.userId, agency_id: agencyId, target_id: lead!.id }]);

    const csv = await page(t, `${BFF_PATHS.proLeadsCsv}?state=handled&lang=fr`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    const body = csv.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(body).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(body.split('\r\n')[0]).toContain('Téléphone');
  });

  it('answers the same requests with its own agency’s ids', async () => {
    const mine = await t.world.db.kysely
      .selectFrom('offers')
      .select('id')
      .where('agency_id', '=', agencyId)
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const fr = (screen: 'proAudience' | 'proFeeds') => href(screen, {}, 'fr', t.world.config);
    for (const url of [`/pro/audience/offres/${mine.id}`, '/pro/feeds/runs/mine-run-0001']) {
      expect((await api(t, url)).statusCode, url).toBe(200);
    }
    for (const url of [
      `/api/pro/audience/offre?id=${mine.id}&days=7&lang=en`,
      '/api/pro/feeds/run?id=mine-run-0001',
      `${fr('proAudience')}?offre=${mine.id}`,
      `${fr('proFeeds')}?run=mine-run-0001`,
    ]) {
      expect((await page(t, url)).statusCode, url).toBe(200);
    }
  });

  it('rotates its own feed key only, whatever agency the form names', async () => {
    const theirKey = await issueFeedKey(t.world.db, t.other.agencyId);
    const rotated = await postForm(
      t.world.web,
      href('proFeeds', {}, 'en', t.world.config),
      { _form: 'feed-key', agency: String(t.other.agencyId), id: String(t.other.agencyId) },
      { cookies: { [PRO_SESSION_COOKIE]: t.me.sessionId } },
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const direct = await api(t, '/pro/feeds/key', 'POST', { agency: t.other.agencyId });
    expect(direct.statusCode).toBe(200);
    expect(await checkFeedKey(t.world.db, t.other.agencyId, theirKey)).toBe(true);
    const rotations = await t.world.db.kysely
      .selectFrom('pro_audit')
      .select(['agency_id', 'target_id'])
      .where('action', '=', 'feed-key-rotated')
      .execute();
    expect(rotations).toEqual([
      { agency_id: agencyId, target_id: agencyId },
      { agency_id: agencyId, target_id: agencyId },
    ]);
  });

  it.each(ISOLATION_CASES.map((c) => [c.name, c] as const))(
    'answers 404 to another agency’s ids: %s',
    async (_, c) => {
      expect((await c.request(t)).statusCode).toBe(404);
    },
  );
});
