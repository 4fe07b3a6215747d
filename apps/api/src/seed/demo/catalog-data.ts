// The demo shop's categories (its products: `products-data.ts`; its synonyms: `search-data.ts`; its reviews:
// `reviews-data.ts`).

export const DEMO_CATEGORIES = [
  {
    slug: 'traditional',
    name: 'Traditional Khukuris',
    description:
      '<p>Village patterns forged as they have been for generations in the hills of eastern Nepal: <strong>Angkhola</strong>, <strong>Bhojpure</strong>, <strong>Sirupate</strong> and more. Each blade is hand-forged from recycled leaf-spring steel and differentially tempered: a hard edge on a springy spine.</p>',
  },
  {
    slug: 'service',
    name: 'Service & Military',
    description:
      '<p>Patterns carried by Gurkha regiments of the British and Indian armies, made to the issue specifications: full tang, 5160 steel, black-finished buffalo-horn or rosewood handles and a leather-covered wooden sheath.</p>',
  },
  {
    slug: 'ceremonial',
    name: 'Decorative & Ceremonial',
    description:
      '<p>Khukuris for weddings, <em>Dashain</em> and display, with engraved brass and silver-plated fittings, carved handles and velvet-lined sheaths. Every one is still a real, sharpened blade.</p>',
  },
  {
    slug: 'kitchen-utility',
    name: 'Kitchen & Utility',
    description:
      "<p>Working blades for the kitchen, the farm and the trail: lighter chef khukuris, long machetes for brush and the short farmer's khukuri every Nepali household keeps by the door.</p>",
  },
  {
    slug: 'accessories',
    name: 'Accessories & Care',
    description:
      '<p>Sheaths, the traditional <em>karda</em> and <em>chakmak</em>, and everything you need to keep carbon steel sharp and rust-free.</p>',
  },
] as const;

export type DemoCategorySlug = (typeof DEMO_CATEGORIES)[number]['slug'];

/** The categories of knives: every product of them is sold to adults only (issue 48). */
export const AGE_RESTRICTED_CATEGORIES: readonly DemoCategorySlug[] = [
  'traditional',
  'service',
  'ceremonial',
  'kitchen-utility',
];

/**
 * What customs papers say of a demo product (issue 48): every khukuri, and the karda's set, is a knife with a fixed
 * blade (HS 8211.92), sold to adults only (the set by its own flag, the others by their category); the sheath a
 * leather case (4202.91), the care kit a whetstone's set (6804.22). All are made in Nepal.
 */
export function demoCustoms(product: { slug: string; category: DemoCategorySlug }): {
  hsCode: string;
  countryOfOrigin: string;
  customsDescription: string;
  ageRestricted: boolean;
} {
  const own: Record<string, [string, string]> = {
    'leather-khukuri-sheath': ['4202.91', 'Knife sheath of buffalo leather over wood'],
    'blade-care-kit': ['6804.22', 'Blade care set: whetstone, oil, polishing cloth and leather strop'],
    'karda-chakmak-set': ['8211.92', 'Small fixed-blade knife with honing steel'],
  };
  const [hsCode, customsDescription] = own[product.slug] ?? [
    '8211.92',
    'Khukuri: hand-forged fixed-blade knife of carbon steel, with sheath',
  ];
  return { hsCode, countryOfOrigin: 'NP', customsDescription, ageRestricted: product.slug === 'karda-chakmak-set' };
}

/** A weight as the demo's specifications write it ("1,300 g") in grams; null for none. */
export function grams(weight: string | undefined): number | null {
  const digits = weight?.replace(/[^0-9]/g, '') ?? '';
  return digits ? Number(digits) : null;
}
