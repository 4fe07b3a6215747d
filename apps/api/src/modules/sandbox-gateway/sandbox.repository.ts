import { asc, eq, isNull, or } from 'drizzle-orm';
import { sandboxGatewayKeys, sandboxGatewayRefunds, sandboxGatewayTransactions } from '../../db/schema/index.ts';
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

export type SandboxRefund = typeof sandboxGatewayRefunds.$inferSelect;

/** The sandbox's key pair for the shop, storing `generated` when it has none (a concurrent first use keeps one). */
export async function sandboxKeys(
  scope: TenantScope,
  generate: () => Promise<{ privateKey: string; publicKey: string }>,
): Promise<{ privateKey: string; publicKey: string }> {
  const read = async () => {
    const [row] = await scope.db.select().from(sandboxGatewayKeys).where(scope.where(sandboxGatewayKeys)).limit(1);
    return row ?? null;
  };
  const found = await read();
  if (found) return found;
  await scope.db
    .insert(sandboxGatewayKeys)
    .values(scope.values(await generate()))
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error('sandbox keys were not stored');
  return stored;
}

/** A transaction's refunds and voids, oldest first. */
export async function listSandboxRefunds(scope: TenantScope, transactionId: number): Promise<SandboxRefund[]> {
  return scope.db
    .select()
    .from(sandboxGatewayRefunds)
    .where(scope.where(sandboxGatewayRefunds, eq(sandboxGatewayRefunds.transactionId, transactionId)))
    .orderBy(asc(sandboxGatewayRefunds.id));
}

export async function insertSandboxRefund(
  scope: TenantScope,
  values: Omit<typeof sandboxGatewayRefunds.$inferInsert, 'tenantId' | 'id'>,
): Promise<SandboxRefund> {
  const [row] = await scope.db.insert(sandboxGatewayRefunds).values(scope.values(values)).returning();
  if (!row) throw new Error('sandbox refund insert returned nothing');
  return row;
}

export async function updateSandboxRefund(
  scope: TenantScope,
  id: number,
  changes: Partial<Pick<SandboxRefund, 'status' | 'pollsLeft'>>,
): Promise<SandboxRefund> {
  const [row] = await scope.db
    .update(sandboxGatewayRefunds)
    .set(changes)
    .where(scope.where(sandboxGatewayRefunds, eq(sandboxGatewayRefunds.id, id)))
    .returning();
  if (!row) throw new Error('sandbox refund update returned nothing');
  return row;
}

/** Locks a transaction's row until the transaction ends (its refunds are decided one at a time). */
export async function lockTransaction(scope: TenantScope, id: number): Promise<void> {
  await scope.db
    .select({ id: sandboxGatewayTransactions.id })
    .from(sandboxGatewayTransactions)
    .where(scope.where(sandboxGatewayTransactions, eq(sandboxGatewayTransactions.id, id)))
    .for('update');
}
