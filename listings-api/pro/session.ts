import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { PRO_SESSION_UPSTREAM_HEADER } from '../../shared/pro';
import type { Db } from '../db/connection';
import type { Database, ProRole } from '../db/types';
import { HttpError } from '../lib/errors';

// Sessions of the professional space, held here: the web app keeps the session id in a cookie and
// forwards it in the x-pro-session header; this is the one place that turns it into a user and
// an agency (`requireProSession`, the preHandler of every route of the space). The id is 32
// random bytes (base64url); only its SHA-256 is stored. A session ends after PRO_SESSION_IDLE_MS
// without a request, PRO_SESSION_ABSOLUTE_MS after sign-in whatever the use, when its user signs
// out (here or everywhere), or when the user is removed.

/** A session unused this long is over (2 hours). */
export const PRO_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A session is over this long after sign-in, however used (12 hours). */
export const PRO_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A sign-in link works this long, once (15 minutes). */
export const PRO_SIGN_IN_TOKEN_MS = 15 * 60 * 1000;

/** A session id or sign-in token: 32 random bytes, base64url. */
export const PRO_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The signed-in user of a request of the space: every query of the space is scoped by agencyId. */
export interface ProUser {
  userId: number;
  agencyId: number;
  role: ProRole;
  email: string;
  /** The hash of the session id, to end this session. */
  sessionHash: string;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user: set by requireProSession on the routes of the space, else null. */
    pro: ProUser | null;
  }
}

type Handle = Kysely<Database> | Transaction<Database>;

export function newProSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashProSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/**
 * The user of a live session, its last use moved to `now`; null when the id is unknown, revoked,
 * idle or past its end, or its user removed.
 */
export async function resolveProSession(
  db: Handle,
  sessionId: string,
  now = new Date(),
): Promise<ProUser | null> {
  if (!PRO_SECRET_PATTERN.test(sessionId)) return null;
  const idleSince = new Date(now.getTime() - PRO_SESSION_IDLE_MS);
  const row = await db
    .updateTable('pro_sessions as s')
    .from('pro_users as u')
    .set({ last_seen_at: now })
    .whereRef('u.id', '=', 's.user_id')
    .where('s.id_hash', '=', hashProSecret(sessionId))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('u.removed_at', 'is', null)
    .returning([
      'u.id as user_id',
      'u.agency_id',
      'u.role',
      'u.email',
      's.id_hash',
      's.created_at',
      's.expires_at',
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: Number(row.user_id),
    agencyId: row.agency_id,
    role: row.role,
    email: row.email,
    sessionHash: row.id_hash,
    sessionCreatedAt: new Date(row.created_at),
    sessionExpiresAt: new Date(row.expires_at),
  };
}

/** Opens a session for a user: answers its id (the only copy: it goes into the cookie). */
export async function createProSession(
  db: Handle,
  userId: number,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const id = newProSecret();
  const expiresAt = new Date(now.getTime() + PRO_SESSION_ABSOLUTE_MS);
  await db
    .insertInto('pro_sessions')
    .values({
      id_hash: hashProSecret(id),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { id, expiresAt };
}

/** Ends one session (sign out here). */
export async function revokeProSession(db: Handle, sessionHash: string, now = new Date()) {
  await db
    .updateTable('pro_sessions')
    .set({ revoked_at: now })
    .where('id_hash', '=', sessionHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (sign out everywhere, a removed user). */
export async function revokeProSessionsOf(db: Handle, userId: number, now = new Date()) {
  await db
    .updateTable('pro_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Sessions and tokens past any use, for the retention purge. */
export async function purgeProSessions(db: Handle, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - PRO_SESSION_ABSOLUTE_MS);
  await db.deleteFrom('pro_sessions').where('expires_at', '<', before).execute();
  await db
    .deleteFrom('pro_sign_in_tokens')
    .where('expires_at', '<', sql<Date>`${before}`)
    .execute();
}

function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers[PRO_SESSION_UPSTREAM_HEADER];
  return typeof header === 'string' ? header : undefined;
}

/**
 * The preHandler of every route of the professional space: the session of the x-pro-session
 * header becomes `request.pro` (user, agency, role), or the request is refused with 401.
 */
export async function requireProSession(this: FastifyInstance, request: FastifyRequest) {
  const id = sessionIdOf(request);
  const user = id ? await resolveProSession(this.db.kysely, id) : null;
  if (!user) throw new HttpError(401, 'session: sign in to the professional space', 'session');
  request.pro = user;
}

/** The signed-in user of a route behind requireProSession. */
export function proUser(request: FastifyRequest): ProUser {
  if (!request.pro)
    throw new HttpError(401, 'session: sign in to the professional space', 'session');
  return request.pro;
}

/** An owner's right (the team): a member is refused with 403. */
export function requireOwner(user: ProUser): void {
  if (user.role !== 'owner') throw new HttpError(403, 'role: only an owner may do this', 'role');
}

/**
 * Registers routes of the space behind requireProSession: `app.register(proScope(plugin))`
 * gives every route of `plugin` its `request.pro`.
 */
export function proScope(plugin: (app: FastifyInstance) => Promise<void>) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireProSession);
    await app.register(plugin);
  };
}

/** Declares request.pro (null until requireProSession sets it). */
export const proSessionDecorator = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('pro', null);
  },
  { name: 'pro-session' },
);

export type { Db };
