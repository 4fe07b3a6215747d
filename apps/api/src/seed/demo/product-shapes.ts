// What a demo product is (its price, stock, texts, options and the look its pictures are drawn from), and the
// helpers the demo's product data is written with.
import type { DemoCategorySlug } from './catalog-data.ts';
import type { KhukuriLook, ProductLook, SheathLook } from './pictures/index.ts';

export interface DemoProduct {
  slug: string;
  name: string;
  category: DemoCategorySlug;
  price: number;
  priceBeforeDiscount?: number;
  /**
   * The prices it was sold at before its current one (decision 020), oldest first: [price, days ago]. A reduced
   * product without them was sold at its before-discount price from 60 days ago, and at its price from 10 days ago.
   */
  pastPrices?: PastPrices;
  stock: number;
  featured?: boolean;
  description: string;
  /** Extra paragraphs of the detailed description (care and sheath sections are added to all). */
  story: string;
  attributes: [string, string][];
  /** What the product's pictures show: drawn from this look and from the attributes (blade and overall length). */
  look: ProductLook;
  /**
   * Sold in options (decision 018): its option types and variants. The first variant, the default, is the size the
   * product was sold in alone at `oldSlug`, at its `price` and `stock` (the attributes describe it); that address
   * leads to it. `sizes`: every other blade length it is sold in, with what its page says instead (issue 45).
   */
  sold?: {
    oldSlug: string;
    options: { name: string; values: string[] }[];
    variants: DemoVariant[];
    sizes: Record<string, DemoSize>;
  };
  /** Texts the shopper may write for their piece (an engraving), each adding `price` when filled in. */
  personalisation?: { key: string; label: string; maxLength: number; price: number }[];
}

/**
 * A blade length other than the product's own (its default variant's): its blade and overall length and weight, which
 * replace the product's specifications on the variant's page; its lead text and pictures' alt texts say its length.
 */
export interface DemoSize {
  blade: string;
  overall: string;
  weight: string;
}

/** Prices of the past, oldest first: [price, days ago]. */
export type PastPrices = [price: number, daysAgo: number][];

/** A variant of a demo product: its SKU, option values (in the order of the types), price and stock. */
export interface DemoVariant {
  sku: string;
  options: string[];
  price: number;
  /** Its own price before discount; absent: none (the default variant's, the first, is the product's). */
  priceBeforeDiscount?: number;
  /** Its prices before its current one, as a product's `pastPrices` (the default variant's are the product's). */
  pastPrices?: PastPrices;
  stock: number;
  /** Its own pictures, shown first when it is chosen: places among the product's pictures (0 the first). */
  pictures?: number[];
}

export const variant = (
  sku: string,
  options: string[],
  price: number,
  stock: number,
  priceBeforeDiscount?: number,
): DemoVariant => ({ sku, options, price, stock, ...(priceBeforeDiscount ? { priceBeforeDiscount } : {}) });

/** A mirror-polished variant leads with the product's close-up (its second picture), where the polish shows. */
export const mirror = (demo: DemoVariant): DemoVariant => ({ ...demo, pictures: [1] });

export const BLADE_LENGTH = 'Blade length';
export const FINISH = 'Finish';

/** A khukuri's look: its blade's shape, handle and fittings; village finish leaves the forge scale on the spine. */
export function khukuri(
  shape: KhukuriLook['shape'],
  handle: KhukuriLook['handle'],
  fittings: KhukuriLook['fittings'],
  rest: Partial<KhukuriLook> & { sheath: SheathLook & { label: string }; kardaChakmak?: boolean },
): ProductLook {
  const { sheath, kardaChakmak, ...khukuriLook } = rest;
  return {
    kind: 'khukuri',
    khukuri: { finish: 'polished', ...khukuriLook, shape, handle, fittings },
    sheath: { frog: true, pockets: kardaChakmak, ...sheath },
    kardaChakmak,
  };
}

export function attrs(
  blade: string,
  overall: string,
  weight: string,
  steel: string,
  handle: string,
  sheath: string,
  origin = 'Dharan, Nepal',
): [string, string][] {
  return [
    ['Blade length', blade],
    ['Overall length', overall],
    ['Weight', weight],
    ['Steel', steel],
    ['Handle', handle],
    ['Sheath', sheath],
    ['Origin', origin],
  ];
}

export const SPRING = '5160 leaf-spring carbon steel';
