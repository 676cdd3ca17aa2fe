import * as v from 'valibot';
import type { UpstreamClient } from '../upstream/client';
import type { ChangesPage } from './changes-follower';

// GET /changes of the listings API through the web app's upstream client, checked against the
// answer's schema: the `fetchChanges` of a changes follower.

export const ChangesAnswerSchema = v.object({
  changes: v.array(v.object({ id: v.number(), at: v.string(), tags: v.array(v.string()) })),
  tags: v.array(v.string()),
  next: v.pipe(v.string(), v.regex(/^\d{1,15}$/)),
});

/** Changes asked by pages of this many (the API's largest page). */
export const CHANGES_PAGE_SIZE = 1000;

export function changesFromListingsApi(
  client: Pick<UpstreamClient, 'get'>,
): (since: string, signal: AbortSignal) => Promise<ChangesPage> {
  return async (since, signal) => {
    const answer = await client.get('/changes', ChangesAnswerSchema, {
      query: { since, limit: CHANGES_PAGE_SIZE },
      signal,
    });
    return { tags: answer.tags, next: answer.next };
  };
}
