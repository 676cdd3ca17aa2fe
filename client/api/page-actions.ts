import { data } from 'react-router';
import {
  ACTION_HEADER,
  FORM_FIELD,
  type ActionAnswer,
  type ActionFailure,
} from '../../shared/page-actions';
import { trackTask } from '../app/loading-tracker';

// The browser side of page actions (shared/page-actions.ts): the router's action call goes to the
// server, which runs the page's action and answers its outcome as JSON. A refusal before the
// action (403, 413, 429...), a failure or no network at all comes back as an ActionFailure, so a
// form always has an outcome to show and never the error page.

export async function submitToServer(request: Request): Promise<unknown> {
  const form = await request.formData();
  const name = form.get(FORM_FIELD);
  const body = new URLSearchParams();
  form.forEach((value, key) => {
    if (typeof value === 'string') body.append(key, value);
  });
  const failure = (httpStatus: number, message?: string): ActionFailure => ({
    form: typeof name === 'string' ? name : '',
    status: 'failed',
    httpStatus,
    ...(message ? { message } : {}),
  });
  let response: Response;
  try {
    response = await trackTask(
      fetch(request.url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          [ACTION_HEADER]: '1',
        },
        body,
        signal: request.signal,
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    return data(failure(0), { status: 503 });
  }
  const answer = (await response.json().catch(() => undefined)) as ActionAnswer | undefined;
  if (answer && typeof answer === 'object' && 'data' in answer) {
    return data(answer.data, { status: response.status });
  }
  const message = typeof answer?.message === 'string' ? answer.message : undefined;
  return data(failure(response.status, message), { status: response.ok ? 502 : response.status });
}
