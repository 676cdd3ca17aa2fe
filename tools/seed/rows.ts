import type { Insertable, Selectable } from 'kysely';

/**
 * A row the seed writes into a table of the listings database (listings-api/db/types.ts): every
 * column an insert takes, save those left to their defaults, each in the type the table's rows
 * are read in. So it is an `Insertable` of the table (insertRows checks it), and the seed reads
 * its own rows as it builds the next ones (a lieu's ancestors, an agency's fee scale).
 */
export type SeedRow<Table, Defaulted extends keyof Insertable<Table> = never> = Omit<
  { [Column in keyof Insertable<Table>]-?: Selectable<Table>[Column & keyof Selectable<Table>] },
  Defaulted
>;
