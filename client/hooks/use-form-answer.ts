import { useState } from 'react';
import { isActionFailure, type ActionFailure } from '../../shared/page-actions';

/**
 * The answer of a form posted through the router (shared/page-actions.ts): its action's outcome,
 * else the failure of a call that never reached the action (refused, failed, no network); both
 * null for an answer that is neither.
 */
export interface FormAnswer<O> {
  outcome: O | null;
  failure: ActionFailure | null;
}

/**
 * Handles each answer of `fetcher` once: `onAnswer` runs while rendering (it sets the form's
 * state) when an answer arrives, and the answer last handled is returned, the same object until
 * the next one (for the effects that follow it: focus, storage); undefined before any.
 * `outcomeOf` tells the form's own outcome from anything else.
 */
export function useFormAnswer<O>(
  fetcher: { state: string; data?: unknown },
  outcomeOf: (answer: unknown) => O | null,
  onAnswer: (answer: FormAnswer<O>) => void,
): FormAnswer<O> | undefined {
  const data: unknown = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [handled, setHandled] = useState<{ data: unknown; answer: FormAnswer<O> }>();
  if (data === undefined || data === handled?.data) return handled?.answer;
  const outcome = outcomeOf(data);
  const answer: FormAnswer<O> = {
    outcome,
    failure: outcome === null && isActionFailure(data) ? data : null,
  };
  setHandled({ data, answer });
  onAnswer(answer);
  return answer;
}
