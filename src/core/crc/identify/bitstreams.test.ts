/**
 * Identify over bit streams (captures in the order sent, any length): CAN frames, USB tokens, SD
 * commands and Bluetooth LE packets whose CRCs are computed by each specification's own algorithm
 * (tests/cases/bus-captures.ts), as messages with their CRC in hex or as bits, and as codewords;
 * random catalogue CRCs over streams of random bit lengths; the form's bit-string checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../../server/wasm';
import { bytesToBits, referenceCrc, referenceCrcBits } from '../../../../tests/oracles/crc-reference';
import { randomBytes, testRandom } from '../../../../tests/cases/seed';
import {
  USB_WHITE_PAPER_TOKENS,
  bitsToHex,
  can15,
  canFrame,
  canFrames,
  lsbFirst,
  msbFirst,
  sdCommand,
  usb5,
  usbSof,
  usbSplit,
  usbToken,
  type Capture,
} from '../../../../tests/cases/bus-captures';
import { randomInt, randomPick } from '../../random';
import { CATALOGUE } from '../catalogue';
import { CHECK_INPUT, hex, parseHex, type CrcParams } from '../params';
import {
  identifyCrc,
  messages,
  NO_FIXED,
  parseIdentify,
  type CrcIdKernel,
  type FixedInput,
  type IdentifyReport,
  type SampleInput,
} from '.';

let kernel: CrcIdKernel;
beforeAll(async () => {
  kernel = await loadFreshKernel<CrcIdKernel>('crcid');
});

const rand = testRandom(2803);
const byName = (name: string): CrcParams => {
  const e = CATALOGUE.find((c) => c.name === name)!;
  return {
    width: e.width,
    poly: parseHex(e.poly)!,
    init: parseHex(e.init)!,
    refin: e.refin,
    refout: e.refout,
    xorout: parseHex(e.xorout)!,
  };
};
const bitArray = (s: string) => [...s.replace(/_/g, '')].map(Number);

function run(rows: SampleInput[], mode: 'message' | 'codeword' = 'message', fixed: FixedInput = NO_FIXED) {
  const parsed = parseIdentify(mode, rows, fixed);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  return identifyCrc(kernel, parsed.request);
}

/** Rows of bit-stream messages with the CRC as sent (0b...). */
const asSentRows = (captures: Capture[]): SampleInput[] =>
  captures.map((c) => ({ format: 'bits', message: c.message, crc: `0b${c.crcSent}` }));
/** Rows of whole codewords: the message and then its CRC, in the order sent. */
const codewordRows = (captures: Capture[]): SampleInput[] =>
  captures.map((c) => ({ format: 'bits', message: `${c.message}_${c.crcSent}`, crc: '' }));
/** Rows with the CRC in hex as the algorithm outputs it. */
const hexRows = (captures: Capture[], value: (c: Capture) => bigint, width: number): SampleInput[] =>
  captures.map((c) => ({ format: 'bits', message: c.message, crc: hex(value(c), width) }));

const names = (r: IdentifyReport) => r.matches.map((m) => m.names[0] ?? hex(m.params.poly, m.params.width));

