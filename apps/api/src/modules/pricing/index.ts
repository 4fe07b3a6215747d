// The pricing module's public surface: the only file other modules and the app import from it.

export {
  type Presentment,
  type PresentmentCurrency,
  presentmentCurrency,
  presentmentOf,
} from './pricing.presentment.ts';
export {
  type CatalogLine,
  enteredUnitCents,
  type PricedBasket,
  type PricingRequest,
  priceBasket,
  pricedFigures,
} from './pricing.service.ts';
