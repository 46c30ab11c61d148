/**
 * CRC identification in WASM against the bit-serial reference and, for W <= 8, a brute-force
 * oracle: every catalogue algorithm from the benchmark's samples and from a TEST_SEED draw (unique
 * wherever the samples allow it), codewords in both byte orders, fixed parameters, undecidable and
 * bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../../server/wasm';
import { referenceCrc } from '../../../../tests/oracles/crc-reference';
import { randomBytes, testRandom, TEST_SEED } from '../../../../tests/cases/seed';
import { bruteForceFunctions } from '../../../../tests/oracles/crc-identify-brute';
import {
  catalogueCases,
  catalogueParams,
  sampleOf,
  type CatalogueCase,
} from '../../../../tests/cases/crc-identify-samples';
import { randomInt } from '../../random';
import { CATALOGUE } from '../catalogue';
import { hex, type CrcParams } from '../params';
import {
  identifyCrc,
  MAX_MATCHES,
  messages,
  NO_FIXED,
  parseIdentify,
  type CrcIdKernel,
  type IdentifyReport,
  type SampleInput,
} from '.';

let kernel: CrcIdKernel;
beforeAll(async () => {
  kernel = await loadFreshKernel<CrcIdKernel>('crcid');
});

const rand = testRandom(28);
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Sample rows (hex message, CRC padded to the width's hex digits) for the given lengths. */
function rowsFor(p: CrcParams, lengths: number[]): SampleInput[] {
  return lengths.map((n) => {
    const message = randomBytes(rand, n);
    return { format: 'hex', message: toHex(message), crc: hex(referenceCrc(p, message), p.width) };
  });
}

function run(rows: SampleInput[], fixed = NO_FIXED, mode: 'message' | 'codeword' = 'message'): IdentifyReport {
  const parsed = parseIdentify(mode, rows, fixed);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  return identifyCrc(kernel, parsed.request);
}

/** Messages of assorted lengths on which two different CRC functions almost surely differ. */
const distinguishers = [0, 1, 2, 3, 5, 8, 9, 13, 21, 34, 40, 41].map((n) => randomBytes(rand, n));

/**
 * The report for a catalogue algorithm's samples: the algorithm is listed first (or, samples of
 * lengths that leave init open, inside a family), every set listed reproduces every sample (by the
 * bit-serial reference), and the result is unique unless the samples allow no better: for W <= 8
 * the count equals the brute-force oracle's; otherwise each set listed is a different CRC function
 * (a message tells each pair apart), and one more sample of the message the report names decides.
 */
function expectIdentified(c: CatalogueCase) {
  const report = identifyCrc(kernel, { mode: 'message', samples: c.samples, fixed: {} });
  // Catalogue algorithms come first (two may fit: CRC-3/ROHC's samples can fit CRC-4/INTERLAKEN).
  const found = report.matches.find((m) => m.names.includes(c.name));
  if (found) {
    expect(found.params).toEqual(c.params);
    expect(found.check).toBe(c.check);
    expect(report.matches.slice(0, report.matches.indexOf(found)).every((m) => m.names.length > 0)).toBe(true);
  } else expect(report.families[0]?.names, `${c.name} is not listed first`).toContain(c.name);
  const listed = [...report.matches.map((m) => m.params), ...report.families.map((f) => f.example)];
  for (const p of listed) for (const s of c.samples) expect(referenceCrc(p, s.message)).toBe(s.crc);
  if (c.params.width <= 8) {
    expect(report.remaining).toBe(BigInt(bruteForceFunctions(c.samples, report.widths).size));
  }
  if (report.remaining === 1n) {
    expect(report.matches).toHaveLength(1);
    expect(report.families).toEqual([]);
    return;
  }
  expect(report.missing).toContain(messages.remaining(report.remaining));
  const probes = report.decider ? [report.decider, ...distinguishers] : distinguishers;
  const values = (p: CrcParams) => probes.map((m) => referenceCrc(p, m)).join();
  expect(new Set(report.matches.map((m) => values(m.params))).size, 'a CRC listed twice').toBe(report.matches.length);
  if (!report.decider) {
    expect(report.missing).toContain(messages.noSingleDecider);
    return;
  }
  expect(report.missing).toContain(messages.decideBy('message', report.decider));
  const decided = identifyCrc(kernel, {
    mode: 'message',
    samples: [...c.samples, sampleOf(c.params, report.decider)],
    fixed: {},
  });
  expect(decided.remaining).toBe(1n);
  expect(decided.matches[0]!.names).toContain(c.name);
}

