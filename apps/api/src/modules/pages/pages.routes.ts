import { DocumentType, Faq, LegalDocument } from '@platform/contracts';
import {
  AdminDocument,
  AdminDocumentCreateBody,
  AdminDocumentListQuery,
  AdminDocumentPage,
  AdminDocumentUpdateBody,
  AdminFaq,
  AdminFaqCreateBody,
  AdminFaqListQuery,
  AdminFaqPage,
  AdminFaqUpdateBody,
  AdminItemParams,
} from '@platform/contracts/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import {
  createDocumentByStaff,
  createFaqByStaff,
  deleteDocumentByStaff,
  deleteFaqByStaff,
  getDocumentForStaff,
  getFaqForStaff,
  listDocumentsForStaff,
  listFaqsForStaff,
  updateDocumentByStaff,
  updateFaqByStaff,
} from './pages.admin.ts';
import { listDocuments, listFaqs } from './pages.service.ts';

/** `/pages/manage/`: the shop's FAQs and legal documents (refund and privacy policies), read by the public. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages/manage/faqs/',
    { config: { publicCache: true }, schema: { tags: ['pages'], response: { 200: z.array(Faq), ...errorResponses } } },
    async (request) => listFaqs(request.ctx),
  );
  app.get(
    '/pages/manage/documents/',
    {
      config: { publicCache: true },
      schema: {
        tags: ['pages'],
        querystring: z.object({ document_type: DocumentType.optional() }),
        response: { 200: z.array(LegalDocument), ...errorResponses },
      },
    },
    async (request) => listDocuments(request.ctx, request.query),
  );
};

/** `/admin/faqs/` and `/admin/documents/`: the pages' administration (staff). */
export const pagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };
  const deleted = { 204: z.null(), ...errorResponses };

  app.get(
    '/faqs/',
    { schema: { ...schema, querystring: AdminFaqListQuery, response: { 200: AdminFaqPage, ...errorResponses } } },
    async (request) => listFaqsForStaff(request.ctx, request.query),
  );

  app.post(
    '/faqs/',
    { schema: { ...schema, body: AdminFaqCreateBody, response: { 201: AdminFaq, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createFaqByStaff(request.ctx, request.body)),
  );

  app.get(
    '/faqs/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminFaq, ...errorResponses } } },
    async (request) => getFaqForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/faqs/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminFaqUpdateBody,
        response: { 200: AdminFaq, ...errorResponses },
      },
    },
    async (request) => updateFaqByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/faqs/:id/',
    { schema: { ...schema, params: AdminItemParams, response: deleted } },
    async (request, reply) => {
      await deleteFaqByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/documents/',
    {
      schema: {
        ...schema,
        querystring: AdminDocumentListQuery,
        response: { 200: AdminDocumentPage, ...errorResponses },
      },
    },
    async (request) => listDocumentsForStaff(request.ctx, request.query),
  );

  app.post(
    '/documents/',
    { schema: { ...schema, body: AdminDocumentCreateBody, response: { 201: AdminDocument, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createDocumentByStaff(request.ctx, request.body)),
  );

  app.get(
    '/documents/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminDocument, ...errorResponses } } },
    async (request) => getDocumentForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/documents/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminDocumentUpdateBody,
        response: { 200: AdminDocument, ...errorResponses },
      },
    },
    async (request) => updateDocumentByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/documents/:id/',
    { schema: { ...schema, params: AdminItemParams, response: deleted } },
    async (request, reply) => {
      await deleteDocumentByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
