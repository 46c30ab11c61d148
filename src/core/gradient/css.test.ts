import { describe, expect, it } from 'vitest';
import { cssCode, gradientFunction } from './css';
import { defaultGradient, type GradientSpec } from './model';
import { PRESETS } from './presets';

const g = (over: Partial<GradientSpec>): GradientSpec => ({ ...defaultGradient(), ...over });

describe('CSS text', () => {
  it('writes the three forms of the spec', () => {
    expect(gradientFunction(g({}))).toBe('linear-gradient(90deg, #6366f1 0%, #8b5cf6 100%)');
    expect(gradientFunction(g({ type: 'radial', shape: 'circle', position: { x: 20, y: 75 } }))).toBe(
      'radial-gradient(circle at 20% 75%, #6366f1 0%, #8b5cf6 100%)',
    );
    expect(gradientFunction(g({ type: 'conic', angle: 45 }))).toBe(
      'conic-gradient(from 45deg at 50% 50%, #6366f1 0%, #8b5cf6 100%)',
    );
  });
  it('adds repeating- and lists stops by position', () => {
    const stops = [
      { id: 1, color: '#ffffff', position: 40 },
      { id: 2, color: '#000000', position: 10 },
    ];
    expect(gradientFunction(g({ repeating: true, stops }))).toBe(
      'repeating-linear-gradient(90deg, #000000 10%, #ffffff 40%)',
    );
    expect(gradientFunction(g({ type: 'radial', repeating: true, stops }))).toMatch(
      /^repeating-radial-gradient\(ellipse at 50% 50%/,
    );
    expect(gradientFunction(g({ type: 'conic', repeating: true, stops }))).toMatch(
      /^repeating-conic-gradient\(from 90deg/,
    );
  });
  it('puts the blend mode in the full CSS only when not normal', () => {
    expect(cssCode(g({}))).toBe('background: linear-gradient(90deg, #6366f1 0%, #8b5cf6 100%);');
    expect(cssCode(g({ blendMode: 'multiply' }))).toBe(
      'background: linear-gradient(90deg, #6366f1 0%, #8b5cf6 100%);\nbackground-blend-mode: multiply;',
    );
  });
  it('has the ten named presets with valid stops', () => {
    expect(PRESETS.map((p) => p.name)).toEqual([
      'Ocean Blue',
      'Sunset',
      'Aurora',
      'Cotton Candy',
      'Mojito',
      'Emerald Glow',
      'Sunburst',
      'Rainbow',
      'Neon Cyber',
      'Night Sky',
    ]);
    for (const p of PRESETS) {
      expect(p.colors.length).toBeGreaterThanOrEqual(2);
      for (const c of p.colors) expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