describe('identify: every catalogue algorithm from 4 samples of 2-3 lengths', () => {
  it.each(catalogueCases().map((c) => [c.name, c] as const))("%s (the benchmark's samples)", (_, c) =>
    expectIdentified(c),
  );
  it.each(catalogueCases(TEST_SEED).map((c) => [c.name, c] as const))('%s (samples drawn from TEST_SEED)', (_, c) =>
    expectIdentified(c),
  );
});

describe('identify: the family holding the catalogue algorithm is listed first', () => {
  // Seed 32's CRC-7/ROHC samples leave init open for it and for a narrower nameless CRC: the
  // families were listed in search order, the nameless one first.
  it('CRC-7/ROHC from seed 32', () => {
    const c = catalogueCases(32).find((x) => x.name === 'CRC-7/ROHC')!;
    const report = identifyCrc(kernel, { mode: 'message', samples: c.samples, fixed: {} });
    expect(report.families.length).toBeGreaterThan(1);
    expect(report.families[0]!.names).toContain('CRC-7/ROHC');
    expectIdentified(c);
  });
});

describe('identify: random custom parameter sets', () => {
  /** Any odd polynomial, init and xorout, every refin/refout, W = 1..64. */
  const cases = Array.from({ length: 24 }, () => {
    const width = randomInt(rand, 64) + 1;
    const r = (bits: number) => BigInt.asUintN(bits, BigInt(`0x${toHex(randomBytes(rand, 8))}`));
    return {
      width,
      poly: r(width) | 1n,
      init: r(width),
      refin: rand() < 0.5,
      refout: rand() < 0.5,
      xorout: r(width),
    } satisfies CrcParams;
  });

  it.each(cases.map((p) => [`W=${p.width} poly=${hex(p.poly, p.width)}`, p] as const))(
    '%s: found from 6 samples (or an equivalent set, same CRC for every message)',
    (_, p) => {
      const rows = rowsFor(p, [12, 12, 12, 20, 20, 33]);
      const report = run(rows, { ...NO_FIXED, width: String(p.width) });
      const crcs = (q: CrcParams) => distinguishers.map((b) => referenceCrc(q, b)).join();
      // Listed once, also where reflections compute the same CRC (x^2 + 1, x^4 + 1, x^8 + 1).
      const same = report.matches.filter((m) => crcs(m.params) === crcs(p));
      expect(same, JSON.stringify(report.missing)).toHaveLength(1);
      // Six samples can leave another CRC open (a few seeds in a hundred: a second polynomial of the
      // width divides every difference, and an init/xorout fits): it must reproduce every sample, be
      // another function, and the report must say that sets remain and which sample decides.
      for (const m of report.matches)
        for (const row of rows) expect(referenceCrc(m.params, Buffer.from(row.message, 'hex'))).toBe(BigInt(row.crc));
      expect(new Set(report.matches.map((m) => crcs(m.params))).size).toBe(report.matches.length);
      if (report.matches.length > 1 || report.families.length > 0)
        expect(report.missing.join(' ')).toMatch(/parameter sets remain\..*(One more sample decides|No single sample)/);
    },
  );
});

const byName = (name: string) => catalogueParams(CATALOGUE.find((e) => e.name === name)!);

