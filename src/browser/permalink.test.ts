import { describe, expect, it, vi } from 'vitest';
import { isLinkDamaged, linkWith, MAX_LINK_CHARS, settingsFromParams, settingsToParams } from './permalink';
import { packJson } from '../core/packed-json';
import { redactUrl } from '../core/analytics/url-privacy';
import { COMPLEX_EXAMPLE } from '../core/hdl/fsm';
import { DEFAULT_FSM } from '../core/hdl/fsm/config';

describe('permalinks', () => {
  const defaults = { width: 32, init: '0x0', refIn: false, rows: [] as string[] };

  it('writes only the settings that differ from the defaults, and reads them back typed', () => {
    const params = settingsToParams({ width: 16, init: '0xFFFF', refIn: false, rows: ['a'] }, defaults);
    expect(params).toEqual({ width: '16', init: '0xFFFF', rows: packJson(['a']) });
    expect(params.rows).toMatch(/^[A-Za-z0-9_-]+$/); // nothing the query string has to escape
    const href = linkWith('https://x.test/crc?other=1#frag', Object.keys(defaults), params);
    expect(href).toBe(`https://x.test/crc?other=1&width=16&init=0xFFFF&rows=${params.rows}#frag`);
    expect(settingsFromParams(new URL(href).search, defaults)).toEqual({ width: 16, init: '0xFFFF', rows: ['a'] });
  });

  it('reads links written before packing (plain JSON), and drops garbage and inflation bombs', () => {
    expect(settingsFromParams('?rows=%5B%22a%22%5D', defaults)).toEqual({ rows: ['a'] });
    expect(settingsFromParams('?rows=not-packed&width=8', defaults)).toEqual({ width: 8 });
    expect(settingsFromParams(`?rows=${packJson({ not: 'a list' })}`, defaults)).toEqual({});
    const bomb = packJson(['x'.repeat(3_000_000)]);
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    expect(settingsFromParams(`?rows=${bomb}`, defaults)).toEqual({});
  });

  it('keeps a 60-state FSM whole in its link (as escaped JSON it lost its transitions at 20 states)', () => {
    const states = Array.from({ length: 60 }, (_, i) => ({
      ...COMPLEX_EXAMPLE.states[0]!,
      name: `STATE_${i}`,
      description: `State number ${i}`,
    }));
    const transitions = Array.from({ length: 120 }, (_, i) => ({
      ...COMPLEX_EXAMPLE.transitions[0]!,
      from: `STATE_${i % 60}`,
      to: `STATE_${(i * 7 + 1) % 60}`,
      condition: `req && count == ${i}`,
    }));
    const machine = { ...COMPLEX_EXAMPLE, states, transitions };
    const params = settingsToParams(machine, DEFAULT_FSM);
    const escapedJson = new URLSearchParams({ transitions: JSON.stringify(transitions) }).toString();
    expect(escapedJson.length).toBeGreaterThan(MAX_LINK_CHARS);
    const href = linkWith('https://x.test/fsm-generator', Object.keys(DEFAULT_FSM), params);
    expect(href.length).toBeLessThan(MAX_LINK_CHARS);
    expect({ ...DEFAULT_FSM, ...settingsFromParams(new URL(href).search, DEFAULT_FSM) }).toEqual(machine);
  });

  it('leaves a pasted megabyte out of the link, and keeps every link short enough for a server', () => {
    const huge = 'x'.repeat(2_000_000);
    expect(settingsToParams({ ...defaults, init: huge, width: 8 }, defaults)).toEqual({ width: '8' });
    // Each value fits alone, together they do not: the longest go first, the short ones stay.
    const params = { init: 'a'.repeat(5_000), rows: 'b'.repeat(4_000), width: '8' };
    const href = linkWith('https://x.test/crc?init=old', Object.keys(defaults), params);
    expect(href.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect(new URL(href).searchParams.get('init')).toBeNull(); // not the stale value either
    expect(new URL(href).searchParams.get('rows')).toBe('b'.repeat(4_000));
    expect(new URL(href).searchParams.get('width')).toBe('8');
  });
});

describe("a permalink's content stays out of analytics", () => {
  it('every tool setting that a link packs (a list or an object) is redacted from reported URLs', async () => {
    // Some stores read their saved state when imported: give them an empty browser storage.
    const storage = () => {
      const m = new Map<string, string>();
      return {
        getItem: (k: string) => m.get(k) ?? null,
        setItem: (k: string, v: string) => m.set(k, v),
        removeItem: (k: string) => m.delete(k),
      };
    };
    vi.stubGlobal('localStorage', storage());
    vi.stubGlobal('sessionStorage', storage());
    const specs = await Promise.all([
      import('../tools/crc/store').then((m) => m.crcLink),
      import('../tools/crc/identify/store').then((m) => m.identifyLink),
      import('../tools/uart/store').then((m) => m.uartLink),
      import('../tools/fifo/store').then((m) => m.fifoLink),
      import('../tools/fsm/store').then((m) => m.fsmLink),
      import('../tools/gradient/store').then((m) => m.gradientLink),
      import('../tools/base64/store').then((m) => m.base64Link),
      import('../tools/url/store').then((m) => m.urlLink),
    ]);
    const packed = specs.flatMap((s) =>
      Object.entries(s.defaults as object).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? [k] : [])),
    );
    expect(packed).toEqual(expect.arrayContaining(['samples', 'states', 'transitions']));
    for (const name of packed) {
      expect(redactUrl(`/tool?${name}=${packJson([1])}&x=1`), name).toBe(`/tool?${name}=REDACTED&x=1`);
    }
    vi.unstubAllGlobals();
  });
});

