import type { Database } from '../../db/client.ts';
import { type ServiceDeps, systemContext } from '../../lib/context.ts';
import { getTenant } from '../tenants/index.ts';
import { mailPasswordReset, mailRegistrationForExisting } from './accounts.service.ts';

/** The accounts module's work done after the answer: reset links and the notice to an address's owner. */
export function subscribeAccountEvents(deps: ServiceDeps, database: Database): void {
  const contextOf = async (tenantId: number) => {
    const tenant = await getTenant(database.db, tenantId);
    return tenant ? systemContext(deps, database, tenant, 'event:account') : null;
  };
  deps.events.on('account.password_reset_requested', async ({ tenantId, email }) => {
    const ctx = await contextOf(tenantId);
    if (ctx) await mailPasswordReset(ctx, email);
  });
  deps.events.on('account.registration_for_existing', async ({ tenantId, userId }) => {
    const ctx = await contextOf(tenantId);
    if (ctx) await mailRegistrationForExisting(ctx, userId);
  });
}