/** Codewords: each message with its CRC appended in the given byte order. */
function codewords(p: CrcParams, lengths: number[], order: 'big' | 'little'): SampleInput[] {
  const n = Math.ceil(p.width / 8);
  return lengths.map((len) => {
    const message = randomBytes(rand, len);
    const crc = referenceCrc(p, message);
    const tail = Array.from({ length: n }, (_, i) =>
      Number((crc >> BigInt(8 * (order === 'big' ? n - 1 - i : i))) & 0xffn),
    );
    return { format: 'hex', message: toHex(Uint8Array.from([...message, ...tail])), crc: '' };
  });
}

describe('identify: CRCs that fold bytes (x^W + 1, W = 2, 4, 8)', () => {
  // The register is init xor the bytes folded into W bits, so reflecting input and output together
  // computes the same CRC: one function, listed once, as the brute-force oracle counts it.
  it.each([2, 4, 8])('W = %i, refin and refout true', (width) => {
    const p: CrcParams = { width, poly: 1n, init: 1n, refin: true, refout: true, xorout: 0n };
    const samples = [12, 12, 20, 33].map((n) => sampleOf(p, randomBytes(rand, n)));
    const report = identifyCrc(kernel, { mode: 'message', samples, fixed: { width } });
    expect(report.remaining).toBe(BigInt(bruteForceFunctions(samples, [width, width]).size));
    const same = report.matches.filter((m) =>
      distinguishers.every((b) => referenceCrc(m.params, b) === referenceCrc(p, b)),
    );
    expect(same).toHaveLength(1);
  });
});

describe('identify: codewords (width and byte order searched)', () => {
  it.each([
    ['CRC-32/ISO-HDLC', 'little'],
    ['CRC-16/MODBUS', 'little'],
    ['CRC-16/XMODEM', 'big'],
    ['CRC-64/XZ', 'little'],
    ['CRC-24/OPENPGP', 'big'],
  ] as const)('%s appended %s-endian, W = 1..64 both orders', (name, order) => {
    const rows = codewords(byName(name), [20, 20, 20, 33, 33, 47], order);
    const report = run(rows, NO_FIXED, 'codeword');
    expect(report.widths).toEqual([1, 64]);
    const first = report.matches[0]!;
    expect(first.names).toContain(name);
    expect(first.byteOrder).toBe(order);
    // Narrow CRCs can fit random codewords by chance; every CRC listed fits all of them.
    for (const m of report.matches) {
      const n = Math.ceil(m.params.width / 8);
      for (const row of rows) {
        const bytes = Buffer.from(row.message, 'hex');
        const tail = bytes.subarray(bytes.length - n);
        const stored = BigInt(`0x${toHex(m.byteOrder === 'little' ? Uint8Array.from(tail).reverse() : tail)}`);
        const value = m.leftAligned ? stored >> BigInt(8 * n - m.params.width) : stored;
        expect(referenceCrc(m.params, bytes.subarray(0, bytes.length - n))).toBe(value);
      }
    }
  });

  it('CRC-7/MMC in the top bits of the last byte, with the end bit (as SD/MMC commands carry it)', () => {
    const mmc = byName('CRC-7/MMC');
    const rows = [5, 5, 5, 9].map((n): SampleInput => {
      const m = randomBytes(rand, n);
      const last = (Number(referenceCrc(mmc, m)) << 1) | 1;
      return { format: 'hex', message: toHex(Uint8Array.from([...m, last])), crc: '' };
    });
    const report = run(rows, NO_FIXED, 'codeword');
    const found = report.matches.find((m) => m.names.includes('CRC-7/MMC'));
    expect(found).toMatchObject({ leftAligned: true, params: mmc });
  });

  it('a fixed width and byte order leave one CRC', () => {
    const rows = codewords(byName('CRC-16/MODBUS'), [12, 12, 30, 30], 'little');
    const report = run(rows, { ...NO_FIXED, width: '16', byteOrder: 'little' }, 'codeword');
    expect(report.matches.map((m) => m.names[0])).toEqual(['CRC-16/MODBUS']);
  });
});

