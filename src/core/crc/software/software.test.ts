/**
 * The software model and emitters without a compiler (tests/hdl/crc-software.test.ts compiles and
 * runs the files): the model's check value for every catalogue algorithm, its CRC of random
 * messages against the bit-serial reference for random parameters, and the naming rules.
 */
import { describe, expect, it } from 'vitest';
import { predefinedAlgorithms, paramsOf } from '../catalogue';
import { parseHex, type CrcParams } from '../params';
import { referenceCrc } from '../../../../tests/oracles/crc-reference';
import { randomBytes, testRandom } from '../../../../tests/cases/seed';
import { between, randomBits } from '../../../../tests/cases/draw';
import { MAX_SOFTWARE_WIDTH, customName, generateSoftware, modelCrc, snakeName, softwareModel, softwareName } from '.';
import { consistencyBundle } from './consistency';

describe('software CRC model', () => {
  it('gives every catalogue algorithm up to 64 bits its check value', () => {
    const list = predefinedAlgorithms().filter((a) => a.width <= MAX_SOFTWARE_WIDTH);
    expect(list).toHaveLength(112);
    for (const a of list) expect(softwareModel(paramsOf(a)).check, a.name).toBe(parseHex(a.check));
  });

  it('matches the bit-serial reference for random parameters and messages', () => {
    const rand = testRandom(281);
    for (let i = 0; i < 60; i++) {
      const width = between(rand, 1, MAX_SOFTWARE_WIDTH);
      const p: CrcParams = {
        width,
        poly: randomBits(rand, width) | 1n,
        init: randomBits(rand, width),
        xorout: randomBits(rand, width),
        refin: rand() < 0.5,
        refout: rand() < 0.5,
      };
      const m = softwareModel(p);
      const bytes = new Uint8Array(randomBytes(rand, between(rand, 0, 40)));
      expect(
        modelCrc(m, bytes),
        JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)),
      ).toBe(referenceCrc(p, bytes));
    }
  });

  it('names identifiers after the algorithm and refuses widths above 64', () => {
    expect(snakeName('CRC-32/ISO-HDLC')).toBe('crc32_iso_hdlc');
    expect(snakeName('CRC-16/ISO-IEC-14443-3-A')).toBe('crc16_iso_iec_14443_3_a');
    expect(snakeName('3GPP')).toBe('crc_3gpp');
    const p: CrcParams = { width: 16, poly: 0x1021n, init: 0n, xorout: 0n, refin: false, refout: false };
    expect(generateSoftware({ params: p }, 'c').map((f) => f.name)).toEqual([
      'crc16_custom_1021.h',
      'crc16_custom_1021.c',
    ]);
    expect(generateSoftware({ params: p, name: 'CRC-16/XMODEM' }, 'python')[0]!.text).toContain('class Crc16Xmodem:');
    expect(() => generateSoftware({ params: { ...p, width: 65 } }, 'rust')).toThrow(/widths 1 to 64/);
  });
});

