import * as v from 'valibot';
import type { DbOptions } from '../db/connection';

// The database of the command-line jobs (alerts:send, privacy:purge): DATABASE_URL (PostgreSQL)
// or the PGlite directory PGLITE_DIR (default .data/pglite; PGlite allows one process at a time,
// so stop the embedded portal first).

const DbEnvSchema = v.object({
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => /^postgres(ql)?:\/\//.test(s), 'must be a postgres:// URL'),
    ),
  ),
  PGLITE_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

/**
 * The database options of a command from its environment (empty variables count as unset), or
 * null after printing `{command}: {variable} {message}` on stderr.
 */
export function cliDbOptions(command: string, env: NodeJS.ProcessEnv): DbOptions | null {
  const present = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
  const parsed = v.safeParse(DbEnvSchema, present);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    console.error(`${command}: ${v.getDotPath(issue) ?? 'environment'} ${issue.message}`);
    return null;
  }
  return {
    databaseUrl: parsed.output.DATABASE_URL,
    dataDir: parsed.output.PGLITE_DIR,
    poolSize: 2,
  };
}

/**
 * Runs a command's main function: its answer is the exit code; an error it throws is printed as
 * `{command} failed: {message}` (no stack trace) with exit code 1.
 */
export function runCommand(command: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`${command} failed:`, err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
