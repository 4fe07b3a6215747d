import { ContactInfo, ContactMessageBody, ContactMessageCreated } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { getContactInfo, storeContactMessage } from './contact.service.ts';

/** `/contact/`: the shop's contact information and the contact form. */
export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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
    },
    async (request, reply) => {
      const { values } = await storeContactMessage(request.ctx, request.body, request.ip);
      return reply.code(201).send(values);
    },
  );
}
