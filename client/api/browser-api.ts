import {
  API_PATHS,
  HEADER_PARAMS,
  PortalApiError,
  type PortalApi,
  type PortalGetEndpoints,
  type PortalSendEndpoints,
  type SendName,
} from '../../shared/portal-api';
import { queryEntries, queryString } from '../../shared/query-string';
import { trackTask } from '../app/loading-tracker';

// The browser side of PortalApi: the BFF's /api/* JSON endpoints. The BFF has already checked
// every answer against the contract, so answers are not parsed a second time here (less code to
// ship). A failure becomes the same PortalApiError as on the server.

/** The query string and the headers of a call (HEADER_PARAMS' parameters go in headers). */
function request(query: object, inHeaders: Readonly<Record<string, string>> = {}) {
  const inQuery: Record<string, string> = {};
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [key, text] of queryEntries(query)) {
    if (inHeaders[key]) headers[inHeaders[key]] = text;
    else inQuery[key] = text;
  }
  return { search: queryString(inQuery), headers };
}

async function answer<T>(response: Promise<Response>): Promise<T> {
  let res: Response;
  try {
    res = await response;
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    // Offline or the BFF unreachable.
    throw new PortalApiError(503, 'network error');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (error) {
    // A call given up while its answer was read (a newer map view, another keystroke) is given
    // up, never an answer without a body; an answer that is not JSON is a failure.
    if ((error as { name?: string }).name === 'AbortError') throw error;
    if (res.ok) throw new PortalApiError(502, 'unreadable answer');
  }
  if (!res.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new PortalApiError(
      res.status,
      typeof message === 'string' ? message : res.statusText,
      body,
    );
  }
  return body as T;
}

/** A PortalApi over the BFF; `initial` seeds answers the page already carries (the config). */
export function createBrowserApi(
  initial: Partial<{ config: PortalGetEndpoints['config']['answer'] }> = {},
): PortalApi {
  const memo = new Map<string, Promise<unknown>>();
  if (initial.config) memo.set(`config {}`, Promise.resolve(initial.config));
  // Answers that do not change during a visit are asked once.
  const memoised = new Set<string>(['config', 'omrData', 'mapConfig']);
  // Background calls stay out of the progress bar of the navigation under way.
  const track = <T>(call: Promise<T>, background: boolean | undefined) =>
    background ? call : trackTask(call);

  return {
    get(name, query, options) {
      const key = `${name} ${JSON.stringify(query)}`;
      const hit = memo.get(key);
      if (hit) return hit as ReturnType<PortalApi['get']>;
      const { search, headers } = request(query, HEADER_PARAMS[name]);
      const call = track(
        answer<PortalGetEndpoints[typeof name]['answer']>(
          fetch(`${API_PATHS[name]}${search}`, { headers, signal: options?.signal }),
        ),
        options?.background,
      );
      if (memoised.has(name)) {
        memo.set(key, call);
        call.catch(() => memo.delete(key));
      }
      return call;
    },
    send(name, body, options) {
      // The page actions' writes run on the server only (shared/page-actions.ts).
      const path = (API_PATHS as Partial<Record<SendName, string>>)[name];
      if (!path) return Promise.reject(new PortalApiError(404, `${name}: a page action's write`));
      return track(
        answer<PortalSendEndpoints[typeof name]['answer']>(
          fetch(path, {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: options?.signal,
            keepalive: options?.keepalive,
          }),
        ),
        options?.background,
      );
    },
  };
}
