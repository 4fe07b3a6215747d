import { AdminItemParams } from '@platform/contracts/admin-content';
import {
  AdminTaxRate,
  AdminTaxRateCreateBody,
  AdminTaxRateListQuery,
  AdminTaxRatePage,
  AdminTaxRateUpdateBody,
  AdminTaxSettings,
  AdminTaxSettingsBody,
} from '@platform/contracts/admin-tax';
import { TaxDestination, TaxDestinationQuery } from '@platform/contracts/tax';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import {
  createTaxRateByStaff,
  deleteTaxRateByStaff,
  getTaxRateForStaff,
  getTaxSettingsForStaff,
  listTaxRatesForStaff,
  updateTaxRateByStaff,
  updateTaxSettingsByStaff,
} from './tax.admin.ts';
import { getTaxDestination, taxDestinationCacheQuery } from './tax.service.ts';

/** `/tax/destination/`: how prices are shown to a destination, and its rates (public, cached per shop). */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const uncached = new WeakSet<FastifyRequest>();
  app.get(
    '/tax/destination/',
    {
      // Before the cache reads the address: one address per destination, whatever its spelling.
      onRequest: async (request) => {
        const url = new URL(request.url, 'http://query.invalid');
        const country = url.searchParams.get('country');
        const normal = country === null ? null : taxDestinationCacheQuery(country, url.searchParams.get('region'));
        if (!normal) return;
        url.searchParams.set('country', normal.country);
        if (normal.region === null) url.searchParams.delete('region');
        else url.searchParams.set('region', normal.region);
        request.raw.url = `${url.pathname}?${url.searchParams}`;
        request.query = { country: normal.country, ...(normal.region === null ? {} : { region: normal.region }) };
        if (!normal.cacheable) uncached.add(request);
      },
      schema: {
        tags: ['tax'],
        security: [{ tenant: [] }],
        querystring: TaxDestinationQuery,
        response: { 200: TaxDestination, ...errorResponses },
      },
      config: { publicCache: true, cacheable: (request) => !uncached.has(request) },
    },
    async (request) => getTaxDestination(request.ctx, request.query),
  );
};

/** `/admin/tax-rates/` and `/admin/tax-settings/`: the shop's tax rates, and how its prices are entered (staff). */
export const taxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/tax-rates/',
    {
      schema: { ...schema, querystring: AdminTaxRateListQuery, response: { 200: AdminTaxRatePage, ...errorResponses } },
    },
    async (request) => listTaxRatesForStaff(request.ctx, request.query),
  );

  app.post(
    '/tax-rates/',
    { schema: { ...schema, body: AdminTaxRateCreateBody, response: { 201: AdminTaxRate, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createTaxRateByStaff(request.ctx, request.body)),
  );

  app.get(
    '/tax-rates/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminTaxRate, ...errorResponses } } },
    async (request) => getTaxRateForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/tax-rates/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminTaxRateUpdateBody,
        response: { 200: AdminTaxRate, ...errorResponses },
      },
    },
    async (request) => updateTaxRateByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/tax-rates/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteTaxRateByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/tax-settings/',
    { schema: { ...schema, response: { 200: AdminTaxSettings, ...errorResponses } } },
    async (request) => getTaxSettingsForStaff(request.ctx),
  );

  app.patch(
    '/tax-settings/',
    { schema: { ...schema, body: AdminTaxSettingsBody, response: { 200: AdminTaxSettings, ...errorResponses } } },
    async (request) => updateTaxSettingsByStaff(request.ctx, request.body),
  );
};
