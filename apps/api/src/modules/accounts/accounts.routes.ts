import {
  AccountUser,
  DetailResponse,
  ItemParams,
  LoginBody,
  LoginResponse,
  LogoutBody,
  PASSWORD_CHANGED,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RefreshBody,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  SavedAddress,
  SavedAddressBody,
  SavedAddressList,
  SavedAddressPatchBody,
  UnsubscribeBody,
  UpdateAccountBody,
} from '@platform/contracts';
import {
  AdminCustomer,
  AdminCustomerBody,
  AdminCustomerListQuery,
  AdminCustomerPage,
  AdminStaffCreateBody,
  AdminStaffMember,
  AdminStaffPage,
  AdminStaffUpdateBody,
} from '@platform/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  getCustomerForStaff,
  getStaffForOwner,
  inviteStaffByOwner,
  listCustomersForStaff,
  listStaffForOwner,
  setCustomerActive,
  updateStaffByOwner,
} from './accounts.admin.ts';
import {
  accountKeyOfLogin,
  changePassword,
  confirmPasswordReset,
  dummyPasswordHash,
  login,
  logout,
  me,
  refreshTokens,
  register,
  requestPasswordReset,
  unsubscribe,
  updateAccount,
} from './accounts.service.ts';
import { addAddress, changeAddress, listAddresses, removeAddress } from './addresses.service.ts';

