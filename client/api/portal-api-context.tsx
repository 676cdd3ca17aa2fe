import { createContext, useContext, type ReactNode } from 'react';
import type { PortalApi } from '../../shared/portal-api';

// The page's PortalApi for components: while the server renders, the server's (it calls the
// listings API); in the browser, the one over the BFF's /api/* (client/api/browser-api.ts). Each
// entry gives it once at the top of the tree, so components share one API (its memo of answers
// that do not change during a visit) and never call fetch themselves.

const PortalApiContext = createContext<PortalApi | null>(null);

export function PortalApiProvider({ api, children }: { api: PortalApi; children: ReactNode }) {
  return <PortalApiContext value={api}>{children}</PortalApiContext>;
}

/** The page's PortalApi; fails loudly in a tree rendered without one (a bug, not a visitor's). */
export function usePortalApi(): PortalApi {
  const api = useContext(PortalApiContext);
  if (!api) throw new Error('usePortalApi: no PortalApiProvider above this component');
  return api;
}
