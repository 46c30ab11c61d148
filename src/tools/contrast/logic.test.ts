import { describe, expect, it } from 'vitest';
import {
  apcaLc,
  colorsFromQuery,
  colorsLinkDamaged,
  colorsToQuery,
  composite,
  contrastOf,
  contrastRatio,
  criteria,
  formatRatio,
  LEVEL_MESSAGES,
  luminance,
  nearestPassing,
  parseHex,
  simulateVision,
  toHex,
  wcagLevel,
} from './logic';

const hex = (s: string) => parseHex(s)!;

describe('spec rules', () => {
  it('starts at #ffffff / #000000 with ratio 21 and level AAA', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(formatRatio(21)).toBe('21.00:1');
    expect(wcagLevel(21)).toBe('AAA');
  });

  it('accepts a 6-digit hex with or without #, and gives ratio 1 for anything else', () => {
    expect(contrastRatio('ffffff', '000000')).toBe(21);
    for (const bad of ['#fff', 'fff', '#ffffff00', 'white', '', '#gggggg', 'rgb(0,0,0)', '#12345']) {
      expect(contrastRatio(bad, '#000000'), bad).toBe(1);
      expect(contrastRatio('#000000', bad), bad).toBe(1);
    }
  });

  it('assigns levels at 7, 4.5 and 3 with the verbatim messages', () => {
    expect([7, 6.99, 4.5, 4.49, 3, 2.99].map(wcagLevel)).toEqual(['AAA', 'AA', 'AA', 'AA Large', 'AA Large', 'Fail']);
    expect(LEVEL_MESSAGES).toEqual({
      AAA: 'Passes all WCAG levels (AAA, AA, AA Large)',
      AA: 'Passes AA and AA Large (fails AAA)',
      'AA Large': 'Passes AA Large only (fails AA and AAA)',
      Fail: 'Fails all WCAG levels',
    });
  });
});

describe('WCAG formula against known values', () => {
  it.each([
    ['#777777', '#ffffff', '4.48'],
    ['#767676', '#ffffff', '4.54'],
    ['#595959', '#ffffff', '7.00'],
    ['#0000ff', '#ffffff', '8.59'],
    ['#ff0000', '#ffffff', '4.00'],
    ['#008000', '#ffffff', '5.14'],
    ['#ffffff', '#ffffff', '1.00'],
  ])('%s on %s is %s:1', (fg, bg, expected) => {
    expect(contrastRatio(bg, fg).toFixed(2)).toBe(expected);
    expect(contrastRatio(fg, bg).toFixed(2)).toBe(expected); // symmetric
  });

  it('does not round up to pass: #777777 on white shows 4.48 and fails AA', () => {
    expect(wcagLevel(contrastRatio('#ffffff', '#777777'))).toBe('AA Large');
  });

  it('never shows a ratio that reaches a threshold the colours miss (4.4969 is 4.49:1, not 4.50:1)', () => {
    // #d69267 on #750727 is 4.4969: it fails AA, so "4.50:1" beside "fails AA" contradicted itself.
    const ratio = contrastRatio('#750727', '#d69267');
    expect(wcagLevel(ratio)).toBe('AA Large');
    expect(formatRatio(ratio)).toBe('4.49:1');
    expect(formatRatio(contrastRatio('#cd5a4b', '#b7eab8'))).toBe('2.99:1'); // 2.99904: Fail
    expect(formatRatio(6.9951)).toBe('6.99:1');
    // Ordinary ratios round as everywhere else.
    expect([4.5, 4.506, 5.138, 7.0046, 2.994].map(formatRatio)).toEqual([
      '4.50:1',
      '4.51:1',
      '5.14:1',
      '7.00:1',
      '2.99:1',
    ]);
  });

  it('has luminance 0 for black and 1 for white', () => {
    expect(luminance(hex('#000000'))).toBe(0);
    expect(luminance(hex('#ffffff'))).toBeCloseTo(1, 12);
  });
});

