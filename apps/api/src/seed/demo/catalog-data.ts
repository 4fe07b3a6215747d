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
