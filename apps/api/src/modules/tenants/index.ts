// The tenants module's public surface: the only file other modules and the app import from it.

export { tenantContext } from './tenants.context.ts';
export { tenantsRoutes } from './tenants.routes.ts';
export {
  countTenants,
  createTenant,
  findTenantByHost,
  getTenant,
  listTenants,
  type Tenant,
  TenantResolver,
  TenantTokenMissingError,
  TenantUnknownError,
} from './tenants.service.ts';
