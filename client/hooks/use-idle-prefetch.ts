import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Config } from '../../shared/contract';
import { resolvePath } from '../../shared/routes';
import { loadScreen } from '../app/screens';

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** A visitor who asked to save data, or on a 2G-like connection, downloads nothing ahead. */
function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  return !connection.saveData && !/(?:^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Once the page has loaded and the browser is idle (at the latest 2 s later), load the code of
 * the screens the visitor can reach from the links they see: each internal link is watched and
 * its screen's chunk loaded only when the link is in the viewport, so the next click only waits
 * for data. Links below the fold, in closed menus or hidden are never followed ahead, and
 * neither is the page's own screen (already loaded).
 */
export function useIdlePrefetch(config: Config): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || !prefetchAllowed()) return;
    let observer: IntersectionObserver | undefined;
    let idle: number | undefined;
    const current = resolvePath(window.location.pathname, config);
    const seen = new Set<string>(current.kind === 'screen' ? [current.screen] : []);
    const watch = () => {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const url = new URL((entry.target as HTMLAnchorElement).href);
          if (url.origin !== window.location.origin) continue;
          const resolved = resolvePath(url.pathname, config);
          if (resolved.kind !== 'screen' || seen.has(resolved.screen)) continue;
          seen.add(resolved.screen);
          loadScreen(resolved.screen, { reload: false }).catch(() => {});
        }
      });
      document
        .querySelectorAll('a[href^="/fr/"], a[href^="/en/"]')
        .forEach((a) => observer?.observe(a));
    };
    const schedule = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(watch, { timeout: PREFETCH_IDLE_TIMEOUT_MS })
        : window.setTimeout(watch, PREFETCH_IDLE_TIMEOUT_MS);
    };
    // Nothing is fetched ahead while the page itself is still loading.
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (idle !== undefined) {
        if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
      observer?.disconnect();
    };
  }, [pathname, config]);
}