/** Per client address and shop. Generous enough for a family behind one address, tight enough against guessing. */
export const ACCOUNT_RATE_LIMITS = {
  login: { max: 10, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '10 minutes' },
  refresh: { max: 60, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  passwordChange: { max: 10, timeWindow: '15 minutes' },
} as const;

/**
 * Per account and shop, from any address: the account a request names (its e-mail address or username, whether or
 * not it exists, so that a limit never tells which do). Every request counts as it arrives, a successful sign-in too:
 * a customer does not sign in ten times in a quarter of an hour, and counting failures only once they are known would
 * let a burst of parallel guesses through. Registration and reset requests also bound the e-mails sent to one mailbox.
 */
export const NAMED_ACCOUNT_RATE_LIMITS = {
  // An account's e-mail address and username share one count: guesses under both names are counted together.
  login: {
    max: 10,
    timeWindow: '15 minutes',
    namedBy: 'login_id',
    identify: (request: FastifyRequest, identifier: string) => accountKeyOfLogin(request.ctx, identifier),
  },
  register: { max: 5, timeWindow: '1 hour', namedBy: 'email' },
  passwordReset: { max: 5, timeWindow: '1 hour', namedBy: 'email' },
} as const;

/**
 * Changes of the signed-in account (its display name, which the shop's pages show): per client address and per
 * account, so that renaming oneself over and over cannot keep re-rendering the pages that show the name.
 */
export const PROFILE_RATE_LIMITS = {
  perAddress: { max: 30, timeWindow: '1 hour' },
  perAccount: { max: 10, timeWindow: '1 hour' },
} as const;

const tags = ['accounts'];

/**
 * `/accounts/`: registration, login, token refresh with rotation, logout, the signed-in account (its display name,
 * its password, its saved addresses), password reset.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  await dummyPasswordHash();

  app.post(
    '/accounts/register/',
    {
      config: routeRateLimit(ACCOUNT_RATE_LIMITS.register, NAMED_ACCOUNT_RATE_LIMITS.register),
      schema: { tags, body: RegisterBody, response: { 201: RegisterResponse, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await register(request.ctx, request.body)),
  );

  app.post(
    '/accounts/login/',
    {
      config: routeRateLimit(ACCOUNT_RATE_LIMITS.login, NAMED_ACCOUNT_RATE_LIMITS.login),
      schema: { tags, body: LoginBody, response: { 200: LoginResponse, ...errorResponses } },
    },
    async (request) => login(request.ctx, request.body),
  );

  app.post(
    '/accounts/token/refresh/',
    {
      config: routeRateLimit(ACCOUNT_RATE_LIMITS.refresh),
      schema: { tags, body: RefreshBody, response: { 200: RefreshResponse, ...errorResponses } },
    },
    async (request) =>
      refreshTokens(request.ctx, request.body.refresh, {
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  );

  app.post(
    '/accounts/logout/',
    { schema: { tags, body: LogoutBody, response: { 200: DetailResponse, ...errorResponses } } },
    async (request) => {
      await logout(request.ctx, request.body.refresh);
      return { detail: 'Successfully logged out.' };
    },
  );

  app.get(
    '/accounts/me/',
    {
      onRequest: signedIn(),
      schema: { tags, security: [{ tenant: [], bearer: [] }], response: { 200: AccountUser, ...errorResponses } },
    },
    async (request) => me(request.ctx),
  );

  const signedInSchema = { tags, security: [{ tenant: [], bearer: [] }] };

  app.patch(
    '/accounts/me/',
    {
      onRequest: signedIn(),
      config: routeRateLimit(PROFILE_RATE_LIMITS.perAddress, PROFILE_RATE_LIMITS.perAccount),
      schema: { ...signedInSchema, body: UpdateAccountBody, response: { 200: AccountUser, ...errorResponses } },
    },
    async (request) => updateAccount(request.ctx, request.body),
  );

  app.post(
    '/accounts/unsubscribe/',
    {
      config: routeRateLimit({ max: 20, timeWindow: '10 minutes' }),
      schema: { tags, body: UnsubscribeBody, response: { 200: DetailResponse, ...errorResponses } },
    },
    async (request) => unsubscribe(request.ctx, request.body),
  );

  app.post(
    '/accounts/password/change/',
    {
      onRequest: signedIn(),
      config: routeRateLimit(ACCOUNT_RATE_LIMITS.passwordChange),
      schema: { ...signedInSchema, body: PasswordChangeBody, response: { 200: DetailResponse, ...errorResponses } },
    },
    async (request) => {
      await changePassword(request.ctx, request.body);
      return { detail: PASSWORD_CHANGED };
    },
  );

  app.get(
    '/accounts/addresses/',
    { onRequest: signedIn(), schema: { ...signedInSchema, response: { 200: SavedAddressList, ...errorResponses } } },
    async (request) => listAddresses(request.ctx),
  );

  app.post(
    '/accounts/addresses/',
    {
      onRequest: signedIn(),
      schema: { ...signedInSchema, body: SavedAddressBody, response: { 201: SavedAddress, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await addAddress(request.ctx, request.body)),
  );

  app.patch(
    '/accounts/addresses/:id/',
    {
      onRequest: signedIn(),
      schema: {
        ...signedInSchema,
        params: ItemParams,
        body: SavedAddressPatchBody,
        response: { 200: SavedAddress, ...errorResponses },
      },
    },
    async (request) => changeAddress(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/accounts/addresses/:id/',
    {
      onRequest: signedIn(),
      schema: { ...signedInSchema, params: ItemParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await removeAddress(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/accounts/password-reset/',
    {
      config: routeRateLimit(ACCOUNT_RATE_LIMITS.passwordReset, NAMED_ACCOUNT_RATE_LIMITS.passwordReset),
      schema: { tags, body: PasswordResetBody, response: { 202: DetailResponse, ...errorResponses } },
    },
    async (request, reply) => {
      requestPasswordReset(request.ctx, request.body);
      return reply.code(202).send({
        detail: 'If an account exists for this e-mail address, a link to reset its password has been sent to it.',
      });
    },
  );

  app.post(
    '/accounts/password-reset/confirm/',
    {
      config: routeRateLimit(ACCOUNT_RATE_LIMITS.passwordReset),
      schema: { tags, body: PasswordResetConfirmBody, response: { 200: DetailResponse, ...errorResponses } },
    },
    async (request) => {
      await confirmPasswordReset(request.ctx, request.body);
      return { detail: 'Your password has been reset. You can now log in.' };
    },
  );
};

/** `/admin/customers/`: the shop's customers for staff; disabling one ends its sessions at once. */
export const accountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };
  const params = ItemParams;

  app.get(
    '/customers/',
    {
      schema: {
        ...schema,
        querystring: AdminCustomerListQuery,
        response: { 200: AdminCustomerPage, ...errorResponses },
      },
    },
    async (request) => listCustomersForStaff(request.ctx, request.query),
  );

  app.get(
    '/customers/:id/',
    { schema: { ...schema, params, response: { 200: AdminCustomer, ...errorResponses } } },
    async (request) => getCustomerForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/customers/:id/',
    { schema: { ...schema, params, body: AdminCustomerBody, response: { 200: AdminCustomer, ...errorResponses } } },
    async (request) => setCustomerActive(request.ctx, request.params.id, request.body.is_active),
  );
};

/** `/admin/staff/`: the shop's staff, for the owner: invitations, roles, disabling. */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly('manage_settings'));
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };
  const params = ItemParams;

  app.get(
    '/staff/',
    {
      schema: { ...schema, querystring: AdminCustomerListQuery, response: { 200: AdminStaffPage, ...errorResponses } },
    },
    async (request) => listStaffForOwner(request.ctx, request.query),
  );

  app.post(
    '/staff/',
    { schema: { ...schema, body: AdminStaffCreateBody, response: { 201: AdminStaffMember, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await inviteStaffByOwner(request.ctx, request.body)),
  );

  app.get(
    '/staff/:id/',
    { schema: { ...schema, params, response: { 200: AdminStaffMember, ...errorResponses } } },
    async (request) => getStaffForOwner(request.ctx, request.params.id),
  );

  app.patch(
    '/staff/:id/',
    {
      schema: { ...schema, params, body: AdminStaffUpdateBody, response: { 200: AdminStaffMember, ...errorResponses } },
    },
    async (request) => updateStaffByOwner(request.ctx, request.params.id, request.body),
  );
};
