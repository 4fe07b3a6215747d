import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * Reads `Authorization: Bearer <access token>` into `request.ctx.user`. No header: a guest. A bad, expired, refresh,
 * or other shop's token answers 401, so the client refreshes or signs in again.
 */
export const authentication = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) return;
      const [scheme, token, extra] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token || extra !== undefined) {
        throw new AppError(401, 'bad_authorization_header', 'Authorization header must be "Bearer <token>".');
      }
      try {
        const claims = await app.deps.tokens.verify(token, { type: 'access', tenantId: request.ctx.tenant.id });
        request.ctx.user = { id: claims.userId, role: claims.role };
      } catch {
        throw new AppError(401, 'token_not_valid', 'Given token not valid for any token type');
      }
    });
  },
  { name: 'authentication', dependencies: ['tenant-context'] },
);