describe('CAN: CRC-15 over SOF, arbitration, control and data fields', () => {
  it("the specification's pseudo-code is the catalogue's CRC-15/CAN, and frames have 19 (39) + 8 DLC bits", () => {
    expect(can15([...CHECK_INPUT].map((b) => msbFirst(b, 8)).join(''))).toBe(0x059e);
    expect(canFrame(0x123, [1, 2]).message.replace(/_/g, '')).toHaveLength(19 + 16);
    expect(canFrame(0x1abcdef, [1, 2, 3], true).message.replace(/_/g, '')).toHaveLength(39 + 24);
  });

  // Standard frames of DLC 0, 2, 2, 8, 8, 8 and extended ones of DLC 3, 8, 8 (every third).
  const frames = canFrames(rand, [0, 2, 3, 2, 8, 8, 8, 8, 8]);
  const can = byName('CRC-15/CAN');
  /** Every listed set reproduces every frame's CRC (the Williams-model reference on the streams). */
  const reproduceAll = (r: IdentifyReport) => {
    for (const m of r.matches)
      for (const f of frames) expect(referenceCrcBits(m.params, bitArray(f.message))).toBe(BigInt(can15(f.message)));
  };

  it('frames with the CRC in hex: CRC-15/CAN', () => {
    const report = run(hexRows(frames, (c) => BigInt(can15(c.message)), 15));
    expect(report.matches[0]!.names).toEqual(['CRC-15/CAN', 'CRC-15']);
    expect(report.matches[0]!.params).toEqual(can);
    expect(report.undecidable).toEqual(['refin']);
    // Hex digits allow W = 13..16: CRCs that all happen to fit in 14 bits would also fit a
    // CRC-14 dividing CRC-15/CAN (x + 1 is a factor); whatever is listed reproduces every frame.
    reproduceAll(report);
    expect(
      names(
        run(
          hexRows(frames, (c) => BigInt(can15(c.message)), 15),
          'message',
          { ...NO_FIXED, width: '15' },
        ),
      ),
    ).toEqual(['CRC-15/CAN']);
  });

  it('frames with the CRC as sent (0b...): CRC-15/CAN; refin and refout are open', () => {
    const report = run(asSentRows(frames));
    expect(names(report)).toEqual(['CRC-15/CAN']);
    expect(report.widths).toEqual([15, 15]);
    expect(report.undecidable).toEqual(['refin', 'refout']);
  });

  it('whole frames as codewords: CRC-15/CAN first over W = 1..64, alone once W = 15 is fixed', () => {
    const rows = codewordRows(frames);
    const report = run(rows, 'codeword');
    expect(report.matches[0]!.names).toContain('CRC-15/CAN');
    // init and xorout are 0, so every factor of the polynomial, (x + 1)(x^7 + x^3 + 1)(x^7 + x^3 +
    // x^2 + x + 1), fits every codeword too (CRC-7/MMC and CRC-8/LTE among them). Each listed set
    // sends the codewords' last W bits, the register shifted out top bit first.
    for (const m of report.matches) {
      const w = m.params.width;
      for (const c of frames) {
        const stream = bitArray(`${c.message}${c.crcSent}`);
        const crc = referenceCrcBits(m.params, stream.slice(0, -w));
        expect((m.params.refout ? lsbFirst : msbFirst)(crc, w)).toBe(stream.slice(-w).join(''));
      }
    }
    expect(names(run(rows, 'codeword', { ...NO_FIXED, width: '15' }))).toEqual(['CRC-15/CAN']);
  });
});

