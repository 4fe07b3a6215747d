// The variant an address names (decision 018): what the product page opens with, what its client loader reads of a
// moved product's address, and what a kept page is kept for; in every page's first load, where the two first meet.

/** The `?variant=` of an address: a positive whole number, else null. */
export function variantParam(search: string): number | null {
  const text = new URLSearchParams(search).get('variant');
  return text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}
