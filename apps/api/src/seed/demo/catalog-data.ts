// The demo shop's catalog besides its products (products-data.ts): categories, synonym groups and the reviews a few
// customers left.

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

export const DEMO_SYNONYMS: string[][] = [
  [
    'khukuri',
    'kukri',
    'khukri',
    'kukhri',
    'khukhuri',
    'kukuri',
    'khukhri',
    'gurkha knife',
    'gorkha knife',
    'nepali knife',
    'nepalese knife',
  ],
  ['knife', 'knives'],
  ['sheath', 'scabbard', 'dap'],
  ['gurkha', 'gorkha', 'ghurka', 'gurkhali'],
  ['ww2', 'wwii', 'world war'],
  // What a shopper calls the care kit's and the chakmak's purpose.
  ['sharpen', 'hone', 'whetstone', 'strop', 'sharpening stone'],
  ['army', 'military', 'service'],
  ['wedding', 'bihe'],
  ['silver', 'chandi'],
  ['machete', 'chopper'],
  ['horn', 'buffalo horn'],
];

export const DEMO_REVIEWERS = ['ramesh.t', 'sarah_k', 'mike.outdoors'] as const;

export const DEMO_REVIEWS: {
  product: string;
  reviewer: (typeof DEMO_REVIEWERS)[number];
  rating: number;
  comment: string;
}[] = [
  {
    product: 'angkhola-khukuri-10-inch',
    reviewer: 'ramesh.t',
    rating: 5,
    comment:
      'Exactly like the one my grandfather carried. Sharp out of the box and the balance is perfect for splitting kindling.',
  },
  {
    product: 'angkhola-khukuri-10-inch',
    reviewer: 'sarah_k',
    rating: 4,
    comment: 'Beautiful rosewood handle. The sheath was a little tight at first but loosened after a week.',
  },
  {
    product: 'angkhola-khukuri-10-inch',
    reviewer: 'mike.outdoors',
    rating: 5,
    comment:
      'Took it on a two week canoe trip. Chopped every night, still shaving sharp after a few strokes on the chakmak.',
  },
  {
    product: 'british-gurkha-army-issue-khukuri',
    reviewer: 'mike.outdoors',
    rating: 5,
    comment: 'Same proportions as my service khukuri. Solid full tang, the horn handle gives a great grip when wet.',
  },
  {
    product: 'british-gurkha-army-issue-khukuri',
    reviewer: 'ramesh.t',
    rating: 4,
    comment: 'Well made and fairly priced. Shipping to Hong Kong took nine days.',
  },
  {
    product: 'bhojpure-khukuri-12-inch',
    reviewer: 'sarah_k',
    rating: 5,
    comment: 'A beast of a blade. Went through a 10 cm green branch in two swings.',
  },
  {
    product: 'kitchen-khukuri-chef-knife',
    reviewer: 'sarah_k',
    rating: 4,
    comment: 'Great for onions and herbs thanks to the curve. Dry it right away, it is carbon steel.',
  },
  {
    product: 'chandi-silver-ceremonial-khukuri',
    reviewer: 'ramesh.t',
    rating: 5,
    comment: 'Gave it to my father on his retirement. The silver work on the sheath is stunning.',
  },
];
