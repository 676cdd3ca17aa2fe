import { alertLinkPath } from '../../shared/bff-paths';
import type { Lang } from '../../shared/contract';
import { signMailToken } from './tokens';

/**
 * The confirm and unsubscribe links of an alert, and the unsubscribe headers (RFC 2369, 8058).
 * The links open pages of the web app (in the alert's language) that act only on the click of
 * their button, a POST: mail scanners and link previews fetch links on their own. The one-click
 * unsubscribe of RFC 8058 is a POST by the mail client to the same URL.
 */
export function alertMailLinks(
  publicUrl: string,
  secret: string,
  alertId: number,
  unsubscribeMailbox: string,
  lang: Lang = 'fr',
) {
  const confirmToken = signMailToken(secret, 'confirm', alertId);
  const unsubscribeToken = signMailToken(secret, 'unsubscribe', alertId);
  const confirmUrl = `${publicUrl}${alertLinkPath('confirm', confirmToken, lang)}`;
  const unsubscribeUrl = `${publicUrl}${alertLinkPath('unsubscribe', unsubscribeToken, lang)}`;
  const mailto = `mailto:${unsubscribeMailbox}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken}`)}`;
  return {
    confirmUrl,
    unsubscribeUrl,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
