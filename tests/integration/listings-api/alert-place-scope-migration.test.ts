import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCriteria } from '../../../shared/contract';
import { alertSearchFilters, findNewOffersForAlert } from '../../../listings-api/alerts/match';
import type { Db } from '../../../listings-api/db/connection';
import { up as makeAlertScopesExplicit } from '../../../listings-api/db/migrations/029-alert-place-scope';
import { normaliseCriteria } from '../../../listings-api/routes/alertes';
import { createTestDb, testDbKinds } from '../../fixtures/db';

// Alerts saved when an alert of a place pointing to an omr list (Megève → its resorts) searched
// the whole list without saying so: the migration writes the list into their criteria, so that
// they keep mailing the same offers now that an alert searches what its criteria say. Alerts of
// other places, alerts naming a list already and alerts without a place are left as they are.

/** The criteria key POST /alerte computes for these criteria. */
const keyOf = (criteria: AlertCriteria) =>
  createHash('sha256')
    .update(JSON.stringify(normaliseCriteria(criteria as Parameters<typeof normaliseCriteria>[0])))
    .digest('hex');

describe.each(testDbKinds)('the migration of alerts of a place with a wider list on %s', (kind) => {
  let db: Db;
  let resort: { id: number; list: number };
  let city: number;
  /** Alert ids by case, and what each mailed before the migration. */
  const ids: Record<string, number> = {};
  const before: Record<string, number> = {};

  async function insert(
    name: string,
    criteria: AlertCriteria,
    options: { email?: string; unsubscribed?: boolean } = {},
  ) {
    const row = await db.kysely
      .insertInto('alerts')
      .values({
        token_hash: createHash('sha256').update(`${kind}-${name}`).digest('hex'),
        email: options.email ?? `${name}@example.com`,
        lang: 'fr',
        criteria: JSON.stringify(criteria),
        criteria_key: keyOf(criteria),
        unsubscribed_at: options.unsubscribed ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = Number(row.id);
  }
  async function criteriaOf(name: string) {
    const row = await db.kysely
      .selectFrom('alerts')
      .select(['criteria', 'criteria_key', 'unsubscribed_at'])
      .where('id', '=', ids[name]!)
      .executeTakeFirstOrThrow();
    const criteria = (
      typeof row.criteria === 'string' ? JSON.parse(row.criteria) : row.criteria
    ) as AlertCriteria;
    return { criteria, key: row.criteria_key, unsubscribed: row.unsubscribed_at !== null };
  }
  /** How many offers an alert's digest finds (every offer published so far). */
  async function matched(name: string): Promise<number> {
    const { criteria } = await criteriaOf(name);
    const found = await findNewOffersForAlert(db, { id: ids[name]!, criteria }, new Date(0));
    return found.total;
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    const megeve = await db.kysely
      .selectFrom('lieux')
      .select(['id', 'omr_list_id'])
      .where('slug', '=', 'megeve')
      .executeTakeFirstOrThrow();
    resort = { id: megeve.id, list: megeve.omr_list_id! };
    expect(megeve.omr_list_id).not.toBeNull();
    const cannes = await db.kysely
      .selectFrom('lieux')
      .select(['id', 'omr_list_id'])
      .where('slug', '=', 'cannes')
      .executeTakeFirstOrThrow();
    expect(cannes.omr_list_id).toBeNull();
    city = cannes.id;

    // The database as the older version left it.
    await insert('older', { nature: 'V', lieu: resort.id, prix_min: 500_000 });
    await insert('older-unsubscribed', { nature: 'V', lieu: resort.id }, { unsubscribed: true });
    await insert('city', { nature: 'V', lieu: city });
    await insert('explicit', { nature: 'V', lieu: resort.id, omr_list_id: resort.list });
    await insert('anywhere', { nature: 'L' });
    // One address with the same wider search twice: an older alert and one naming the list.
    await insert(
      'twin-explicit',
      { nature: 'S', lieu: resort.id, omr_list_id: resort.list },
      { email: 'twin@example.com' },
    );
    await insert('twin-older', { nature: 'S', lieu: resort.id }, { email: 'Twin@example.com' });

    // What the alerts mailed before, when the list came from the place itself: their search
    // with the place's list.
    for (const name of ['older', 'city', 'explicit', 'anywhere', 'twin-older']) {
      const { criteria } = await criteriaOf(name);
      const widened =
        criteria.lieu === resort.id ? { ...criteria, omr_list_id: resort.list } : criteria;
      const found = await findNewOffersForAlert(
        db,
        { id: ids[name]!, criteria: widened },
        new Date(0),
      );
      before[name] = found.total;
    }

    // The migration itself, as it runs on such a database.
    await makeAlertScopesExplicit(db.kysely as unknown as Kysely<unknown>);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it("writes the place's list into an older alert of the place, which keeps its search and its key follows", async () => {
    const { criteria, key } = await criteriaOf('older');
    expect(criteria).toEqual({
      nature: 'V',
      lieu: resort.id,
      omr_list_id: resort.list,
      prix_min: 500_000,
    });
    expect(key).toBe(keyOf(criteria));
    expect(alertSearchFilters(criteria)).toMatchObject({ omr_list_id: resort.list });
    expect(await matched('older')).toBe(before.older);
    // Wider than the place alone: the list was what it searched.
    const own = await findNewOffersForAlert(
      db,
      { id: ids.older!, criteria: { nature: 'V', lieu: resort.id, prix_min: 500_000 } },
      new Date(0),
    );
    expect(before.older).toBeGreaterThan(own.total);
  });

  it('rewrites an unsubscribed older alert too', async () => {
    const { criteria, unsubscribed } = await criteriaOf('older-unsubscribed');
    expect(criteria).toEqual({ nature: 'V', lieu: resort.id, omr_list_id: resort.list });
    expect(unsubscribed).toBe(true);
  });

  it('leaves alerts of other places, alerts naming the list and alerts without a place as they were', async () => {
    expect((await criteriaOf('city')).criteria).toEqual({ nature: 'V', lieu: city });
    expect((await criteriaOf('explicit')).criteria).toEqual({
      nature: 'V',
      lieu: resort.id,
      omr_list_id: resort.list,
    });
    expect((await criteriaOf('anywhere')).criteria).toEqual({ nature: 'L' });
    for (const name of ['city', 'explicit', 'anywhere']) {
      const { criteria, key } = await criteriaOf(name);
      expect(key).toBe(keyOf(criteria));
      expect(await matched(name)).toBe(before[name]);
    }
  });

  it('keeps both alerts of an address that had the same wider search twice', async () => {
    const twin = await criteriaOf('twin-older');
    expect(twin.criteria).toEqual({ nature: 'S', lieu: resort.id, omr_list_id: resort.list });
    expect(twin.unsubscribed).toBe(false);
    expect(twin.key).not.toBe((await criteriaOf('twin-explicit')).key);
    expect(await matched('twin-older')).toBe(before['twin-older']);
  });

  it('runs again without changing anything', async () => {
    const rows = async () =>
      (
        await sql<{ id: string; criteria: unknown; criteria_key: string }>`
          SELECT id, criteria, criteria_key FROM alerts ORDER BY id`.execute(db.kysely)
      ).rows;
    const once = await rows();
    await makeAlertScopesExplicit(db.kysely as unknown as Kysely<unknown>);
    expect(await rows()).toEqual(once);
  });
});
