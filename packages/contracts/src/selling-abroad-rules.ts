// Selling abroad (issue 48, decision 029): the texts of the rules the checkout, the cart, the product page and the API
// share, without a schema (the storefront's first load may import them through `@platform/contracts/plain`).

/** The age an age-restricted order's buyer confirms, unless the shop sets another. */
export const DEFAULT_ADULT_AGE = 18;

/** The checkout's checkbox for an order holding an age-restricted product. */
export function ageConfirmationLabel(age: number): string {
  return `I confirm I am ${age} or older`;
}

/** Why an order holding an age-restricted product is refused without the buyer's confirmation. */
export function ageConfirmationRequired(age: number): string {
  return `Some items in your order are sold only to adults. Please tick "${ageConfirmationLabel(age)}" to place it.`;
}

/** What the checkout says of a destination outside the shop's country, unless the shop words it otherwise. */
export const DEFAULT_DUTIES_NOTICE =
  'Your order leaves our country: import duties and taxes may be charged by your country on delivery. They are not included in our prices.';

/**
 * The shop's message when a destination (a country's code, and its region's name when known) is closed by one of
 * `restrictions`; null when none closes it. A restriction of a region closes that region only.
 */
export function closedDestinationMessage(
  restrictions: readonly { country: string; region: string | null; message: string }[],
  destination: { country: string; region?: string | null | undefined },
): string | null {
  const region = destination.region?.trim().toLowerCase() ?? '';
  const closing = restrictions.find(
    (restriction) =>
      restriction.country === destination.country &&
      (restriction.region === null || restriction.region.toLowerCase() === region),
  );
  return closing?.message ?? null;
}
