import sharp from 'sharp';

/** The studio set every demo product picture is taken on: a 3:2 frame, a seamless backdrop and soft shadows. */

export const FRAME_WIDTH = 1200;
export const FRAME_HEIGHT = 800;
/**
 * The size of the rendered picture: the frame is drawn in 1200 × 800 units and rendered smaller, as large as the
 * product page shows it; rendering and re-encoding time grow with the pixels, and the seed renders every picture.
 */
const OUTPUT_WIDTH = 960;
const OUTPUT_HEIGHT = 640;

/** One object on the set, already placed in frame coordinates. */
export interface Piece {
  /** Gradients, clip paths and patterns; ids are prefixed by the piece, so two pieces never collide. */
  defs: string;
  body: string;
  /** The piece's outline filled black, from which its shadow on the backdrop is cast. */
  silhouette: string;
}

/** What the camera sees: a window onto the frame (the whole frame, or a close-up of part of it). */
export interface Shot {
  x: number;
  y: number;
  width: number;
}

export const WHOLE_FRAME: Shot = { x: 0, y: 0, width: FRAME_WIDTH };

/** A few numbers from a text, always the same for the same text (the grain of a handle, the specks on leather). */
export function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const n = (value: number) => (Math.round(value * 100) / 100).toString();

/** Places a piece drawn in inches: its origin goes to (x, y), `scale` pixels per inch, turned by `angle` degrees. */
export function place(piece: Piece, x: number, y: number, scale: number, angle = 0): Piece {
  const transform = `translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${n(scale)})`;
  return {
    defs: piece.defs,
    body: `<g transform="${transform}">${piece.body}</g>`,
    silhouette: `<g transform="${transform}">${piece.silhouette}</g>`,
  };
}

export interface Scene {
  pieces: Piece[];
  shot?: Shot;
  /** The colour of the paper where it curves towards the camera: warmer or cooler. */
  tint?: string;
}

function viewBox(shot: Shot): string {
  return `${n(shot.x)} ${n(shot.y)} ${n(shot.width)} ${n((shot.width * FRAME_HEIGHT) / FRAME_WIDTH)}`;
}

/**
 * A shadow of the scene's pieces: their silhouettes moved by (dx, dy), rendered small (`size` of the picture) and
 * blurred. Blurring outside the SVG renderer is many times faster than an SVG filter over the full frame.
 */
async function shadowImage(
  scene: Scene,
  offset: [number, number],
  blur: number,
  opacity: number,
  size: number,
): Promise<string> {
  const [dx, dy] = offset;
  const shot = scene.shot ?? WHOLE_FRAME;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT_WIDTH * size}" height="${OUTPUT_HEIGHT * size}" viewBox="${viewBox(shot)}"><g transform="translate(${dx} ${dy})" fill-opacity="${opacity}">${scene.pieces.map((piece) => piece.silhouette).join('')}</g></svg>`;
  const zoom = OUTPUT_WIDTH / shot.width;
  const png = await sharp(Buffer.from(svg))
    .blur(Math.max(0.4, Math.min(blur * 2, blur * zoom) * size))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return `<image x="${n(shot.x)}" y="${n(shot.y)}" width="${n(shot.width)}" height="${n((shot.width * FRAME_HEIGHT) / FRAME_WIDTH)}" preserveAspectRatio="none" href="data:image/png;base64,${png.toString('base64')}"/>`;
}

/**
 * The whole scene as SVG: a light seamless backdrop lit from above, the shadows (a soft key-light shadow and a
 * darker contact shadow, as images) and the pieces.
 */
export function studioScene(scene: Scene, shadows: string[] = []): string {
  const shot = scene.shot ?? WHOLE_FRAME;
  const tint = scene.tint ?? '#f1f0ec';
  const { pieces } = scene;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${OUTPUT_WIDTH}" height="${OUTPUT_HEIGHT}" viewBox="${viewBox(shot)}">
<defs>
<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdfdfc"/><stop offset=".55" stop-color="${tint}"/><stop offset="1" stop-color="#d9d8d4"/></linearGradient>
<radialGradient id="light" cx=".5" cy=".4" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset=".45" stop-color="#fff" stop-opacity=".3"/><stop offset=".75" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".1"/></radialGradient>
${pieces.map((piece) => piece.defs).join('')}
</defs>
<rect x="-10" y="-10" width="${FRAME_WIDTH + 20}" height="${FRAME_HEIGHT + 20}" fill="url(#paper)"/>
<rect x="-10" y="-10" width="${FRAME_WIDTH + 20}" height="${FRAME_HEIGHT + 20}" fill="url(#light)"/>
${shadows.join('')}
${pieces.map((piece) => piece.body).join('\n')}
</svg>`;
}

/** Rasterises a scene to a lossless PNG for the media pipeline, which re-encodes it to WebP with its thumbnail. */
export async function renderScene(scene: Scene): Promise<Buffer> {
  const shadows = await Promise.all([
    shadowImage(scene, [12, 26], 9, 0.3, 0.25),
    shadowImage(scene, [2, 5], 2.5, 0.4, 0.5),
  ]);
  return sharp(Buffer.from(studioScene(scene, shadows)))
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}
