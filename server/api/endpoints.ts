import * as v from 'valibot';
import {
  ConfigSchema,
  ExternalLinksSchema,
  LangSchema,
  LieuSuggestionListSchema,
  OmrDataSchema,
  StatCreatedSchema,
  StatTypeSchema,
} from '../../shared/contract';
import type {
  GetName,
  PortalGetEndpoints,
  PortalSendEndpoints,
  SendName,
} from '../../shared/portal-api';
import type { Query } from '../upstream/client';

// One row per PortalApi endpoint: where it goes upstream, the schema of its browser query (the
// /api/* route parses the query string with it), the contract schema of the answer, the cache tags
// of the entities it returns, and how long the process may keep it.

type Schema<T> = v.GenericSchema<unknown, T>;

export interface GetEndpoint<N extends GetName> {
  /** Upstream path, or a function of the query for path parameters. */
  upstream: string | ((query: PortalGetEndpoints[N]['query']) => string);
  /** Upstream query parameters (default: the query as it is). */
  upstreamQuery?: (query: PortalGetEndpoints[N]['query']) => Query;
  /** Parses the browser's query string (strings) into the typed query. */
  query: Schema<PortalGetEndpoints[N]['query']>;
  answer: Schema<PortalGetEndpoints[N]['answer']>;
  /** Edge cache tags of the entities in the answer. */
  tags?: (
    answer: PortalGetEndpoints[N]['answer'],
    query: PortalGetEndpoints[N]['query'],
  ) => string[];
  /** Kept in the web process's memory this long (ms), shared by every request. */
  cacheTtlMs?: number;
  /** Browser cache lifetime of the /api answer (s); 0 → no-store. */
  maxAge?: number;
}

export interface SendEndpoint<N extends SendName> {
  method: 'POST' | 'DELETE';
  upstream: string;
  body: Schema<PortalSendEndpoints[N]['body']>;
  answer: Schema<PortalSendEndpoints[N]['answer']>;
}

const id = v.pipe(
  v.union([
    v.number(),
    v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'must be an id'), v.transform(Number)),
  ]),
  v.integer('must be an id'),
  v.minValue(1, 'must be an id'),
);
const empty = v.pipe(
  v.object({}),
  v.transform(() => ({}) as Record<string, never>),
);

export const getEndpoints: { [N in GetName]: GetEndpoint<N> } = {
  config: {
    upstream: '/config',
    query: empty,
    answer: ConfigSchema,
    tags: () => ['config'],
    cacheTtlMs: 30_000,
    maxAge: 60,
  },
  omrData: {
    upstream: '/omr-data',
    query: empty,
    answer: OmrDataSchema,
    tags: (answer) => answer.cache_tags,
    cacheTtlMs: 30_000,
    maxAge: 60,
  },
  externalLinks: {
    upstream: '/liens-externes',
    query: v.object({ lieu: v.optional(id), lang: LangSchema }),
    answer: ExternalLinksSchema,
    tags: (answer) => [
      answer.lieu_id === null ? 'liens-externes' : `liens-externes-${answer.lieu_id}`,
    ],
    cacheTtlMs: 60_000,
    maxAge: 300,
  },
  searchLieu: {
    upstream: '/search-lieu',
    query: v.object({
      q: v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'is required'),
        v.maxLength(100, 'is too long'),
      ),
      lang: LangSchema,
      limit: v.optional(
        v.pipe(
          v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
          v.integer('must be an integer'),
          v.minValue(1, 'must be between 1 and 20'),
          v.maxValue(20, 'must be between 1 and 20'),
        ),
      ),
    }),
    answer: LieuSuggestionListSchema,
    maxAge: 300,
  },
};

export const sendEndpoints: { [N in SendName]: SendEndpoint<N> } = {
  stat: {
    method: 'POST',
    upstream: '/stat',
    body: v.object({
      type: StatTypeSchema,
      id: v.union(
        [id, v.pipe(v.array(id), v.minLength(1, 'is required'), v.maxLength(200))],
        'is required',
      ),
    }),
    answer: StatCreatedSchema,
  },
};
