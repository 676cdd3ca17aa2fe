import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';

// The router's state as it travels from the server to the browser: loader data, and errors in a
// form JSON can carry (react-router's own convention: `__type` tags). Server errors never travel
// with their message or stack.

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
            statusText: error.statusText,
            data: error.data as unknown,
            internal: false,
          }
        : { __type: 'Error', message: 'Unexpected Server Error' };
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}
