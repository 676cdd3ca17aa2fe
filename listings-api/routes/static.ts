import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HealthSchema } from '../../shared/contract';
import { pingDb } from '../db/connection';
import type { ValibotTypeProvider } from '../lib/validation';

/** GET /photos/* (the photo pool, cached for a year: file names never change) and GET /healthz. */
export async function staticRoutes(
  fastify: FastifyInstance,
  options: { photosDir: string },
): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  await app.register(fastifyStatic, {
    root: resolve(options.photosDir),
    prefix: '/photos/',
    // Photos only: no directory listing, no dotfiles, no index.html.
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    decorateReply: false,
  });

  app.get('/healthz', { schema: { response: { 200: HealthSchema } } }, async () => {
    await pingDb(app.db);
    const replicas = app.db.replicas.map((r) => ({ pool: r.name, inUse: r.inUse, lagMs: r.lagMs }));
    return {
      status: 'ok' as const,
      db: app.db.kind,
      ...(replicas.length > 0 ? { replicas } : {}),
    };
  });
}
