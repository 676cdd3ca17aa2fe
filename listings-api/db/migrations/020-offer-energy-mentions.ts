import { sql, type Kysely } from 'kysely';

// The energy mentions of an advertisement (shared/energy-rules.ts), from the Poliris columns
// 324–328 and the class columns' `VI`/`NS`:
// - dpe_date, dpe_method: when the DPE was made and by which method (`DPE_v07-2021`…);
// - dpe_cost_min, dpe_cost_max, dpe_cost_year: the estimated yearly energy cost for standard
//   use, in whole euros, and the year of the energy prices it is indexed on;
// - dpe_absence: why the offer has no DPE class: 'VI' a blank DPE, 'NS' not subject to it.
// offers_nature_dpe serves the search's maximum class (`dpe_max`): a nature's active offers by
// class, A first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE offers
      ADD COLUMN dpe_date date,
      ADD COLUMN dpe_method text,
      ADD COLUMN dpe_cost_min integer CHECK (dpe_cost_min >= 0),
      ADD COLUMN dpe_cost_max integer CHECK (dpe_cost_max >= dpe_cost_min),
      ADD COLUMN dpe_cost_year smallint,
      ADD COLUMN dpe_absence text CHECK (dpe_absence IN ('VI', 'NS'))
  `.execute(db);
  await sql`
    CREATE INDEX offers_nature_dpe ON offers (nature, dpe_class)
    WHERE status = 'active' AND dpe_class IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS offers_nature_dpe`.execute(db);
  await sql`
    ALTER TABLE offers
      DROP COLUMN dpe_date,
      DROP COLUMN dpe_method,
      DROP COLUMN dpe_cost_min,
      DROP COLUMN dpe_cost_max,
      DROP COLUMN dpe_cost_year,
      DROP COLUMN dpe_absence
  `.execute(db);
}
