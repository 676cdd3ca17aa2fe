import type { Insertable, Selectable } from 'kysely';
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
