import { ContactInfo, ContactMessageBody, ContactMessageCreated } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { getContactInfo, sendContactMessage } from './contact.service.ts';

/** Contact messages a client address may send to a shop in the window (spam and mail-bomb guard). */
const CONTACT_MESSAGE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** `/contact/`: the shop's contact information and the contact form. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact/info/',
    { schema: { tags: ['contact'], response: { 200: ContactInfo, ...errorResponses } } },
    async (request) => getContactInfo(request.ctx),
  );
  app.post(
    '/contact/messages/',
    {
      schema: {
        tags: ['contact'],
        body: ContactMessageBody,
        response: { 201: ContactMessageCreated, ...errorResponses },
      },
      config: routeRateLimit(CONTACT_MESSAGE_LIMIT),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await sendContactMessage(request.ctx, { form: request.body, clientIp: request.ip, log: request.log })),
  );
};
