import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { INLINE_SCRIPTS } from '../../shared/inline-scripts';

// Security headers of every answer, and the Content-Security-Policy of HTML pages. The inline
// scripts of pages are fixed text (shared/inline-scripts.ts): the policy allows each by its
// sha256 hash, computed once at boot, so it is the same for every request and a page cached by an
// edge stays valid for every visitor. HSTS only when the request came over HTTPS (directly or
// through a trusted proxy).

export interface SecurityOptions {
  /** Development: Vite injects styles and talks over a websocket. */
  dev: boolean;
  /** Extra image origins (map tiles). */
  imgSources: string[];
  /** Origins pages may frame (the players of MEDIA_EMBED_HOSTS); none by default. */
  frameSources?: readonly string[];
  /** The inline scripts pages execute (default: the document's, shared/inline-scripts.ts). */
  inlineScripts?: readonly string[];
}

/** The CSP source of an inline script: `'sha256-…'` of its exact UTF-8 text. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The image origin of a tile URL template: {s} subdomains become a wildcard. */
export function tileOrigin(template: string): string | undefined {
  try {
    const url = new URL(
      template.replace(/\{s\}\./, 'subdomain-wildcard.').replace(/\{[^}]+\}/g, '0'),
    );
    return `${url.protocol}//${url.host.replace('subdomain-wildcard.', '*.')}`;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(options: SecurityOptions, https: boolean): string {
  const hashes = (options.inlineScripts ?? INLINE_SCRIPTS).map(scriptHashSource);
  const directives = [
    `default-src 'self'`,
    [`script-src 'self'`, ...hashes].join(' '),
    // Pages have no inline style element; Vite injects the styles in development.
    options.dev ? `style-src 'self' 'unsafe-inline'` : `style-src 'self'`,
    `style-src-attr 'unsafe-inline'`,
    `img-src 'self' data: ${options.imgSources.join(' ')}`.trim(),
    `font-src 'self'`,
    options.dev ? `connect-src 'self' ws: wss:` : `connect-src 'self'`,
    // Offer pages embed their video and 3D-tour players on request, from the allowed hosts only.
    [`frame-src 'self'`, ...(options.frameSources ?? [])].join(' '),
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

async function security(app: FastifyInstance, options: SecurityOptions) {
  const policy = {
    http: contentSecurityPolicy(options, false),
    https: contentSecurityPolicy(options, true),
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const https = request.protocol === 'https';
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', https ? policy.https : policy.http);
    }
    return payload;
  });
}

export default fp(security, { name: 'security' });
