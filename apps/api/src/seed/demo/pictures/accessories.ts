import { bladeCurves, pathOf } from './geometry.ts';
import { glossStrip, grain, type HandleMaterial, handleGradient, metalGradient } from './materials.ts';
import { n, type Piece } from './studio.ts';

/** The small pieces of the demo shop, drawn in inches: the karda, the chakmak and the blade care kit. */

function smallKnifeHandle(id: string, material: HandleMaterial, length: number, random: () => number): Piece {
  const path = `M0 -0.3 C${n(-0.4 * length)} -0.26 ${n(-0.8 * length)} -0.34 ${n(-length)} -0.3 C${n(-length - 0.2)} -0.1 ${n(-length - 0.15)} 0.35 ${n(-length + 0.1)} 0.45 C${n(-0.7 * length)} 0.3 ${n(-0.3 * length)} 0.26 0 0.3 Z`;
  const defs = `${handleGradient(`${id}-w`, material)}${glossStrip(`${id}-g`, 0.6)}${metalGradient(`${id}-f`, 'brass')}<clipPath id="${id}-c"><path d="${path}"/></clipPath>`;
  const body = `<g clip-path="url(#${id}-c)"><rect x="${n(-length - 0.4)}" y="-0.5" width="${n(length + 0.5)}" height="1.1" fill="url(#${id}-w)"/>${grain(material, [-length - 0.3, -0.4, 0, 0.5], random)}<rect x="${n(-length - 0.4)}" y="-0.34" width="${n(length + 0.5)}" height="0.85" fill="url(#${id}-g)"/></g><path d="${path}" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="0.02"/><rect x="-0.12" y="-0.34" width="0.24" height="0.68" rx="0.05" fill="url(#${id}-f)"/>`;
  return { defs, body, silhouette: `<path d="${path}"/>` };
}

/** The karda: a small utility knife of the khukuri's family, a 4-inch blade with a small drop. */
export function drawKarda(id: string, material: HandleMaterial, random: () => number): Piece {
  const curves = bladeCurves(4, { heel: 0.15, belly: 0.19, drop: 0.09, arch: 0.5 }, false);
  const handle = smallKnifeHandle(`${id}-h`, material, 2.5, random);
  const defs = `${handle.defs}${metalGradient(`${id}-s`, 'steel')}<linearGradient id="${id}-b" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#7d868e"/><stop offset=".3" stop-color="#f1f4f6"/><stop offset=".55" stop-color="#aeb6bd"/><stop offset="1" stop-color="#d6dbdf"/></linearGradient><clipPath id="${id}-k"><path d="${curves.outline}"/></clipPath>`;
  const body = `<g clip-path="url(#${id}-k)"><rect x="-0.2" y="-1" width="4.4" height="2" fill="url(#${id}-b)"/><path d="${pathOf(curves.spine)}" transform="translate(0 0.03)" stroke="#fff" stroke-width="0.03" fill="none"/></g><path d="${curves.outline}" fill="none" stroke="#3e444a" stroke-opacity=".7" stroke-width="0.02"/>${handle.body}`;
  return { defs, body, silhouette: `<path d="${curves.outline}"/>${handle.silhouette}` };
}

/** The chakmak: a blunt, slightly tapered steel for honing the edge and striking sparks, with its small handle. */
export function drawChakmak(id: string, material: HandleMaterial, random: () => number): Piece {
  const steel = 'M0 -0.2 L4.1 -0.12 Q4.45 -0.1 4.45 0.02 Q4.45 0.14 4.1 0.15 L0 0.22 Z';
  const handle = smallKnifeHandle(`${id}-h`, material, 2.2, random);
  const defs = `${handle.defs}<linearGradient id="${id}-s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9ced3"/><stop offset=".35" stop-color="#f4f6f7"/><stop offset=".6" stop-color="#7f878e"/><stop offset="1" stop-color="#4b5157"/></linearGradient>`;
  const body = `<path d="${steel}" fill="url(#${id}-s)" stroke="#3e444a" stroke-opacity=".6" stroke-width="0.02"/><path d="M0.3 -0.06 L4 0" stroke="#fff" stroke-opacity=".35" stroke-width="0.03"/>${handle.body}`;
  return { defs, body, silhouette: `<path d="${steel}"/>${handle.silhouette}` };
}

