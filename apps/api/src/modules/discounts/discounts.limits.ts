// How often a customer may try discount codes: every attempt counts as it arrives (a right code too), as sign-ins do,
// so that codes cannot be guessed one after another, nor by a burst of parallel requests.

/**
 * Code attempts (`POST /orders/cart/discount/`) per account and per client address, each in its shop: a customer
 * enters a code or two, not ten in a quarter of an hour; an address may be shared by a household or an office.
 */
export const DISCOUNT_CODE_RATE_LIMITS = {
  perAddress: { max: 30, timeWindow: '15 minutes' },
  perAccount: { max: 10, timeWindow: '15 minutes' },
  throttled: 'You have tried too many discount codes.',
} as const;
