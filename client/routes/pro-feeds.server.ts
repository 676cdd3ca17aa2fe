import { data, redirect } from 'react-router';
import { isPortalApiError } from '../../shared/portal-api';
import { href } from '../../shared/routes';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';
import { FEED_KEY_FORM, type FeedKeyOutcome } from '../components/pro-feeds/feed-key';

// The feeds page's action (client/routes/pro-feeds.tsx): an owner's new feed key. The listings
// API makes it (the earlier key refused from then on), audits it, and answers it once; the page
// shows it in this answer alone (the page is never cached).

async function rotateFeedKey({ api, lang, config }: ScreenActionArgs) {
  try {
    const { key, createdAt } = await api.send('proFeedKeyRotate', {});
    return data<FeedKeyOutcome>({ form: FEED_KEY_FORM, status: 'rotated', key, createdAt });
  } catch (error) {
    if (isPortalApiError(error) && error.status === 401) {
      throw redirect(href('proSignIn', {}, lang, config), 303);
    }
    if (isPortalApiError(error) && error.status === 403) {
      return data<FeedKeyOutcome>({ form: FEED_KEY_FORM, status: 'failed' }, { status: 403 });
    }
    throw error;
  }
}

export default {
  [FEED_KEY_FORM]: rotateFeedKey,
} satisfies ScreenActions;