describe('an untouched tool', () => {
  it("has nothing in its link: a fresh page's address is the bare route", async () => {
    // Until 2026-11-30 the CRC page's fresh address was /crc-generator?samples=… (its two empty
    // Identify rows), and Copy link said it opened the tool "with these settings".
    const storage = () => {
      const m = new Map<string, string>();
      return {
        getItem: (k: string) => m.get(k) ?? null,
        setItem: (k: string, v: string) => m.set(k, v),
        removeItem: (k: string) => m.delete(k),
      };
    };
    vi.stubGlobal('localStorage', storage());
    vi.stubGlobal('sessionStorage', storage());
    const pairs = await Promise.all([
      import('../tools/crc/store').then((m) => [m.useCrcStore, m.crcLink] as const),
      import('../tools/crc/identify/store').then((m) => [m.useIdentifyStore, m.identifyLink] as const),
      import('../tools/uart/store').then((m) => [m.useUartStore, m.uartLink] as const),
      import('../tools/fifo/store').then((m) => [m.useFifoStore, m.fifoLink] as const),
      import('../tools/fsm/store').then((m) => [m.useFsmStore, m.fsmLink] as const),
      import('../tools/gradient/store').then((m) => [m.useGradientStore, m.gradientLink] as const),
      import('../tools/base64/store').then((m) => [m.useBase64Store, m.base64Link] as const),
      import('../tools/url/store').then((m) => [m.useUrlStore, m.urlLink] as const),
    ]);
    for (const [store, spec] of pairs) {
      const pick = spec.pick as (s: unknown) => object;
      expect(settingsToParams(pick(store.getState()), spec.defaults)).toEqual({});
    }
    vi.unstubAllGlobals();
  });
});

