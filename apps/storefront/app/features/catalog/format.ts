/** Spec: an image without an order counts as 99. */
export const IMAGE_ORDER_FALLBACK = 99;

/** Stars for an average: rounded to the nearest half. */
export function halfStars(average: number): number {
  return Math.round(average * 2) / 2;
}
