import { ProductListQuery, ProductPage, ProductSummary } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/schemas.ts';
import { pageAnswer } from '../../../lib/urls.ts';
import { listProducts } from './product-list.service.ts';

/** `/products/products/`: the product list (filters, search, facets). */
export const productListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/products/',
    {
      config: { publicCache: true, searchText: ['search'] },
      schema: {
        tags: ['catalog'],
        querystring: ProductListQuery,
        response: { 200: z.union([ProductPage, z.array(ProductSummary)]), ...errorResponses },
      },
    },
    async (request) => {
      const result = await listProducts(request.ctx, request.query);
      if (!result.paginated) return result.results;
      return {
        ...pageAnswer(request, result),
        ...(result.facets ? { facets: result.facets } : {}),
        ...(result.intent ? { search_intent: result.intent } : {}),
      };
    },
  );
};
