import type { Lang } from '../../shared/contract';
import { LANGS } from '../../shared/contract';
import { resolvePath } from '../../shared/routes';

// The client's view of the shared route table (shared/routes.ts): the screen match type and
// the page language of a path.

export type Resolved = ReturnType<typeof resolvePath>;
export type ScreenMatch = Extract<Resolved, { kind: 'screen' }>;

/** The language of a path from its prefix; French for anything else. */
export function langOfPath(pathname: string): Lang {
  const first = pathname.split('/')[1];
  return (LANGS as readonly string[]).includes(first ?? '') ? (first as Lang) : 'fr';
}

export const otherLang = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr');
