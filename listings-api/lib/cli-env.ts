import type { DbOptions } from '../db/connection';
import { readListingsConfig, type ListingsConfig } from '../config';

// The environment of the command-line jobs (alerts:send, feed:import, feed:key, privacy:purge):
// the listings API's config. Their database: DATABASE_URL (PostgreSQL) or the PGlite directory
// PGLITE_DIR (default .data/pglite; PGlite allows one process at a time, so stop the embedded
// portal first).

/**
 * The listings API's config read from the command's environment, or null after printing
 * `{command}: invalid environment…` with every bad variable on stderr.
 */
export function cliConfig(
  command: string,
  env?: Record<string, string | undefined>,
): ListingsConfig | null {
  try {
    return readListingsConfig(env);
  } catch (err) {
    console.error(`${command}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/** The database options of a command: its config's database, with a small pool. */
export function cliDbOptions(config: ListingsConfig): DbOptions {
  return { databaseUrl: config.databaseUrl, dataDir: config.pgliteDir, poolSize: 2 };
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
