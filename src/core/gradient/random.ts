/**
 * Random gradient (spec part 2, section 4): random type, angle 0-359, circle or ellipse, position
 * 0-100 on each axis, 2-5 stops with random hex colours, first at 0, last at 100, others evenly
 * spaced. `rand` returns [0, 1) (Math.random by default; tests pass a seeded one).
 */
import { rgbToHex } from './color';
import { GRADIENT_TYPES, RADIAL_SHAPES, type ColorStop, type GradientSpec } from './model';

export type Rand = () => number;

const int = (rand: Rand, n: number) => Math.floor(rand() * n);
/** An element of a non-empty list (rand() < 1, so the index is always in range). */
const pick = <T>(rand: Rand, list: readonly T[]): T => list[int(rand, list.length)]!;

export function randomColor(rand: Rand = Math.random): string {
  return rgbToHex(int(rand, 256), int(rand, 256), int(rand, 256));
}

export function randomStops(rand: Rand = Math.random): ColorStop[] {
  const count = 2 + int(rand, 4);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    color: randomColor(rand),
    position: Math.round((i * 100) / (count - 1)),
  }));
}

/** A random gradient; blend mode and repeating are kept from `current`. */
export function randomGradient(current: GradientSpec, rand: Rand = Math.random): GradientSpec {
  return {
    ...current,
    type: pick(rand, GRADIENT_TYPES),
    angle: int(rand, 360),
    shape: pick(rand, RADIAL_SHAPES),
    position: { x: int(rand, 101), y: int(rand, 101) },
    stops: randomStops(rand),
  };
}
