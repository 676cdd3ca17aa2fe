import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// An alert of a place that points to an omr list (Megève → its resorts) used to search the whole
// list whenever its criteria named the place alone: the list was read from the place at each
// digest. Alerts now search what their criteria say (the place alone, or the list when
// `omr_list_id` names it), so the older alerts of such places get the list's id written into
// their criteria: they searched the wider list and keep searching it, now explicitly. Alerts of
// other places, and those already naming a list, are left as they are.
//
// The criteria key (the uniqueness of an address's live alerts) follows the criteria: the
// sha256 of their JSON with keys in order, as POST /alerte computes it. When the address already
// has a live alert of the rewritten criteria, both are kept (they mailed the same offers before)
// and the rewritten one's key gets its id, so that neither is refused.

/** The criteria in canonical form: keys in order (the values are stored canonical already). */
function canonical(criteria: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(criteria).sort()) {
    if (criteria[key] !== null && criteria[key] !== undefined) out[key] = criteria[key];
  }
  return out;
}

interface OlderAlert {
  id: number | string;
  email: string;
  criteria: Record<string, unknown> | string;
  live: boolean;
  omr_list_id: number;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<OlderAlert>`
    SELECT a.id, a.email, a.criteria, a.unsubscribed_at IS NULL AS live, l.omr_list_id
    FROM alerts a
    JOIN lieux l ON l.id::text = a.criteria->>'lieu'
    WHERE jsonb_typeof(a.criteria->'lieu') = 'number'
      AND l.omr_list_id IS NOT NULL
      AND coalesce(jsonb_typeof(a.criteria->'omr_list_id'), 'null') = 'null'
    ORDER BY a.id
  `.execute(db);
  for (const row of rows) {
    const stored = typeof row.criteria === 'string' ? JSON.parse(row.criteria) : row.criteria;
    const criteria = canonical({ ...(stored as object), omr_list_id: row.omr_list_id });
    const json = JSON.stringify(criteria);
    let key = createHash('sha256').update(json).digest('hex');
    if (row.live) {
      const { rows: taken } = await sql<{ id: unknown }>`
        SELECT id FROM alerts
        WHERE lower(email) = lower(${row.email}) AND criteria_key = ${key}
          AND unsubscribed_at IS NULL AND id <> ${row.id}
        LIMIT 1
      `.execute(db);
      if (taken.length > 0) key = `${key}-${String(row.id)}`;
    }
    await sql`
      UPDATE alerts SET criteria = ${json}::jsonb, criteria_key = ${key} WHERE id = ${row.id}
    `.execute(db);
  }
}

export async function down(): Promise<void> {
  // The rewritten criteria mean what they meant before: nothing to undo.
}
