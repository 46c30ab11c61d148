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
import { MAX_SOFTWARE_WIDTH, generateSoftware, modelCrc, snakeName, softwareModel } from '.';
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
    expect(generateSoftware({ params: p }, 'c').map((f) => f.name)).toEqual(['crc16_custom.h', 'crc16_custom.c']);
    expect(generateSoftware({ params: p, name: 'CRC-16/XMODEM' }, 'python')[0]!.text).toContain('class Crc16Xmodem:');
    expect(() => generateSoftware({ params: { ...p, width: 65 } }, 'rust')).toThrow(/widths 1 to 64/);
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
