import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import {
  CHEERFUL_SEED_REPLIES,
  CRITICAL_SEED_REPLIES,
  up as rewriteCannedReplies,
} from '../../../listings-api/db/migrations/017-review-replies-fit-rating';
import { REVIEW_RESPONSES } from '../../../tools/seed/phrases';
import { createTestDb, testDbKinds } from '../../fixtures/db';

// A database seeded before the seed's replies fitted the rating: the migration rewrites the
// seed's cheerful canned replies under reviews of 1 to 3 stars with the seed's replies for a
// critical review, in the review's language, and leaves every other reply as it is.

/** The canned reply of thanks the seed used to write under any review. */
const OLD_CANNED_FR =
  'Merci pour votre message. Nous prenons bonne note de vos remarques pour améliorer notre suivi.';
const OLD_CANNED_EN =
  'Thank you for your trust and your feedback; we look forward to helping you again.';
const AGENCY_REPLY = 'Merci pour votre avis, nous avons rappelé ce client le lendemain.';

describe.each(testDbKinds)('the migration of canned review replies on %s', (kind) => {
  let db: Db;
  let ids: number[];

  async function setReview(id: number, lang: string, rating: number, response: string) {
    await sql`UPDATE reviews SET lang = ${lang}, rating = ${rating}, response = ${response}
      WHERE id = ${id}`.execute(db.kysely);
  }
  async function responseOf(id: number): Promise<string | null> {
    const { rows } = await sql<{
      response: string | null;
    }>`SELECT response FROM reviews WHERE id = ${id}`.execute(db.kysely);
    return rows[0]!.response;
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    const { rows } = await sql<{ id: number }>`SELECT id FROM reviews ORDER BY id LIMIT 5`.execute(
      db.kysely,
    );
    ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(5);
    // The database as the older seed left it, before the migration ran.
    await setReview(ids[0]!, 'fr', 2, OLD_CANNED_FR);
    await setReview(ids[1]!, 'fr', 2, AGENCY_REPLY);
    await setReview(ids[2]!, 'en', 3, OLD_CANNED_EN);
    await setReview(ids[3]!, 'en', 5, OLD_CANNED_EN);
    await setReview(ids[4]!, 'fr', 1, REVIEW_RESPONSES.good.fr[2]!);
    // The migration itself, as it ran on such a database (later migrations are already applied
    // here, so the migrator would refuse to run it again out of order).
    await rewriteCannedReplies(db.kysely as unknown as Kysely<unknown>);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it("rewrites a seeded canned reply under a 2-star review with the seed's fitting reply", async () => {
    expect(REVIEW_RESPONSES.critical.fr).toContain(await responseOf(ids[0]!));
    expect(REVIEW_RESPONSES.critical.en).toContain(await responseOf(ids[2]!));
    expect(REVIEW_RESPONSES.critical.fr).toContain(await responseOf(ids[4]!));
  });

  it('leaves a reply the agency wrote and replies under good reviews untouched', async () => {
    expect(await responseOf(ids[1]!)).toBe(AGENCY_REPLY);
    expect(await responseOf(ids[3]!)).toBe(OLD_CANNED_EN);
  });

  it("knows the seed's present replies", () => {
    expect(CRITICAL_SEED_REPLIES).toEqual(REVIEW_RESPONSES.critical);
    for (const lang of ['fr', 'en'] as const) {
      for (const text of REVIEW_RESPONSES.good[lang]) {
        expect(CHEERFUL_SEED_REPLIES[lang]).toContain(text);
      }
    }
  });
});
