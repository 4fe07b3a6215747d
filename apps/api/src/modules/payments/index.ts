// The payments module's public surface: the only file other modules and the app import from it.
export type { PaymentSettingsValues } from './payments.repository.ts';
export { paymentsRoutes } from './payments.routes.ts';
export {
  checkoutPaymentTerms,
  configurePayments,
  getPaymentOptions,
  INVALID_PAYMENT_METHOD,
  type PaymentTerms,
} from './payments.service.ts';
