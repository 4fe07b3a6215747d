import { eq, isNull, or } from 'drizzle-orm';
import { sandboxGatewayTransactions } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

export type SandboxTransaction = typeof sandboxGatewayTransactions.$inferSelect;
export type NewSandboxTransaction = Omit<typeof sandboxGatewayTransactions.$inferInsert, 'tenantId' | 'id'>;
export type SandboxOutcome = Pick<
  SandboxTransaction,
  'respCode' | 'respDesc' | 'tranRef' | 'approvalCode' | 'accountNo' | 'transactionAt'
>;

/** A new transaction; null when the merchant has used the invoice number before (2C2P's 9015). */
export async function insertTransaction(
  scope: TenantScope,
  values: NewSandboxTransaction,
): Promise<SandboxTransaction | null> {
  const [row] = await scope.db
    .insert(sandboxGatewayTransactions)
    .values(scope.values(values))
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findTransactionByToken(scope: TenantScope, token: string): Promise<SandboxTransaction | null> {
  const [row] = await scope.db
    .select()
    .from(sandboxGatewayTransactions)
    .where(scope.where(sandboxGatewayTransactions, eq(sandboxGatewayTransactions.paymentToken, token)))
    .limit(1);
  return row ?? null;
}

export async function findTransactionByInvoice(
  scope: TenantScope,
  merchantId: string,
  invoiceNo: string,
): Promise<SandboxTransaction | null> {
  const [row] = await scope.db
    .select()
    .from(sandboxGatewayTransactions)
    .where(
      scope.where(
        sandboxGatewayTransactions,
        eq(sandboxGatewayTransactions.merchantId, merchantId),
        eq(sandboxGatewayTransactions.invoiceNo, invoiceNo),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records the shopper's outcome on a transaction still open or pending; null when it was completed meanwhile (a
 * token is used once: 2C2P's 9041).
 */
export async function completeTransaction(
  scope: TenantScope,
  id: number,
  outcome: SandboxOutcome,
): Promise<SandboxTransaction | null> {
  const [row] = await scope.db
    .update(sandboxGatewayTransactions)
    .set(outcome)
    .where(
      scope.where(
        sandboxGatewayTransactions,
        eq(sandboxGatewayTransactions.id, id),
        or(isNull(sandboxGatewayTransactions.respCode), eq(sandboxGatewayTransactions.respCode, '0001')),
      ),
    )
    .returning();
  return row ?? null;
}
