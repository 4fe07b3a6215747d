// The payments module's public surface: the only file other modules and the app import from it.
export {
  acceptPaymentAfterCancel,
  acknowledgeOrderPayment,
  PAID_AFTER_CANCEL_REVIEW,
  type PayableOrder,
  type PaymentJobDeps,
  reconcilePayments,
} from './card-payments.service.ts';
export { SANDBOX_CERTIFICATE_PATH } from './card-refunds.service.ts';
export type { RefundOutcome } from './payment-methods.ts';
export {
  findPaymentMethod,
  PAYMENT_METHOD_HANDLERS,
  type PaymentMethodHandler,
  paymentMethodHandler,
} from './payment-methods.ts';
export { listOrderPayments } from './payments.admin.ts';
export { paymentJobs } from './payments.jobs.ts';
export type { PaymentSettingsValues } from './payments.repository.ts';
export { paymentGatewayRoutes, paymentsAdminRoutes, paymentsRoutes } from './payments.routes.ts';
export {
  type CardGatewaySettings,
  checkoutPaymentTerms,
  configureCardGateway,
  configurePayments,
  getPaymentOptions,
  INVALID_PAYMENT_METHOD,
  isTestMode,
  type OrderLimits,
  orderLimits,
  type PaymentTerms,
  sandboxMerchant,
  sandboxMerchantPublicKey,
  TEST_GATEWAY_OFF,
} from './payments.service.ts';
export { refundColumns } from './refunds.repository.ts';
export {
  customerRefunds,
  failRefund,
  findRefundReplay,
  OPEN as OPEN_REFUND_STATUSES,
  pollPendingRefunds,
  type RefundableOrder,
  type RefundLineRecord,
  type RefundRequest,
  type RefundRow,
  type RefundTotals,
  recordRefundOutcome,
  redriveOnRetry,
  redriveRefund,
  refundNotice,
  refundTotals,
  reserveRefund,
  type SentRefund,
  sendRefund,
  staffRefunds,
} from './refunds.service.ts';
export { amountToCents } from './twoc2p.gateway.ts';
export {
  buildXml,
  generateMaintenanceKeys,
  type MaintenanceStatus,
  openMessage,
  parseXml,
  privateKeyOf,
  publicKeyOf,
  REFUND_REFERENCE_FIELD,
  sealMessage,
  statusCode,
} from './twoc2p.maintenance.ts';
