import type { RequestContext } from '../../lib/context.ts';
import { createCoreValues, createHomePage, saveSiteSettings } from '../../modules/site/index.ts';

/** The shop's mark: a khukuri blade over a mountain sun, drawn as SVG. */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#7a1f1f"/>
<circle cx="44" cy="20" r="9" fill="#e9b949"/>
<path d="M8 44 L22 28 L30 36 L40 24 L56 44 Z" fill="#3b0d0d" opacity=".55"/>
<path d="M10 40 C22 34 34 36 44 30 C50 27 55 22 57 16 C58 27 52 38 40 43 C30 47 20 45 14 44 Z" fill="#e8e3d9"/>
<path d="M10 40 L4 46 C3 48 5 50 7 49 L14 44 Z" fill="#5a3a1e"/>
<circle cx="13" cy="42" r="1.4" fill="#e9b949"/>
</svg>
`;

const HISTORY =
  'Himalayan Khukuri House began in 1994 as a two-anvil workshop in Dharan, eastern Nepal, where master smith ' +
  'Bir Bahadur Bishwakarma forged blades for Gurkha soldiers returning home. Three generations later, our ' +
  'smiths still shape every khukuri by hand from recycled leaf-spring steel, temper the edge over charcoal and ' +
  'fit handles of rosewood and water-buffalo horn.';

export async function seedSite(ctx: RequestContext): Promise<void> {
  const faviconKey = `t${ctx.tenant.id}/site/favicon.svg`;
  await ctx.deps.media.put(faviconKey, Buffer.from(FAVICON_SVG), 'image/svg+xml');
  await saveSiteSettings(ctx, {
    siteTitle: 'Himalayan Khukuri House',
    siteDescription: 'Handcrafted Nepalese khukuri knives, forged by Kami blacksmiths in Dharan and shipped worldwide.',
    favicon: faviconKey,
    contactEmail: 'hello@khukuri-house.example',
    locale: 'en-US',
    timeZone: 'Asia/Kathmandu',
    legalName: 'Himalayan Khukuri House Pvt. Ltd.',
    legalAddress: 'Bhanu Chowk 12\nDharan 56700, Koshi Province\nNepal',
    taxNumber: 'PAN 600123456',
    // Selling abroad (issue 48): it ships from Nepal, and its courier takes an adult's signature for a blade.
    country: 'NP',
    adultSignature: true,
    tagline: 'Forged in the foothills. Carried for a lifetime.',
    historySummary: HISTORY,
    missionStatement:
      'To keep the craft of the Nepalese khukuri alive by paying our smiths fairly and making blades that work as ' +
      'hard as the people who carry them.',
    visionStatement:
      'A world where a hand-forged tool is chosen over a disposable one, and where every buyer knows the hands ' +
      'that made it.',
  });
  await createCoreValues(ctx, [
    {
      name: 'Hand-forged, never stamped',
      description: 'Every blade is heated, hammered and tempered by hand in our Dharan workshop.',
      position: 1,
    },
    {
      name: 'Fair pay for the Kami smiths',
      description: 'Our smiths earn above the regional wage and share in the profit of every knife sold.',
      position: 2,
    },
    {
      name: 'Honest steel',
      description: 'We tell you exactly what steel, handle and sheath you are buying, and how to care for them.',
      position: 3,
    },
    {
      name: 'Built to be used',
      description: 'A khukuri is a working tool first: we test every edge on hardwood before it leaves the forge.',
      position: 4,
    },
  ]);
  // The home page's words are the shop's own (migration 0088 writes the same for a demo seeded before it).
  await createHomePage(ctx, {
    heroEyebrow: 'Hand-forged in Dharan, Nepal',
    heroTitle: 'Himalayan Khukuri House',
    heroIntro:
      '<p>Forged in the foothills. Carried for a lifetime.</p>' +
      '<p>Every blade forged by hand by a Kami smith, tested on hardwood, and shipped worldwide with its sheath, ' +
      'karda and chakmak.</p>',
    storyHeading: 'From our forge to your hands',
    storyText: `<p>${HISTORY}</p>`,
    featuredHeading: 'Featured khukuris',
  });
}
