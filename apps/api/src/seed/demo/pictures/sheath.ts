import { type BladeShape, bladeCurves, type Cubic, pathOf, shift, yAt } from './geometry.ts';
import { grain, type HandleMaterial, handleGradient, type Metal, metalGradient } from './materials.ts';
import { n, type Piece } from './studio.ts';

/** How a sheath (dap) looks: its cover, colour and fittings, and what it carries. */
export interface SheathLook {
  cover: 'leather' | 'canvas' | 'suede' | 'silver' | 'brass';
  colour: string;
  chape: Metal;
  /** The belt loop at the back of the throat. */
  frog?: boolean;
  /** The pocket at the back of the throat that holds the karda and the chakmak. */
  pockets?: boolean;
  tassel?: boolean;
  ferroLoop?: boolean;
  /** A plain kitchen blade guard: no frog, no chape. */
  guard?: boolean;
}

/** A colour made lighter (amount > 0) or darker (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const next = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(next).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function coverTexture(id: string, look: SheathLook, random: () => number): string {
  if (look.cover === 'canvas') {
    return `<pattern id="${id}-tex" width="0.08" height="0.08" patternUnits="userSpaceOnUse"><path d="M0 0.04 H0.08 M0.04 0 V0.08" stroke="#000" stroke-opacity=".16" stroke-width="0.018"/></pattern>`;
  }
  const dots: string[] = [];
  for (let i = 0; i < 26; i++) {
    dots.push(
      `<circle cx="${(random() * 0.7).toFixed(3)}" cy="${(random() * 0.7).toFixed(3)}" r="${(0.01 + random() * 0.02).toFixed(3)}" fill="${random() > 0.5 ? '#000' : '#fff'}" fill-opacity="${look.cover === 'suede' ? '.06' : '.12'}"/>`,
    );
  }
  return `<pattern id="${id}-tex" width="0.7" height="0.7" patternUnits="userSpaceOnUse">${dots.join('')}</pattern>`;
}

/** The hand-chased lotus and ring motifs of a silver or brass ceremonial sheath. */
function chasing(length: number, spine: Cubic[], edge: Cubic[], colour: string): string {
  const motifs: string[] = [];
  for (let x = 1.2; x < length - 1.8; x += 1.1) {
    const y = (yAt(spine, x) + yAt(edge, x)) / 2;
    const petals = [0, 45, 90, 135]
      .map(
        (angle) =>
          `<ellipse cx="${n(x)}" cy="${n(y)}" rx="0.3" ry="0.09" transform="rotate(${angle} ${n(x)} ${n(y)})"/>`,
      )
      .join('');
    motifs.push(`${petals}<circle cx="${n(x)}" cy="${n(y)}" r="0.08"/>`);
    motifs.push(`<path d="M${n(x + 0.4)} ${n(y)} q0.15 -0.25 0.3 0 q0.15 0.25 0.3 0" />`);
  }
  const borders = [pathOf(shift(spine, 0, 0.18)), pathOf(shift(edge, 0, -0.18))]
    .map((d) => `<path d="${d}" stroke-dasharray="0.06 0.05"/>`)
    .join('');
  return `<g fill="none" stroke="${colour}" stroke-width="0.03" opacity=".75">${motifs.join('')}${borders}</g>`;
}

/** A small handle (karda or chakmak) as it shows above the pocket: wood or horn, a metal ferrule and a ring. */
export function smallHandle(id: string, material: HandleMaterial, length: number, random: () => number): string {
  return `<g clip-path="url(#${id}-sh)"><rect x="${n(-length)}" y="-0.3" width="${n(length)}" height="0.6" fill="url(#${id}-shw)"/>${grain(material, [-length, -0.3, 0, 0.3], random)}<rect x="${n(-length)}" y="-0.3" width="${n(length)}" height="0.6" fill="url(#${id}-shg)"/></g><rect x="-0.15" y="-0.26" width="0.2" height="0.52" rx="0.05" fill="url(#${id}-shf)"/>`;
}

