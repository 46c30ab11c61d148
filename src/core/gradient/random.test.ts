import { describe, expect, it } from 'vitest';
import { randomGradient, randomStops } from './random';
import { defaultGradient } from './model';
import { testRandom } from '../../../tests/cases/seed';

describe('random gradient', () => {
  it('picks every field within the spec ranges', () => {
    const rand = testRandom();
    const counts = new Set<number>();
    const types = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const r = randomGradient({ ...defaultGradient(), blendMode: 'screen', repeating: true }, rand);
      types.add(r.type);
      expect(r.angle).toBeGreaterThanOrEqual(0);
      expect(r.angle).toBeLessThanOrEqual(359);
      expect(Number.isInteger(r.angle)).toBe(true);
      expect(['circle', 'ellipse']).toContain(r.shape);
      for (const v of [r.position.x, r.position.y]) expect(v >= 0 && v <= 100).toBe(true);
      expect(r.blendMode).toBe('screen');
      expect(r.repeating).toBe(true);
      counts.add(r.stops.length);
      expect(r.stops[0]?.position).toBe(0);
      expect(r.stops.at(-1)!.position).toBe(100);
      const gaps = r.stops.slice(1).map((s, k) => s.position - r.stops[k]!.position);
      expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1); // evenly spaced (rounded)
      for (const s of r.stops) expect(s.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(r.stops.map((s) => s.id)).toEqual(r.stops.map((_, k) => k + 1));
    }
    expect([...counts].sort()).toEqual([2, 3, 4, 5]);
    expect([...types].sort()).toEqual(['conic', 'linear', 'radial']);
  });
  it('spaces 4 stops at 0, 33, 67, 100', () => {
    const values = [0.5, 0, 0, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.1];
    let i = 0;
    const stops = randomStops(() => values[i++ % values.length]!);
    expect(stops.map((s) => s.position)).toEqual([0, 33, 67, 100]);
  });
});
