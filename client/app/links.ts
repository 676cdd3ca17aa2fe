import { useRouteLoaderData } from 'react-router';
import type { Config, Lang } from '../../shared/contract';
import { href, type HrefOptions, type ScreenId, type ScreenParams } from '../../shared/routes';
import type { PageData, RootData } from './routes';

/** The frame's data (config, language...) from the root loader; undefined on a root error. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** The current page's data; undefined while the page is an error. */
export function usePageData(): PageData | undefined {
  return useRouteLoaderData('page') as PageData | undefined;
}

export type LinkTo = <S extends ScreenId>(
  screen: S,
  params: ScreenParams[S],
  options?: HrefOptions,
) => string;

/** A link builder bound to the page's language and config. */
export function linkBuilder(lang: Lang, config: Config): LinkTo {
  return (screen, params, options) => href(screen, params, lang, config, options);
}