describe('USB: CRC-5 over 11-bit tokens and SOFs, 19-bit SPLIT tokens, sent LSB first', () => {
  const usb = byName('CRC-5/USB');
  const tokens = [
    ...USB_WHITE_PAPER_TOKENS,
    usbToken(0, 0), // SETUP to address 0: the bytes 2D 00 10 that open every enumeration
    usbToken(randomInt(rand, 128), randomInt(rand, 16)),
    usbSof(randomInt(rand, 2048)),
    usbSof(0x710),
  ];
  const splits = [usbSplit(5, 0, 3, 1, 0, 2), usbSplit(randomInt(rand, 128), 1, randomInt(rand, 128), 0, 1, 1)];

  it("the specification's algorithm reproduces the white paper's tokens and the first SETUP's bytes", () => {
    for (const t of USB_WHITE_PAPER_TOKENS) expect(usb5(t.message), t.what).toBe(t.crcSent);
    // Bytes on the bus are sent LSB first: each 8 bits in the order sent, reversed.
    const setup0 = `${usbToken(0, 0).message}${usbToken(0, 0).crcSent}`.replace(/_/g, '');
    expect(
      bitsToHex([...setup0].reverse().join(''))
        .match(/../g)!
        .reverse()
        .join(''),
    ).toBe('0010');
    // The catalogue's CRC-5/USB is the value whose least significant bit is sent first.
    for (const t of tokens)
      expect(referenceCrcBits(usb, bitArray(t.message))).toBe(BigInt(`0b${[...t.crcSent].reverse().join('')}`));
  });

  it('tokens of one length name CRC-5/USB in the family they leave open, and ask for another length', () => {
    const report = run(asSentRows(tokens));
    expect(report.matches).toEqual([]);
    expect(report.families).toHaveLength(1);
    expect(report.families[0]).toMatchObject({ example: usb, count: 32n, names: ['CRC-5/USB'] });
    expect(report.missing[0]).toBe(messages.needDifferentLength);
  });

  it('with SPLIT tokens (19 bits): CRC-5/USB, as sent and in hex', () => {
    const asSent = run(asSentRows([...tokens, ...splits]));
    expect(names(asSent)).toEqual(['CRC-5/USB']);
    expect(asSent.matches[0]!.params).toEqual(usb);
    const value = (c: Capture) => BigInt(`0b${[...c.crcSent].reverse().join('')}`);
    const inHex = run(hexRows([...tokens, ...splits], value, 5));
    expect(names(inHex)).toEqual(['CRC-5/USB']);
    expect(inHex.undecidable).toEqual(['refin']);
  });

  it('token fields with their CRC as codewords: CRC-5/USB first', () => {
    const report = run(codewordRows([...tokens, ...splits]), 'codeword');
    expect(report.matches[0]!.names).toEqual(['CRC-5/USB']);
    expect(names(run(codewordRows([...tokens, ...splits]), 'codeword', { ...NO_FIXED, width: '5' }))).toEqual([
      'CRC-5/USB',
    ]);
  });

  it('data packets: CRC-16/USB over whole bytes, sent LSB first', () => {
    const usb16 = byName('CRC-16/USB');
    // The first DATA0 of an enumeration (GET_DESCRIPTOR, device, 64 bytes) ends in DD 94.
    expect(referenceCrc(usb16, Buffer.from('8006000100004000', 'hex'))).toBe(0x94ddn);
    const packets = [8, 8, 8, 3, 18].map((n) => randomBytes(rand, n));
    const rows = [Buffer.from('8006000100004000', 'hex'), ...packets].map((m): SampleInput => {
      const crc = referenceCrc(usb16, m);
      return { format: 'hex', message: m.toString('hex') + hex(reflectBytes(crc), 16).slice(2), crc: '' };
    });
    const report = run(rows, 'codeword');
    expect(report.matches[0]).toMatchObject({ names: ['CRC-16/USB'], byteOrder: 'little' });
  });
});

/** A 16-bit value's bytes swapped: appended little-endian, read back big-endian. */
const reflectBytes = (v: bigint) => ((v & 0xffn) << 8n) | (v >> 8n);

describe('SD/MMC: CRC-7 over 40-bit commands, in the top bits of the last byte', () => {
  const mmc = byName('CRC-7/MMC');
  const commands = [sdCommand(0, 0), sdCommand(8, 0x1aa), sdCommand(17, randomInt(rand, 2 ** 32))];

  it("CMD0 and CMD8 carry their well-known CRC bytes 0x95 and 0x87 (the CRC's 7 bits and the end bit)", () => {
    const last = (c: Capture) => (parseInt(c.crcSent, 2) << 1) | 1;
    expect(last(commands[0]!)).toBe(0x95);
    expect(last(commands[1]!)).toBe(0x87);
  });

  it('as bytes (with the end bit) and as bit streams, different lengths: CRC-7/MMC', () => {
    // A CID or CSD register's 120 bits carry a CRC7 too: a second length.
    const cid = Array.from({ length: 2 }, () => `${msbFirst(randomInt(rand, 2 ** 30), 30)}`.repeat(4));
    const captures = [
      ...commands,
      sdCommand(55, 0),
      ...cid.map((m) => ({ what: 'CID', message: m, crcSent: msbFirst(referenceCrcBits(mmc, bitArray(m)), 7) })),
    ];
    const bytes = captures.map((c): SampleInput => ({
      format: 'hex',
      message: bitsToHex(c.message) + ((parseInt(c.crcSent, 2) << 1) | 1).toString(16).padStart(2, '0'),
      crc: '',
    }));
    expect(run(bytes, 'codeword').matches.find((m) => m.names.includes('CRC-7/MMC'))).toMatchObject({
      leftAligned: true,
      params: mmc,
    });
    expect(names(run(asSentRows(captures)))).toEqual(['CRC-7/MMC']);
  });
});

