import { Category, ErrorDetail, ItemParams } from '@platform/contracts';
import {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryListQuery,
  AdminCategoryPage,
  AdminCategoryUpdateBody,
} from '@platform/contracts/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/schemas.ts';
import {
  createCategoryByStaff,
  deleteCategoryByStaff,
  getCategoryForStaff,
  listCategoriesForStaff,
  updateCategoryByStaff,
} from './categories.admin.ts';
import { getCategory, listCategories } from './categories.service.ts';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });
const IdParams = ItemParams;

/** `/products/categories/`: the shop's categories. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/categories/',
    {
      config: { publicCache: true },
      schema: { tags: ['catalog'], response: { 200: z.array(Category), ...errorResponses } },
    },
    async (request) => listCategories(request.ctx),
  );

  app.get(
    '/products/categories/:slug/',
    {
      config: { publicCache: true },
      schema: { tags: ['catalog'], params: SlugParams, response: { 200: Category, ...errorResponses } },
    },
    async (request) => getCategory(request.ctx, request.params.slug),
  );
};

/** `/admin/categories/`: the categories for staff (in the catalog's staff scope: its gate and body parsers). */
export const categoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/categories/',
    {
      schema: {
        ...schema,
        querystring: AdminCategoryListQuery,
        response: { 200: AdminCategoryPage, ...errorResponses },
      },
    },
    async (request) => listCategoriesForStaff(request.ctx, request.query),
  );

  app.post(
    '/categories/',
    { schema: { ...schema, body: AdminCategoryCreateBody, response: { 201: AdminCategory, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createCategoryByStaff(request.ctx, request.body)),
  );

  app.get(
    '/categories/:id/',
    { schema: { ...schema, params: IdParams, response: { 200: AdminCategory, ...errorResponses } } },
    async (request) => getCategoryForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/categories/:id/',
    {
      schema: {
        ...schema,
        params: IdParams,
        body: AdminCategoryUpdateBody,
        response: { 200: AdminCategory, ...errorResponses },
      },
    },
    async (request) => updateCategoryByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    { schema: { ...schema, params: IdParams, response: { 204: z.null(), ...errorResponses, 409: ErrorDetail } } },
    async (request, reply) => {
      await deleteCategoryByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
