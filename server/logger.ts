import { Writable } from 'node:stream';
import pino, { type Logger, type LoggerOptions } from 'pino';

// Structured JSON logs (one object per line, for the log pipeline); on a terminal, a short
// readable line instead. No personal data: no IP addresses, no query strings, no bodies.

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/** A destination that prints `12:00:00 INFO message key=value` lines (for a TTY). */
export function prettyDestination(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          const time = new Date(Number(entry.time)).toISOString().slice(11, 19);
          const level = LEVELS[Number(entry.level)] ?? String(entry.level);
          const extras = Object.entries(entry)
            .filter(([key]) => !SKIP.has(key))
            .map(([key, value]) => {
              if (key === 'err' && value && typeof value === 'object') {
                const err = value as { message?: string; stack?: string };
                return `\n  ${err.stack ?? err.message ?? ''}`;
              }
              return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
            })
            .join(' ');
          out.write(`${time} ${level.padEnd(5)} ${String(entry.msg ?? '')} ${extras}\n`);
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

export function createLogger(
  level: LoggerOptions['level'],
  pretty = Boolean(process.stdout.isTTY),
): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'email', 'phone'],
      remove: true,
    },
  };
  return pretty ? pino(options, prettyDestination()) : pino(options);
}
