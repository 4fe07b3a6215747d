import { paymentSettings } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type PaymentSettingsValues = Partial<Omit<PaymentSettingsRow, 'tenantId' | 'updatedAt'>>;

export async function findPaymentSettings(scope: TenantScope): Promise<PaymentSettingsRow | null> {
  const [row] = await scope.db.select().from(paymentSettings).where(scope.where(paymentSettings)).limit(1);
  return row ?? null;
}

export async function upsertPaymentSettings(
  scope: TenantScope,
  values: PaymentSettingsValues,
): Promise<PaymentSettingsRow> {
  const [row] = await scope.db
    .insert(paymentSettings)
    .values(scope.values(values))
    .onConflictDoUpdate({ target: paymentSettings.tenantId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('payment settings upsert returned nothing');
  return row;
}