describe('identify: what the samples cannot decide', () => {
  const modbus = byName('CRC-16/MODBUS');
  const oneLength = () => rowsFor(modbus, [16, 16, 16, 16]);

  it('samples of one length: says to add a sample of a different length, and how many sets remain', () => {
    const report = run(oneLength(), { ...NO_FIXED, width: '16' });
    expect(report.missing[0]).toBe(messages.needDifferentLength);
    expect(report.remaining).toBeGreaterThan(1n);
    expect(report.missing).toContain(messages.remaining(report.remaining));
    const family = report.families.find((f) => f.names.includes('CRC-16/MODBUS'));
    expect(family, 'the family holding MODBUS names it').toBeDefined();
    expect(family!.count).toBe(2n ** 15n); // init has 16 bits; one change is cancelled by xorout
    // A narrow CRC's 8 sets are listed one by one, not as a family: the advice was left out.
    const rohc = run(rowsFor(byName('CRC-3/ROHC'), [7, 7, 7, 7]), { ...NO_FIXED, width: '3' });
    expect(rohc.families).toEqual([]);
    // Its 8 init/xorout pairs, and by chance sets of another polynomial (3 bits a sample).
    expect(rohc.matches.filter((m) => m.params.poly === 3n && m.params.refin && m.params.refout)).toHaveLength(8);
    expect(rohc.missing[0]).toBe(messages.needDifferentLength);
  });

  it('lists at most MAX_MATCHES results, families included, and says the list is cut', () => {
    // The search itself, on one one-byte sample twice (the form refuses that): hundreds of
    // polynomials fit, most of them a family of inits.
    const same = { message: Uint8Array.of(1), crc: 0xffn, crcDigits: 2 };
    const report = identifyCrc(kernel, { mode: 'message', samples: [same, same], fixed: {} });
    expect(report.matches.length + report.families.length).toBe(MAX_MATCHES);
    expect(report.families.length).toBeGreaterThan(0);
    expect(report.truncated).toBe(true);
    expect(report.remaining).toBeGreaterThan(BigInt(MAX_MATCHES));
  }, 30_000);

  it('fixed parameters narrow the search: a known init decides what one length cannot', () => {
    const report = run(oneLength(), { ...NO_FIXED, width: '16', init: '0xffff' });
    expect(report.families).toEqual([]);
    expect(report.matches.map((m) => m.names[0])).toEqual(['CRC-16/MODBUS']);
    expect(report.missing).toEqual([]);
  });

  it('two lengths and no pair: brute force for a narrow width, a fixed polynomial decides', () => {
    const smbus = byName('CRC-8/SMBUS');
    const rows = rowsFor(smbus, [5, 9]); // no equal lengths, no triple: the polynomial is free
    const free = run(rows, { ...NO_FIXED, width: '8' });
    expect(free.remaining).toBeGreaterThan(1n); // every polynomial fits two samples
    expect(free.matches.some((m) => m.names.includes('CRC-8/SMBUS'))).toBe(true);
    // 200 sets were listed with only their count: nothing said what to add.
    expect(free.missing[0]).toBe(messages.noEqualLengths);
    const arc = run(rowsFor(byName('CRC-16/ARC'), [5, 6]), { ...NO_FIXED, width: '16' });
    expect(arc.truncated).toBe(true);
    expect(arc.missing).toEqual([messages.noEqualLengths, messages.remaining(arc.remaining)]);
    const fixed = run(rows, { ...NO_FIXED, width: '8', poly: '0x07', refin: 'false', refout: 'false' });
    expect(fixed.matches.map((m) => m.names[0])).toEqual(['CRC-8/SMBUS']);
  });

  it('without two equal lengths or three lengths, a wide CRC says what to add, and which catalogue algorithm fits', () => {
    // The catalogue algorithm that reproduces every sample was not named: only what to add was said.
    const report = run(rowsFor(byName('CRC-32/ISO-HDLC'), [5, 9]));
    expect(report.matches.map((m) => m.names[0])).toEqual(['CRC-32/ISO-HDLC']);
    expect(report.missing).toContain(messages.needEqualLengths(32));
    expect(report.missing).toContain(messages.catalogueOnly(32));
    // Too many polynomials to try (one pair and another length): the same.
    const pair = run(rowsFor(byName('CRC-64/XZ'), [20, 20, 30]));
    expect(pair.matches.map((m) => m.names[0])).toEqual(['CRC-64/XZ']);
    expect(pair.missing).toEqual(expect.arrayContaining([messages.tooManyPolys(64), messages.catalogueOnly(64)]));
    // Nothing of the catalogue fits: as before, only what to add.
    const custom = run(rowsFor({ ...byName('CRC-32/ISO-HDLC'), init: 0x1234n }, [5, 9]));
    expect(custom.matches).toEqual([]);
    expect(custom.missing).toContain(messages.needEqualLengths(32));
  });

  it('CRCs written with their bytes swapped (as stored little-endian) fit nothing, and the report says how they fit', () => {
    // A Modbus capture split by hand into message:crc with the CRC's bytes as sent was answered
    // "No CRC ... reproduces every sample. Check the samples and their CRCs, or fix the width." alone.
    const swap = (r: SampleInput): SampleInput => ({ ...r, crc: r.crc.slice(2).replace(/(..)(..)/, '$2$1') });
    const rows = rowsFor(modbus, [8, 8, 12, 12, 20]).map(swap);
    const report = run(rows);
    expect(report.matches).toEqual([]);
    expect(report.missing).toEqual([messages.noMatch('message'), messages.bytesSwapped('CRC-16/MODBUS')]);
    // Without the width known, an odd number of digits is no whole bytes to swap: nothing more is said.
    const custom = rowsFor({ ...modbus, poly: 0x8001n }, [8, 8, 12, 12]).map(swap);
    const none = run(custom.map((r, i) => (i ? r : { ...r, crc: '0x1' })));
    expect(none.missing).toEqual([messages.noMatch('message')]);
    // A custom CRC, swapped: named by its parameters.
    expect(run(custom).missing).toEqual([messages.noMatch('message'), messages.bytesSwapped()]);
  });

  it('a fixed polynomial in reversed (reflected) form fits nothing, and the report says its normal form fits', () => {
    // Modbus's 0xa001, as code and crcmod write it, was answered "No CRC ... Check the samples and their CRCs, or fix the width."
    const rows = rowsFor(modbus, [8, 8, 12, 12]);
    const report = run(rows, { ...NO_FIXED, width: '16', poly: '0xa001' });
    expect(report.matches).toEqual([]);
    expect(report.missing).toEqual([
      messages.noMatch('message'),
      messages.polyReversed(0xa001n, 0x8005n, 16, 'CRC-16/MODBUS'),
    ]);
    expect(messages.polyReversed(0xa001n, 0x8005n, 16, 'CRC-16/MODBUS')).toBe(
      'With the polynomial reversed, 0x8005 (0xa001 is its reflected form), the samples fit CRC-16/MODBUS: give the polynomial in normal form, without its x^16 term.',
    );
  });

  it('a fixed init in reflected form fits nothing, and the report says the catalogue form fits', () => {
    // CRC-24/BLE's init is 0x555555 as the catalogue (and the register) has it; 0xaaaaaa, its
    // reflection (the order the bits are sent), was answered "No CRC ... Check the samples".
    const ble = byName('CRC-24/BLE');
    const report = run(rowsFor(ble, [8, 8, 12, 12]), { ...NO_FIXED, width: '24', init: '0xaaaaaa' });
    expect(report.matches).toEqual([]);
    expect(report.missing).toEqual([
      messages.noMatch('message'),
      messages.initReflected(0xaaaaaan, 0x555555n, 24, 'CRC-24/BLE'),
    ]);
    expect(messages.initReflected(0xaaaaaan, 0x555555n, 24, 'CRC-24/BLE')).toBe(
      "With init reflected, 0x555555, the samples fit CRC-24/BLE: init is the register's value before any data, unreflected, as the catalogue gives it.",
    );
  });

  it('a CRC that does not fit any parameter set says so', () => {
    const rows = rowsFor(modbus, [8, 8, 8, 12, 12]);
    rows[4]!.crc = hex(BigInt(`0x${rows[4]!.crc.slice(2)}`) ^ 1n, 16);
    const report = run(rows, { ...NO_FIXED, width: '16' });
    expect(report.matches).toEqual([]);
    // Which sample: every other one fits CRC-16/MODBUS (it said only "No CRC ... Check the samples").
    expect(report.missing).toEqual([messages.noMatch('message'), messages.oddOneOut(5, 'CRC-16/MODBUS')]);
    expect(messages.oddOneOut(5, 'CRC-16/MODBUS')).toBe(
      'Every sample but sample 5 fits CRC-16/MODBUS: check sample 5 and its CRC.',
    );
    // Codewords: the wrong one named too (no CRC to check apart from it).
    const words = codewords(modbus, [9, 9, 9, 14, 14, 20], 'little');
    words[3]!.message = words[3]!.message.replace(/^../, (b) => (parseInt(b, 16) ^ 1).toString(16).padStart(2, '0'));
    expect(run(words, { ...NO_FIXED, width: '16' }, 'codeword').missing).toEqual([
      messages.noMatch('codeword'),
      messages.oddOneOut(4, 'CRC-16/MODBUS', 'codeword'),
    ]);
    // A custom CRC's samples but one fit it alone, but a chance fit would look the same: nothing is named.
    const custom = rowsFor({ ...modbus, poly: 0x8001n, init: 0x1234n }, [8, 8, 8, 12, 12]);
    custom[1]!.crc = hex(BigInt(`0x${custom[1]!.crc.slice(2)}`) ^ 0x100n, 16);
    expect(run(custom, { ...NO_FIXED, width: '16' }).missing).toEqual([messages.noMatch('message')]);
  });
});

