// Tax on an order: the one place that says how much is added to its total.

/**
 * The tax added to an order's total, in cents. NOTE: no tax is charged yet (the shop's prices are what the customer
 * pays); the order keeps it in `tax_cents` and answers it as `tax`, so that charging tax changes this function only.
 */
export function orderTaxCents(): number {
  return 0;
}
