/** The reviews a few customers left on the demo shop's products (by slug). */

export const DEMO_REVIEWERS = ['ramesh.t', 'sarah_k', 'mike.outdoors'] as const;

export const DEMO_REVIEWS: {
  product: string;
  reviewer: (typeof DEMO_REVIEWERS)[number];
  rating: number;
  comment: string;
}[] = [
  {
    product: 'angkhola-khukuri',
    reviewer: 'ramesh.t',
    rating: 5,
    comment:
      'Exactly like the one my grandfather carried. Sharp out of the box and the balance is perfect for splitting kindling.',
  },
  {
    product: 'angkhola-khukuri',
    reviewer: 'sarah_k',
    rating: 4,
    comment: 'Beautiful rosewood handle. The sheath was a little tight at first but loosened after a week.',
  },
  {
    product: 'angkhola-khukuri',
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
    product: 'bhojpure-khukuri',
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
