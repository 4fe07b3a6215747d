// Refunds, a sub-module of orders: the refund workflow (decision 014: reserve, send, record, move the order) and
// refunds by line (decision 024: what each line may still give back, with its tax). The rest of orders imports it
// only from here.
export { quoteRefund, refundableQuantities, soldOrderOf } from './orders.refund-lines.ts';
export { moveOrderForRefunds, refundOrder } from './orders.refunds.ts';
