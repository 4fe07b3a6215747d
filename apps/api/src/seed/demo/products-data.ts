// The demo shop's products: what each is, costs and holds in stock, its description, attributes and the look its
// pictures are drawn from.
import { attrs, BLADE_LENGTH, type DemoProduct, FINISH, khukuri, mirror, SPRING, variant } from './product-shapes.ts';

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'angkhola-khukuri',
    name: 'Angkhola Khukuri',
    category: 'traditional',
    price: 85,
    stock: 14,
    featured: true,
    sold: {
      oldSlug: 'angkhola-khukuri-10-inch',
      options: [
        { name: BLADE_LENGTH, values: ['10 inch', '12 inch', '15 inch'] },
        { name: FINISH, values: ['Village', 'Mirror-polished'] },
      ],
      variants: [
        variant('ANG-10-VIL', ['10 inch', 'Village'], 85, 14),
        variant('ANG-10-MIR', ['10 inch', 'Mirror-polished'], 95, 6),
        variant('ANG-12-VIL', ['12 inch', 'Village'], 105, 8),
        variant('ANG-12-MIR', ['12 inch', 'Mirror-polished'], 115, 4, 130),
        variant('ANG-15-VIL', ['15 inch', 'Village'], 125, 3),
        variant('ANG-15-MIR', ['15 inch', 'Mirror-polished'], 135, 0),
      ],
      sizes: {
        '12 inch': { blade: '12 inches (30 cm)', overall: '17 inches (43 cm)', weight: '650 g' },
        '15 inch': { blade: '15 inches (38 cm)', overall: '20 inches (51 cm)', weight: '850 g' },
      },
    },
    description:
      'The everyday khukuri of the Nepali hills: a 10 inch blade with a gentle bend, a rosewood handle and a thick spine that chops far above its weight.',
    story:
      '<p>The <strong>Angkhola</strong> ("the bent river") is the pattern most families in eastern Nepal keep in the house. Its balance sits just ahead of the handle, so it splits kindling and clears brush without tiring the wrist.</p>',
    attributes: attrs(
      '10 inches (25 cm)',
      '15 inches (38 cm)',
      '550 g',
      SPRING,
      'Rosewood with brass rings',
      'Black leather over wood, with karda and chakmak',
    ),
    look: khukuri({ heel: 0.12, belly: 0.25, drop: 0.23, arch: 1 }, 'rosewood', 'brass', {
      finish: 'village',
      fullers: 1,
      rings: 'metal',
      sheath: { cover: 'leather', colour: '#241610', chape: 'brass', label: 'black leather sheath' },
      kardaChakmak: true,
    }),
  },
  {
    slug: 'bhojpure-khukuri',
    name: 'Bhojpure Khukuri',
    category: 'traditional',
    price: 110,
    priceBeforeDiscount: 130,
    // A week's offer at 125.00 a month ago: the lowest price of the 30 days before today's reduction.
    pastPrices: [
      [130, 90],
      [125, 30],
      [130, 23],
      [110, 12],
    ],
    stock: 9,
    featured: true,
    sold: {
      oldSlug: 'bhojpure-khukuri-12-inch',
      options: [{ name: BLADE_LENGTH, values: ['12 inch', '14 inch'] }],
      // The 14 inch sells above the 12 inch's old price, and is not reduced.
      variants: [variant('BHO-12', ['12 inch'], 110, 9), variant('BHO-14', ['14 inch'], 135, 3)],
      sizes: { '14 inch': { blade: '14 inches (36 cm)', overall: '19 inches (48 cm)', weight: '950 g' } },
    },
    description:
      'A heavy-bellied 12 inch blade from the Bhojpur hills, made for serious chopping, with a buffalo horn handle and a deep, dramatic bend.',
    story:
      '<p>Bhojpur smiths are known for wide, weighty blades. The <strong>Bhojpure</strong> carries its mass in the belly: one swing goes through a wrist-thick branch.</p>',
    attributes: attrs(
      '12 inches (30 cm)',
      '17 inches (43 cm)',
      '820 g',
      SPRING,
      'Water buffalo horn',
      'Brown leather over wood, with karda and chakmak',
      'Bhojpur, Nepal',
    ),
    look: khukuri({ heel: 0.13, belly: 0.3, drop: 0.27, arch: 1.2 }, 'horn', 'brass', {
      finish: 'village',
      fullers: 2,
      rings: 'carved',
      sheath: { cover: 'leather', colour: '#4a2c18', chape: 'brass', label: 'brown leather sheath' },
      kardaChakmak: true,
    }),
  },
  {
    slug: 'chitlange-khukuri',
    name: 'Chitlange Khukuri 11 inch',
    category: 'traditional',
    price: 95,
    stock: 11,
    description:
      'Named after the village of Chitlang, this 11 inch khukuri has a straighter spine and a long edge that slices as well as it chops.',
    story:
      "<p>The <strong>Chitlange</strong> is the traveller's khukuri: lighter than the Bhojpure, longer than the Angkhola, at home on the trail and at the campfire.</p>",
    attributes: attrs(
      '11 inches (28 cm)',
      '16 inches (41 cm)',
      '600 g',
      SPRING,
      'Rosewood',
      'Black leather over wood',
      'Chitlang, Makwanpur, Nepal',
    ),
    look: khukuri({ heel: 0.12, belly: 0.23, drop: 0.17, arch: 0.5 }, 'rosewood', 'brass', {
      rings: 'carved',
      sheath: { cover: 'leather', colour: '#1e140c', chape: 'brass', label: 'black leather sheath' },
    }),
  },
  {
    slug: 'sirupate-khukuri',
    name: 'Sirupate Khukuri',
    category: 'traditional',
    price: 90,
    stock: 7,
    featured: true,
    sold: {
      oldSlug: 'sirupate-khukuri-12-inch',
      options: [
        { name: BLADE_LENGTH, values: ['12 inch', '15 inch'] },
        { name: FINISH, values: ['Satin', 'Mirror-polished'] },
      ],
      variants: [
        variant('SIR-12-SAT', ['12 inch', 'Satin'], 90, 7),
        mirror(variant('SIR-12-MIR', ['12 inch', 'Mirror-polished'], 100, 3)),
        variant('SIR-15-SAT', ['15 inch', 'Satin'], 110, 2),
        mirror(variant('SIR-15-MIR', ['15 inch', 'Mirror-polished'], 120, 1)),
      ],
      sizes: { '15 inch': { blade: '15 inches (38 cm)', overall: '20 inches (51 cm)', weight: '560 g' } },
    },
    description:
      'Slim as the siru grass leaf it is named after: a fast, light 12 inch khukuri with a bone handle, favoured by Gurkha soldiers for its reach.',
    story:
      '<p>The <strong>Sirupate</strong> trades weight for speed. Its narrow blade is easy to carry all day, and its long reach made it a favourite of Gurkha soldiers in both world wars.</p>',
    attributes: attrs(
      '12 inches (30 cm)',
      '17 inches (43 cm)',
      '450 g',
      SPRING,
      'Cow bone with brass bolster',
      'Tan leather over wood',
    ),
    look: khukuri({ heel: 0.1, belly: 0.17, drop: 0.16, arch: 0.8 }, 'bone', 'brass', {
      fullers: 1,
      sheath: { cover: 'leather', colour: '#8a5a2b', chape: 'brass', label: 'tan leather sheath' },
    }),
  },
  {
    slug: 'budhume-khukuri',
    name: 'Budhume Khukuri',
    category: 'traditional',
    price: 120,
    stock: 1,
    sold: {
      oldSlug: 'budhume-khukuri-13-inch',
      options: [{ name: BLADE_LENGTH, values: ['13 inch', '16 inch'] }],
      variants: [variant('BUD-13', ['13 inch'], 120, 1), variant('BUD-16', ['16 inch'], 150, 0)],
      sizes: { '16 inch': { blade: '16 inches (41 cm)', overall: '21 inches (53 cm)', weight: '1,300 g' } },
    },
    description:
      'Our heaviest village pattern: a 13 inch Budhume blade for splitting logs and clearing bamboo, with a walnut handle that fills the hand.',
    story:
      '<p>Forged from a single thick spring, the <strong>Budhume</strong> is a working axe in khukuri form. Only one smith in our workshop makes it, a few pieces a month.</p>',
    attributes: attrs(
      '13 inches (33 cm)',
      '18 inches (46 cm)',
      '1,050 g',
      SPRING,
      'Walnut wood',
      'Heavy buffalo leather over wood, with karda and chakmak',
    ),
    look: khukuri({ heel: 0.14, belly: 0.31, drop: 0.26, arch: 1.1 }, 'walnut', 'steel', {
      finish: 'village',
      fullers: 3,
      rings: 'carved',
      sheath: { cover: 'leather', colour: '#3a2415', chape: 'steel', label: 'heavy buffalo leather sheath' },
      kardaChakmak: true,
    }),
  },
  {
    slug: 'british-gurkha-army-issue-khukuri',
    name: 'British Gurkha Army Issue Khukuri',
    category: 'service',
    price: 98,
    priceBeforeDiscount: 115,
    stock: 20,
    featured: true,
    description:
      'Made to the specification of the khukuri issued to the Brigade of Gurkhas: a 10 inch full-tang blade, black horn handle and a black leather issue sheath.',
    story:
      '<p>Since 1815 the khukuri has been the emblem of the Gurkha soldier. This is the modern <strong>British Army issue</strong> pattern (BSI), with its characteristic butt cap and the regimental proportions.</p>',
    attributes: attrs(
      '10 inches (25 cm)',
      '15 inches (38 cm)',
      '640 g',
      SPRING,
      'Black buffalo horn, full tang',
      'Black leather over wood, issue frog, with karda and chakmak',
    ),
    look: khukuri({ heel: 0.12, belly: 0.24, drop: 0.2, arch: 0.9 }, 'horn', 'steel', {
      sheath: { cover: 'leather', colour: '#151515', chape: 'steel', label: 'black leather issue sheath' },
      kardaChakmak: true,
    }),
  },
  {
    slug: 'indian-army-khukuri',
    name: 'Indian Army Khukuri',
    category: 'service',
    price: 88,
    stock: 12,
    description:
      'The pattern carried by the Gorkha Rifles of the Indian Army: a straight-backed 11 inch blade with a rosewood handle and olive canvas sheath.',
    story:
      '<p>Seven Gorkha Rifles regiments of the Indian Army still carry the khukuri. Their <strong>service pattern</strong> has a straighter spine and a longer, slimmer blade than the British issue.</p>',
    attributes: attrs(
      '11 inches (28 cm)',
      '16 inches (41 cm)',
      '600 g',
      SPRING,
      'Rosewood, full tang',
      'Olive canvas over wood',
    ),
    look: khukuri({ heel: 0.11, belly: 0.21, drop: 0.15, arch: 0.4 }, 'rosewood', 'steel', {
      sheath: { cover: 'canvas', colour: '#5a6128', chape: 'steel', label: 'olive canvas sheath' },
    }),
  },
  {
    slug: 'mk2-ww2-khukuri',
    name: 'Mk II World War Khukuri',
    category: 'service',
    price: 105,
    stock: 0,
    description:
      'A faithful reproduction of the Mk II khukuri carried in the Second World War, with its wide fuller, walnut handle and steel-tipped sheath.',
    story:
      '<p>The <strong>Mk II</strong> was made by the hundreds of thousands between 1939 and 1945. Ours follows a museum original blade for blade, down to the chiselled cho and the two-rivet handle.</p>',
    attributes: attrs(
      '11.5 inches (29 cm)',
      '16.5 inches (42 cm)',
      '700 g',
      SPRING,
      'Walnut, two brass rivets',
      'Brown leather over wood, steel chape',
    ),
    look: khukuri({ heel: 0.12, belly: 0.25, drop: 0.22, arch: 1 }, 'walnut', 'brass', {
      fullers: 1,
      rivets: 2,
      sheath: {
        cover: 'leather',
        colour: '#3d2a1a',
        chape: 'steel',
        label: 'brown leather sheath with its steel chape',
      },
    }),
  },
  {
    slug: 'gurkha-survival-khukuri',
    name: 'Gurkha Survival Khukuri',
    category: 'service',
    price: 125,
    stock: 6,
    description:
      'A modern field khukuri with a black-coated blade, a micarta-style horn handle with lanyard hole and a sheath with a ferro rod loop.',
    story:
      '<p>Built with veterans of the Gurkha regiments for bushcraft and survival courses: the <strong>survival khukuri</strong> keeps the traditional bend but adds a coated blade that does not rust in the jungle.</p>',
    attributes: attrs(
      '10.5 inches (27 cm)',
      '16 inches (41 cm)',
      '680 g',
      `${SPRING}, black coated`,
      'Black horn with lanyard hole',
      'Black leather with ferro rod loop',
    ),
    look: khukuri({ heel: 0.12, belly: 0.24, drop: 0.2, arch: 0.9 }, 'horn', 'blackened', {
      finish: 'coated',
      lanyard: true,
      sheath: {
        cover: 'leather',
        colour: '#181818',
        chape: 'blackened',
        ferroLoop: true,
        label: 'black leather sheath with its ferro rod loop',
      },
    }),
  },
  {
    slug: 'chandi-silver-ceremonial-khukuri',
    name: 'Chandi Silver Ceremonial Khukuri',
    category: 'ceremonial',
    price: 240,
    stock: 3,
    featured: true,
    description:
      'A ceremonial khukuri with a silver-plated, hand-chased sheath and an engraved blade, made for gifts of honour and display.',
    story:
      '<p>In Nepal a <strong>chandi</strong> (silver) khukuri is presented to guests of honour and retiring officers. The sheath is chased by hand in Patan with lotus and dragon motifs.</p>',
    attributes: attrs(
      '10 inches (25 cm)',
      '15 inches (38 cm)',
      '900 g with sheath',
      `${SPRING}, mirror polished`,
      'Carved horn with silver fittings',
      'Silver-plated brass over velvet-lined wood',
      'Patan and Dharan, Nepal',
    ),
    look: khukuri({ heel: 0.12, belly: 0.25, drop: 0.22, arch: 1 }, 'horn', 'silver', {
      finish: 'mirror',
      engraved: true,
      rings: 'carved',
      sheath: { cover: 'silver', colour: '#b9bec6', chape: 'silver', label: 'hand-chased silver-plated sheath' },
    }),
  },
  {
    slug: 'wedding-khukuri-brass',
    name: 'Wedding Khukuri with Brass Sheath',
    category: 'ceremonial',
    price: 180,
    priceBeforeDiscount: 210,
    stock: 4,
    personalisation: [{ key: 'engraving', label: 'Engraving', maxLength: 20, price: 15 }],
    description:
      'The bihe (wedding) khukuri a Nepali groom carries on his wedding day: engraved blade, brass-covered sheath and a red velvet tassel.',
    story:
      '<p>At a Nepali wedding the groom carries a <strong>khukuri</strong> as a sign of protection for his new family. This one is engraved with the eight auspicious symbols.</p>',
    attributes: attrs(
      '9 inches (23 cm)',
      '14 inches (36 cm)',
      '800 g with sheath',
      `${SPRING}, engraved`,
      'Rosewood with brass inlay',
      'Brass-covered wood with red velvet',
    ),
    look: khukuri({ heel: 0.12, belly: 0.26, drop: 0.24, arch: 1.1 }, 'rosewood', 'brass', {
      finish: 'mirror',
      engraved: true,
      rings: 'metal',
      sheath: {
        cover: 'brass',
        colour: '#b8892a',
        chape: 'brass',
        tassel: true,
        label: 'brass-covered sheath with its red velvet tassel',
      },
    }),
  },
  {
    slug: 'dui-chirra-display-khukuri',
    name: 'Dui Chirra Display Khukuri',
    category: 'ceremonial',
    price: 150,
    stock: 5,
    description:
      'A display khukuri with two deep fullers (dui chirra), a bone handle with brass rings and a wall plaque, made to be admired and still fully usable.',
    story:
      '<p><strong>Dui chirra</strong> means "two grooves": the fullers lighten the blade and catch the light. The plaque is carved from sal wood.</p>',
    attributes: attrs(
      '12 inches (30 cm)',
      '17 inches (43 cm)',
      '620 g',
      `${SPRING}, two fullers`,
      'Bone with brass rings',
      'Suede over wood, sal wood wall plaque',
    ),
    look: khukuri({ heel: 0.11, belly: 0.22, drop: 0.2, arch: 0.9 }, 'bone', 'brass', {
      fullers: 2,
      rings: 'metal',
      sheath: { cover: 'suede', colour: '#6b4a2e', chape: 'brass', label: 'suede sheath' },
    }),
  },
  {
    slug: 'kitchen-khukuri-chef-knife',
    name: 'Kitchen Khukuri Chef Knife 8 inch',
    category: 'kitchen-utility',
    price: 55,
    stock: 25,
    featured: true,
    description:
      'A khukuri-shaped chef knife: thin 8 inch blade for slicing vegetables and meat, rosewood handle, rocking curve for herbs.',
    story:
      '<p>Our smiths forge this <strong>kitchen khukuri</strong> thinner and harder than the field patterns, so it keeps a fine edge on the chopping board.</p>',
    attributes: attrs(
      '8 inches (20 cm)',
      '13 inches (33 cm)',
      '320 g',
      'High-carbon steel, thin grind',
      'Rosewood',
      'Leather blade guard',
    ),
    look: khukuri({ heel: 0.13, belly: 0.22, drop: 0.13, arch: 0.3 }, 'rosewood', 'steel', {
      sheath: { cover: 'leather', colour: '#6b4423', chape: 'steel', guard: true, label: 'leather blade guard' },
    }),
  },
  {
    slug: 'khukuri-machete',
    name: 'Khukuri Machete',
    category: 'kitchen-utility',
    price: 95,
    stock: 10,
    sold: {
      oldSlug: 'khukuri-machete-15-inch',
      options: [{ name: BLADE_LENGTH, values: ['15 inch', '18 inch'] }],
      variants: [variant('MAC-15', ['15 inch'], 95, 10), variant('MAC-18', ['18 inch'], 110, 5, 125)],
      sizes: { '18 inch': { blade: '18 inches (46 cm)', overall: '23 inches (58 cm)', weight: '820 g' } },
    },
    description:
      'A long, thin khukuri machete for brush, bamboo and cane: 15 inch blade, light for its length, with a walnut handle.',
    story:
      '<p>Farmers of the Terai use the long <strong>machete khukuri</strong> to clear cane fields. Its thin blade whips through green growth.</p>',
    attributes: attrs('15 inches (38 cm)', '20 inches (51 cm)', '700 g', SPRING, 'Walnut wood', 'Canvas over wood'),
    look: khukuri({ heel: 0.08, belly: 0.14, drop: 0.12, arch: 0.5 }, 'walnut', 'steel', {
      sheath: { cover: 'canvas', colour: '#55613a', chape: 'steel', label: 'canvas sheath' },
    }),
  },
  {
    slug: 'farmers-khukuri',
    name: "Farmer's Khukuri 9 inch",
    category: 'kitchen-utility',
    price: 45,
    priceBeforeDiscount: 60,
    stock: 30,
    description:
      'The simple working khukuri of Nepali farms: 9 inch blade, plain wooden handle, tough and cheap to own, ready for any chore.',
    story:
      "<p>No polish, no frills: the <strong>farmer's khukuri</strong> is forged quickly and tempered hard, for cutting fodder, firewood and rope.</p>",
    attributes: attrs('9 inches (23 cm)', '14 inches (36 cm)', '450 g', SPRING, 'Sal wood', 'Plain leather over wood'),
    look: khukuri({ heel: 0.13, belly: 0.26, drop: 0.25, arch: 1.1 }, 'sal', 'steel', {
      finish: 'village',
      sheath: { cover: 'leather', colour: '#5c3d20', chape: 'steel', label: 'plain leather sheath' },
    }),
  },
  {
    slug: 'leather-khukuri-sheath',
    name: 'Khukuri Leather Sheath (Dap)',
    category: 'accessories',
    price: 35,
    stock: 18,
    description:
      'A hand-stitched buffalo leather sheath over a wooden core, with frog and pockets for karda and chakmak; fits 10 to 12 inch khukuris.',
    story:
      '<p>The <strong>dap</strong> (sheath) is made by the leather workers next door to our forge, on the same wooden core as our khukuri sheaths.</p>',
    attributes: attrs(
      'Fits 10 to 12 inch blades',
      '17 inches (43 cm)',
      '250 g',
      'Steel chape',
      'Not applicable',
      'Buffalo leather over wood, with frog',
    ),
    look: {
      kind: 'sheath',
      handle: 'rosewood',
      sheath: { cover: 'leather', colour: '#4a2b14', chape: 'steel', frog: true, pockets: true },
    },
  },
  {
    slug: 'karda-chakmak-set',
    name: 'Karda and Chakmak Set',
    category: 'accessories',
    price: 25,
    stock: 40,
    description:
      'The two small companions of every khukuri: the karda, a small utility knife, and the chakmak, a blunt steel for honing the edge.',
    story:
      '<p>Tucked in the back of the sheath, the <strong>karda</strong> does fine work and the <strong>chakmak</strong> burnishes the edge and strikes sparks from flint.</p>',
    attributes: attrs(
      'Karda 4 inches (10 cm)',
      '6.5 inches (16.5 cm)',
      '120 g',
      'Carbon steel',
      'Rosewood',
      'Fits our khukuri sheaths',
    ),
    look: { kind: 'karda-chakmak', handle: 'rosewood' },
  },
  {
    slug: 'blade-care-kit',
    name: 'Khukuri Blade Care Kit',
    category: 'accessories',
    price: 30,
    priceBeforeDiscount: 38,
    stock: 22,
    description:
      'Everything to keep carbon steel sharp and rust-free: a combination whetstone, camellia oil, a polishing cloth and a leather strop.',
    story:
      '<p>Carbon steel rewards a little care. Wipe, oil and strop after use and your <strong>khukuri</strong> will outlive you.</p>',
    attributes: attrs(
      'Whetstone 6 inches (15 cm)',
      'Kit box 8 inches (20 cm)',
      '400 g',
      'Whetstone 400/1000 grit',
      'Not applicable',
      'Canvas roll',
    ),
    look: { kind: 'care-kit' },
  },
];