describe('names of custom parameters', () => {
  const custom = (p: CrcParams) => snakeName(softwareName(p));

  it('are made of the width, the polynomial and each parameter that is not the default', () => {
    const p: CrcParams = { width: 32, poly: 0x04c11db7n, init: 0n, xorout: 0n, refin: false, refout: false };
    expect(customName(p)).toBe('CRC-32/CUSTOM-04C11DB7');
    expect(custom(p)).toBe('crc32_custom_04c11db7');
    expect(custom({ ...p, width: 5, poly: 0x5n })).toBe('crc5_custom_05');
    expect(custom({ ...p, init: 0xffffffffn, refin: true, refout: true, xorout: 0xffffffffn })).toBe(
      'crc32_custom_04c11db7_init_ffffffff_refin_refout_xorout_ffffffff',
    );
    expect(custom({ ...p, refout: true, xorout: 1n })).toBe('crc32_custom_04c11db7_refout_xorout_00000001');
    const [h, c] = generateSoftware({ params: { ...p, init: 0x1n } }, 'c');
    expect([h!.name, c!.name]).toEqual([
      'crc32_custom_04c11db7_init_00000001.h',
      'crc32_custom_04c11db7_init_00000001.c',
    ]);
    expect(h!.text).toContain('_t crc32_custom_04c11db7_init_00000001_update(');
    expect(h!.text).toContain('#define CRC32_CUSTOM_04C11DB7_INIT_00000001_CHECK');
    expect(generateSoftware({ params: p }, 'python')[0]!.text).toContain('class Crc32Custom04c11db7:');
    // An algorithm's name still names it; a blank one is no name.
    expect(softwareName(p, 'CRC-32/MPEG-2')).toBe('CRC-32/MPEG-2');
    expect(softwareName(p, '  ')).toBe('CRC-32/CUSTOM-04C11DB7');
  });

  it('name the Consistency zip, its folder and its C files as the page names the C files', () => {
    const p: CrcParams = { width: 16, poly: 0x8005n, init: 0n, xorout: 0n, refin: true, refout: true };
    const bundle = (params: CrcParams, name?: string) =>
      consistencyBundle({
        params,
        name,
        dataWidth: 8,
        language: 'verilog',
        design: { name: 'crc_module.v', text: '' },
      });
    const arc = bundle(p);
    expect(arc.zipName).toBe('crc16_custom_8005_refin_refout-consistency.zip');
    expect(arc.files.map((f) => f.name)).toContain('crc16_custom_8005_refin_refout.c');
    expect(bundle({ ...p, init: 0xffffn }).zipName).toBe('crc16_custom_8005_init_ffff_refin_refout-consistency.zip');
    expect(bundle(p, 'CRC-16/ARC').zipName).toBe('crc16_arc-consistency.zip');
  });

  it('differ whenever the parameters differ, and from every catalogue name', () => {
    const rand = testRandom(282);
    const seen = new Map<string, string>();
    const key = (p: CrcParams) => JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString(16) : v));
    const add = (p: CrcParams) => {
      const name = custom(p);
      expect(seen.get(name) ?? key(p), name).toBe(key(p));
      seen.set(name, key(p));
    };
    // Every parameter set of small widths (all of W 1..3), then random ones of every width with
    // values kept small so that they meet often.
    for (let width = 1; width <= 3; width++)
      for (let poly = 0n; poly < 1n << BigInt(width); poly++)
        for (let init = 0n; init < 1n << BigInt(width); init++)
          for (let xorout = 0n; xorout < 1n << BigInt(width); xorout++)
            for (const refin of [false, true])
              for (const refout of [false, true]) add({ width, poly: poly | 1n, init, xorout, refin, refout });
    for (let i = 0; i < 2000; i++) {
      const width = between(rand, 1, MAX_SOFTWARE_WIDTH);
      const small = () => (rand() < 0.5 ? randomBits(rand, Math.min(width, 2)) : randomBits(rand, width));
      add({ width, poly: small() | 1n, init: small(), xorout: small(), refin: rand() < 0.5, refout: rand() < 0.5 });
    }
    const catalogue = predefinedAlgorithms().map((a) => snakeName(a.name));
    expect(catalogue.filter((n) => seen.has(n))).toEqual([]);
  });
});

describe('consistency bundle README', () => {
  it('says "1 data bit per clock" for a one-bit data path, "8 data bits" for a byte', () => {
    const params = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-5/USB')!);
    const readme = (dataWidth: number) =>
      consistencyBundle({
        params,
        dataWidth,
        language: 'verilog',
        design: { name: 'crc_module.v', text: '' },
      }).files.find((f) => f.name === 'README.md')!.text;
    expect(readme(1)).toContain('| the parallel CRC (module crc), 1 data bit per clock, single cycle |');
    expect(readme(8)).toContain('| the parallel CRC (module crc), 8 data bits per clock, single cycle |');
  });
});

describe('the state comment', () => {
  it('says "shifted up by 1 bit" for CRC-31/PHILIPS, "by 24 bits" for CRC-40/GSM, in every language', () => {
    const files = (name: string) =>
      (['c', 'rust', 'python', 'typescript'] as const).flatMap((language) =>
        generateSoftware({ params: paramsOf(predefinedAlgorithms().find((a) => a.name === name)!), name }, language),
      );
    for (const f of files('CRC-31/PHILIPS').filter((f) => !f.name.endsWith('.h'))) {
      expect(f.text, f.name).toContain('shifted up by 1 bit to fill 32 bits.');
      expect(f.text, f.name).not.toContain('by 1 bits');
    }
    for (const f of files('CRC-40/GSM').filter((f) => !f.name.endsWith('.h')))
      expect(f.text, f.name).toContain('shifted up by 24 bits to fill 64 bits.');
  });
});
