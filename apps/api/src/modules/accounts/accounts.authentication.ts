import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';
import { currentAccountRole } from './accounts.admin.ts';

/**
 * Reads `Authorization: Bearer <access token>` into `request.ctx.user`. No header: a guest. A bad, expired, refresh,
 * or other shop's token, or one of an account that is disabled or gone, answers 401; the account's role is its
 * current one, so the client refreshes or signs
 * in again.
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
      let claims: Awaited<ReturnType<typeof app.deps.tokens.verify>>;
      try {
        claims = await app.deps.tokens.verify(token, { type: 'access', tenantId: request.ctx.tenant.id });
      } catch {
        throw new AppError(401, 'token_not_valid', 'Given token not valid for any token type');
      }
      // A disabled (or deleted) account's tokens stop working at once, not when they expire; a changed role applies
      // at once too.
      const role = await currentAccountRole(request.ctx, claims.userId, claims.family);
      if (!role) throw new AppError(401, 'user_inactive', 'User is inactive or deleted.');
      request.ctx.user = { id: claims.userId, role, ...(claims.family ? { session: claims.family } : {}) };
    });
  },
  { name: 'authentication', dependencies: ['tenant-context'] },
);