describe('Bluetooth LE: CRC-24 over the PDU, whole bytes sent LSB first', () => {
  const ble = byName('CRC-24/BLE');
  // ADV_IND-like PDUs: a 2-byte header, a 6-byte address, then advertising data.
  const pdus = [6, 6, 6, 12, 12, 20, 20].map((n) =>
    Buffer.concat([Buffer.from([0x40, n + 6]), randomBytes(rand, 6 + n)]),
  );

  it('bytes with the CRC in hex, and codewords with the CRC appended as sent (little-endian)', () => {
    const rows = pdus.map((p): SampleInput => ({
      format: 'hex',
      message: p.toString('hex'),
      crc: hex(referenceCrc(ble, p), 24),
    }));
    // Width fixed: 7 CRCs that all happen to fit in 23 bits (1 in 128) also fit a CRC-23 dividing this one.
    expect(names(run(rows, 'message', { ...NO_FIXED, width: '24' }))).toEqual(['CRC-24/BLE']);
    const codewords = pdus.map((p): SampleInput => {
      const crc = referenceCrc(ble, p);
      const tail = [0, 8, 16].map((s) => Number((crc >> BigInt(s)) & 0xffn));
      return { format: 'hex', message: Buffer.concat([p, Buffer.from(tail)]).toString('hex'), crc: '' };
    });
    expect(run(codewords, 'codeword').matches[0]).toMatchObject({ names: ['CRC-24/BLE'], byteOrder: 'little' });
  });

  it('the bits on air (each byte LSB first, then the CRC LSB first): CRC-24/BLE, init as the catalogue gives it', () => {
    const air = pdus.map((p): SampleInput => {
      const crc = referenceCrc(ble, p);
      return { format: 'bits', message: bytesToBits(p, true).join('') + lsbFirst(crc, 24), crc: '' };
    });
    const report = run(air, 'codeword', { ...NO_FIXED, width: '24' });
    expect(names(report)).toEqual(['CRC-24/BLE']);
    expect(report.matches[0]!.params.init).toBe(0x555555n);
  });
});

describe('random catalogue CRCs over streams of any bit length', () => {
  const algorithms = CATALOGUE.filter((e) => e.width <= 64);
  it.each(Array.from({ length: 12 }, () => randomPick(rand, algorithms).name))('%s', (name) => {
    const p = byName(name);
    const a = 20 + randomInt(rand, 90);
    const b = a + 1 + randomInt(rand, 40);
    const streams = [a, a, a, b, b, b + 3].map((n) => Array.from({ length: n }, () => randomInt(rand, 2)));
    const rows = streams.map((s): SampleInput => ({
      format: 'bits',
      message: s.join(''),
      crc: hex(referenceCrcBits(p, s), p.width),
    }));
    const report = run(rows, 'message', { ...NO_FIXED, width: String(p.width) });
    const found = report.matches.find((m) => m.names.includes(name));
    expect(found, JSON.stringify(report.missing)).toBeDefined();
    // The bits decide all but refin: any other listed set computes the same CRC of every stream.
    for (const m of report.matches)
      for (const s of streams) expect(referenceCrcBits(m.params, s)).toBe(referenceCrcBits(p, s));
    expect(found!.params).toEqual(p);
    expect(report.undecidable).toEqual(['refin']);
  });
});

