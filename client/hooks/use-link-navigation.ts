import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Page paths the router renders; other paths of the site (/lang/, /media/, /api/) are the server's. */
const PAGE_PATH = /^\/(fr|en)\//;

/** The path of an anchor click the router should take over, or null to let the browser go. */
export function clientNavigationTarget(
  event: MouseEvent,
  origin: string,
  current: string,
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  if (anchor.hasAttribute('data-reload')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin || !PAGE_PATH.test(url.pathname)) return null;
  // A link to an anchor of this very page: the browser scrolls.
  if (url.hash && `${url.pathname}${url.search}` === current) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Plain <a href> links to pages navigate in the app (no reload), through one listener on the
 * document: cheaper to render than a react-router <Link> per anchor, and the same markup works
 * without JavaScript. <Link> keeps working (it handles its own clicks). `data-reload` on an
 * anchor asks for a full page load.
 */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = clientNavigationTarget(
        event,
        window.location.origin,
        `${window.location.pathname}${window.location.search}`,
      );
      if (target === null) return;
      event.preventDefault();
      void navigate(target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
