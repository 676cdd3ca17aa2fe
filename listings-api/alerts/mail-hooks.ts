import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { MailHooks } from '../mail/outbox';
import { markConfirmationSent, selectAlertMailState } from '../repositories/alerts';

// What the outbox checks before sending an alert's mail, and records after: a mail of an alert
// unsubscribed (or deleted) meanwhile is cancelled, a digest waits for a confirmed address, and
// the alert keeps when its confirmation went.

async function alertState(db: Kysely<Database>, alertId: number | null) {
  return alertId == null ? undefined : selectAlertMailState(db, alertId);
}

export const alertMailHooks: MailHooks = {
  confirm: {
    async check(db, row) {
      const alert = await alertState(db, row.alert_id);
      return !alert || alert.unsubscribed_at != null ? 'alert unsubscribed' : null;
    },
    async sent(db, row, now) {
      if (row.alert_id != null) await markConfirmationSent(db, row.alert_id, now);
    },
  },
  digest: {
    async check(db, row) {
      const alert = await alertState(db, row.alert_id);
      if (!alert || alert.unsubscribed_at != null) return 'alert unsubscribed';
      return alert.confirmed_at == null ? 'alert not confirmed' : null;
    },
  },
};
