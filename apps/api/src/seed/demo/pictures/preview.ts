import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PRODUCTS } from '../products-data.ts';
import { renderProductPictures } from './index.ts';

/**
 * Writes the demo products' pictures as PNG files into a folder, to look at them without seeding a shop:
 * `node --import tsx apps/api/src/seed/demo/pictures/preview.ts <folder> [slug…]`.
 */
async function main(): Promise<void> {
  const [folder, ...slugs] = process.argv.slice(2);
  if (!folder) throw new Error('usage: preview.ts <folder> [slug…]');
  fs.mkdirSync(folder, { recursive: true });
  const started = performance.now();
  for (const product of DEMO_PRODUCTS.filter((p) => slugs.length === 0 || slugs.includes(p.slug))) {
    const pictures = await renderProductPictures(product);
    for (const [index, picture] of pictures.entries()) {
      fs.writeFileSync(path.join(folder, `${product.slug}-${index + 1}.png`), picture.bytes);
      console.log(`${product.slug}-${index + 1}.png  ${picture.alt}`);
    }
  }
  console.log(`rendered in ${Math.round(performance.now() - started)} ms`);
}

await main();
