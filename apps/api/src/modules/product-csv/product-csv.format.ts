// How a product's fields are written in its CSV cells and read back from them (pure): attributes as `name=value`
// pairs, flags, whole numbers, money, and picture URLs sorted into the shop's own media and addresses elsewhere.
import { formatMinor, parseMinor } from '@platform/contracts';

/** A text with `\`, `;` and `=` escaped by a backslash. */
function escapePart(text: string): string {
  return text.replace(/[\\;=]/g, (char) => `\\${char}`);
}

/** Attributes as one cell: `name=value` pairs separated by `;`, in display order. */
export function encodeAttributes(attributes: { key: string; value: string }[]): string {
  return attributes.map(({ key, value }) => `${escapePart(key)}=${escapePart(value)}`).join(';');
}

/**
 * The attributes of a cell written by `encodeAttributes` (by hand too: blanks around names and values are dropped,
 * as the product API drops them); a pair without `=` is an error.
 */
export function decodeAttributes(cell: string): { attributes: { key: string; value: string }[] } | { error: string } {
  const pairs: { key: string; value: string }[] = [];
  let key: string | null = null;
  let part = '';
  const end = (): string | null => {
    if (key === null) {
      if (part.trim() === '') return null;
      return `Write each attribute as name=value, separated by ";" ("${part.trim()}" has no "=").`;
    }
    pairs.push({ key: key.trim(), value: part.trim() });
    key = null;
    return null;
  };
  for (let index = 0; index < cell.length; index++) {
    const char = cell[index] as string;
    if (char === '\\' && index + 1 < cell.length) {
      part += cell[++index];
    } else if (char === '=' && key === null) {
      key = part;
      part = '';
    } else if (char === ';') {
      const error = end();
      if (error) return { error };
      part = '';
    } else {
      part += char;
    }
  }
  const error = end();
  return error ? { error } : { attributes: pairs };
}

export function encodeFlag(value: boolean): string {
  return value ? 'true' : 'false';
}

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

/** A yes/no cell: true/false as the export writes it, and also yes/no, 1/0, in any case (spreadsheets write TRUE). */
export function decodeFlag(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return null;
}

/** A whole number cell, or null when it is not one. */
export function decodeWholeNumber(cell: string): number | null {
  const text = cell.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/**
 * A money cell in the wire format ("85.00"): a plain amount with fewer decimals, as a spreadsheet may save it
 * ("85", "85.5"), is read exactly; anything else is left as it is, for the schema to refuse with its message.
 */
export function normalizeMoney(cell: string): string {
  const text = cell.trim();
  const minor = /^\d+(\.\d{1,2})?$/.test(text) ? parseMinor(text) : null;
  return minor === null ? text : formatMinor(minor);
}

export type PictureAddress = { kind: 'own'; key: string } | { kind: 'elsewhere'; url: string } | { kind: 'invalid' };

/**
 * What a picture address in the `images` cell names: a file under `/media/` on one of the shop's own origins (or a
 * path `/media/…` without an origin) is one of the shop's pictures, by its key; any other URL is elsewhere (never
 * fetched here: a server asking any address a file names would reach what only it can reach).
 */
export function pictureAddress(text: string, ownOrigins: string[]): PictureAddress {
  let url: URL;
  try {
    url = new URL(text, ownOrigins[0]);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid' };
  const own = ownOrigins.includes(url.origin) || (text.startsWith('/') && !text.startsWith('//'));
  if (!own || !url.pathname.startsWith('/media/') || url.search || url.hash) return { kind: 'elsewhere', url: text };
  try {
    return { kind: 'own', key: decodeURIComponent(url.pathname.slice('/media/'.length)) };
  } catch {
    return { kind: 'invalid' };
  }
}

/** The `images` cell's addresses: separated by white space. */
export function splitAddresses(cell: string): string[] {
  return cell.split(/\s+/).filter(Boolean);
}
