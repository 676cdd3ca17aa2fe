import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection';
import * as m001 from './migrations/001-core';
import * as m002 from './migrations/002-search-counts';
import * as m003 from './migrations/003-alert-mail';
import * as m004 from './migrations/004-offer-search-indexes';
import * as m005 from './migrations/005-hidden-price-sort-indexes';
import * as m006 from './migrations/006-agency-relevance';
import * as m007 from './migrations/007-prospect-mail-retention';
import * as m008 from './migrations/008-offer-places';
import * as m009 from './migrations/009-place-search-function';
import * as m010 from './migrations/010-lieu-earth-points';
import * as m011 from './migrations/011-offer-cover-photo';
import * as m012 from './migrations/012-listings-lifecycle';
import * as m013 from './migrations/013-offer-map-points';
import * as m014 from './migrations/014-offer-map-cells';
import * as m015 from './migrations/015-offer-map-cells-city';
import * as m016 from './migrations/016-offer-map-edges';
import * as m017 from './migrations/017-review-replies-fit-rating';
import * as m018 from './migrations/018-lead-mails';
import * as m020 from './migrations/020-offer-energy-mentions';
import * as m021 from './migrations/021-offer-comparables';
import * as m022 from './migrations/022-mail-outbox-recipient';
import * as m023 from './migrations/023-pro-space';
import * as m024 from './migrations/024-offer-stat-days';
import * as m028 from './migrations/028-offer-price-medians';
import * as m029 from './migrations/029-alert-place-scope';

// Migrations are listed here in order; a new one is a new file and a new line.
const migrations: Record<string, Migration> = {
  '001-core': m001,
  '002-search-counts': m002,
  '003-alert-mail': m003,
  '004-offer-search-indexes': m004,
  '005-hidden-price-sort-indexes': m005,
  '006-agency-relevance': m006,
  '007-prospect-mail-retention': m007,
  '008-offer-places': m008,
  '009-place-search-function': m009,
  '010-lieu-earth-points': m010,
  '011-offer-cover-photo': m011,
  '012-listings-lifecycle': m012,
  '013-offer-map-points': m013,
  '014-offer-map-cells': m014,
  '015-offer-map-cells-city': m015,
  '016-offer-map-edges': m016,
  '017-review-replies-fit-rating': m017,
  '018-lead-mails': m018,
  '020-offer-energy-mentions': m020,
  '021-offer-comparables': m021,
  '022-mail-outbox-recipient': m022,
  '023-pro-space': m023,
  '024-offer-stat-days': m024,
  '028-offer-price-medians': m028,
  '029-alert-place-scope': m029,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
