import { redirect } from 'react-router';
import { isPortalApiError } from '../../shared/portal-api';
import { href } from '../../shared/routes';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';
import { SIGN_OUT_EVERYWHERE_FORM, SIGN_OUT_FORM } from '../components/pro/session';

// The shell's sign-out buttons, posted to the dashboard: the listings API ends the session (or
// every session of the user), the web app clears the cookie (server/pro/session.ts), and the
// visitor lands on the sign-in page. A session already over signs out all the same.

function signOut(name: 'proSignOut' | 'proSignOutEverywhere') {
  return async ({ api, lang, config }: ScreenActionArgs) => {
    try {
      await api.send(name, {});
    } catch (error) {
      if (!isPortalApiError(error) || error.status !== 401) throw error;
    }
    throw redirect(`${href('proSignIn', {}, lang, config)}?signed-out=1`, 303);
  };
}

export default {
  [SIGN_OUT_FORM]: signOut('proSignOut'),
  [SIGN_OUT_EVERYWHERE_FORM]: signOut('proSignOutEverywhere'),
} satisfies ScreenActions;
