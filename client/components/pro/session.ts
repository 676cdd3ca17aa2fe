import { redirect } from 'react-router';
import type { CachePolicy } from '../../../shared/cache-policy';
import { isPortalApiError } from '../../../shared/portal-api';
import type { ProMe } from '../../../shared/pro';
import { href } from '../../../shared/routes';
import type { Head, ScreenLoaderArgs } from '../../app/screen';

// What every screen of the professional space shares: the signed-in user, loaded first by its
// loader (`requireProUser`: without a live session the visitor goes to the sign-in page), the
// cache policy (the page is the user's own: `private, no-store`, never in the edge nor the page
// cache), and the head (never indexed). The session itself travels as a cookie the browser and
// the web app hold; loaders never see its id.

/** Pages of the space: the user's own, never kept by a cache. */
export const PRO_CACHE: CachePolicy = { sMaxAge: 0, staleWhileRevalidate: 0, private: true };

/** The robots meta of the space's pages. */
export const PRO_ROBOTS = 'noindex, nofollow';

/**
 * The signed-in user of the request (GET /pro/me with the session's cookie); without a live
 * session the loader answers a redirect to the sign-in page.
 */
export async function requireProUser({ api, lang, config, request }: ScreenLoaderArgs) {
  try {
    return await api.get('proMe', {}, { signal: request.signal });
  } catch (error) {
    if (isPortalApiError(error) && error.status === 401) {
      throw redirect(href('proSignIn', {}, lang, config), 303);
    }
    throw error;
  }
}

/** The user of a page that may be shown signed out (the sign-in page); null when signed out. */
export async function optionalProUser(args: ScreenLoaderArgs): Promise<ProMe | null> {
  try {
    return await args.api.get('proMe', {}, { signal: args.request.signal });
  } catch (error) {
    if (isPortalApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The head of a page of the space. */
export function proHead(title: string): Head {
  return { title, robots: PRO_ROBOTS };
}

/** Forms of the dashboard's actions (client/routes/pro-dashboard.server.ts): the shell's buttons. */
export const SIGN_OUT_FORM = 'sign-out';
export const SIGN_OUT_EVERYWHERE_FORM = 'sign-out-everywhere';

/** Forms of the sign-in page (client/routes/pro-sign-in.server.ts). */
export const PRO_SIGN_IN_FORM = 'sign-in';
export const PRO_SIGN_IN_CONFIRM_FORM = 'sign-in-confirm';

/** What a form of the sign-in page came to. */
export interface ProSignInOutcome {
  form: typeof PRO_SIGN_IN_FORM | typeof PRO_SIGN_IN_CONFIRM_FORM;
  status: 'sent' | 'invalid' | 'invalid-link' | 'rate-limited' | 'failed';
  /** The address typed, shown again after a refusal. */
  email?: string;
  /** The refusal's message in the user's language. */
  message?: string;
}

export function proSignInOutcome(posted: unknown): ProSignInOutcome | null {
  const outcome = posted as Partial<ProSignInOutcome> | null | undefined;
  return outcome &&
    typeof outcome === 'object' &&
    (outcome.form === PRO_SIGN_IN_FORM || outcome.form === PRO_SIGN_IN_CONFIRM_FORM)
    ? (outcome as ProSignInOutcome)
    : null;
}

/** The leads page's form (client/routes/pro-leads.server.ts). */
export const PRO_LEAD_HANDLED_FORM = 'lead-handled';

/** The team page's forms (client/routes/pro-team.server.ts). */
export const PRO_INVITE_FORM = 'invite';
export const PRO_REMOVE_FORM = 'remove';

/** What a form of the team page came to. */
export interface ProTeamOutcome {
  form: typeof PRO_INVITE_FORM | typeof PRO_REMOVE_FORM;
  status: 'invited' | 'invalid' | 'taken' | 'failed';
  email?: string;
}

export function proTeamOutcome(posted: unknown): ProTeamOutcome | null {
  const outcome = posted as Partial<ProTeamOutcome> | null | undefined;
  return outcome &&
    typeof outcome === 'object' &&
    (outcome.form === PRO_INVITE_FORM || outcome.form === PRO_REMOVE_FORM)
    ? (outcome as ProTeamOutcome)
    : null;
}
