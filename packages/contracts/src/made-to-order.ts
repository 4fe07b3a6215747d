// A piece made to order (issue 49): how its lead time reads. No schema: the storefront's pages import it.

/** The longest lead time of a product made to order, in days. */
export const LEAD_TIME_DAYS_MAX = 365;

/**
 * How long a piece made to order takes, as the shop says it: "about 3 weeks" from 21 days, "about 10 days" below two
 * weeks (whole weeks from 14 days on, rounded), "about 1 day".
 */
export function leadTimeText(days: number): string {
  if (days >= 14) {
    const weeks = Math.round(days / 7);
    return `about ${weeks} weeks`;
  }
  return days === 1 ? 'about 1 day' : `about ${days} days`;
}

/** The notice of a piece made to order: "Made to order — ships in about 3 weeks". */
export function madeToOrderText(days: number): string {
  return `Made to order — ships in ${leadTimeText(days)}`;
}
