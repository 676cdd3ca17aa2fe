import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Config } from '../../shared/contract';
import { resolvePath } from '../../shared/routes';
import { loadScreen } from '../app/screens';

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/**
 * Once the browser is idle (at the latest after 2 s), watch the page's internal links and load
 * the code of each linked screen as it scrolls into view, so the next click only waits for data.
 */
export function useIdlePrefetch(config: Config): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | undefined;
    const seen = new Set<string>();
    const start = () => {
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
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: PREFETCH_IDLE_TIMEOUT_MS })
      : window.setTimeout(start, PREFETCH_IDLE_TIMEOUT_MS);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      observer?.disconnect();
    };
  }, [pathname, config]);
}
