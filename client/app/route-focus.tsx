import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app, what a screen-reader user expects from a page load: focus
 * on the new page's main heading (made focusable by script, out of the tab order) and its title
 * announced by a polite live region. Not on the first load (the browser does it), not when only
 * the hash changes, and not when only the query changes while the focused control is still in
 * the page (a sort select, a filter, a tab: the visitor keeps working where they are); if that
 * control is gone, focus goes to the heading too.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const previous = useRef<{ pathname: string; search: string } | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    if (!before) return;
    const samePath = before.pathname === location.pathname;
    if (samePath && before.search === location.search) return;
    // A page opened on a part of it (a list's results, '#results') gets focus there.
    const target = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    const active = document.activeElement;
    const keepsFocus =
      samePath && active instanceof HTMLElement && active !== document.body && active.isConnected;
    if (keepsFocus && !target) return;
    const heading =
      target ?? document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    setMessage(document.title);
  }, [location.pathname, location.search, location.hash]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </p>
  );
}
