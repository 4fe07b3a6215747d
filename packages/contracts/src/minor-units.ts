// Money as integer minor units (cents) and its wire text: plain functions, no schema (the storefront's first load
// imports them through `@platform/contracts/plain`).

/** Integer minor units (cents) to the wire format. Exact: no floating point. */
export function formatMinor(minor: number | bigint): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const units = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${cents}`;
}

/** The wire format (or a plain decimal string) to integer minor units; null when it is not a money amount. */
export function parseMinor(text: string): number | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, units = '0', fraction = ''] = match;
  const minor = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}
