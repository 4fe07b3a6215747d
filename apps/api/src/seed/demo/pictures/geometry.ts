import { n } from './studio.ts';

/** Curves of the khukuri family, in inches: the handle's axis is y = 0, the blade runs towards +x, +y is down. */

export type Point = [number, number];
/** A cubic Bézier segment: start, two control points, end. */
export type Cubic = [Point, Point, Point, Point];

export interface BladeShape {
  /** Height of the blade at the bolster, as a part of its length. */
  heel: number;
  /** Height of the blade across its belly, as a part of its length. */
  belly: number;
  /** How far the tip drops below the bolster, as a part of the length: the khukuri's bend. */
  drop: number;
  /** How much the spine rises before the bend: 0 is straight-backed. */
  arch: number;
}

export interface BladeCurves {
  spine: Cubic[];
  /** The cutting edge from the cho to the tip. */
  edge: Cubic[];
  /** The closed outline: spine, edge back to the cho, the notch, the ricasso. */
  outline: string;
  /** Where the cho (the notch near the handle) is. */
  cho: Point;
  heelTop: number;
  heelBottom: number;
  tip: Point;
  belly: Point;
}

export function at(curve: Cubic, t: number): Point {
  const u = 1 - t;
  const [a, b, c, d] = curve;
  const x = u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0];
  const y = u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1];
  return [x, y];
}

/** The y of a path of cubics at x (the path runs towards +x). */
export function yAt(curves: Cubic[], x: number): number {
  let best: Point = curves[0]?.[0] ?? [0, 0];
  for (const curve of curves) {
    for (let i = 0; i <= 40; i++) {
      const p = at(curve, i / 40);
      if (Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
    }
  }
  return best[1];
}

export const shift = (curves: Cubic[], dx: number, dy: number): Cubic[] =>
  curves.map((curve) => curve.map(([x, y]) => [x + dx, y + dy]) as Cubic);

/** Moves a path up or down by `dy`, less and less over the last `fade` inches before `end` (a bevel narrowing to the tip). */
export function taper(curves: Cubic[], dy: number, end: number, fade: number): Cubic[] {
  const factor = (x: number) => Math.max(0.15, Math.min(1, (end - x) / fade));
  return curves.map((curve) => curve.map(([x, y]) => [x, y + dy * factor(x)]) as Cubic);
}

export const reverse = (curves: Cubic[]): Cubic[] => [...curves].reverse().map(([a, b, c, d]) => [d, c, b, a] as Cubic);

/** Path data of connected cubics; `move` starts a new subpath at the first point. */
export function pathOf(curves: Cubic[], move = true): string {
  const first = curves[0];
  if (!first) return '';
  const start = move ? `M${n(first[0][0])} ${n(first[0][1])}` : `L${n(first[0][0])} ${n(first[0][1])}`;
  return `${start} ${curves.map(([, b, c, d]) => `C${n(b[0])} ${n(b[1])} ${n(c[0])} ${n(c[1])} ${n(d[0])} ${n(d[1])}`).join(' ')}`;
}

/**
 * A khukuri blade of `length` inches: a spine that rises a little and then bends down to the tip, a recurved edge
 * that sweeps from the cho down to the deep belly and up to the tip. Without `notch` it is the smooth outline a
 * sheath follows.
 */
export function bladeCurves(length: number, shape: BladeShape, notch = true): BladeCurves {
  const L = length;
  const heel = shape.heel * L;
  const top = -0.45 * heel;
  const bottom = top + heel;
  const tipY = top + shape.drop * L;
  const rise = 0.05 * shape.arch * L;
  const bend: Point = [0.47 * L, top - rise];
  const spine: Cubic[] = [
    [[0, top], [0.18 * L, top - 0.55 * rise], [0.34 * L, top - rise], bend],
    [bend, [0.64 * L, top - rise + 0.06 * shape.drop * L], [0.9 * L, tipY - 0.1 * L], [L, tipY]],
  ];
  const bellyX = 0.68 * L;
  const bellyY = yAt(spine, bellyX) + shape.belly * L;
  const choRadius = Math.min(0.22, 0.02 * L);
  const choX = 0.07 * L + 0.25;
  const choY = bottom + 0.012 * L;
  const start: Point = notch ? [choX + choRadius, choY] : [0.02 * L, bottom];
  const edge: Cubic[] = [
    [start, [0.24 * L, choY - 0.012 * L], [0.42 * L, bellyY], [bellyX, bellyY]],
    [
      [bellyX, bellyY],
      [0.86 * L, bellyY],
      [0.975 * L, tipY + 0.07 * L],
      [L, tipY],
    ],
  ];
  const cho = notch
    ? [
        `A${n(choRadius)} ${n(choRadius)} 0 0 0 ${n(choX - choRadius)} ${n(choY)}`,
        `L${n(choX - choRadius - 0.05)} ${n(choY + 0.1)}`,
        `L${n(choX - choRadius - 0.12)} ${n(choY)}`,
        `L${n(choX - choRadius - 0.3)} ${n(bottom)}`,
      ].join(' ')
    : '';
  const outline = `${pathOf(spine)} ${pathOf(reverse(edge), false).replace(/^L[^C]*/, '')} ${cho} L0 ${n(bottom)} Z`;
  return {
    spine,
    edge,
    outline,
    cho: [choX, choY],
    heelTop: top,
    heelBottom: bottom,
    tip: [L, tipY],
    belly: [bellyX, bellyY],
  };
}
