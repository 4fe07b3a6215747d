import {
  drawCanvasRoll,
  drawChakmak,
  drawCloth,
  drawKarda,
  drawOilBottle,
  drawStrop,
  drawWhetstone,
} from './accessories.ts';
import { drawKhukuri, type KhukuriLook } from './khukuri.ts';
import type { HandleMaterial, Metal } from './materials.ts';
import { drawSheath, type SheathLook } from './sheath.ts';
import { FRAME_HEIGHT, FRAME_WIDTH, place, randomFrom, renderScene, type Scene } from './studio.ts';

/**
 * The demo shop's product pictures: studio scenes of each product, drawn from its data (blade length, handle,
 * sheath, type), rendered to PNG for the media pipeline, each with its alt text.
 */

export type { KhukuriLook } from './khukuri.ts';
export type { SheathLook } from './sheath.ts';

/** What a demo product is, as far as its pictures are concerned. */
export type ProductLook =
  | { kind: 'khukuri'; khukuri: KhukuriLook; sheath: SheathLook & { label: string }; kardaChakmak?: boolean }
  | { kind: 'sheath'; sheath: SheathLook; handle: HandleMaterial }
  | { kind: 'karda-chakmak'; handle: HandleMaterial }
  | { kind: 'care-kit' };

export interface PictureSubject {
  slug: string;
  name: string;
  attributes: [string, string][];
  look: ProductLook;
}

export interface ProductPicture {
  scene: Scene;
  alt: string;
}

const HANDLE_WORDS: Record<HandleMaterial, string> = {
  rosewood: 'rosewood',
  walnut: 'walnut',
  sal: 'sal wood',
  horn: 'buffalo horn',
  bone: 'bone',
};

const METAL_WORDS: Record<Metal, string> = {
  brass: 'brass',
  steel: 'steel',
  silver: 'silver',
  blackened: 'blackened steel',
};

/** The number of inches an attribute starts with ("11.5 inches (29 cm)" → 11.5). */
export function inchesOf(subject: PictureSubject, key: string): number {
  const value = subject.attributes.find(([name]) => name === key)?.[1] ?? '';
  const match = /^(\d+(?:\.\d+)?) inch/.exec(value);
  if (!match) throw new Error(`${subject.slug}: "${key}" does not start with a length in inches`);
  return Number(match[1]);
}

/** The product's name without its size ("Bhojpure Khukuri 12 inch" → "Bhojpure Khukuri"). */
const baseName = (subject: PictureSubject) => subject.name.replace(/ \d+(\.\d+)? inch$/, '');

const FULL_WIDTH = FRAME_WIDTH - 120;

