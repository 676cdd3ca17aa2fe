import * as v from 'valibot';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { cliConfig, cliDbOptions, runCommand } from '../lib/cli-env';
import { selectAgencyBySlug } from '../repositories/agencies';
import { ProEmailSchema, ProRoleSchema } from '../../shared/pro';
import { addProUser } from './users';

// `npm run pro:invite -- <agency> <email> [--role owner|member]`: adds a user to an agency's
// professional space (default role: member), or changes the role of one of its users. The user
// signs in with a link mailed from the sign-in page. Database: DATABASE_URL, or the PGlite
// directory PGLITE_DIR (default .data/pglite; stop the embedded portal first).

const USAGE = 'usage: npm run pro:invite -- <agency slug> <email> [--role owner|member]';

const Args = v.tuple([
  v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'the agency must be given by its slug')),
  ProEmailSchema,
]);

async function main(argv: string[]): Promise<number> {
  const roleAt = argv.indexOf('--role');
  const role = v.safeParse(ProRoleSchema, roleAt >= 0 ? argv[roleAt + 1] : 'member');
  const rest = roleAt >= 0 ? argv.filter((_, i) => i !== roleAt && i !== roleAt + 1) : argv;
  const args = v.safeParse(Args, rest);
  if (!args.success || !role.success) {
    const issue = !args.success ? args.issues[0] : !role.success ? role.issues[0] : undefined;
    console.error(`pro:invite: ${issue?.message ?? 'bad arguments'}\n${USAGE}`);
    return 2;
  }
  const [slug, email] = args.output;
  const config = cliConfig('pro:invite');
  if (!config) return 2;
  const db = await openDb(cliDbOptions(config));
  try {
    await migrateToLatest(db);
    const agency = await selectAgencyBySlug(db, slug);
    if (!agency) {
      console.error(`pro:invite: agency ${slug} not found`);
      return 1;
    }
    const user = await addProUser(db.kysely, agency.id, email, role.output);
    if (!user) {
      console.error(`pro:invite: ${email} is a user of another agency`);
      return 1;
    }
    console.log(
      `pro:invite: ${email} is ${role.output === 'owner' ? 'an owner' : 'a member'} of ${agency.name}; sign in from the professional space's sign-in page.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

runCommand('pro:invite', () => main(process.argv.slice(2)));
