import type { FastifyInstance } from 'fastify';
import { HealthSchema } from '../../shared/contract';

// /healthz: the process is alive. /readyz: it can serve pages, i.e. the listings API answers.

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const health = await app.upstream.get('/healthz', HealthSchema, {
        requestId: request.id,
        timeoutMs: 2000,
      });
      // The read replicas and their lag, when the listings API has some (DATABASE_READ_URL).
      return {
        ready: true,
        listingsApi: health.status,
        db: health.db,
        ...(health.replicas ? { replicas: health.replicas } : {}),
      };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: listings API does not answer');
      return reply.code(503).send({ ready: false, listingsApi: 'down' });
    }
  });
}
