import { alertMailHooks } from '../alerts/mail-hooks';
import { leadMailHooks } from './lead';
import type { MailHooks } from './outbox';

/** What the outbox checks and records for each kind of the portal's mails. */
export const portalMailHooks: MailHooks = { ...alertMailHooks, ...leadMailHooks };
