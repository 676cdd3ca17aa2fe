import * as v from 'valibot';
import { LangSchema } from './contract';
import { formSendRow as send, getRow as get } from './endpoint-rows';
import { LEAD_STATUSES } from './lead';
import { ID_TEXT, emailAddress, noControlChars } from './validation';

// The professional space's contract with the listings API: its answers, and its rows of the
// endpoint table (docs/endpoints.md). Reads are `proGetEndpoints` (spread into getEndpoints, the
// browser may call them through /api), writes `proSendEndpoints` (spread into formSendEndpoints:
// only the pages' actions send them, on the server, through the page actions' origin check).
// Every row is marked `session`: the web app sends the signed-in user's session id with it
// (PRO_SESSION_UPSTREAM_HEADER, from the HttpOnly cookie PRO_SESSION_COOKIE), never keeps its
// answer in memory, and the listings API answers it for that user's agency only (401 without a
// live session, 404 for another agency's row).

/** The web app's cookie of the professional space: the session id alone. */
export const PRO_SESSION_COOKIE = 'pro_session';
/** The listings API's request header carrying the session id. */
export const PRO_SESSION_UPSTREAM_HEADER = 'x-pro-session';

export const PRO_ROLES = ['owner', 'member'] as const;
export const ProRoleSchema = v.picklist(PRO_ROLES, 'must be owner or member');
export type ProRole = v.InferOutput<typeof ProRoleSchema>;

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(ID_TEXT, 'must be an id'), v.transform(Number))]),
  v.integer('must be an id'),
  v.minValue(1, 'must be an id'),
  v.maxValue(2_147_483_647, 'must be an id'),
);
const secret = v.pipe(v.string('must be a string'), v.regex(/^[A-Za-z0-9_-]{43}$/, 'is invalid'));
const empty = v.pipe(
  v.object({}),
  v.transform(() => ({}) as Record<string, never>),
);

export const ProEmailSchema = v.pipe(
  emailAddress(v.pipe(v.string('must be a string'), noControlChars), {
    required: 'is required',
    tooLong: 'must have at most 254 characters',
    invalid: 'must be a valid e-mail address',
  }),
  v.toLowerCase(),
);

// ---------------------------------------------------------------------------------------------
// Answers

/** GET /pro/me: the signed-in user, its agency and its session. */
export const ProMeSchema = v.object({
  user: v.object({ id: v.number(), email: v.string(), role: ProRoleSchema }),
  agency: v.object({ id: v.number(), name: v.string(), slug: v.string() }),
  session: v.object({ created_at: v.string(), expires_at: v.string() }),
});
export type ProMe = v.InferOutput<typeof ProMeSchema>;

/** POST /pro/sign-in/confirm: a new session (its id goes into the cookie, nowhere else). */
export const ProSessionCreatedSchema = v.object({
  session: v.string(),
  expires_at: v.string(),
});

export const ProDoneSchema = v.object({ ok: v.literal(true) });

export const LEAD_STATES = ['new', 'handled'] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export const ProLeadSchema = v.object({
  id: v.number(),
  created_at: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  message: v.string(),
  lang: LangSchema,
  /** The offer the request is about; null for a request to the agency. */
  offer: v.nullable(
    v.object({
      id: v.number(),
      reference: v.string(),
      title: v.string(),
      /** The offer's page (absolute), as the lead mail linked it; null when unknown. */
      url: v.nullable(v.string()),
    }),
  ),
  delivery: v.object({
    status: v.nullable(v.picklist(LEAD_STATUSES)),
    to: v.nullable(v.string()),
    detail: v.nullable(v.string()),
    updated_at: v.nullable(v.string()),
  }),
  handled_at: v.nullable(v.string()),
  /** The address of the user who marked it (null when that user was removed). */
  handled_by: v.nullable(v.string()),
});
export type ProLead = v.InferOutput<typeof ProLeadSchema>;

export const ProLeadListSchema = v.object({
  items: v.array(ProLeadSchema),
  total: v.number(),
  page: v.number(),
  page_size: v.number(),
  /** The agency's offers that have leads, for the offer filter. */
  offers: v.array(v.object({ id: v.number(), reference: v.string(), title: v.string() })),
});
export type ProLeadList = v.InferOutput<typeof ProLeadListSchema>;

export const ProLeadExportSchema = v.object({
  items: v.array(ProLeadSchema),
  /** More rows matched than an export holds (PRO_EXPORT_MAX). */
  truncated: v.boolean(),
});

export const ProDashboardSchema = v.object({
  /** Leads not yet handled. */
  new_leads: v.number(),
  /** Leads of the last 30 days. */
  leads_30_days: v.number(),
  /** The agency's latest feed run, when there is one. */
  latest_feed_run: v.nullable(
    v.object({ started_at: v.string(), finished_at: v.nullable(v.string()), status: v.string() }),
  ),
});
export type ProDashboard = v.InferOutput<typeof ProDashboardSchema>;

