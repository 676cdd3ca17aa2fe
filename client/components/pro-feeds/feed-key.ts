// The feed key's form of the feeds page (client/routes/pro-feeds.tsx): an owner asks for a new key
// (`?key=confirm` shows the confirmation step), the page's `feed-key` action
// (client/routes/pro-feeds.server.ts) makes it, and the page shows it once.

export const FEED_KEY_FORM = 'feed-key';
/** The value of `?key=` that shows the confirmation step. */
export const FEED_KEY_CONFIRM = 'confirm';

export type FeedKeyOutcome =
  | { form: typeof FEED_KEY_FORM; status: 'rotated'; key: string; createdAt: string }
  | { form: typeof FEED_KEY_FORM; status: 'failed' };

export function feedKeyOutcome(value: unknown): FeedKeyOutcome | null {
  const outcome = value as Partial<FeedKeyOutcome> | null | undefined;
  return outcome && typeof outcome === 'object' && outcome.form === FEED_KEY_FORM
    ? (outcome as FeedKeyOutcome)
    : null;
}
