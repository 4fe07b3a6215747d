// The shipping module's public surface: the only file other modules and the app import from it.
export { createZone } from './shipping.admin.ts';
export { shippingAdminRoutes } from './shipping.routes.ts';
export {
  chargeShipping,
  findZoneIdForCountry,
  type ShippingCharge,
  shippingCost,
  zoneNames,
} from './shipping.service.ts';