describe('identify: input checks', () => {
  const row = (message: string, crc = '0x12'): SampleInput => ({ format: 'hex', message, crc });
  const errors = (rows: SampleInput[], fixed = NO_FIXED, mode: 'message' | 'codeword' = 'message') => {
    const parsed = parseIdentify(mode, rows, fixed);
    return parsed.ok ? [] : parsed.errors;
  };

  it('says when every sample repeats the first (200 meaningless sets were listed), or one message has two CRCs', () => {
    // Two copies of one sample searched as if they were one: "width=16 poly=0x0001: 256 init/xorout pairs fit", ...
    const same = { field: 'samples.1.message', message: 'Sample 2 is the same as sample 1: add a different sample.' };
    expect(errors([row('68656c6c6f', '0x34d2'), row('68 65 6c 6c 6f', '34D2')])).toEqual([same]);
    expect(errors([row('0102'), row('0102'), row('0102')])).toEqual([same]);
    expect(errors([row('0102', '0x01'), row('0102', '0x02')])).toEqual([
      {
        field: 'samples.1.crc',
        message: 'Sample 2 has the message of sample 1 with another CRC: no CRC gives both.',
      },
    ]);
    expect(errors([row('0102', '0x01'), row('0304'), row('01 02', '0x0001')])).toEqual([]);
    expect(errors([row('0102'), row('0102'), row('0304')])).toEqual([]);
    expect(errors([row('0aff'), row('0aff')], NO_FIXED, 'codeword')).toEqual([same]);
  });

  it('names each bad field', () => {
    expect(errors([row('00')])).toEqual([{ field: 'samples', message: 'Add at least two samples.' }]);
    expect(errors([row('zz'), row('012')]).map((e) => e.field)).toEqual(['samples.0.message', 'samples.1.message']);
    expect(errors([row('0102'), row('0304', '')])[0]!.message).toBe('Sample 2: enter its CRC in hex.');
    expect(errors([row('0102'), row('0304', 'xyz')])[0]!.message).toMatch(/^Sample 2: the CRC must be hex digits/);
    expect(errors([row('0102'), row('')])[0]!.message).toBe('Sample 2: the message is empty.');
    expect(errors([row('01'), row('02')], { ...NO_FIXED, width: '65' })[0]!.field).toBe('fixed.width');
    expect(errors([row('01'), row('02')], { ...NO_FIXED, width: '8', poly: '0x06' })[0]!.message).toBe(
      'The polynomial must be odd (its x^0 term set).',
    );
    // CRC-32's 0xedb88320, as zlib's code writes it: even, and reflected it is 0x04c11db7.
    expect(errors([row('01'), row('02')], { ...NO_FIXED, width: '32', poly: '0xedb88320' })).toEqual([
      {
        field: 'fixed.poly',
        message:
          'The polynomial must be odd (its x^0 term set): 0xedb88320 looks reflected; in normal form, without its x^32 term, it is 0x04c11db7.',
      },
    ]);
    // Written with its x^32 term, as some tools write it: the form taken is named.
    expect(errors([row('01'), row('02')], { ...NO_FIXED, width: '32', poly: '0x104c11db7' })).toEqual([
      { field: 'fixed.poly', message: 'Polynomial does not fit in 32 bits: without its x^32 term it is 0x04c11db7.' },
    ]);
    expect(errors([row('01'), row('02')], { ...NO_FIXED, poly: '0x07' })[0]!.field).toBe('fixed.width');
    expect(errors([row('01', '0x1ff'), row('02')], { ...NO_FIXED, width: '8' })[0]!.message).toBe(
      'Sample 1: the CRC does not fit in 8 bits.',
    );
    expect(errors([{ format: 'file', message: '', crc: '1' }, row('01')])[0]!.message).toBe('Sample 1: choose a file.');
  });

  it('reads a hex CRC that starts with 0b as hex (0b12 is 0x0b12), unless every CRC is 0b and bits', () => {
    // A Modbus capture whose CRCs are 0x0b12, 0x0b and 0x0b10 was refused, or read as the bits 10.
    const crcs = (texts: string[]) => {
      const parsed = parseIdentify(
        'message',
        texts.map((crc, i) => row(`0${i}`, crc)),
        NO_FIXED,
      );
      return parsed.ok ? parsed.request.samples.map((s) => [s.crc, s.crcDigits, s.crcBits]) : parsed.errors;
    };
    expect(crcs(['0b12', '3f2a'])).toEqual([
      [0x0b12n, 4, undefined],
      [0x3f2an, 4, undefined],
    ]);
    expect(crcs(['0b', 'c4'])).toEqual([
      [0x0bn, 2, undefined],
      [0xc4n, 2, undefined],
    ]);
    expect(crcs(['0b10', '3f2a', '0B11'])).toEqual([
      [0x0b10n, 4, undefined],
      [0x3f2an, 4, undefined],
      [0x0b11n, 4, undefined],
    ]);
    // Every CRC 0b and bits: bits as sent, as before.
    expect(crcs(['0b10', '0b01'])).toEqual([
      [2n, undefined, 2],
      [1n, undefined, 2],
    ]);
    // A typo in a long bit string (too long for hex) is still the mixed-notation error.
    expect(crcs(['0b011100000001010', '0b01100000101010x'])).toEqual([
      expect.objectContaining({ field: 'samples.1.crc' }),
    ]);
  });

  it('reads hex with spaces, colons and 0x prefixes, and ASCII as UTF-8', () => {
    const parsed = parseIdentify(
      'message',
      [row('0x31 32:33,34'), { format: 'ascii', message: '12345', crc: 'AB' }],
      NO_FIXED,
    );
    expect(parsed.ok && parsed.request.samples.map((s) => toHex(s.message))).toEqual(['31323334', '3132333435']);
  });
});
