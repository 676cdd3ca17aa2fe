import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import type { RootData } from './routes';

// The router's state as it travels from the server to the browser: loader data, and errors in a
// form JSON can carry (react-router's own convention: `__type` tags). Server errors never travel
// with their message or stack, and an error response only with its status, the status's own
// reason phrase and the public reason the error page shows (never what a failure said inside).
//
// The frame's data (the config: natures, the rubrique tree in both languages, settings; the
// footer's places) is the same on every page and is most of what a page would carry. It travels
// apart: a JSON file named after its content's hash (`/_frame/{hash}.json`, cached for good),
// preloaded by the page and put back into the root loader's data before hydration.

type SerializedError =
  | {
      __type: 'RouteErrorResponse';
      status: number;
      statusText: string;
      data: unknown;
      internal: boolean;
    }
  | { __type: 'Error'; message: string };

export interface HydrationState {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

/** What the frame file holds: the root loader's data that does not depend on the page. */
export type FrameData = Pick<RootData, 'config' | 'promoteLieux'>;

/** The root loader's data as a page carries it (the frame file holds the rest). */
export type PageRootData = Omit<RootData, keyof FrameData>;

/** The root loader's data split into the frame file's part and the page's. */
export function splitRootData(root: RootData): { frame: FrameData; page: PageRootData } {
  const { config, promoteLieux, ...page } = root;
  return { frame: { config, promoteLieux }, page };
}

/** The root loader's data put back together in the browser. */
export function joinRootData(page: PageRootData, frame: FrameData): RootData {
  return { ...page, config: frame.config, promoteLieux: frame.promoteLieux };
}

/** The reason phrases of the statuses pages answer with. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The public part of an error response's data: its reason (see errors.ts), nothing else. */
function publicErrorData(data: unknown): { reason: string } | undefined {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return typeof data === 'object' && typeof reason === 'string' && /^[a-z-]{1,40}$/.test(reason)
    ? { reason }
    : undefined;
}

export function serializeHydration(context: StaticHandlerContext): {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
} {
  let errors: Record<string, SerializedError> | null = null;
  if (context.errors) {
    errors = {};
    for (const [id, error] of Object.entries(context.errors)) {
      errors[id] = isRouteErrorResponse(error)
        ? {
            __type: 'RouteErrorResponse',
            status: error.status,
            statusText: STATUS_TEXT[error.status] ?? '',
            data: publicErrorData(error.data),
            internal: false,
          }
        : { __type: 'Error', message: 'Unexpected Server Error' };
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}