/** A bottle of camellia oil lying on its side: amber glass, black cap, a paper label. */
export function drawOilBottle(id: string): Piece {
  const glass =
    'M0 -0.85 L2.6 -0.85 Q3.1 -0.85 3.3 -0.45 L3.55 -0.32 L3.55 0.32 L3.3 0.45 Q3.1 0.85 2.6 0.85 L0 0.85 Q-0.15 0.85 -0.15 0.7 L-0.15 -0.7 Q-0.15 -0.85 0 -0.85 Z';
  const defs = `<linearGradient id="${id}-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9913a"/><stop offset=".25" stop-color="#f3c27a"/><stop offset=".45" stop-color="#a85a14"/><stop offset="1" stop-color="#4a2306"/></linearGradient><linearGradient id="${id}-c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4a4a"/><stop offset=".3" stop-color="#9a9a9a"/><stop offset=".5" stop-color="#2a2a2a"/><stop offset="1" stop-color="#0c0c0c"/></linearGradient><linearGradient id="${id}-l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf7ee"/><stop offset=".6" stop-color="#efe6d2"/><stop offset="1" stop-color="#c9bea6"/></linearGradient>`;
  const body = `<path d="${glass}" fill="url(#${id}-g)" stroke="#3a1b05" stroke-opacity=".5" stroke-width="0.02"/><rect x="3.5" y="-0.36" width="1.1" height="0.72" rx="0.08" fill="url(#${id}-c)"/><g stroke="#000" stroke-opacity=".25" stroke-width="0.015">${[3.7, 3.85, 4.0, 4.15, 4.3, 4.45].map((x) => `<path d="M${x} -0.34 V0.34"/>`).join('')}</g><rect x="0.35" y="-0.78" width="2" height="1.56" fill="url(#${id}-l)"/><rect x="0.35" y="-0.3" width="2" height="0.32" fill="#6a2f1d"/><rect x="0.55" y="0.2" width="1.6" height="0.06" fill="#6a2f1d" fill-opacity=".6"/><rect x="0.55" y="0.36" width="1.2" height="0.05" fill="#6a2f1d" fill-opacity=".45"/><rect x="0.55" y="-0.58" width="1.6" height="0.1" fill="#2f4a2a" fill-opacity=".8"/><path d="M-0.05 -0.62 L3.2 -0.62" stroke="#fff" stroke-opacity=".55" stroke-width="0.08"/>`;
  return { defs, body, silhouette: `<path d="${glass}"/><rect x="3.5" y="-0.36" width="1.1" height="0.72"/>` };
}

