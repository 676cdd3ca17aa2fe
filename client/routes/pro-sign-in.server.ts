import { data, redirect } from 'react-router';
import * as v from 'valibot';
import { isPortalApiError } from '../../shared/portal-api';
import { ProEmailSchema } from '../../shared/pro';
import { href } from '../../shared/routes';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';
import {
  PRO_SIGN_IN_CONFIRM_FORM,
  PRO_SIGN_IN_FORM,
  type ProSignInOutcome,
} from '../components/pro/session';

// The sign-in page's actions: ask for a link (the answer is the same for any address; the web app
// limits requests per connection, the listings API per address), and spend a link's token (the
// web app sets the new session's cookie: server/pro/session.ts), then go to the dashboard.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const outcome = (value: ProSignInOutcome, status = 200) => data(value, { status });

async function signIn({ api, form, lang }: ScreenActionArgs) {
  const raw = form.get('email');
  const email = typeof raw === 'string' ? raw.slice(0, 300) : '';
  const checked = v.safeParse(ProEmailSchema, email);
  if (!checked.success) {
    return outcome({ form: PRO_SIGN_IN_FORM, status: 'invalid', email }, 400);
  }
  try {
    await api.send('proSignIn', { email: checked.output, lang });
  } catch (error) {
    if (!isPortalApiError(error)) throw error;
    if (error.status === 429) {
      return outcome(
        { form: PRO_SIGN_IN_FORM, status: 'rate-limited', email, message: error.message },
        429,
      );
    }
    return outcome({ form: PRO_SIGN_IN_FORM, status: 'failed', email }, 503);
  }
  return outcome({ form: PRO_SIGN_IN_FORM, status: 'sent' });
}

async function confirm({ api, form, lang, config }: ScreenActionArgs) {
  const token = form.get('token');
  if (typeof token !== 'string' || !TOKEN.test(token)) {
    return outcome({ form: PRO_SIGN_IN_CONFIRM_FORM, status: 'invalid-link' }, 400);
  }
  try {
    await api.send('proSignInConfirm', { token });
  } catch (error) {
    if (!isPortalApiError(error)) throw error;
    if (error.status === 400) {
      return outcome({ form: PRO_SIGN_IN_CONFIRM_FORM, status: 'invalid-link' }, 400);
    }
    return outcome({ form: PRO_SIGN_IN_CONFIRM_FORM, status: 'failed' }, 503);
  }
  throw redirect(href('proDashboard', {}, lang, config), 303);
}

export default {
  [PRO_SIGN_IN_FORM]: signIn,
  [PRO_SIGN_IN_CONFIRM_FORM]: confirm,
} satisfies ScreenActions;
