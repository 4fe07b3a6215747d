/** Procedural product pictures for the demo shop: a khukuri silhouette in SVG, coloured per product. */

export interface KhukuriArt {
  /** Background colours (top, bottom). */
  background: [string, string];
  handle: string;
  /** Blade length factor: 0.8 (short utility) … 1.25 (long machete). */
  length: number;
  /** How much the blade bends forward: 0.6 … 1.4. */
  bend: number;
  sheath: string;
  /** Brass or silver fittings and engraving. */
  fittings: string;
  engraved?: boolean;
  fullers?: number;
}

export type KhukuriView = 'blade' | 'set';

const W = 960;
const H = 640;

function blade(art: KhukuriArt): string {
  const k = art.length;
  const b = art.bend;
  const x0 = 330;
  const x = (v: number) => (x0 + v * k).toFixed(1);
  const y = (v: number, bent = 1) => (310 + v * (bent ? b : 1)).toFixed(1);
  // Spine rises from the bolster, then bends down to the tip; the edge has the belly and the cho notch near the handle.
  return [
    `M${x0},292`,
    `C${x(150)},${y(-40)} ${x(320)},${y(-45)} ${x(430)},${y(10)}`,
    `C${x(500)},${y(45)} ${x(540)},${y(110)} ${x(560)},${y(175)}`,
    `C${x(520)},${y(150)} ${x(470)},${y(130)} ${x(400)},${y(118)}`,
    `C${x(300)},${y(102)} ${x(210)},${y(104)} ${x(120)},${y(70)}`,
    `C${x(80)},${y(56, 0)} ${x(60)},${y(52, 0)} ${x(52)},${y(52, 0)}`,
    `l-8,14 l-8,-14`,
    `C${x(25)},${y(50, 0)} ${x(10)},${y(45, 0)} ${x0},350 Z`,
  ].join(' ');
}

function fullerLines(art: KhukuriArt): string {
  const lines: string[] = [];
  const count = art.fullers ?? 0;
  for (let i = 0; i < count; i++) {
    const offset = 8 + i * 14;
    lines.push(
      `<path d="M${360},${300 + offset} C${(360 + 160 * art.length).toFixed(0)},${(300 - 10 + offset).toFixed(0)} ${(
        360 + 330 * art.length
      ).toFixed(0)},${(300 + offset + 10 * art.bend).toFixed(0)} ${(360 + 400 * art.length).toFixed(0)},${(
        330 + offset + 40 * art.bend
      ).toFixed(0)}" stroke="#8b939c" stroke-width="3" fill="none" opacity=".8"/>`,
    );
  }
  return lines.join('');
}

function handle(art: KhukuriArt): string {
  return `
  <path d="M110,300 C170,286 260,288 318,290 L318,352 C260,354 170,358 110,346 Z" fill="${art.handle}"/>
  <path d="M150,294 L150,350 M200,291 L200,353 M250,290 L250,354" stroke="${art.fittings}" stroke-width="6" opacity=".85"/>
  <rect x="316" y="284" width="18" height="74" rx="4" fill="${art.fittings}"/>
  <ellipse cx="106" cy="323" rx="16" ry="28" fill="${art.fittings}"/>
  <circle cx="98" cy="323" r="5" fill="#2b1d12"/>`;
}

function engraving(art: KhukuriArt): string {
  if (!art.engraved) return '';
  return `<g stroke="${art.fittings}" stroke-width="2" fill="none" opacity=".9">
    <path d="M420,318 q20,-18 40,0 t40,0 t40,0 t40,0"/>
    <circle cx="600" cy="330" r="10"/>
  </g>`;
}

/** An SVG picture of a khukuri: alone ('blade') or above its sheath with karda and chakmak ('set'). */
export function drawKhukuri(art: KhukuriArt, view: KhukuriView): string {
  const [top, bottom] = art.background;
  const knife = `
    <path d="${blade(art)}" fill="url(#steel)" stroke="#3c4248" stroke-width="2"/>
    ${fullerLines(art)}
    ${engraving(art)}
    ${handle(art)}`;
  const sheath = `
    <g transform="translate(20,250)">
      <path d="M300,232 C${470 * art.length},200 ${620 * art.length},230 ${(700 * art.length).toFixed(0)},330 C${(
        600 * art.length
      ).toFixed(0)},296 ${460 * art.length},290 300,300 Z" fill="${art.sheath}" stroke="#1d120a" stroke-width="3"/>
      <rect x="286" y="226" width="22" height="80" rx="6" fill="${art.fittings}"/>
      <path d="M${(690 * art.length).toFixed(0)},322 l22,18 l-30,-4 Z" fill="${art.fittings}"/>
      <path d="M210,200 L290,214 L290,226 L210,214 Z" fill="#c7ccd1"/><rect x="170" y="198" width="44" height="18" rx="4" fill="${art.handle}"/>
      <path d="M200,250 L280,262 L276,274 L200,264 Z" fill="#6c7279"/><rect x="160" y="246" width="44" height="18" rx="4" fill="${art.handle}"/>
    </g>`;
  const shift = view === 'set' ? 'translate(0,-120)' : 'translate(0,0)';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset=".55" stop-color="#b8c0c8"/><stop offset="1" stop-color="#7d868f"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <path d="M0,${H - 150} L180,${H - 300} L300,${H - 210} L470,${H - 380} L640,${H - 200} L780,${H - 290} L${W},${H - 170} L${W},${H} L0,${H} Z" fill="#000" opacity=".12"/>
  <g transform="${shift}">${knife}</g>
  ${view === 'set' ? sheath : ''}
</svg>`;
}
