import { type BladeCurves, type BladeShape, bladeCurves, pathOf, reverse, shift, taper } from './geometry.ts';
import {
  glossStrip,
  grain,
  type HandleMaterial,
  handleGloss,
  handleGradient,
  type Metal,
  metalGradient,
} from './materials.ts';
import { n, type Piece } from './studio.ts';

/** How a khukuri looks: its blade's shape and finish, and its handle. */
export interface KhukuriLook {
  shape: BladeShape;
  /** village: black forge scale left on the spine, polished bevel; coated: black-coated with a bright edge. */
  finish: 'village' | 'polished' | 'mirror' | 'coated';
  fullers?: number;
  engraved?: boolean;
  handle: HandleMaterial;
  fittings: Metal;
  /** The three rings round the middle of a traditional handle: carved in the material, or metal bands. */
  rings?: 'carved' | 'metal';
  rivets?: number;
  lanyard?: boolean;
}

export interface DrawnKhukuri {
  piece: Piece;
  blade: BladeCurves;
  /** Length of the handle with its bolster, in inches (the butt is at x = -handle). */
  handle: number;
}

const FINISHES = {
  village: ['#d8dde1', '#a9b1b8', '#838c94', '#9ea6ad'],
  polished: ['#e6eaed', '#b3bbc2', '#8a939b', '#aab2b9'],
  mirror: ['#fbfcfd', '#a6b0b9', '#e9edf0', '#6f7882'],
  coated: ['#4a4e52', '#2b2e31', '#1a1c1e', '#232528'],
} as const;

function bladeGradient(id: string, finish: KhukuriLook['finish']): string {
  const [a, b, c, d] = FINISHES[finish];
  return `<linearGradient id="${id}" x1="0" y1="0" x2=".25" y2="1"><stop offset="0" stop-color="${a}"/><stop offset=".35" stop-color="${b}"/><stop offset=".7" stop-color="${c}"/><stop offset="1" stop-color="${d}"/></linearGradient>`;
}

function bevelGradient(id: string, finish: KhukuriLook['finish']): string {
  const stops =
    finish === 'mirror'
      ? ['#59626b', '#f6f9fb', '#8a949d', '#ffffff', '#c3cad0']
      : ['#7a838b', '#e9edf0', '#aab3bb', '#f3f6f8', '#b4bcc3'];
  const offsets = [0, 0.3, 0.55, 0.8, 1];
  return `<linearGradient id="${id}" x1="0" y1="1" x2="0" y2="0">${stops
    .map((colour, i) => `<stop offset="${offsets[i]}" stop-color="${colour}"/>`)
    .join('')}</linearGradient>`;
}

/** The black forge scale Nepali village smiths leave along the spine, with its ragged lower edge. */
function forgeScale(blade: BladeCurves, length: number, random: () => number): string {
  const lower = shift(blade.spine, 0, 0.035 * length);
  const ragged = pathOf(reverse(lower), false).replace(/C([\d.-]+) ([\d.-]+)/g, (_m, x, y) => {
    return `C${x} ${n(Number(y) + (random() - 0.5) * 0.25)}`;
  });
  const specks: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = 0.1 * length + random() * 0.85 * length;
    specks.push(
      `<circle cx="${n(x)}" cy="${n(blade.heelTop - 0.05 * length + random() * 0.07 * length)}" r="${(0.015 + random() * 0.03).toFixed(3)}" fill="#6a6663" fill-opacity=".5"/>`,
    );
  }
  return `<path d="${pathOf(blade.spine)} ${ragged} Z" fill="#33302d" fill-opacity=".88"/>${specks.join('')}`;
}

function engraving(blade: BladeCurves, length: number, colour: string): string {
  const vine = shift(blade.spine, 0, 0.045 * length + 0.35);
  const leaves: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 0.2 * length + i * 0.055 * length;
    const y = blade.heelTop + 0.045 * length + 0.35 - (i < 5 ? i : 9 - i) * 0.012 * length;
    const up = i % 2 === 0 ? -1 : 1;
    leaves.push(
      `<path d="M${n(x)} ${n(y)} q0.15 ${n(up * 0.3)} 0.4 ${n(up * 0.2)} q-0.15 ${n(-up * 0.05)} -0.4 ${n(-up * 0.2)}"/>`,
      `<circle cx="${n(x + 0.2)}" cy="${n(y - up * 0.05)}" r="0.04"/>`,
    );
  }
  const lotus = `<g transform="translate(${n(0.62 * length)} ${n(blade.heelTop + 0.06 * length + 0.2)})"><path d="M0 0.3 C-0.35 0.1 -0.3 -0.25 0 -0.35 C0.3 -0.25 0.35 0.1 0 0.3 Z M-0.45 0.3 C-0.6 0 -0.5 -0.2 -0.2 -0.15 M0.45 0.3 C0.6 0 0.5 -0.2 0.2 -0.15"/></g>`;
  return `<g fill="none" stroke="${colour}" stroke-width="0.035" stroke-linecap="round" opacity=".75"><path d="${pathOf(vine)}" stroke-dasharray="${n(0.62 * length)} 100" />${leaves.join('')}${lotus}</g>`;
}

