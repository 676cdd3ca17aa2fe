import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_SESSION_IDLE_MS, hashProSecret } from '../../../listings-api/pro/session';
import { PRO_SIGN_IN_RECIPIENT_LIMIT } from '../../../listings-api/mail/pro-sign-in';
import { PRO_SESSION_UPSTREAM_HEADER } from '../../../shared/pro';
import { testDbKinds } from '../../fixtures/db';
import { proSignedIn } from '../../fixtures/pro';
import { openListingsTest, type ListingsTest } from './helpers';

// Sign-in and sessions of the professional space against the real listings API, on both
// databases: the sign-in request answers the same for any address, a link's token is spent once
// and expires, sessions end when idle, past their end, signed out here or everywhere, or when
// their user is removed; every write leaves an audit row; links to one address are limited.

describe.each(testDbKinds)('professional sign-in and sessions (%s)', (kind) => {
  let t: ListingsTest;
  let agencyId: number;
  let email: string;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    const agency = await t.db.kysely
      .selectFrom('agencies')
      .select(['id', 'email'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    agencyId = agency.id;
    email = `owner-${kind}@agence.example`;
    await proSignedIn(t.db, agencyId, { email });
  }, 120_000);
  afterAll(() => t?.close());

  const post = (path: string, body: unknown, session?: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      headers: session ? { [PRO_SESSION_UPSTREAM_HEADER]: session } : {},
    });
  const me = (session: string) =>
    t.app.inject({ url: '/pro/me', headers: { [PRO_SESSION_UPSTREAM_HEADER]: session } });

  const linksTo = async (address: string) =>
    (
      await t.db.kysely
        .selectFrom('mail_outbox')
        .select(['text', 'created_at'])
        .where('kind', '=', 'pro-sign-in')
        .where('to_address', '=', address)
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.text);

  /** The token of the newest link mailed to an address. */
  const tokenOf = async (address: string) => {
    const [text] = await linksTo(address);
    const match = /\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '');
    if (!match) throw new Error(`no sign-in link for ${address}`);
    return match[1]!;
  };

  const signIn = async (address: string) => {
    // Links already mailed would count against the address's limit (tested on its own below).
    await t.db.kysely.deleteFrom('mail_outbox').where('to_address', '=', address).execute();
    expect((await post('/pro/sign-in', { email: address, lang: 'en' })).statusCode).toBe(200);
    const res = await post('/pro/sign-in/confirm', { token: await tokenOf(address) });
    expect(res.statusCode).toBe(201);
    return (res.json() as { session: string }).session;
  };

  it('answers a sign-in request the same for a known and an unknown address', async () => {
    const known = await post('/pro/sign-in', { email: email.toUpperCase(), lang: 'fr' });
    const unknown = await post('/pro/sign-in', { email: `nobody-${kind}@agence.example` });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await linksTo(`nobody-${kind}@agence.example`)).toEqual([]);
    const [text] = await linksTo(email);
    expect(text).toContain('/fr/espace-pro/connexion/?token=');
    // Only the token's hash is stored.
    const token = await tokenOf(email);
    const stored = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pro_sign_in_tokens WHERE token_hash = ${token}`.execute(
      t.db.kysely,
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('refuses a malformed address with a message naming the field', async () => {
    const res = await post('/pro/sign-in', { email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'email' });
  });

  it('spends a link once, and not after 15 minutes', async () => {
    await post('/pro/sign-in', { email });
    const token = await tokenOf(email);
    const first = await post('/pro/sign-in/confirm', { token });
    expect(first.statusCode).toBe(201);
    const again = await post('/pro/sign-in/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'token' });

    await post('/pro/sign-in', { email });
    const late = await tokenOf(email);
    await sql`UPDATE pro_sign_in_tokens SET expires_at = now() - interval '1 second'
              WHERE used_at IS NULL`.execute(t.db.kysely);
    expect((await post('/pro/sign-in/confirm', { token: late })).statusCode).toBe(400);
  });

  it('opens a new session at each sign-in, known by /pro/me', async () => {
    const a = await signIn(email);
    const b = await signIn(email);
    expect(a).not.toBe(b);
    const res = await me(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email, role: 'owner' }, agency: { id: agencyId } });
    expect((await t.app.inject({ url: '/pro/me' })).statusCode).toBe(401);
    expect((await me('x'.repeat(43))).statusCode).toBe(401);
  });

  it('ends a session left idle, and one past its absolute end however used', async () => {
    const idle = await signIn(email);
    const old = await signIn(email);
    expect((await me(idle)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('pro_sessions')
      .set({ last_seen_at: new Date(Date.now() - PRO_SESSION_IDLE_MS - 1000) })
      .where('id_hash', '=', hashProSecret(idle))
      .execute();
    await t.db.kysely
      .updateTable('pro_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id_hash', '=', hashProSecret(old))
      .execute();
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(old)).statusCode).toBe(401);
  });

  it('signs out here, then everywhere, with an audit row each', async () => {
    const here = await signIn(email);
    const other = await signIn(email);
    expect((await post('/pro/sign-out', {}, here)).statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const third = await signIn(email);
    expect((await post('/pro/sign-out-everywhere', {}, third)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    const actions = await t.db.kysely
      .selectFrom('pro_audit as a')
      .innerJoin('pro_users as u', 'u.id', 'a.user_id')
      .select(['a.action', 'a.agency_id'])
      .where('u.email', '=', email)
      .execute();
    const names = actions.map((a) => a.action);
    expect(names).toContain('sign-in');
    expect(names).toContain('sign-out');
    expect(names).toContain('sign-out-everywhere');
    expect(new Set(actions.map((a) => a.agency_id))).toEqual(new Set([agencyId]));
  });

  it('refuses a removed user: its sessions end, its links stop', async () => {
    const owner = await proSignedIn(t.db, agencyId, { email });
    const member = `member-${kind}@agence.example`;
    expect(
      (await post('/pro/team/invite', { email: member, role: 'member' }, owner.sessionId))
        .statusCode,
    ).toBe(200);
    const session = await signIn(member);
    expect((await me(session)).statusCode).toBe(200);
    // A member may not manage the team.
    expect(
      (await post('/pro/team/invite', { email: 'x@agence.example' }, session)).statusCode,
    ).toBe(403);
    const team = await t.app.inject({
      url: '/pro/team',
      headers: owner.headers,
    });
    const id = (team.json() as { items: { id: number; email: string }[] }).items.find(
      (u) => u.email === member,
    )!.id;
    expect((await post('/pro/team/remove', { id }, owner.sessionId)).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    const before = (await linksTo(member)).length;
    await post('/pro/sign-in', { email: member });
    expect((await linksTo(member)).length).toBe(before);
    const audit = await t.db.kysely
      .selectFrom('pro_audit')
      .select(['action', 'target_id'])
      .where('user_id', '=', owner.userId)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'member-invited', target_id: id },
        { action: 'member-removed', target_id: id },
      ]),
    );
  });

  it('mails at most a few links to one address, answering the same', async () => {
    const address = `limited-${kind}@agence.example`;
    await proSignedIn(t.db, agencyId, { email: address, role: 'member' });
    const answers = new Set<string>();
    for (let i = 0; i < PRO_SIGN_IN_RECIPIENT_LIMIT.max + 2; i++) {
      const res = await post('/pro/sign-in', { email: address });
      answers.add(`${res.statusCode} ${res.body}`);
    }
    expect(answers.size).toBe(1);
    expect((await linksTo(address)).length).toBe(PRO_SIGN_IN_RECIPIENT_LIMIT.max);
  });
});
