import type { ServiceDeps } from '../../lib/context.ts';
import { settleReturnsByRefund } from './returns.service.ts';

/**
 * The returns' reaction to refunds: a refund that went through and covers a return's lines ends it as refunded.
 * Through the outbox (decision 021): after the refund's commit, once, even across a crash; the refund itself never
 * waits for it.
 */
export function subscribeReturnEvents(deps: ServiceDeps): void {
  deps.events.durable('refund.created', 'returns.refund-created', settleReturnsByRefund);
  deps.events.durable('refund.completed', 'returns.refund-completed', settleReturnsByRefund);
}
