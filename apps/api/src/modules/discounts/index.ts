// The discounts module's public surface: the only file other modules and the app import from it.
export { DISCOUNT_CODE_RATE_LIMITS } from './discounts.limits.ts';
export { discountsAdminRoutes } from './discounts.routes.ts';
export {
  type CartDiscounts,
  checkDiscountCode,
  type DiscountBasket,
  type DiscountLine,
  type OrderDiscountLine,
  type OrderDiscounts,
  previewCartDiscounts,
  priceOrderDiscounts,
  recordDiscountUses,
  releaseDiscountUses,
} from './discounts.service.ts';