/** A combination whetstone (1000 grit over 400) in its rubber base, seen from above and a little in front. */
export function drawWhetstone(id: string, random: () => number): Piece {
  const specks: string[] = [];
  for (let i = 0; i < 160; i++) {
    specks.push(
      `<circle cx="${n(random() * 6)}" cy="${n(random() * 2)}" r="${(0.008 + random() * 0.015).toFixed(3)}" fill="${random() > 0.5 ? '#fff' : '#000'}" fill-opacity=".18"/>`,
    );
  }
  const defs = `<linearGradient id="${id}-t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8e0cf"/><stop offset="1" stop-color="#c6bca6"/></linearGradient><linearGradient id="${id}-r" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a0452f"/><stop offset="1" stop-color="#6d2a1b"/></linearGradient><linearGradient id="${id}-b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a3a3a"/><stop offset="1" stop-color="#141414"/></linearGradient><radialGradient id="${id}-s" cx=".35" cy=".3" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  const body = `<rect x="-0.35" y="0.4" width="6.7" height="2.25" rx="0.15" fill="url(#${id}-b)"/><rect x="0" y="0" width="6" height="2" fill="url(#${id}-t)"/>${specks.join('')}<rect x="0" y="2" width="6" height="0.25" fill="#d8cfbb"/><rect x="0" y="2.25" width="6" height="0.3" fill="url(#${id}-r)"/><rect x="0" y="0" width="6" height="0.05" fill="#fff" fill-opacity=".5"/><rect x="0" y="0" width="6" height="2" fill="url(#${id}-s)"/>`;
  return { defs, body, silhouette: `<rect x="-0.35" y="0" width="6.7" height="2.65" rx="0.15"/>` };
}

/** A folded polishing cloth with soft folds. */
export function drawCloth(id: string, colour: string): Piece {
  const shape = 'M0 0.1 Q1.6 -0.1 3.4 0.05 Q3.6 1.6 3.45 3.1 Q1.8 3.25 0.05 3.05 Q-0.1 1.6 0 0.1 Z';
  const defs = `<linearGradient id="${id}-c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity=".75"/></linearGradient><linearGradient id="${id}-f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset=".5" stop-color="#000" stop-opacity=".18"/><stop offset=".6" stop-color="#fff" stop-opacity=".2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
  const body = `<path d="${shape}" fill="url(#${id}-c)"/><path d="${shape}" fill="#000" fill-opacity=".08" transform="translate(0.04 0.05)"/><rect x="1.3" y="0" width="0.8" height="3.1" fill="url(#${id}-f)"/><path d="M0.1 1.55 Q1.7 1.45 3.45 1.6" stroke="#000" stroke-opacity=".12" stroke-width="0.08" fill="none"/><path d="M0.1 0.25 Q1.7 0.1 3.35 0.2" stroke="#fff" stroke-opacity=".25" stroke-width="0.06" fill="none"/>`;
  return { defs, body, silhouette: `<path d="${shape}"/>` };
}

/** A leather strop glued to a wooden paddle. */
export function drawStrop(id: string, random: () => number): Piece {
  const paddle = 'M0 0 L8 0 L8 1.8 L0 1.8 Z M-0.1 0.55 L-2.8 0.6 Q-3.1 0.9 -2.8 1.2 L-0.1 1.25 Z';
  const defs = `${handleGradient(`${id}-w`, 'walnut')}<linearGradient id="${id}-l" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c08a57"/><stop offset="1" stop-color="#94643a"/></linearGradient><clipPath id="${id}-c"><path d="${paddle}"/></clipPath>`;
  const body = `<g clip-path="url(#${id}-c)"><rect x="-3.2" y="-0.2" width="11.5" height="2.2" fill="url(#${id}-w)"/>${grain('walnut', [-3.1, 0, 8, 1.8], random)}</g><rect x="0.25" y="0.2" width="7.5" height="1.4" rx="0.05" fill="url(#${id}-l)"/><path d="M0.5 0.9 H7.5" stroke="#000" stroke-opacity=".06" stroke-width="0.6"/><path d="M0.25 0.22 H7.75" stroke="#fff" stroke-opacity=".35" stroke-width="0.03"/>`;
  return { defs, body, silhouette: `<path d="${paddle}"/>` };
}

/** The canvas roll the care kit comes in, opened flat. */
export function drawCanvasRoll(id: string, width: number, height: number): Piece {
  const defs = `<linearGradient id="${id}-c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9b994"/><stop offset="1" stop-color="#a6956d"/></linearGradient><pattern id="${id}-t" width="0.08" height="0.08" patternUnits="userSpaceOnUse"><path d="M0 0.04 H0.08 M0.04 0 V0.08" stroke="#000" stroke-opacity=".08" stroke-width="0.02"/></pattern>`;
  const body = `<rect width="${width}" height="${height}" rx="0.25" fill="url(#${id}-c)"/><rect width="${width}" height="${height}" rx="0.25" fill="url(#${id}-t)"/><rect x="0.25" y="0.25" width="${width - 0.5}" height="${height - 0.5}" rx="0.15" fill="none" stroke="#5d5038" stroke-width="0.03" stroke-dasharray="0.14 0.08"/><path d="M${width} ${height / 2 - 0.2} h1.6 v0.3 h-1.6 Z M${width} ${height / 2 + 0.2} h1.3 v0.3 h-1.3 Z" fill="#6b4a2a"/>`;
  return { defs, body, silhouette: `<rect width="${width}" height="${height}" rx="0.25"/>` };
}
