import * as v from 'valibot';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { cliConfig, cliDbOptions, runCommand } from '../lib/cli-env';
import { selectAgencyBySlug } from '../repositories/agencies';
import { issueFeedKey } from './keys';

// `npm run feed:key -- <agency>`: prints a new feed key for the agency (POST /feeds/{agency});
// the agency's earlier key stops working. Database: DATABASE_URL, or the PGlite directory
// PGLITE_DIR (default .data/pglite; PGlite allows one process at a time, so stop the embedded
// portal first).

const Slug = v.pipe(
  v.string('usage: npm run feed:key -- <agency slug>'),
  v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'the agency must be given by its slug'),
);

async function main(argv: string[]): Promise<number> {
  const slug = v.safeParse(Slug, argv[0]);
  if (!slug.success || argv.length > 1) {
    console.error(
      `feed:key: ${slug.success ? 'give one agency' : slug.issues[0].message}\nusage: npm run feed:key -- <agency slug>`,
    );
    return 2;
  }
  const config = cliConfig('feed:key');
  if (!config) return 2;
  const db = await openDb(cliDbOptions(config));
  try {
    await migrateToLatest(db);
    const agency = await selectAgencyBySlug(db, slug.output);
    if (!agency) {
      console.error(`feed:key: agency ${slug.output} not found`);
      return 1;
    }
    const key = await issueFeedKey(db, agency.id);
    console.error(`feed:key: new feed key of ${agency.name} (the earlier one no longer works):`);
    console.log(key);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand('feed:key', () => main(process.argv.slice(2)));
