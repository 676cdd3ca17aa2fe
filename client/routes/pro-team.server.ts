import { data, redirect } from 'react-router';
import * as v from 'valibot';
import { isPortalApiError } from '../../shared/portal-api';
import { ProEmailSchema, ProRemoveBodySchema, ProRoleSchema } from '../../shared/pro';
import { badRequest } from '../app/errors';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';
import { PRO_INVITE_FORM, PRO_REMOVE_FORM, type ProTeamOutcome } from '../components/pro/session';

// The team page's actions, an owner's (the listings API refuses a member with 403): invite an
// address (a sign-in link is mailed to it), remove a user (its sessions end at once).

async function invite({ api, form, lang }: ScreenActionArgs) {
  const raw = form.get('email');
  const email = typeof raw === 'string' ? raw.slice(0, 300) : '';
  const checked = v.safeParse(ProEmailSchema, email);
  const role = v.safeParse(ProRoleSchema, form.get('role') ?? 'member');
  const outcome = (value: ProTeamOutcome, status = 200) => data(value, { status });
  if (!checked.success || !role.success) {
    return outcome({ form: PRO_INVITE_FORM, status: 'invalid', email }, 400);
  }
  try {
    await api.send('proTeamInvite', { email: checked.output, role: role.output, lang });
  } catch (error) {
    if (isPortalApiError(error) && error.status === 409) {
      return outcome({ form: PRO_INVITE_FORM, status: 'taken', email }, 409);
    }
    throw error;
  }
  return outcome({ form: PRO_INVITE_FORM, status: 'invited', email: checked.output });
}

async function remove({ api, form, url }: ScreenActionArgs) {
  const body = v.safeParse(ProRemoveBodySchema, { id: form.get('id') });
  if (!body.success) throw badRequest(400);
  await api.send('proTeamRemove', body.output);
  throw redirect(url.pathname, 303);
}

export default { [PRO_INVITE_FORM]: invite, [PRO_REMOVE_FORM]: remove } satisfies ScreenActions;
