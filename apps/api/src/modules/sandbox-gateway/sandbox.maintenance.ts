// The built-in sandbox's side of 2C2P's Payment Maintenance API: its own key pair per shop (published for the
// certificate exchange), inquiry (`I`), void (`V`, in full, before the payment settles), refund (`R`, settled
// payments only, partial refunds adding up to the amount paid) and refund status (`RS`). A refund of an amount ending
// in .01 stays pending for `SANDBOX_GATEWAY_REFUND_PENDING_POLLS` status polls, then completes; one ending in .02 does
// the same, then fails; one ending in .03 completes at once but is answered only after the shop's gateway timeout
// (`PAYMENT_GATEWAY_TIMEOUT_MS`: a refund the shop must ask about); any other completes at once. A refund or void
// carries the merchant's own reference: sent again under it, it is the same one; its status is asked by it.
import { randomInt } from 'node:crypto';
import type { RequestContext } from '../../lib/context.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import {
  amountToCents,
  buildXml,
  generateMaintenanceKeys,
  type MaintenanceStatus,
  openMessage,
  parseXml,
  privateKeyOf,
  publicKeyOf,
  REFUND_REFERENCE_FIELD,
  sandboxMerchant,
  sandboxMerchantPublicKey,
  sealMessage,
  statusCode,
} from '../payments/index.ts';
import {
  findTransactionByInvoice,
  insertSandboxRefund,
  listSandboxRefunds,
  lockTransaction,
  type SandboxRefund,
  type SandboxTransaction,
  sandboxKeys,
  updateSandboxRefund,
} from './sandbox.repository.ts';

/** The sandbox's answer codes: `00` success, the others its own (2C2P's list is not public; see the docs). */
const CODES = {
  '00': 'Success',
  '05': 'The request is not valid.',
  '14': 'Transaction not found.',
  '31': 'The amount exceeds what is left to refund.',
  '33': 'The transaction is not settled yet: void it, or refund it once settled.',
  '34': 'The transaction is settled: it can no longer be voided, refund it instead.',
  '35': 'A void cancels the whole amount.',
  '36': 'The transaction was voided.',
  '37': 'No refund of this amount was made.',
} as const;
type Code = keyof typeof CODES;

/** The sandbox's public key for the shop (PEM): the merchant encrypts its requests with it and verifies answers. */
export async function sandboxCertificate(ctx: RequestContext): Promise<string | null> {
  if (!(await sandboxMerchant(ctx))) return null;
  return (await sandboxKeys(ctx.scope, generateMaintenanceKeys)).publicKey;
}

/** The transaction's money now: approved (not settled), settled, or voided. */
function stateOf(ctx: RequestContext, transaction: SandboxTransaction, refunds: SandboxRefund[]): MaintenanceStatus {
  if (refunds.some((refund) => refund.processType === 'V')) return 'voided';
  const paidAt = transaction.transactionAt ?? transaction.createdAt;
  const settlesAt = paidAt.getTime() + ctx.deps.config.SANDBOX_GATEWAY_SETTLE_AFTER_SECONDS * 1000;
  return Date.now() >= settlesAt ? 'settled' : 'approved';
}

const refundStatus = (refund: SandboxRefund): MaintenanceStatus =>
  refund.status === 'pending' ? 'refund_pending' : refund.status === 'completed' ? 'refunded' : 'refund_failed';

/** What the sandbox answers a refund made but answered late (the `.03` switch), past the shop's gateway timeout. */
function lateAnswerMs(ctx: RequestContext): number {
  return ctx.deps.config.PAYMENT_GATEWAY_TIMEOUT_MS + 1000;
}

/**
 * `POST …/PaymentAction/2.0/action`: opens a sealed `PaymentProcessRequest` (signed by the shop's sandbox merchant,
 * encrypted for the sandbox), acts on it and answers a sealed `PaymentProcessResponse`, with how long to hold the
 * answer back (0 but for the `.03` switch); null when the request cannot be opened (answered 400 without a body worth
 * sealing).
 */
export async function maintenanceAction(
  ctx: RequestContext,
  body: unknown,
): Promise<{ sealed: string; delayMs: number } | null> {
  const merchant = await sandboxMerchant(ctx);
  const merchantKey = await sandboxMerchantPublicKey(ctx);
  if (!merchant || !merchantKey || typeof body !== 'string') return null;
  const own = await sandboxKeys(ctx.scope, generateMaintenanceKeys);
  const keys = { own: privateKeyOf(own.privateKey), merchant: publicKeyOf(merchantKey) };
  let xml: string;
  try {
    xml = await openMessage(body, { verifyWith: keys.merchant, decryptWith: keys.own });
  } catch {
    return null;
  }
  const request = parseXml('PaymentProcessRequest', xml);
  const answer = request ? await act(ctx, merchant.merchantId, request) : answerOf('05', {});
  const late =
    request?.processType === 'R' &&
    answer.respCode === '00' &&
    (amountToCents(request.actionAmount ?? '') ?? 0) % 100 === 3;
  const sealed = await sealMessage(buildXml('PaymentProcessResponse', answer), {
    signWith: keys.own,
    encryptFor: keys.merchant,
  });
  return { sealed, delayMs: late ? lateAnswerMs(ctx) : 0 };
}