export const ProTeamSchema = v.object({
  items: v.array(
    v.object({ id: v.number(), email: v.string(), role: ProRoleSchema, created_at: v.string() }),
  ),
});
export type ProTeam = v.InferOutput<typeof ProTeamSchema>;

// ---------------------------------------------------------------------------------------------
// Queries and bodies

export const PRO_LEADS_PAGE_SIZE = 20;
/** Most rows in one CSV export. */
export const PRO_EXPORT_MAX = 5000;

const day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a date (YYYY-MM-DD)'),
);

/** The leads' filters: offer, state, period (days, inclusive, UTC). */
export const ProLeadFilterEntries = {
  offer: v.optional(id),
  state: v.optional(v.picklist(LEAD_STATES, 'must be new or handled')),
  from: v.optional(day),
  to: v.optional(day),
};

export const ProLeadsQuerySchema = v.object({
  ...ProLeadFilterEntries,
  page: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number))]),
      v.integer('must be between 1 and 10000'),
      v.minValue(1, 'must be between 1 and 10000'),
      v.maxValue(10_000, 'must be between 1 and 10000'),
    ),
  ),
});
export type ProLeadsQuery = v.InferOutput<typeof ProLeadsQuerySchema>;
export const ProLeadExportQuerySchema = v.object(ProLeadFilterEntries);

export const ProSignInBodySchema = v.object({
  email: ProEmailSchema,
  lang: v.optional(LangSchema, 'fr'),
});
export const ProSignInConfirmBodySchema = v.object({ token: secret });
export const ProLeadHandledBodySchema = v.object({
  id,
  handled: v.boolean('must be true or false'),
});
export const ProInviteBodySchema = v.object({
  email: ProEmailSchema,
  role: v.optional(ProRoleSchema, 'member'),
  lang: v.optional(LangSchema, 'fr'),
});
export const ProRemoveBodySchema = v.object({ id });

// ---------------------------------------------------------------------------------------------
// Rows of the endpoint table

export const proGetEndpoints = {
  /** The signed-in user (401 without a live session): every screen of the space loads it. */
  proMe: get({
    path: '/pro/me',
    query: empty,
    answer: ProMeSchema,
    browser: '/api/pro/me',
    session: true,
  }),
  proDashboard: get({
    path: '/pro/dashboard',
    query: empty,
    answer: ProDashboardSchema,
    browser: '/api/pro/dashboard',
    session: true,
  }),
  proLeads: get({
    path: '/pro/leads',
    query: ProLeadsQuerySchema,
    answer: ProLeadListSchema,
    browser: '/api/pro/leads',
    session: true,
  }),
  proLeadsExport: get({
    path: '/pro/leads/export',
    query: ProLeadExportQuerySchema,
    answer: ProLeadExportSchema,
    browser: '/api/pro/leads/export',
    session: true,
  }),
  proTeam: get({
    path: '/pro/team',
    query: empty,
    answer: ProTeamSchema,
    browser: '/api/pro/team',
    session: true,
  }),
};

export const proSendEndpoints = {
  /** Mails a sign-in link to a registered address; the same answer for any address. */
  proSignIn: send({
    method: 'POST',
    path: '/pro/sign-in',
    body: ProSignInBodySchema,
    answer: ProDoneSchema,
  }),
  /** Spends a sign-in link's token: a new session (the web app sets its cookie). */
  proSignInConfirm: send({
    method: 'POST',
    path: '/pro/sign-in/confirm',
    body: ProSignInConfirmBodySchema,
    answer: ProSessionCreatedSchema,
  }),
  proSignOut: send({
    method: 'POST',
    path: '/pro/sign-out',
    body: empty,
    answer: ProDoneSchema,
    session: true,
  }),
  proSignOutEverywhere: send({
    method: 'POST',
    path: '/pro/sign-out-everywhere',
    body: empty,
    answer: ProDoneSchema,
    session: true,
  }),
  proLeadHandled: send({
    method: 'POST',
    path: '/pro/leads/handled',
    body: ProLeadHandledBodySchema,
    answer: ProDoneSchema,
    session: true,
  }),
  proTeamInvite: send({
    method: 'POST',
    path: '/pro/team/invite',
    body: ProInviteBodySchema,
    answer: ProDoneSchema,
    session: true,
  }),
  proTeamRemove: send({
    method: 'POST',
    path: '/pro/team/remove',
    body: ProRemoveBodySchema,
    answer: ProDoneSchema,
    session: true,
  }),
};
