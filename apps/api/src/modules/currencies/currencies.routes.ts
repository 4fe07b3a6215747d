import { AdminCurrencySettings, AdminCurrencySettingsBody } from '@platform/contracts/admin-currencies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { staffOnly } from '../../plugins/access.ts';
import { getCurrencySettingsForStaff, updateCurrencySettingsByStaff } from './currencies.admin.ts';

/** `/admin/currency-settings/`: the currencies the shop shows prices in, their rates and rounding, and their source. */
export const currenciesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/currency-settings/',
    { schema: { ...schema, response: { 200: AdminCurrencySettings, ...errorResponses } } },
    async (request) => getCurrencySettingsForStaff(request.ctx),
  );

  app.patch(
    '/currency-settings/',
    {
      schema: {
        ...schema,
        body: AdminCurrencySettingsBody,
        response: { 200: AdminCurrencySettings, ...errorResponses },
      },
    },
    async (request) => updateCurrencySettingsByStaff(request.ctx, request.body),
  );
};