describe('beyond the spec', () => {
  it('composites a translucent text colour on the background', () => {
    expect(toHex(composite(hex('#000000'), 0.5, hex('#ffffff')))).toBe('#808080');
    expect(composite(hex('#123456'), 1, hex('#ffffff'))).toEqual(hex('#123456'));
    expect(composite(hex('#123456'), 0, hex('#abcdef'))).toEqual(hex('#abcdef'));
  });

  it('reports WCAG 1.4.3, 1.4.6 and 1.4.11 criteria', () => {
    const c = criteria(4.6);
    expect(c.map((x) => [x.id, x.pass])).toEqual([
      ['1.4.3', true],
      ['1.4.3', true],
      ['1.4.6', false],
      ['1.4.6', true],
      ['1.4.11', true],
    ]);
    expect(criteria(2.9).every((x) => !x.pass)).toBe(true);
  });

  it('suggests the nearest passing colour for AA and AAA keeping the hue', () => {
    const bg = hex('#ffffff');
    for (const start of ['#777777', '#ff6666', '#44aa44', '#8888ff']) {
      for (const target of [4.5, 7]) {
        const s = nearestPassing(hex(start), bg, target)!;
        expect(contrastOf(s, bg), `${start} -> ${toHex(s)}`).toBeGreaterThanOrEqual(target);
        // Barely passes: the suggestion is not needlessly far from the target.
        expect(contrastOf(s, bg)).toBeLessThan(target + 0.35);
      }
    }
    // Hue kept: a red stays red-dominant.
    const red = nearestPassing(hex('#ff6666'), bg, 4.5)!;
    expect(red.r).toBeGreaterThan(red.g);
    expect(red.g).toBe(red.b);
    // Already passing colours are returned unchanged.
    expect(nearestPassing(hex('#000000'), bg, 7)).toEqual(hex('#000000'));
  });

  it('goes lighter on a dark background and returns null when no lightness can pass', () => {
    const s = nearestPassing(hex('#555555'), hex('#000000'), 7)!;
    expect(luminance(s)).toBeGreaterThan(luminance(hex('#555555')));
    expect(nearestPassing(hex('#777777'), hex('#777777'), 21)).toBeNull();
  });

  it('simulates colour-vision deficiencies (white and black unchanged; red and green confusable in protanopia)', () => {
    for (const kind of ['protanopia', 'deuteranopia', 'tritanopia', 'achromatopsia'] as const) {
      expect(simulateVision(hex('#ffffff'), kind)).toEqual(hex('#ffffff'));
      expect(simulateVision(hex('#000000'), kind)).toEqual(hex('#000000'));
    }
    const gray = simulateVision(hex('#3366cc'), 'achromatopsia');
    expect(gray.r).toBe(gray.g);
    expect(gray.g).toBe(gray.b);
    // Red and green become hard to tell apart: much closer in colour space than for normal vision.
    const red = hex('#cc3300'),
      green = hex('#339900');
    const dist = (a: typeof red, b: typeof red) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
    for (const kind of ['protanopia', 'deuteranopia'] as const) {
      expect(dist(simulateVision(red, kind), simulateVision(green, kind)), kind).toBeLessThan(dist(red, green) / 2);
    }
    // Tritanopia keeps red and green apart (it confuses blue and yellow instead).
    expect(dist(simulateVision(red, 'tritanopia'), simulateVision(green, 'tritanopia'))).toBeGreaterThan(
      dist(red, green) / 2,
    );
  });

  it('computes APCA Lc with polarity (APCA-W3 0.0.98G-4g reference points)', () => {
    expect(apcaLc(hex('#000000'), hex('#ffffff'))).toBeCloseTo(106.04, 1);
    expect(apcaLc(hex('#ffffff'), hex('#000000'))).toBeCloseTo(-107.88, 1);
    expect(apcaLc(hex('#888888'), hex('#ffffff'))).toBeCloseTo(63.06, 0);
    expect(apcaLc(hex('#777777'), hex('#777777'))).toBe(0);
  });

  it('reads colours from the URL query, ignoring invalid ones', () => {
    expect(colorsFromQuery('?bg=112233&fg=%23FFEEDD')).toEqual({ background: '#112233', text: '#ffeedd' });
    expect(colorsFromQuery('?bg=nope')).toEqual({ background: undefined, text: undefined });
  });

  it('reads the text opacity from the URL query (a=50), ignoring invalid ones', () => {
    expect(colorsFromQuery('?bg=ffffff&fg=000000&a=50')).toEqual({
      background: '#ffffff',
      text: '#000000',
      alpha: 0.5,
    });
    expect(colorsFromQuery('?a=0').alpha).toBe(0);
    for (const bad of ['150', '-1', '5.5', 'x', '']) expect(colorsFromQuery(`?a=${bad}`).alpha, bad).toBeUndefined();
  });

  it("writes only colours and opacity that are not the defaults: an untouched page's address is bare", () => {
    // Until 2026-11-30 a fresh page's address was ?bg=ffffff&fg=000000, and Copy link promised
    // "these settings" for the defaults.
    const defaults = { background: '#ffffff', text: '#000000', alpha: 1 };
    expect(colorsToQuery('', defaults)).toBe('');
    expect(colorsToQuery('?x=1&bg=123456&fg=000000&a=50', { ...defaults, background: '#FFFFFF' })).toBe('?x=1');
    expect(colorsToQuery('', { ...defaults, background: '#123456' })).toBe('?bg=123456&fg=000000');
    expect(colorsToQuery('', { ...defaults, alpha: 0.4 })).toBe('?bg=ffffff&fg=000000&a=40');
    expect(colorsToQuery('?bg=123456', { ...defaults, text: 'nope' })).toBeNull(); // kept as it is
  });

  it('calls a link with a colour or opacity it cannot read damaged', () => {
    for (const bad of ['?bg=nope', '?fg=12345', '?bg=ffffff&fg=zzzzzz', '?a=150', '?bg=ffffff&fg=000000&a=x'])
      expect(colorsLinkDamaged(bad), bad).toBe(true);
    for (const fine of ['', '?bg=ffffff&fg=000000&a=50', '?bg=%23123456', '?x=nope'])
      expect(colorsLinkDamaged(fine), fine).toBe(false);
  });
});
