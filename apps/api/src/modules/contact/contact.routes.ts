import { ContactInfo, ContactMessageBody, ContactMessageCreated } from '@platform/contracts';
import {
  AdminContactInfo,
  AdminContactInfoBody,
  AdminContactMessage,
  AdminContactMessageDetail,
  AdminContactMessageListQuery,
  AdminContactMessagePage,
  AdminContactMessageUpdateBody,
  AdminContactReplyBody,
  AdminItemParams,
} from '@platform/contracts/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  archiveContactMessage,
  getContactInfoForStaff,
  getContactMessageForStaff,
  listContactMessagesForStaff,
  replyToContactMessage,
  updateContactInfo,
} from './contact.admin.ts';
import { getContactInfo, sendContactMessage } from './contact.service.ts';

/** Contact messages a client address may send to a shop in the window (spam and mail-bomb guard). */
const CONTACT_MESSAGE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/**
 * Replies one member of staff may send in the window, from any address (each is an e-mail to someone outside the
 * shop: a stolen session must not turn the shop into a mail cannon); the same per client address.
 */
const CONTACT_REPLY_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** `/contact/`: the shop's contact information and the contact form. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact/info/',
    { config: { publicCache: true }, schema: { tags: ['contact'], response: { 200: ContactInfo, ...errorResponses } } },
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

/** `/admin/contact-info/` and `/admin/contact-messages/`: contact's administration (staff). */
export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/contact-info/',
    { schema: { ...schema, response: { 200: AdminContactInfo, ...errorResponses } } },
    async (request) => getContactInfoForStaff(request.ctx),
  );

  app.patch(
    '/contact-info/',
    { schema: { ...schema, body: AdminContactInfoBody, response: { 200: AdminContactInfo, ...errorResponses } } },
    async (request) => updateContactInfo(request.ctx, request.body),
  );

  app.get(
    '/contact-messages/',
    {
      schema: {
        ...schema,
        querystring: AdminContactMessageListQuery,
        response: { 200: AdminContactMessagePage, ...errorResponses },
      },
    },
    async (request) => listContactMessagesForStaff(request.ctx, request.query),
  );

  app.patch(
    '/contact-messages/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminContactMessageUpdateBody,
        response: { 200: AdminContactMessage, ...errorResponses },
      },
    },
    async (request) => archiveContactMessage(request.ctx, request.params.id, request.body),
  );

  app.get(
    '/contact-messages/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminContactMessageDetail, ...errorResponses } } },
    async (request) => getContactMessageForStaff(request.ctx, request.params.id),
  );

  app.post(
    '/contact-messages/:id/replies/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminContactReplyBody,
        response: { 201: AdminContactMessageDetail, ...errorResponses },
      },
      config: routeRateLimit(CONTACT_REPLY_LIMIT, CONTACT_REPLY_LIMIT),
    },
    async (request, reply) =>
      reply.code(201).send(await replyToContactMessage(request.ctx, request.params.id, request.body)),
  );
};
