import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../../listings-api/db/connection';
import type { OffersTable } from '../../../listings-api/db/types';

/**
 * Inserts a copy of a stored offer under a new id, slug and reference, published (and updated)
 * at `publishedAt`, with the given changes; an obsolete copy is withdrawn at that time too.
 */
export async function insertOfferCopy(
  db: Db,
  from: Selectable<OffersTable>,
  copy: { id: number; slug: string; reference: string; publishedAt: Date },
  over: Partial<Insertable<OffersTable>> = {},
): Promise<void> {
  // Every column but the cover photo, which the database computes.
  const { cover_photo: _computed, ...stored } = from;
  const status = over.status ?? 'active';
  await db.kysely
    .insertInto('offers')
    .values({
      ...stored,
      ...over,
      id: copy.id,
      slug: copy.slug,
      reference: copy.reference,
      status,
      photos: JSON.stringify(from.photos),
      fees: from.fees ? JSON.stringify(from.fees) : null,
      condo: from.condo ? JSON.stringify(from.condo) : null,
      published_at: copy.publishedAt,
      updated_at: copy.publishedAt,
      obsolete_at: status === 'obsolete' ? copy.publishedAt : null,
    })
    .execute();
}

/**
 * A large import, as one statement: `count` active copies of a stored offer under new ids, slugs
 * and references, published (and updated) at `publishedAt`, the newest copy with the highest id.
 */
export async function importOffersLike(
  db: Db,
  fromId: number,
  count: number,
  publishedAt: Date,
): Promise<void> {
  const columns = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_name = 'offers' AND table_schema = current_schema() AND is_generated = 'NEVER'
    ORDER BY ordinal_position
  `.execute(db.kysely);
  const replaced: Record<string, RawBuilder<unknown>> = {
    id: sql`(SELECT max(id) FROM offers) + n`,
    slug: sql`o.slug || '-import-' || n`,
    reference: sql`'IMPORT-' || n`,
    status: sql`'active'`,
    published_at: sql`${publishedAt}::timestamptz`,
    updated_at: sql`${publishedAt}::timestamptz`,
    obsolete_at: sql`NULL`,
  };
  const names = columns.rows.map((c) => c.name);
  const values = names.map((name) => replaced[name] ?? sql.ref(`o.${name}`));
  await sql`
    INSERT INTO offers (${sql.join(names.map((n) => sql.id(n)))})
    SELECT ${sql.join(values)}
    FROM offers o, generate_series(1, ${count}) AS n
    WHERE o.id = ${fromId}
  `.execute(db.kysely);
}
