/**
 * Random gradient (spec part 2, section 4): random type, angle 0-359, circle or ellipse, position
 * 0-100 on each axis, 2-5 stops with random hex colours, first at 0, last at 100, others evenly
 * spaced. `rand` returns [0, 1) (Math.random by default; tests pass a seeded one).
 */
import { randomInt, randomPick, type Random } from '../random';
import { rgbToHex } from './color';
import { GRADIENT_TYPES, RADIAL_SHAPES, type ColorStop, type GradientSpec } from './model';

function randomColor(rand: Random = Math.random): string {
  return rgbToHex(randomInt(rand, 256), randomInt(rand, 256), randomInt(rand, 256));
}

export function randomStops(rand: Random = Math.random): ColorStop[] {
  const count = 2 + randomInt(rand, 4);
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    color: randomColor(rand),
    position: Math.round((i * 100) / (count - 1)),
  }));
}

/** A random gradient; blend mode and repeating are kept from `current`. */
export function randomGradient(current: GradientSpec, rand: Random = Math.random): GradientSpec {
  return {
    ...current,
    type: randomPick(rand, GRADIENT_TYPES),
    angle: randomInt(rand, 360),
    shape: randomPick(rand, RADIAL_SHAPES),
    position: { x: randomInt(rand, 101), y: randomInt(rand, 101) },
    stops: randomStops(rand),
  };
}
