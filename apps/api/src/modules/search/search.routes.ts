import {
  ItemParams,
  SearchCompletions,
  SearchCompletionsQuery,
  SearchSuggestion,
  SearchSuggestionQuery,
} from '@platform/contracts';
import {
  AdminSynonymBody,
  AdminSynonymGroup,
  AdminSynonymListQuery,
  AdminSynonymPage,
} from '@platform/contracts/admin-catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import {
  createSynonymsByStaff,
  deleteSynonymsByStaff,
  getSynonymsForStaff,
  listSynonymsForStaff,
  updateSynonymsByStaff,
} from './search.admin.ts';
import { completeSearch, type SearchedProducts, suggestSearch } from './search.service.ts';

/**
 * `/products/search-suggestion/` and `/products/search-completions/`: "Did you mean …?" and the type-ahead, over
 * the products the app hands in (`products`: the catalog's).
 */
export const searchRoutes: FastifyPluginAsyncZod<{ products: SearchedProducts }> = async (app, { products }) => {
  app.get(
    '/products/search-suggestion/',
    {
      config: { publicCache: true, searchText: ['search'] },
      schema: {
        tags: ['catalog'],
        querystring: SearchSuggestionQuery,
        response: { 200: SearchSuggestion, ...errorResponses },
      },
    },
    async (request) => ({ suggestion: await suggestSearch(request.ctx, request.query.search, products) }),
  );

  app.get(
    '/products/search-completions/',
    {
      config: { publicCache: true, searchText: ['search'] },
      schema: {
        tags: ['catalog'],
        querystring: SearchCompletionsQuery,
        response: { 200: SearchCompletions, ...errorResponses },
      },
    },
    async (request) => completeSearch(request.ctx, request.query.search, products),
  );
};

/** `/admin/synonyms/` and `/admin/concepts/`: the shop's synonym groups and related concept groups for staff. */
export const searchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_products'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  for (const kind of ['synonyms', 'concepts'] as const) {
    app.get(
      `/${kind}/`,
      {
        schema: {
          ...schema,
          querystring: AdminSynonymListQuery,
          response: { 200: AdminSynonymPage, ...errorResponses },
        },
      },
      async (request) => listSynonymsForStaff(request.ctx, request.query, kind),
    );

    app.post(
      `/${kind}/`,
      { schema: { ...schema, body: AdminSynonymBody, response: { 201: AdminSynonymGroup, ...errorResponses } } },
      async (request, reply) => reply.code(201).send(await createSynonymsByStaff(request.ctx, request.body, kind)),
    );

    app.get(
      `/${kind}/:id/`,
      { schema: { ...schema, params: ItemParams, response: { 200: AdminSynonymGroup, ...errorResponses } } },
      async (request) => getSynonymsForStaff(request.ctx, request.params.id, kind),
    );

    app.patch(
      `/${kind}/:id/`,
      {
        schema: {
          ...schema,
          params: ItemParams,
          body: AdminSynonymBody,
          response: { 200: AdminSynonymGroup, ...errorResponses },
        },
      },
      async (request) => updateSynonymsByStaff(request.ctx, request.params.id, request.body, kind),
    );

    app.delete(
      `/${kind}/:id/`,
      { schema: { ...schema, params: ItemParams, response: { 204: z.null(), ...errorResponses } } },
      async (request, reply) => {
        await deleteSynonymsByStaff(request.ctx, request.params.id, kind);
        return reply.code(204).send(null);
      },
    );
  }
};