function answerOf(code: Code, fields: Record<string, string>): Record<string, string> {
  return { version: '3.8', ...fields, respCode: code, respDesc: CODES[code] };
}

async function act(ctx: RequestContext, merchantId: string, request: Record<string, string>) {
  const invoiceNo = request.invoiceNo ?? '';
  const processType = request.processType ?? '';
  const echo = { invoiceNo, processType };
  if (request.merchantID !== merchantId || !['I', 'V', 'R', 'RS'].includes(processType)) return answerOf('05', echo);
  const transaction = await findTransactionByInvoice(ctx.scope, merchantId, invoiceNo);
  if (transaction?.respCode !== '0000') return answerOf('14', echo);
  const paidCents = amountToCents(transaction.amount) ?? 0;
  const actionCents = request.actionAmount ? amountToCents(request.actionAmount) : null;
  const merchantReference = request[REFUND_REFERENCE_FIELD] || null;
  return inTransaction(ctx, async (tx) => {
    await lockTransaction(tx.scope, transaction.id);
    const refunds = await listSandboxRefunds(tx.scope, transaction.id);
    const state = stateOf(ctx, transaction, refunds);
    const base = { ...echo, amount: transaction.amount, status: statusCode(state) };
    if (processType === 'I') return answerOf('00', base);
    // A refund or void the merchant names by its own reference: asked (`RS`) or sent again (`R`, `V`), the answer is
    // what became of the one made under that reference; never a second one.
    const known = merchantReference ? refunds.find((row) => row.merchantReference === merchantReference) : undefined;
    if (known) {
      const now = processType === 'RS' && known.status === 'pending' ? await advance(tx, known) : known;
      const status = now.processType === 'V' ? 'voided' : refundStatus(now);
      return answerOf('00', { ...base, status: statusCode(status), referenceNo: now.reference });
    }
    if (merchantReference && processType === 'RS') return answerOf('37', base);
    if (processType === 'V') {
      if (state === 'voided') return answerOf('36', base);
      if (state === 'settled') return answerOf('34', base);
      if (actionCents !== null && actionCents !== paidCents) return answerOf('35', base);
      const voided = await insertSandboxRefund(tx.scope, {
        transactionId: transaction.id,
        processType: 'V',
        amountCents: paidCents,
        status: 'completed',
        reference: String(randomInt(10_000_000, 99_999_999)),
        merchantReference,
      });
      return answerOf('00', { ...base, status: statusCode('voided'), referenceNo: voided.reference });
    }
    if (state === 'voided') return answerOf('36', base);
    if (actionCents === null || actionCents <= 0) return answerOf('05', base);
    if (processType === 'RS') {
      const refund =
        refunds.find((row) => row.processType === 'R' && row.amountCents === actionCents && row.status === 'pending') ??
        refunds.findLast((row) => row.processType === 'R' && row.amountCents === actionCents);
      if (!refund) return answerOf('37', base);
      const now = refund.status !== 'pending' ? refund : await advance(tx, refund);
      return answerOf('00', { ...base, status: statusCode(refundStatus(now)), referenceNo: now.reference });
    }
    if (state !== 'settled') return answerOf('33', base);
    const refunded = refunds
      .filter((row) => row.processType === 'R' && row.status !== 'failed')
      .reduce((total, row) => total + row.amountCents, 0);
    if (actionCents > paidCents - refunded) return answerOf('31', base);
    const cents = actionCents % 100;
    const pending = cents === 1 || cents === 2;
    const polls = ctx.deps.config.SANDBOX_GATEWAY_REFUND_PENDING_POLLS;
    const refund = await insertSandboxRefund(tx.scope, {
      transactionId: transaction.id,
      processType: 'R',
      amountCents: actionCents,
      status: pending ? 'pending' : 'completed',
      pollsLeft: pending ? polls : 0,
      fails: cents === 2,
      reference: String(randomInt(10_000_000, 99_999_999)),
      merchantReference,
    });
    return answerOf('00', { ...base, status: statusCode(refundStatus(refund)), referenceNo: refund.reference });
  });
}

/** One status poll of a pending refund: it waits while polls are left, then completes or fails. */
async function advance(ctx: RequestContext, refund: SandboxRefund): Promise<SandboxRefund> {
  if (refund.pollsLeft > 0) return updateSandboxRefund(ctx.scope, refund.id, { pollsLeft: refund.pollsLeft - 1 });
  return updateSandboxRefund(ctx.scope, refund.id, { status: refund.fails ? 'failed' : 'completed' });
}
