// The accounts module's public surface: the only file other modules and the app import from it.
export { currentAccountRole } from './accounts.admin.ts';
export { authentication } from './accounts.authentication.ts';
export { accountColumns } from './accounts.repository.ts';
export { accountsAdminRoutes, accountsRoutes, staffAdminRoutes } from './accounts.routes.ts';
export {
  createAccount,
  createStaffAccount,
  findAccountIdByEmail,
  findAccountIdsMatching,
  getAccountEmail,
  getAccountEmails,
  openSession,
  setAccountPassword,
  signsInWith,
  unsubscribeUrl,
} from './accounts.service.ts';
export { subscribeAccountEvents } from './accounts.subscribers.ts';
export { resolveJwtSecret } from './secret.ts';
export { TokenSigner } from './tokens.ts';