/**
 * A khukuri drawn in inches with the handle's axis on y = 0 and the bolster at x = 0: the blade with its polished
 * bevel, cho, fullers and finish, a brass or steel bolster and butt cap, and a handle of the given material.
 */
export function drawKhukuri(id: string, look: KhukuriLook, blade: number, overall: number, random: () => number) {
  const curves = bladeCurves(blade, look.shape);
  const handle = Math.max(3.5, overall - blade);
  const H = handle;
  const bevelDepth = look.finish === 'coated' ? 0.05 * look.shape.belly * blade : 0.27 * look.shape.belly * blade;
  const bevelTop = taper(curves.edge, -bevelDepth, blade, 0.25 * blade);
  const bevel = `${pathOf(curves.edge)} ${pathOf(reverse(bevelTop), false)} Z`;
  const bevelLine = pathOf(bevelTop);
  const fullers: string[] = [];
  for (let i = 0; i < (look.fullers ?? 0); i++) {
    const groove = pathOf(shift(curves.spine, 0, 0.3 + i * 0.26 + 0.01 * blade));
    fullers.push(
      `<path d="${groove}" stroke="#4c545b" stroke-width="0.09" stroke-opacity=".55" fill="none"/>`,
      `<path d="${groove}" transform="translate(0 0.06)" stroke="#fff" stroke-width="0.045" stroke-opacity=".75" fill="none"/>`,
    );
  }
  const fullerClip = `<clipPath id="${id}-fz"><rect x="${n(0.16 * blade)}" y="-20" width="${n(0.56 * blade)}" height="40" rx="0.3"/></clipPath>`;

  // The handle: a slight waist behind the bolster, a swell at the rings, and the butt flaring down into its cap.
  const b0 = -0.42;
  const top = curves.heelTop - 0.02;
  const bottom = curves.heelBottom - 0.02;
  const handlePath = [
    `M${n(b0)} ${n(top + 0.04)}`,
    `C${n(b0 - 0.25 * H)} ${n(top + 0.14)} ${n(-0.45 * H)} ${n(top - 0.04)} ${n(-0.62 * H)} ${n(top)}`,
    `C${n(-0.8 * H)} ${n(top + 0.04)} ${n(-0.92 * H)} ${n(top - 0.02)} ${n(-H)} ${n(top - 0.02)}`,
    `C${n(-H - 0.22)} ${n(top + 0.3)} ${n(-H - 0.2)} ${n(bottom + 0.5)} ${n(-H + 0.1)} ${n(bottom + 0.72)}`,
    `C${n(-0.9 * H)} ${n(bottom + 0.5)} ${n(-0.8 * H)} ${n(bottom + 0.06)} ${n(-0.64 * H)} ${n(bottom - 0.03)}`,
    `C${n(-0.45 * H)} ${n(bottom - 0.1)} ${n(b0 - 0.25 * H)} ${n(bottom + 0.06)} ${n(b0)} ${n(bottom - 0.04)} Z`,
  ].join(' ');
  const butt = `M${n(-H + 0.04)} ${n(top - 0.06)} C${n(-H - 0.18)} ${n(top + 0.3)} ${n(-H - 0.16)} ${n(bottom + 0.5)} ${n(-H + 0.14)} ${n(bottom + 0.76)}`;
  const rings: string[] = [];
  if (look.rings) {
    for (const x of [-0.5 * H, -0.6 * H, -0.7 * H]) {
      rings.push(
        look.rings === 'metal'
          ? `<rect x="${n(x - 0.07)}" y="-3" width="0.14" height="6" fill="url(#${id}-fit)"/>`
          : `<rect x="${n(x - 0.05)}" y="-3" width="0.1" height="6" fill="#000" fill-opacity=".35"/><rect x="${n(x + 0.05)}" y="-3" width="0.04" height="6" fill="#fff" fill-opacity=".18"/>`,
      );
    }
  }
  const rivets: string[] = [];
  for (let i = 0; i < (look.rivets ?? 0); i++) {
    const x = -0.3 * H - i * 0.4 * H;
    rivets.push(
      `<circle cx="${n(x)}" cy="0.02" r="0.14" fill="url(#${id}-fit)" stroke="#000" stroke-opacity=".35" stroke-width="0.02"/><circle cx="${n(x - 0.04)}" cy="-0.03" r="0.04" fill="#fff" fill-opacity=".8"/>`,
    );
  }
  const lanyard = look.lanyard
    ? `<circle cx="${n(-0.88 * H)}" cy="${n(bottom - 0.05)}" r="0.16" fill="#e2e1dd" stroke="#000" stroke-opacity=".6" stroke-width="0.05"/>`
    : '';
  const bolster = `<path d="M${n(b0)} ${n(top - 0.05)} L0.06 ${n(top - 0.08)} Q0.12 ${n(top - 0.08)} 0.12 ${n(top)} L0.12 ${n(bottom)} Q0.12 ${n(bottom + 0.08)} 0.06 ${n(bottom + 0.08)} L${n(b0)} ${n(bottom + 0.05)} Z" fill="url(#${id}-fit)" stroke="#000" stroke-opacity=".3" stroke-width="0.02"/><rect x="${n(b0)}" y="${n(top - 0.05)}" width="0.05" height="${n(bottom - top + 0.1)}" fill="#000" fill-opacity=".25"/>`;

  const defs = [
    bladeGradient(`${id}-steel`, look.finish),
    bevelGradient(`${id}-bevel`, look.finish),
    metalGradient(`${id}-fit`, look.fittings),
    handleGradient(`${id}-wood`, look.handle),
    glossStrip(`${id}-gloss`, handleGloss(look.handle)),
    `<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    `<clipPath id="${id}-blade"><path d="${curves.outline}"/></clipPath>`,
    `<clipPath id="${id}-handle"><path d="${handlePath}"/></clipPath>`,
    fullerClip,
  ].join('');

  const sheen = look.finish === 'coated' ? 0.18 : look.finish === 'mirror' ? 0.9 : 0.6;
  const body = `
<g clip-path="url(#${id}-blade)">
  <rect x="-1" y="-8" width="${n(blade + 2)}" height="16" fill="url(#${id}-steel)"/>
  ${look.finish === 'village' ? forgeScale(curves, blade, random) : ''}
  <path d="${bevel}" fill="url(#${id}-bevel)"${look.finish === 'coated' ? ' opacity=".9"' : ''}/>
  <path d="${bevelLine}" stroke="#5f676e" stroke-width="0.025" stroke-opacity=".55" fill="none"/>
  <path d="${bevelLine}" transform="translate(0 0.03)" stroke="#fff" stroke-width="0.02" stroke-opacity=".6" fill="none"/>
  <path d="${pathOf(curves.edge)}" stroke="#fff" stroke-width="0.05" stroke-opacity=".8" fill="none"/>
  <g clip-path="url(#${id}-fz)">${fullers.join('')}</g>
  ${look.engraved ? engraving(curves, blade, look.finish === 'mirror' ? '#454c53' : '#5a4a2a') : ''}
  <rect x="${n(0.3 * blade)}" y="-6" width="${n(0.09 * blade)}" height="12" fill="url(#${id}-sheen)" opacity="${sheen}" transform="rotate(24 ${n(0.35 * blade)} 0)"/>
  <rect x="${n(0.72 * blade)}" y="-6" width="${n(0.05 * blade)}" height="12" fill="url(#${id}-sheen)" opacity="${n(sheen * 0.6)}" transform="rotate(24 ${n(0.75 * blade)} 0)"/>
  <path d="${pathOf(curves.spine)}" transform="translate(0 0.035)" stroke="#fff" stroke-width="0.04" stroke-opacity=".85" fill="none"/>
</g>
<path d="${curves.outline}" fill="none" stroke="#3e444a" stroke-opacity=".7" stroke-width="0.025"/>
<g clip-path="url(#${id}-handle)">
  <rect x="${n(-H - 0.5)}" y="-3" width="${n(H + 0.5)}" height="6" fill="url(#${id}-wood)"/>
  ${grain(look.handle, [-H - 0.3, top - 0.1, b0, bottom + 0.5], random)}
  ${rings.join('')}
  <rect x="${n(-H - 0.5)}" y="${n(top - 0.04)}" width="${n(H + 0.5)}" height="${n(bottom - top + 0.5)}" fill="url(#${id}-gloss)"/>
  <path d="${butt}" stroke="url(#${id}-fit)" stroke-width="0.34" fill="none"/>
</g>
<path d="${handlePath}" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="0.025"/>
${rivets.join('')}${lanyard}
<circle cx="${n(-H - 0.1)}" cy="${n((top + bottom) / 2 + 0.25)}" r="0.12" fill="url(#${id}-fit)" stroke="#000" stroke-opacity=".3" stroke-width="0.02"/>
${bolster}`;
  const silhouette = `<path d="${curves.outline}"/><path d="${handlePath}"/>`;
  return { piece: { defs, body, silhouette }, blade: curves, handle } satisfies DrawnKhukuri;
}
