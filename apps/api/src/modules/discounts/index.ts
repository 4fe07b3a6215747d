// The discounts module's public surface: the only file other modules and the app import from it.
export { discountsAdminRoutes } from './discounts.routes.ts';
export {
  type BasketDiscounts,
  checkDiscountCode,
  chooseBasketDiscounts,
  type DiscountRow,
  type OrderDiscountLine,
  orderDiscountLines,
  recordDiscountUses,
  refusalStops,
  releaseDiscountUses,
  toAppliedDiscount,
} from './discounts.service.ts';