function khukuriPictures(subject: PictureSubject, look: Extract<ProductLook, { kind: 'khukuri' }>): ProductPicture[] {
  const blade = inchesOf(subject, 'Blade length');
  const overall = inchesOf(subject, 'Overall length');
  const random = () => randomFrom(subject.slug);
  const knife = drawKhukuri('k', look.khukuri, blade, overall, random());
  const { heelTop, heelBottom, belly, tip } = knife.blade;
  const left = -knife.handle - 0.3;
  const low = Math.max(belly[1], tip[1], heelBottom + 0.75);
  // One scale for every khukuri (except the longest), so that a longer blade looks longer.
  const scale = Math.min(62, FULL_WIDTH / (blade - left));
  const x = FRAME_WIDTH / 2 - (scale * (blade + left)) / 2;
  const y = FRAME_HEIGHT / 2 - (scale * (heelTop - 0.4 + low)) / 2 - 20;
  const name = baseName(subject);
  const handle = HANDLE_WORDS[look.khukuri.handle];
  const fittings = METAL_WORDS[look.khukuri.fittings];

  const detailWidth = 7 * scale;
  const detail: Scene = {
    pieces: [place(knife.piece, x, y, scale)],
    shot: { x: x + 0.9 * scale - detailWidth / 2, y: y + 0.5 * scale - detailWidth / 3, width: detailWidth },
  };

  // The knife above its sheath (the frog rises about 2.6 inches above the sheath's axis), centred as a pair.
  const sheathBelow = low + 2.6;
  const setTop = heelTop - 0.6;
  const setBottom = sheathBelow + low + 0.8;
  const setScale = Math.min(54, (FRAME_WIDTH - 160) / (blade + 1 - left), (FRAME_HEIGHT - 80) / (setBottom - setTop));
  const setX = FRAME_WIDTH / 2 - (setScale * (blade + 1 + left)) / 2;
  const setY = FRAME_HEIGHT / 2 - (setScale * (setTop + setBottom)) / 2;
  const sheath = drawSheath('s', look.sheath, blade, look.khukuri.shape, look.khukuri.handle, random(), {
    kardaChakmak: look.kardaChakmak,
  });
  const companions = look.kardaChakmak ? ', the karda and chakmak in their pocket' : '';
  const details = [
    look.khukuri.fullers ? `${look.khukuri.fullers === 1 ? 'the fuller' : 'the fullers'}` : '',
    look.khukuri.engraved ? 'the engraving' : '',
  ].filter(Boolean);
  return [
    {
      scene: { pieces: [place(knife.piece, x, y, scale)] },
      alt: `${name}, ${blade}-inch blade, ${handle} handle, whole piece`,
    },
    {
      scene: detail,
      alt: `${name}, close-up of the cho notch, the ${fittings} bolster and the ${handle} handle${details.length ? ` (${details.join(' and ')} behind)` : ''}`,
    },
    {
      scene: {
        pieces: [
          place(sheath, setX + 0.6 * setScale, setY + sheathBelow * setScale, setScale),
          place(knife.piece, setX, setY, setScale),
        ],
      },
      alt: `${name} above its ${look.sheath.label}${companions}`,
    },
  ];
}

function sheathPictures(subject: PictureSubject, look: Extract<ProductLook, { kind: 'sheath' }>): ProductPicture[] {
  const random = () => randomFrom(subject.slug);
  const shape = { heel: 0.12, belly: 0.24, drop: 0.22, arch: 1 };
  const sheath = drawSheath('s', look.sheath, 11, shape, look.handle, random());
  const scale = 76;
  const x = FRAME_WIDTH / 2 - scale * 5.8;
  const y = FRAME_HEIGHT / 2 - scale * 1.1;
  const knife = drawKhukuri(
    'k',
    { shape, finish: 'polished', handle: look.handle, fittings: 'brass', rings: 'carved' },
    11,
    16,
    random(),
  );
  const name = baseName(subject);
  return [
    { scene: { pieces: [place(sheath, x, y, scale)] }, alt: `${name}, buffalo leather over wood, whole piece` },
    {
      scene: { pieces: [place(sheath, x, y, scale)], shot: { x: x - 40, y: y - 2.4 * scale, width: 6.5 * scale } },
      alt: `${name}, close-up of the hand stitching, the frog and the empty pockets for karda and chakmak`,
    },
    {
      scene: {
        pieces: [place(knife.piece, x + 3 * scale, y + 0.1 * scale, 60), place(sheath, x + 3 * scale, y, 60)],
      },
      alt: `${name} in use, holding a rosewood-handled khukuri`,
    },
  ];
}