function smallHandleDefs(id: string, material: HandleMaterial, length: number): string {
  return `${handleGradient(`${id}-shw`, material)}${metalGradient(`${id}-shf`, 'brass')}<linearGradient id="${id}-shg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".2" stop-color="#fff" stop-opacity=".35"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient><clipPath id="${id}-sh"><path d="M0 -0.22 L${n(-length + 0.25)} -0.26 Q${n(-length)} -0.26 ${n(-length)} 0 Q${n(-length)} 0.28 ${n(-length + 0.25)} 0.28 L0 0.22 Z"/></clipPath>`;
}

/**
 * A khukuri sheath for a blade of `blade` inches, drawn in the knife's own coordinates (the throat at x = 0): the
 * cover with its texture and stitching along the back, the chape at the tip, the frog, and the handles of the
 * karda and chakmak showing above their pocket.
 */
export function drawSheath(
  id: string,
  look: SheathLook,
  blade: number,
  shape: BladeShape,
  handle: HandleMaterial,
  random: () => number,
  options: { kardaChakmak?: boolean } = {},
): Piece {
  const length = blade + 0.9;
  const heel = shape.heel * blade + 0.45;
  const curves = bladeCurves(
    length,
    {
      heel: heel / length,
      belly: (shape.belly * blade + 0.55) / length,
      drop: (shape.drop * blade + 0.2) / length,
      arch: (shape.arch * blade) / length,
    },
    false,
  );
  const dx = -0.15;
  const dy = -0.08;
  const outline = `<path d="${curves.outline}" transform="translate(${dx} ${dy})"/>`;
  const metal = look.cover === 'silver' || look.cover === 'brass';
  const base = metal ? `url(#${id}-metal)` : `url(#${id}-cover)`;
  const light = shade(look.colour, 0.25);
  const dark = shade(look.colour, -0.45);
  const thread = metal ? 'none' : shade(look.colour, look.colour < '#666666' ? 0.6 : -0.5);
  const stitches = pathOf(shift(curves.spine, 0, 0.2));
  const chapeX = length - (look.guard ? 0 : 1.5);
  const frog =
    look.frog && !look.guard
      ? `<g><path d="M3.1 ${n(curves.heelTop - 1.7)} h1.5 q0.2 0 0.2 0.2 v1.9 h-1.9 v-1.9 q0 -0.2 0.2 -0.2 Z" fill="${dark}"/><path d="M3.25 ${n(curves.heelTop - 1.55)} h1.2 v1.6 h-1.2 Z" fill="none" stroke="${thread}" stroke-width="0.03" stroke-dasharray="0.1 0.07" opacity=".8"/><rect x="3.5" y="${n(curves.heelTop - 1.3)}" width="0.7" height="0.5" rx="0.08" fill="none" stroke="url(#${id}-chape)" stroke-width="0.1"/></g>`
      : '';
  // The pocket sits at the back of the throat: its top shows above the sheath, the small handles above it.
  const pocket = look.pockets
    ? `<path d="M0.55 ${n(curves.heelTop + 0.3)} L0.7 ${n(curves.heelTop - 0.32)} Q1.6 ${n(curves.heelTop - 0.48)} 2.5 ${n(curves.heelTop - 0.28)} L2.6 ${n(curves.heelTop + 0.3)} Z" fill="${shade(look.colour, -0.2)}" stroke="#000" stroke-opacity=".35" stroke-width="0.03"/><path d="M0.8 ${n(curves.heelTop - 0.22)} Q1.6 ${n(curves.heelTop - 0.36)} 2.4 ${n(curves.heelTop - 0.16)}" fill="none" stroke="${thread}" stroke-width="0.03" stroke-dasharray="0.1 0.07" opacity=".8"/>`
    : '';
  const smalls = options.kardaChakmak
    ? `<g transform="translate(1.3 ${n(curves.heelTop - 0.1)}) rotate(42)">${smallHandle(`${id}-k`, handle, 2.4, random)}</g><g transform="translate(2.5 ${n(curves.heelTop - 0.05)}) rotate(24)">${smallHandle(`${id}-c`, handle, 2.1, random)}</g>`
    : '';
  const tassel = look.tassel
    ? `<g transform="translate(0.3 ${n(curves.heelBottom + 0.3)})"><path d="M0 0 C0.3 0.6 -0.2 1.2 0.1 1.8" stroke="#8e1b1b" stroke-width="0.1" fill="none"/><path d="M-0.25 1.8 L0.45 1.8 L0.35 3.3 L-0.15 3.3 Z" fill="url(#${id}-tassel)"/><rect x="-0.28" y="1.7" width="0.76" height="0.22" rx="0.08" fill="url(#${id}-chape)"/></g>`
    : '';
  const ferro = look.ferroLoop
    ? `<g transform="translate(3.2 ${n(curves.heelTop - 0.25)})"><rect x="0" y="-0.2" width="2.6" height="0.34" rx="0.17" fill="#2b2b2b"/><rect x="0.2" y="-0.14" width="2.2" height="0.22" rx="0.11" fill="url(#${id}-ferro)"/></g>`
    : '';

  const defs = [
    `<linearGradient id="${id}-cover" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".35" stop-color="${look.colour}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`,
    metalGradient(`${id}-metal`, look.cover === 'brass' ? 'brass' : 'silver'),
    metalGradient(`${id}-chape`, look.chape),
    metalGradient(`${id}-ferro`, 'steel'),
    `<linearGradient id="${id}-tassel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5e0c0c"/><stop offset=".5" stop-color="#c62828"/><stop offset="1" stop-color="#5e0c0c"/></linearGradient>`,
    `<linearGradient id="${id}-gloss" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".12" stop-color="#fff" stop-opacity="${look.cover === 'suede' || look.cover === 'canvas' ? '.08' : '.3'}"/><stop offset=".28" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>`,
    `<clipPath id="${id}-clip">${outline}</clipPath>`,
    coverTexture(id, look, random),
    options.kardaChakmak ? smallHandleDefs(`${id}-k`, handle, 2.4) + smallHandleDefs(`${id}-c`, handle, 2.1) : '',
  ].join('');
  const body = `${frog}${smalls}${pocket}
<g clip-path="url(#${id}-clip)">
  <rect x="-1" y="-6" width="${n(length + 2)}" height="14" fill="${base}"/>
  ${metal ? chasing(length, curves.spine, curves.edge, shade(look.colour, -0.6)) : `<rect x="-1" y="-6" width="${n(length + 2)}" height="14" fill="url(#${id}-tex)"/>`}
  <g transform="translate(${dx} ${dy})">
    ${thread === 'none' ? '' : `<path d="${stitches}" fill="none" stroke="${dark}" stroke-width="0.06" stroke-opacity=".5"/><path d="${stitches}" fill="none" stroke="${thread}" stroke-width="0.035" stroke-dasharray="0.13 0.08" stroke-linecap="round"/>`}
  </g>
  ${look.guard ? '' : `<rect x="-1" y="-6" width="1.55" height="14" fill="${metal ? `url(#${id}-chape)` : dark}" fill-opacity="${metal ? '1' : '.45'}"/><rect x="0.5" y="-6" width="0.04" height="14" fill="#fff" fill-opacity=".25"/>`}
  ${look.guard ? '' : `<rect x="${n(chapeX)}" y="-6" width="3" height="14" fill="url(#${id}-chape)" transform="rotate(-28 ${n(chapeX)} ${n(curves.tip[1])})"/>`}
  <rect x="-1" y="${n(curves.heelTop - 1)}" width="${n(length + 2)}" height="${n(curves.belly[1] - curves.heelTop + 1.4)}" fill="url(#${id}-gloss)"/>
</g>
<g fill="none" stroke="#000" stroke-opacity=".45" stroke-width="0.03">${outline}</g>
${ferro}${tassel}${look.guard ? `<circle cx="1.2" cy="${n(curves.heelTop + 0.45)}" r="0.17" fill="url(#${id}-chape)"/>` : ''}`;
  const silhouette = `${outline}${look.pockets ? `<rect x="0.65" y="${n(curves.heelTop - 0.42)}" width="1.9" height="0.8"/>` : ''}${look.frog && !look.guard ? `<rect x="3.1" y="${n(curves.heelTop - 1.7)}" width="1.9" height="2"/>` : ''}`;
  return { defs, body, silhouette };
}
