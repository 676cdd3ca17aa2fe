// The footer's cookie-choices button asks for the consent dialog through this window event; the
// cookie consent feature listens to it (and marks itself ready so the button knows someone
// answers). Keeping it an event lets the frame stay ignorant of the consent code.

export const COOKIE_CHOICES_EVENT = 'portal:cookie-choices';

/** Asks the consent feature to open its dialog. */
export function openCookieChoices(): void {
  window.dispatchEvent(new CustomEvent(COOKIE_CHOICES_EVENT));
}