function kardaChakmakPictures(
  subject: PictureSubject,
  look: Extract<ProductLook, { kind: 'karda-chakmak' }>,
): ProductPicture[] {
  const random = () => randomFrom(subject.slug);
  const karda = drawKarda('ka', look.handle, random());
  const chakmak = drawChakmak('ch', look.handle, random());
  const scale = 120;
  const pieces = [
    place(karda, FRAME_WIDTH / 2 - 0.6 * scale, FRAME_HEIGHT * 0.36, scale, -4),
    place(chakmak, FRAME_WIDTH / 2 - 0.7 * scale, FRAME_HEIGHT * 0.66, scale, -4),
  ];
  const sheath = drawSheath(
    's',
    { cover: 'leather', colour: '#3b2416', chape: 'brass', frog: true, pockets: true },
    10,
    { heel: 0.12, belly: 0.24, drop: 0.22, arch: 1 },
    look.handle,
    random(),
    { kardaChakmak: true },
  );
  const handle = HANDLE_WORDS[look.handle];
  return [
    { scene: { pieces }, alt: `Karda and chakmak with ${handle} handles, side by side` },
    {
      scene: {
        pieces,
        shot: { x: FRAME_WIDTH / 2 - 2.1 * scale, y: FRAME_HEIGHT * 0.36 - 1.6 * scale, width: 4.8 * scale },
      },
      alt: `Karda, close-up of its 4-inch blade and brass ferrule`,
    },
    {
      scene: { pieces: [place(sheath, 360, 470, 70)], shot: { x: 200, y: 130, width: 900 } },
      alt: `Karda and chakmak in their pocket at the back of a khukuri sheath`,
    },
  ];
}

function careKitPictures(subject: PictureSubject): ProductPicture[] {
  const random = () => randomFrom(subject.slug);
  const scale = 58;
  const x0 = FRAME_WIDTH / 2 - 8 * scale;
  const y0 = FRAME_HEIGHT / 2 - 5 * scale;
  const stone = drawWhetstone('w', random());
  const bottle = drawOilBottle('o');
  const cloth = drawCloth('c', '#5b7a8c');
  const strop = drawStrop('st', random());
  const kit = [
    place(drawCanvasRoll('r', 16, 10), x0, y0, scale),
    place(stone, x0 + 1 * scale, y0 + 1 * scale, scale),
    place(bottle, x0 + 1.3 * scale, y0 + 6.2 * scale, scale, -6),
    place(cloth, x0 + 11.6 * scale, y0 + 1 * scale, scale, 4),
    place(strop, x0 + 7.6 * scale, y0 + 6.3 * scale, scale),
  ];
  const knife = drawKhukuri(
    'k',
    {
      shape: { heel: 0.12, belly: 0.25, drop: 0.23, arch: 1 },
      finish: 'polished',
      handle: 'rosewood',
      fittings: 'brass',
      rings: 'carved',
    },
    10,
    15,
    random(),
  );
  const use = [
    place(drawCloth('c', '#5b7a8c'), 60, 470, 60, -8),
    place(stone, 380, 330, 70),
    place(knife.piece, 560, 300, 52, -10),
    place(drawOilBottle('o'), 880, 600, 52, -20),
  ];
  return [
    {
      scene: { pieces: kit },
      alt: 'Khukuri Blade Care Kit laid out on its canvas roll: whetstone, oil, cloth and strop',
    },
    {
      scene: { pieces: kit, shot: { x: x0 + 0.3 * scale, y: y0 + 0.3 * scale, width: 8.5 * scale } },
      alt: 'Khukuri Blade Care Kit, close-up of the 400/1000 grit combination whetstone and the camellia oil',
    },
    {
      scene: { pieces: use },
      alt: 'Khukuri Blade Care Kit in use: a khukuri edge on the whetstone, with oil and cloth',
    },
  ];
}

/** The scenes of a product and their alt texts: the whole piece, a detail, and with its sheath or in use. */
export function productScenes(subject: PictureSubject): ProductPicture[] {
  const { look } = subject;
  switch (look.kind) {
    case 'khukuri':
      return khukuriPictures(subject, look);
    case 'sheath':
      return sheathPictures(subject, look);
    case 'karda-chakmak':
      return kardaChakmakPictures(subject, look);
    case 'care-kit':
      return careKitPictures(subject);
  }
}

/** The product's pictures rendered to PNG, in order, with their alt texts. */
export async function renderProductPictures(subject: PictureSubject): Promise<{ bytes: Buffer; alt: string }[]> {
  return Promise.all(
    productScenes(subject).map(async (picture) => ({ bytes: await renderScene(picture.scene), alt: picture.alt })),
  );
}
