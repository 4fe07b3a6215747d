// The tenants module's public surface: the only file other modules and the app import from it.
export {
  createTenant,
  listTenants,
  type Tenant,
  TenantResolver,
  TenantTokenMissingError,
  TenantUnknownError,
} from './tenants.service.ts';
