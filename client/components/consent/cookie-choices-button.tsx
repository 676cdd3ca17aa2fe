import { useLingui } from '@lingui/react/macro';
import { openCookieChoices } from '../../app/cookie-choices';

/** A button opening the cookie choices (the cookies page has one besides the footer's). */
export function CookieChoicesButton() {
  const { t } = useLingui();
  return (
    <button type="button" className="button" onClick={openCookieChoices}>
      {t`Modifier mes choix de cookies`}
    </button>
  );
}