describe('a link with a value no control of the tool offers', () => {
  it('is damaged, as a cut link is: the page says so and opens none of it', async () => {
    // Until 2026-11-30 the CRC, Identify, gradient, UART and FIFO links dropped such a value
    // silently (the default, or Custom, took its place) and opened the rest.
    const storage = () => {
      const m = new Map<string, string>();
      return {
        getItem: (k: string) => m.get(k) ?? null,
        setItem: (k: string, v: string) => m.set(k, v),
        removeItem: (k: string) => m.delete(k),
      };
    };
    vi.stubGlobal('localStorage', storage());
    vi.stubGlobal('sessionStorage', storage());
    const [crc, identify, uart, fifo, fsm, gradient, base64] = await Promise.all([
      import('../tools/crc/store').then((m) => m.crcLink),
      import('../tools/crc/identify/store').then((m) => m.identifyLink),
      import('../tools/uart/store').then((m) => m.uartLink),
      import('../tools/fifo/store').then((m) => m.fifoLink),
      import('../tools/fsm/store').then((m) => m.fsmLink),
      import('../tools/gradient/store').then((m) => m.gradientLink),
      import('../tools/base64/store').then((m) => m.base64Link),
    ]);
    const cases: [string, { defaults: object }, string[], string[]][] = [
      [
        'crc',
        crc,
        [
          '?language=cobol',
          '?algorithm=NOPE',
          '?algorithm=NOPE&poly=0x11021',
          '?language=rust&algorithm=crc-16%2Farc',
          '?poly=0x11021&pipelineStages=9', // a depth the select does not offer (crc.e2e)
        ],
        [
          '?language=rust',
          '?algorithm=CRC-16%2FARC',
          '?algorithm=CRC-32%2FISO-HDLC&poly=0x11021', // a known name with other parameters: Custom
          '?algorithm=CRC-32+Ethernet', // the offline list's name
          '?algorithm=CRC-16%2FCCITT', // an alias
          '?poly=0x11021&pipelineStages=3',
        ],
      ],
      // Known parameters the page's fields cannot hold: RefIn "yes" fixed refin false, a width as a
      // number made Identify throw (width.trim), a byte order "middle" was searched as little-endian.
      [
        'identify',
        identify,
        [
          '?tab=zzz',
          '?mode=zzz',
          '?tab=Identify',
          `?fixed=${encodeURIComponent(packJson({ refin: 'yes' }))}`,
          `?fixed=${encodeURIComponent(packJson({ width: 16 }))}`,
          `?fixed=${encodeURIComponent(packJson({ byteOrder: 'middle' }))}`,
        ],
        [
          '?tab=identify',
          '?mode=codeword',
          `?fixed=${encodeURIComponent(packJson({ width: '16', poly: '0x8005', refin: 'true', refout: '', byteOrder: 'little' }))}`,
        ],
      ],
      ['uart', uart, ['?language=cobol', '?language=VHDL'], ['?language=vhdl']],
      ['fifo', fifo, ['?language=cobol'], ['?language=vhdl']],
      // Until 2026-11-30 the FSM page opened these: its Type list showed Moore, the code was Moore
      // with a header saying Mealy, and the encoding was binary with a header saying one-hot.
      [
        'fsm',
        fsm,
        ['?fsmType=Mealy', '?encoding=one-hot', '?fsmType=mealy&encoding=onehott'],
        ['?fsmType=mealy&encoding=gray'],
      ],
      [
        'gradient',
        gradient,
        // Until 2026-12-02 a centre beyond the box (x=150) opened clamped to 100%, without a word.
        ['?type=zzz', '?shape=square', '?blend=zzz', '?stops=nonsense', '?type=radial&x=150', '?y=-5'],
        ['?type=radial&shape=circle', '?type=conic&blend=multiply', '?angle=-90', '?type=radial&x=0&y=100'],
      ],
      ['base64', base64, ['?mode=zzz'], ['?mode=decode']],
    ];
    for (const [name, spec, damaged, fine] of cases) {
      const check = spec as Parameters<typeof isLinkDamaged>[1];
      for (const search of damaged) expect(isLinkDamaged(search, check), `${name} ${search}`).toBe(true);
      for (const search of fine) expect(isLinkDamaged(search, check), `${name} ${search}`).toBe(false);
    }
    vi.unstubAllGlobals();
  });
});
