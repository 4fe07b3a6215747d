import { DocumentType, Faq, LegalDocument } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { listDocuments, listFaqs } from './pages.service.ts';

/** `/pages/manage/`: the shop's FAQs and legal documents (refund and privacy policies), read by the public. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages/manage/faqs/',
    { schema: { tags: ['pages'], response: { 200: z.array(Faq), ...errorResponses } } },
    async (request) => listFaqs(request.ctx),
  );
  app.get(
    '/pages/manage/documents/',
    {
      schema: {
        tags: ['pages'],
        querystring: z.object({ document_type: DocumentType.optional() }),
        response: { 200: z.array(LegalDocument), ...errorResponses },
      },
    },
    async (request) => listDocuments(request.ctx, request.query),
  );
};
