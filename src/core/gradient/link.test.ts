import { describe, expect, it } from 'vitest';
import { defaultGradient } from './model';
import { GRADIENT_LINK_DEFAULTS, gradientFromSettings, gradientSettings } from './link';

describe('gradient permalink settings', () => {
  it('round-trips a whole gradient', () => {
    const g = {
      ...defaultGradient(),
      type: 'conic' as const,
      angle: 135,
      position: { x: 20, y: 70 },
      stops: [
        { id: 1, color: '#ff0000', position: 0 },
        { id: 2, color: '#00ff00', position: 42.5 },
        { id: 3, color: '#0000ff', position: 100 },
      ],
      blendMode: 'multiply' as const,
      repeating: true,
    };
    const s = gradientSettings(g);
    expect(s.stops).toBe('ff0000-0_00ff00-42.5_0000ff-100');
    expect(gradientFromSettings(s)).toEqual(g);
  });

  it('fills missing settings with the defaults and refuses unusable stops', () => {
    expect(gradientFromSettings({})).toEqual(defaultGradient());
    expect(gradientFromSettings({ angle: 45 })?.angle).toBe(45);
    expect(gradientFromSettings({ stops: 'ff0000-0' })).toBeNull();
    expect(gradientFromSettings({ stops: 'zzzzzz-0_00ff00-100' })).toBeNull();
    expect(gradientFromSettings({ stops: 'ff0000-0_00ff00-140' })).toBeNull();
    expect(gradientFromSettings({ type: 'spiral' })?.type).toBe('linear');
    // A stop without its position (a link cut short, colours alone) is no stop at 0%; nor is 0x10 at 16%.
    for (const stops of [
      'ff0000-0_0000ff-',
      'ff0000-0_0000ff',
      'ff0000_0000ff',
      'ff0000-0_0000ff-0x10',
      'ff0000-0_0000ff- 5',
      'ff0000-0_0000ff-100-5',
    ])
      expect(gradientFromSettings({ stops }), stops).toBeNull();
    expect(gradientFromSettings({ stops: 'ff0000-0_0000ff-12.5' })?.stops[1]?.position).toBe(12.5);
    expect(GRADIENT_LINK_DEFAULTS.stops).toBe('6366f1-0_8b5cf6-100');
  });
});
