import type { FastifyInstance } from 'fastify';
import { proAudienceRoutes } from '../routes/pro-audience';
import { proAccountRoutes } from './account';
import { proLeadRoutes } from './leads';
import { proSignInRoutes } from './sign-in';
import { proTeamRoutes } from './team';
import { proScope, proSessionDecorator } from './session';

// The professional space's routes (/pro/...). Sign-in is open; every other route is registered
// through proScope, whose preHandler (requireProSession) resolves the x-pro-session header into
// `request.pro` ({ userId, agencyId, role }): each query of the space is scoped by its agencyId,
// and a row of another agency answers 404.
export async function proRoutes(app: FastifyInstance): Promise<void> {
  await app.register(proSessionDecorator);
  await app.register(proSignInRoutes);
  await app.register(proScope(proAccountRoutes));
  await app.register(proScope(proLeadRoutes));
  await app.register(proScope(proTeamRoutes));
  // The space's sections register here, each through proScope.
  await app.register(proScope(proAudienceRoutes));
}