describe('CRCs as sent cannot tell refout from the order of their bits', () => {
  it('a CRC-32 stream as sent names every algorithm sending the same bits, and each reproduces them', () => {
    const hdlc = byName('CRC-32/ISO-HDLC');
    const streams = [70, 70, 70, 99].map((n) => Array.from({ length: n }, () => randomInt(rand, 2)));
    // The register shifted out top bit first: with refout, the value's least significant bit first.
    const rows = streams.map((s): SampleInput => ({
      format: 'bits',
      message: s.join(''),
      crc: `0b${lsbFirst(referenceCrcBits(hdlc, s), 32)}`,
    }));
    const report = run(rows);
    expect(report.matches).toHaveLength(1);
    expect(report.matches[0]!.names).toEqual(expect.arrayContaining(['CRC-32/ISO-HDLC', 'CRC-32/BZIP2']));
    const p = report.matches[0]!.params;
    const sent = (s: number[]) => (p.refout ? lsbFirst : msbFirst)(referenceCrcBits(p, s), 32);
    for (const [i, s] of streams.entries()) expect(`0b${sent(s)}`).toBe(rows[i]!.crc);
  });
});

describe('bit strings in the form', () => {
  const errors = (rows: SampleInput[], mode: 'message' | 'codeword' = 'message', fixed = NO_FIXED) => {
    const parsed = parseIdentify(mode, rows, fixed);
    return parsed.ok ? [] : parsed.errors;
  };
  const bits = (message: string, crc = '0x1'): SampleInput => ({ format: 'bits', message, crc });

  it('reads 0 and 1 with spaces and underscores, right-aligned in bytes', () => {
    const parsed = parseIdentify('message', [bits('1 0000_0000 1', '0b101'), bits('111', '0b 1_01')], NO_FIXED);
    expect(
      parsed.ok &&
        parsed.request.samples.map((s) => [Buffer.from(s.message).toString('hex'), s.bits, s.crc, s.crcBits]),
    ).toEqual([
      ['0201', 10, 5n, 3],
      ['07', 3, 5n, 3],
    ]);
  });

  it('reads a CRC 0b5 or 0b12 as hex beside CRCs in hex; 0b and bits stay bits', () => {
    // A CRC-9's 0x0b5 written 0b5 beside 1f3 was refused as "not hex digits, or 0b and bits".
    const parsed = parseIdentify('message', [bits('101', '0b5'), bits('11', '1f3'), bits('1', '0B12')], NO_FIXED);
    expect(parsed.ok && parsed.request.samples.map((s) => [s.crc, s.crcDigits, s.crcBits])).toEqual([
      [0x0b5n, 3, undefined],
      [0x1f3n, 3, undefined],
      [0x0b12n, 4, undefined],
    ]);
  });

  it('names each bad field', () => {
    expect(errors([bits('10201'), bits('1')])[0]).toEqual({
      field: 'samples.0.message',
      message: 'Sample 1: the message is not bits (0 and 1; spaces and underscores allowed).',
    });
    expect(errors([bits('1x'), bits('1')], 'codeword')[0]!.message).toBe(
      'Sample 1: the codeword is not bits (0 and 1; spaces and underscores allowed).',
    );
    expect(errors([bits(''), bits('1')])[0]!.message).toBe('Sample 1: the message is empty.');
    expect(errors([bits('101'), { format: 'hex', message: '01', crc: '1' }])[0]).toEqual({
      field: 'samples.1.format',
      message: 'Sample 2: give every sample as bits, or none (bit streams and bytes cannot be mixed).',
    });
    expect(errors([bits('101', '0b11'), bits('11', '0x3')])[0]).toEqual({
      field: 'samples.1.crc',
      message: 'Sample 2: give every CRC in hex, or every CRC as 0b and its bits.',
    });
    expect(errors([bits('101', '0b11'), bits('11', '0b111')])[0]!.message).toBe(
      'Sample 2: the CRC has 3 bits, not 2: a CRC given as bits has all W of them.',
    );
    expect(errors([bits('101', '0b11'), bits('11', '0b10')], 'message', { ...NO_FIXED, width: '3' })[0]!.field).toBe(
      'samples.0.crc',
    );
    expect(errors([bits('101', '0b12'), bits('11', '0b10')])[0]!.message).toMatch(
      /^Sample 1: the CRC must be hex digits .* or 0b and its bits as sent \(at most 64\)\.$/,
    );
  });
});
