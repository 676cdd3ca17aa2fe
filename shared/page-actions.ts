// Writes go through the actions of the page that shows the form (react-router route actions,
// client/app/routes.tsx): a form posts to its page's own URL with a `_form` field naming it.
// Without JavaScript the browser posts the form and the server renders the page with the action's
// outcome. With JavaScript the browser's router calls the same URL with ACTION_HEADER and gets
// the action's outcome alone as JSON: the action itself always runs on the server, where the BFF
// enforces its duties (server/ssr/page-actions.ts).

/** Request header of the browser's action calls: answer the action's data as JSON, not the page. */
export const ACTION_HEADER = 'x-portal-action';

/** The form field naming which of the page's forms was posted. */
export const FORM_FIELD = '_form';

/** A form name: lower-case words joined by hyphens. */
export const FORM_NAME = /^[a-z][a-z-]{0,30}$/;

/** The JSON answer of an action call: the action's data, or what went wrong. */
export interface ActionAnswer {
  data?: unknown;
  /** The reason of a refusal (403, 413, 429...) or failure, in the visitor's language. */
  message?: string;
}

/**
 * What an action call came to when it never reached its action: the page's server refused it,
 * failed, or could not be reached. Every form shows it as a request that was not sent.
 */
export interface ActionFailure {
  form: string;
  status: 'failed';
  /** HTTP status of the refusal; 0 when the server was not reached. */
  httpStatus: number;
  message?: string;
}

export function isActionFailure(value: unknown): value is ActionFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as ActionFailure).status === 'failed' &&
    typeof (value as ActionFailure).httpStatus === 'number'
  );
}
