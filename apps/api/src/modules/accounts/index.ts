// The accounts module's public surface: the only file other modules and the app import from it.
export { findAccountIdByEmail, getAccountEmail } from './accounts.service.ts';
