import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptFormBodies, acceptTextBodies } from '../../lib/schemas.ts';
import { SANDBOX_GATEWAY_PREFIX, shopOrigin } from '../../lib/urls.ts';
import { tenantContext } from '../tenants/index.ts';
import { maintenanceAction, sandboxCertificate } from './sandbox.maintenance.ts';
import { hostedPagePolicy, renderHostedPage } from './sandbox.page.ts';
import { completePayment, createPaymentToken, hostedPage, hostedPagePath, inquire } from './sandbox.service.ts';

const prefix = SANDBOX_GATEWAY_PREFIX.replace(/^\/api/, '');
const ShopParams = z.object({ shop: z.string().min(1).max(128) });
const TokenParams = ShopParams.extend({ token: z.string().min(1).max(128) });
const HostedForm = z
  .object({ outcome: z.string().max(32), cardNumber: z.string().max(64), notification: z.string().max(16) })
  .partial();

/**
 * The built-in sandbox gateway (`/sandbox-2c2p/{shop}/payment/4.3/…`): 2C2P's Payment Token and Payment Inquiry
 * APIs and a hosted payment page, for a shop whose card gateway is the sandbox (any other shop gets 2C2P's 9007).
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tenantContext, { fromParam: 'shop' });
  acceptFormBodies(app);
  acceptTextBodies(app);
  const schema = { tags: ['sandbox gateway'], security: [], params: ShopParams };

  app.post(`${prefix}/:shop/payment/4.3/paymentToken`, { schema: { ...schema, body: z.unknown() } }, async (request) =>
    createPaymentToken(request.ctx, request.body),
  );

  app.post(
    `${prefix}/:shop/payment/4.3/paymentInquiry`,
    { schema: { ...schema, body: z.unknown() } },
    async (request) => inquire(request.ctx, request.body),
  );

  // 2C2P's Payment Maintenance API: the sandbox's public key (the certificate exchange), and its action endpoint.
  app.get(`${prefix}/:shop/PaymentAction/2.0/certificate`, { schema }, async (request, reply) => {
    const pem = await sandboxCertificate(request.ctx);
    if (!pem) return reply.code(404).type('text/plain; charset=utf-8').send('Unknown merchant.');
    return reply.type('application/x-pem-file').send(pem);
  });

  app.post(
    `${prefix}/:shop/PaymentAction/2.0/action`,
    { schema: { ...schema, body: z.string().max(100_000) } },
    async (request, reply) => {
      const answer = await maintenanceAction(request.ctx, request.body);
      if (!answer) return reply.code(400).type('text/plain; charset=utf-8').send('The request could not be read.');
      // The `.03` switch: the refund is made (committed above), and its answer comes after the shop stopped waiting.
      if (answer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      return reply.type('text/plain; charset=utf-8').send(answer.sealed);
    },
  );

  app.get(
    `${prefix}/:shop/payment/4.3/pay/:token`,
    { config: { document: true }, schema: { ...schema, params: TokenParams } },
    async (request, reply) => {
      const page = await hostedPage(request.ctx, request.params.token);
      const action = `${hostedPagePath(request.ctx)}/${request.params.token}`;
      return reply
        .code(page.kind === 'closed' ? 404 : 200)
        .header('cache-control', 'no-store')
        .header('content-security-policy', hostedPagePolicy(shopOrigin(request.ctx.tenant, request.ctx.deps.config)))
        .type('text/html; charset=utf-8')
        .send(renderHostedPage(page, action));
    },
  );

  app.post(
    `${prefix}/:shop/payment/4.3/pay/:token`,
    { config: { document: true }, schema: { ...schema, params: TokenParams, body: HostedForm } },
    async (request, reply) => {
      const page = await completePayment(request.ctx, request.params.token, request.body, request.log);
      const action = `${hostedPagePath(request.ctx)}/${request.params.token}`;
      return reply
        .code(page.kind === 'form' ? 422 : page.kind === 'closed' ? 409 : 200)
        .header('cache-control', 'no-store')
        .header('content-security-policy', hostedPagePolicy(shopOrigin(request.ctx.tenant, request.ctx.deps.config)))
        .type('text/html; charset=utf-8')
        .send(renderHostedPage(page, action));
    },
  );
};
