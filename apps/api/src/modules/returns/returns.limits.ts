// How often the withdrawal function may be used without signing in: each try names an order and an e-mail address,
// so that pairs cannot be tried one after another (nothing in the answer tells them apart, but a receipt or a refusal
// goes to a real customer each time).

/**
 * Guest withdrawals and link requests per client address and per e-mail address named, each in its shop: a person
 * withdraws once or twice, not ten times in a quarter of an hour; an address may be shared by a household or an office.
 */
export const GUEST_WITHDRAWAL_RATE_LIMITS = {
  perAddress: { max: 10, timeWindow: '15 minutes' },
  perEmail: { max: 5, timeWindow: '15 minutes', namedBy: 'email' },
  throttled: 'You have stated too many withdrawals.',
} as const;

/** Opening a link to an order's items: a person opens it a few times; its key is checked on every one. */
export const WITHDRAWAL_LINK_OPEN_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;

/** A signed-in customer's withdrawals and return requests. */
export const CUSTOMER_RETURN_RATE_LIMITS = {
  perAddress: { max: 30, timeWindow: '15 minutes' },
  perAccount: { max: 20, timeWindow: '15 minutes' },
} as const;
