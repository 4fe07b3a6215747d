// The discounts module's public surface: the only file other modules and the app import from it.
export { DISCOUNT_CODE_RATE_LIMITS } from './discounts.limits.ts';
export { discountsAdminRoutes } from './discounts.routes.ts';
export {
  type BasketDiscounts,
  checkDiscountCode,
  chooseBasketDiscounts,
  type DiscountRow,
  type OrderDiscountLine,
  orderDiscountLines,
  reclaimDiscountUses,
  recordDiscountUses,
  refusalStops,
  releaseDiscountUses,
  toAppliedDiscount,
} from './discounts.service.ts';
