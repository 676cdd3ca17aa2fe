import { redirect } from 'react-router';
import * as v from 'valibot';
import { ProLeadHandledBodySchema } from '../../shared/pro';
import { badRequest } from '../app/errors';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';
import { PRO_LEAD_HANDLED_FORM } from '../components/pro/session';

// The leads page's action: marks a lead handled (or back to handle), then shows the page again at
// the same address (its filters and page), so that reloading it posts nothing. A lead of another
// agency answers 404 (the listings API's), a malformed form 400.

async function leadHandled({ api, form, url }: ScreenActionArgs) {
  const body = v.safeParse(ProLeadHandledBodySchema, {
    id: form.get('id'),
    handled: form.get('handled') === '1' ? true : form.get('handled') === '0' ? false : undefined,
  });
  if (!body.success) throw badRequest(400);
  await api.send('proLeadHandled', body.output);
  throw redirect(`${url.pathname}${url.search}`, 303);
}

export default { [PRO_LEAD_HANDLED_FORM]: leadHandled } satisfies ScreenActions;
