import type { ComponentType } from 'react';
import type { I18n } from '@lingui/core';
import type { CachePolicy } from '../../shared/cache-policy';
import type { Config, Lang } from '../../shared/contract';
import type { PortalApi } from '../../shared/portal-api';
import type { ScreenMatch } from './route-table';

// The contract of a screen module (client/routes/{screen-name}.tsx, default export): its loader,
// its component and its head. The page route resolves the URL through the shared route table,
// runs the entry's guards, then the module's loader, and renders its component in the frame.
// A screen that takes writes has its actions beside it, in a module only the server builds
// (client/routes/{screen-name}.server.ts, default export: ScreenActions).

export interface ScreenLoaderArgs {
  api: PortalApi;
  config: Config;
  lang: Lang;
  /** The route table's answer for this URL: screen name, params, guards. */
  match: ScreenMatch;
  url: URL;
  request: Request;
  /** Adds edge cache tags for entities shown on the page (the API's tags are added for you). */
  tag(...tags: string[]): void;
  /** The outcome of a form just posted to this page without JavaScript (server only). */
  posted?: unknown;
}

export interface ScreenActionArgs extends ScreenLoaderArgs {
  /** The posted form's fields (its `_form` field names the action). */
  form: FormData;
}

/**
 * A write of the screen, run on the server for the form it is named after (shared/page-actions.ts):
 * with JavaScript its answer goes back to the browser as JSON, without JavaScript the page renders
 * with it (`useActionData`). Answer `data(outcome, { status })` for a refusal. The outcome names
 * its form (`form`), so a page with several forms knows whose it is.
 */
export type ScreenAction = (args: ScreenActionArgs) => Promise<unknown>;

/** The writes of a screen, by form name (the posted `_form` field). */
export type ScreenActions = Readonly<Record<string, ScreenAction>>;

export interface HeadArgs<D> {
  data: D;
  config: Config;
  lang: Lang;
  i18n: I18n;
  match: ScreenMatch;
  url: URL;
}

export interface Head {
  title: string;
  description?: string;
  /** Absolute or root-relative; defaults to the route table's canonical path. */
  canonical?: string;
  /** hreflang alternates (root-relative), when the page builds them itself; default the route table's. */
  alternates?: Partial<Record<Lang | 'x-default', string>>;
  /** robots meta, e.g. 'noindex, follow' for filtered lists. */
  robots?: string;
  /** Open Graph image (root-relative is fine). */
  image?: string;
  /** schema.org objects, rendered as application/ld+json. */
  jsonLd?: object[];
}

export interface ScreenProps<D> {
  data: D;
  config: Config;
  lang: Lang;
  match: ScreenMatch;
}

export interface ScreenModule<D = unknown> {
  loader(args: ScreenLoaderArgs): Promise<D>;
  Component: ComponentType<ScreenProps<D>>;
  head(args: HeadArgs<D>): Head;
  /** HTTP status of a page that rendered (e.g. 410 for an obsolete offer); default 200. */
  status?(data: D): number;
  /** The place whose external links the footer shows (re-fetched when it changes). */
  footerLieuId?(data: D): number | null;
  /** Overrides the default page cache policy. */
  cache?: CachePolicy;
}

/** Declares a screen module with its data type inferred from the loader. */
export function defineScreen<D>(screen: ScreenModule<D>): ScreenModule<D> {
  return screen;
}
