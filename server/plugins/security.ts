import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

// Security headers of every answer, and the Content-Security-Policy of HTML pages with a fresh
// nonce per request for the inline scripts (theme, hydration data). HSTS only when the request
// came over HTTPS (directly or through a trusted proxy).

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSP nonce of this request's inline scripts. */
    cspNonce: string;
  }
}

export interface SecurityOptions {
  /** Development: Vite injects styles and talks over a websocket. */
  dev: boolean;
  /** Extra image origins (map tiles). */
  imgSources: string[];
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

export function contentSecurityPolicy(
  nonce: string,
  options: SecurityOptions,
  https: boolean,
): string {
  const directives = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}'`,
    options.dev ? `style-src 'self' 'unsafe-inline'` : `style-src 'self' 'nonce-${nonce}'`,
    `style-src-attr 'unsafe-inline'`,
    `img-src 'self' data: ${options.imgSources.join(' ')}`.trim(),
    `font-src 'self'`,
    options.dev ? `connect-src 'self' ws: wss:` : `connect-src 'self'`,
    // Offer pages embed their video and 3D tour players (their own https hosts) on request.
    `frame-src 'self' https:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

async function security(app: FastifyInstance, options: SecurityOptions) {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
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
      reply.header(
        'content-security-policy',
        contentSecurityPolicy(request.cspNonce, options, https),
      );
    }
    return payload;
  });
}

export default fp(security, { name: 'security' });
