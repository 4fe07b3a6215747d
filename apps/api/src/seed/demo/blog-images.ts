import sharp from 'sharp';

/** Colours of one featured image: sky top and bottom, far and near hills, and the sun. */
export interface BannerPalette {
  skyTop: string;
  skyBottom: string;
  far: string;
  near: string;
  sun: string;
}

/**
 * A featured image for the demo blog: Himalayan ridges at dusk with a khukuri across them, drawn as SVG and
 * rendered to WebP. `variant` moves the sun and the ridges so that each post has its own picture.
 * The seed hands it to the media pipeline (`storeImage`), which re-encodes it and makes the thumbnail.
 */
export async function renderBlogBanner(palette: BannerPalette, variant: number): Promise<Buffer> {
  const sunX = 200 + ((variant * 233) % 800);
  const ridge = (base: number, amplitude: number, seed: number) => {
    const points: string[] = [];
    for (let x = 0; x <= 1200; x += 60) {
      const y = base - Math.abs(Math.sin((x + seed * 97) / 137) * amplitude) - ((x * seed) % 23);
      points.push(`${x},${y.toFixed(1)}`);
    }
    return `M0,630 L${points.join(' L')} L1200,630 Z`;
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/>
    </linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f4f1ea"/><stop offset=".6" stop-color="#b9b6ae"/><stop offset="1" stop-color="#85827b"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="170" r="70" fill="${palette.sun}" opacity=".9"/>
  <path d="${ridge(330, 150, variant + 1)}" fill="${palette.far}" opacity=".75"/>
  <path d="M0,630 L0,330 L${sunX - 160},260 L${sunX - 110},290 L${sunX - 40},200 L${sunX + 60},300 L1200,330 L1200,630 Z" fill="#ffffff" opacity=".08"/>
  <path d="${ridge(470, 90, variant + 5)}" fill="${palette.near}"/>
  <g transform="translate(170 ${400 + (variant % 3) * 10}) rotate(-8)">
    <path d="M170 40 C330 10 500 20 640 -20 C720 -44 780 -90 810 -150 C830 -60 790 40 660 86 C520 134 340 110 190 92 Z" fill="url(#steel)"/>
    <path d="M200 66 C360 60 520 56 660 20" stroke="#6d6a63" stroke-width="3" fill="none" opacity=".5"/>
    <path d="M160 40 L40 70 C10 78 8 112 40 112 L190 92 Z" fill="#4a2c17"/>
    <rect x="150" y="30" width="26" height="72" rx="6" fill="#c9a24a"/>
    <circle cx="70" cy="90" r="6" fill="#c9a24a"/>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
