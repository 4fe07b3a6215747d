import { n } from './studio.ts';

/** The materials of the demo products: polished metals for fittings, and handle materials with their grain. */

export type Metal = 'brass' | 'steel' | 'silver' | 'blackened';
export type HandleMaterial = 'rosewood' | 'walnut' | 'sal' | 'horn' | 'bone';

const METAL_STOPS: Record<Metal, string[]> = {
  brass: ['#6d4e12', '#c99d3c', '#fff1bf', '#e2c26c', '#8c6a1e', '#5a400e'],
  steel: ['#4a5057', '#aab2b9', '#ffffff', '#c9d0d6', '#7b838b', '#3f454b'],
  silver: ['#7d838a', '#d9dee3', '#ffffff', '#eef1f4', '#a7adb4', '#6a7077'],
  blackened: ['#111213', '#3d4043', '#8a8f93', '#4a4d50', '#242527', '#0d0e0f'],
};

/** A linear gradient of a polished metal, banded as a cylinder or a plate lit from above is. */
export function metalGradient(id: string, metal: Metal, direction: 'down' | 'across' = 'down'): string {
  const stops = METAL_STOPS[metal];
  const [x2, y2] = direction === 'down' ? ['0', '1'] : ['1', '0'];
  const offsets = [0, 0.22, 0.4, 0.55, 0.8, 1];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((colour, i) => `<stop offset="${offsets[i]}" stop-color="${colour}"/>`)
    .join('')}</linearGradient>`;
}

interface HandleLook {
  /** Top, middle and bottom of the rounded handle as the key light shades it. */
  base: [string, string, string];
  grain: string;
  light: string;
  /** How glossy the polish is (0…1). */
  gloss: number;
  /** Lines of grain per inch of height, and how strongly they show. */
  density: number;
  contrast: number;
}

const HANDLES: Record<HandleMaterial, HandleLook> = {
  rosewood: {
    base: ['#8a4326', '#5a2614', '#2a0f07'],
    grain: '#1a0804',
    light: '#b0643c',
    gloss: 0.55,
    density: 22,
    contrast: 0.55,
  },
  walnut: {
    base: ['#a87846', '#74492a', '#3b2411'],
    grain: '#301a0b',
    light: '#c8955f',
    gloss: 0.4,
    density: 16,
    contrast: 0.5,
  },
  sal: {
    base: ['#c0955f', '#93693f', '#5a3b1f'],
    grain: '#4a2f17',
    light: '#d8b07a',
    gloss: 0.2,
    density: 12,
    contrast: 0.45,
  },
  horn: {
    base: ['#4a4340', '#1e1b1a', '#080707'],
    grain: '#7a6656',
    light: '#8d7a6a',
    gloss: 0.8,
    density: 8,
    contrast: 0.22,
  },
  bone: {
    base: ['#fbf5e8', '#e6d9bb', '#a99872'],
    grain: '#b7a37c',
    light: '#fffaf0',
    gloss: 0.45,
    density: 9,
    contrast: 0.35,
  },
};

/** The base shading of a handle material (a gradient, top to bottom). */
export function handleGradient(id: string, material: HandleMaterial): string {
  const [top, middle, bottom] = HANDLES[material].base;
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".45" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

export function handleGloss(material: HandleMaterial): number {
  return HANDLES[material].gloss;
}

/**
 * The grain of a handle between x0 and x1 and y0 and y1 (inches): long wavy lines of varying width and darkness,
 * with a few lighter streaks; bone gets its small dark pores, horn its translucent streaks.
 */
export function grain(material: HandleMaterial, box: [number, number, number, number], random: () => number): string {
  const look = HANDLES[material];
  const [x0, y0, x1, y1] = box;
  const lines: string[] = [];
  const count = Math.round((y1 - y0) * look.density);
  for (let i = 0; i < count; i++) {
    const y = y0 + ((i + random() * 0.8) / count) * (y1 - y0);
    const amplitude = 0.02 + random() * 0.07;
    const waves = 2 + Math.floor(random() * 3);
    const step = (x1 - x0) / waves;
    let d = `M${n(x0)} ${n(y)}`;
    for (let w = 0; w < waves; w++) {
      const xa = x0 + step * w;
      const sign = random() > 0.5 ? 1 : -1;
      d += ` Q${n(xa + step / 2)} ${n(y + sign * amplitude)} ${n(xa + step)} ${n(y + (random() - 0.5) * 0.04)}`;
    }
    const light = random() < 0.18;
    const width = (0.008 + random() * 0.035) * (light ? 1.6 : 1);
    const opacity = (0.25 + random() * 0.75) * look.contrast;
    lines.push(
      `<path d="${d}" stroke="${light ? look.light : look.grain}" stroke-width="${width.toFixed(3)}" stroke-opacity="${opacity.toFixed(2)}" fill="none"/>`,
    );
  }
  if (material === 'bone') {
    for (let i = 0; i < 40; i++) {
      const x = x0 + random() * (x1 - x0);
      const y = y0 + random() * (y1 - y0);
      lines.push(
        `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${(0.01 + random() * 0.03).toFixed(3)}" ry="0.008" fill="#6d5c3e" fill-opacity="${(0.2 + random() * 0.4).toFixed(2)}"/>`,
      );
    }
  }
  return lines.join('');
}

/** A soft highlight along the top of a rounded, polished surface (a strip light reflected in it). */
export function glossStrip(id: string, strength: number): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".16" stop-color="#fff" stop-opacity="${(strength * 0.75).toFixed(2)}"/><stop offset=".3" stop-color="#fff" stop-opacity="0"/><stop offset=".72" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>`;
}
