import { request } from 'undici';

// Purging cache tags at the edge, one interface for three kinds of edge:
// - Varnish with the xkey vmod (deploy/varnish/default.vcl): `PURGE /` with an `xkey-purge`
//   header of space-separated tags, sent to every Varnish host;
// - Cloudflare: `POST /client/v4/zones/{zone}/purge_cache` with `{"tags":[…]}` and an API token;
// - Fastly: `POST /service/{id}/purge` with a space-separated `Surrogate-Key` header and the
//   `Fastly-Key` token.
// A purge succeeds only when every request of it succeeded; otherwise it throws, and the follower
// hands the same tags again later (purging a tag twice is harmless).

export interface EdgePurger {
  readonly kind: EdgeKind;
  /** Purges every page carrying one of these tags; rejects when the edge did not confirm it. */
  purge(tags: readonly string[]): Promise<void>;
}

export type EdgeKind = 'varnish' | 'cloudflare' | 'fastly';

export type EdgePurgeTarget =
  | { kind: 'varnish'; urls: string[] }
  | { kind: 'cloudflare'; apiUrl: string; zoneId: string; token: string }
  | { kind: 'fastly'; apiUrl: string; serviceId: string; token: string };

export const CLOUDFLARE_API_URL = 'https://api.cloudflare.com/client/v4';
export const FASTLY_API_URL = 'https://api.fastly.com';

/** Tags per request: a header of a few KB for Varnish and Fastly; Cloudflare's limit per call. */
const BATCH: Record<EdgeKind, number> = { varnish: 200, cloudflare: 30, fastly: 256 };

export class EdgePurgeError extends Error {
  override name = 'EdgePurgeError';
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  try {
    const res = await request(url, {
      method: init.method as 'POST',
      headers: init.headers,
      body: init.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  } catch (error) {
    throw new EdgePurgeError(`${init.method} ${url} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export interface EdgePurgerOptions {
  /** Time limit of one purge request (ms). */
  timeoutMs?: number;
  /** Told the outcome of every purge request sent (for the metrics). */
  onRequest?: (outcome: 'sent' | 'failed') => void;
}

export function createEdgePurger(
  target: EdgePurgeTarget,
  options: EdgePurgerOptions = {},
): EdgePurger {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const kind = target.kind;
  const counted = async (request: () => Promise<void>) => {
    try {
      await request();
      options.onRequest?.('sent');
    } catch (error) {
      options.onRequest?.('failed');
      throw error;
    }
  };

  async function purgeBatch(tags: string[]): Promise<void> {
    switch (target.kind) {
      case 'varnish': {
        const results = await Promise.allSettled(
          target.urls.map((url) =>
            counted(async () => {
              const res = await send(
                url,
                { method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } },
                timeoutMs,
              );
              if (res.status !== 200) {
                throw new EdgePurgeError(
                  `PURGE ${url} answered ${res.status}: ${res.text.slice(0, 200)}`,
                );
              }
            }),
          ),
        );
        const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed.length > 0) {
          throw new EdgePurgeError(failed.map((r) => (r.reason as Error).message).join('; '), {
            cause: failed[0]?.reason,
          });
        }
        return;
      }
      case 'cloudflare': {
        const url = `${target.apiUrl}/zones/${encodeURIComponent(target.zoneId)}/purge_cache`;
        const res = await send(
          url,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${target.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ tags }),
          },
          timeoutMs,
        );
        let success = false;
        try {
          success = (JSON.parse(res.text) as { success?: unknown }).success === true;
        } catch {
          success = false;
        }
        if (res.status !== 200 || !success) {
          throw new EdgePurgeError(
            `Cloudflare purge answered ${res.status}: ${res.text.slice(0, 200)}`,
          );
        }
        return;
      }
      case 'fastly': {
        const url = `${target.apiUrl}/service/${encodeURIComponent(target.serviceId)}/purge`;
        const res = await send(
          url,
          {
            method: 'POST',
            headers: { 'fastly-key': target.token, 'surrogate-key': tags.join(' ') },
          },
          timeoutMs,
        );
        if (res.status !== 200) {
          throw new EdgePurgeError(
            `Fastly purge answered ${res.status}: ${res.text.slice(0, 200)}`,
          );
        }
        return;
      }
    }
  }

  return {
    kind,
    async purge(tags) {
      const unique = [...new Set(tags)].filter((tag) => /^[\w:.\-/]+$/.test(tag));
      for (const batch of batches(unique, BATCH[kind])) {
        // Varnish counts each host's request itself; Cloudflare and Fastly make one per batch.
        if (kind === 'varnish') await purgeBatch(batch);
        else await counted(() => purgeBatch(batch));
      }
    },
  };
}
