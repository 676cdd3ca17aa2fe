import type { FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';

// Development: Vite in middleware mode serves the client sources with hot reload, and loads the
// server entry with the same plugins (Lingui macros, .po catalogs) on each request.

declare module 'fastify' {
  interface FastifyInstance {
    /** Vite's dev server, in development only (tests reach the server entry's modules through it). */
    vite?: ViteDevServer;
  }
}

/** Paths Vite answers in development; everything else is ours. */
const VITE_PATH =
  /^\/(@vite\/|@id\/|@fs\/|@react-refresh|@vitejs\/|node_modules\/|client\/|shared\/|locales\/|favicon\.svg)/;

export async function createViteDevServer(
  app: FastifyInstance,
  root: string,
  hmr: boolean,
): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root,
    configFile: `${root}/vite.config.ts`,
    appType: 'custom',
    server: {
      middlewareMode: true,
      hmr: hmr ? { server: app.server } : false,
      ws: hmr ? undefined : false,
    },
    logLevel: 'warn',
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!VITE_PATH.test(request.url)) return done();
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end('Not found');
    });
    done(); // hijacked: Fastify stops here
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });
  app.decorate('vite', vite);
  return vite;
}
