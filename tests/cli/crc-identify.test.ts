/**
 * bitsmith crc identify, the built command run as a process: the report the core search gives
 * (text and --json), codewords, files, and exit 1 with one line for bad or unmatched samples.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, badInput, bitsmith, file, ok, usageError } from './run';
import { loadKernel } from '../../server/wasm';
import { identifyCrc, parseIdentify, reportJson, NO_FIXED, type CrcIdKernel } from '../../src/core/crc/identify';
import { randomBytes, testRandom } from '../cases/seed';
import { referenceCrc } from '../oracles/crc-reference';
import { hex, type CrcParams } from '../../src/core/crc/params';
import { canFrames } from '../cases/bus-captures';

const MODBUS = ['010300000001:0a84', '010300010001:cad5', '0103006b0003:1774', '0110000100020400:c60e'];
const CRC32: CrcParams = {
  width: 32,
  poly: 0x04c11db7n,
  init: 0xffffffffn,
  refin: true,
  refout: true,
  xorout: 0xffffffffn,
};
const rand = testRandom(2803);

describe('bitsmith crc identify', () => {
  it('finds Modbus; --json is the report the search gives', async () => {
    expect(ok(['crc', 'identify', ...MODBUS])).toMatch(
      /^width=16 poly=0x8005 init=0xffff refin=true refout=true xorout=0x0000 check=0x4b37 CRC-16\/MODBUS/,
    );
    const inputs = MODBUS.map((s) => ({ format: 'hex' as const, message: s.split(':')[0]!, crc: s.split(':')[1]! }));
    const parsed = parseIdentify('message', inputs, NO_FIXED);
    if (!parsed.ok) throw new Error('the samples parse');
    const expected = reportJson(identifyCrc(await loadKernel<CrcIdKernel>('crcid'), parsed.request));
    expect(JSON.parse(ok(['crc', 'identify', '--json', ...MODBUS]))).toEqual(expected);
  });

  it('- reads the samples from stdin, one a line, as every command reads -', () => {
    const want = ok(['crc', 'identify', ...MODBUS]);
    expect(ok(['crc', 'identify', '-'], `${MODBUS.join('\n')}\n`)).toBe(want);
    expect(ok(['crc', 'identify', MODBUS[0]!, '-'], `${MODBUS.slice(1).join('\r\n')}\r\n\n`)).toBe(want);
    // --ascii: a line is one sample, spaces and all.
    const text = ['hello world:0d4a', 'hello there:1234'];
    expect(bitsmith(['crc', 'identify', '--ascii', '-'], text.join('\n')).stderr).toBe(
      bitsmith(['crc', 'identify', '--ascii', ...text]).stderr,
    );
  });

  it('codewords (width and byte order searched) and files', () => {
    const codewords = ['010300000001840a', '010300010001d5ca', '0103006b00037417', '01100001000204000ec6'];
    expect(ok(['crc', 'identify', '--codeword', ...codewords])).toContain('byteorder=little CRC-16/MODBUS');
    const frames = [64, 64, 64, 100].map((n, i) => {
      const m = randomBytes(rand, n);
      return `${file(`frame${i}.bin`, m)}:${hex(referenceCrc(CRC32, m), 32)}`;
    });
    expect(ok(['crc', 'identify', '--files', ...frames])).toContain('CRC-32/ISO-HDLC');
  });

  it('a family of codewords with the CRC in the top bits says so, as a match does (crcbits=top)', () => {
    // MMC commands of one length: CRC-7 in the top bits of the last byte, the end bit below it.
    const mmc: CrcParams = { width: 7, poly: 0x09n, init: 0n, refin: false, refout: false, xorout: 0n };
    const codewords = [5, 5, 5, 5, 8].map((n) => {
      const m = randomBytes(rand, n);
      return hex(BigInt(`0x${Buffer.from(m).toString('hex')}`) * 256n + referenceCrc(mmc, m) * 2n + 1n, 8 * n + 8);
    });
    const family = ok(['crc', 'identify', '--codeword', '--width', '7', ...codewords.slice(0, 4)]);
    expect(family).toMatch(
      /^width=7 poly=0x09 refin=false refout=false crcbits=top: 128 init\/xorout pairs fit \(among them CRC-7\/MMC/,
    );
    const match = ok(['crc', 'identify', '--codeword', '--width', '7', ...codewords]);
    expect(match).toMatch(
      /^width=7 poly=0x09 init=0x00 refin=false refout=false xorout=0x00 check=0x75 crcbits=top CRC-7\/MMC/,
    );
  });

  it('--bits: CAN frames as bit strings, with the CRC as sent or as whole codewords', () => {
    const frames = canFrames(rand, [0, 2, 3, 2, 8, 8, 8, 8, 8]);
    const out = ok(['crc', 'identify', '--bits', ...frames.map((f) => `${f.message}:0b${f.crcSent}`)]);
    expect(out).toMatch(
      /^width=15 poly=0x4599 init=0x0000 refin=false refout=false xorout=0x0000 check=0x059e CRC-15\/CAN/,
    );
    expect(out).toContain('cannot decide RefIn');
    const codewords = frames.map((f) => `${f.message}_${f.crcSent}`);
    expect(ok(['crc', 'identify', '--bits', '--codeword', '--width', '15', ...codewords])).toMatch(/ CRC-15\/CAN/);
    expect(badInput(['crc', 'identify', '--bits', '0120:0b1', '11:0b1'])).toMatch(/Sample 1: the message is not bits/);
    expect(usageError(['crc', 'identify', '--bits', '--ascii', '01:1', '11:1'])).toMatch(
      /^error: --bits cannot be used/,
    );
  });

  it('--json prints the report also when no CRC fits (as POST /api/crc/identify answers), exit 1', async () => {
    // (One message with two CRCs, 00:00 and 00:01, is refused before any search since 2026-11-30.)
    const samples = ['0102:1234', '0304:5678', '0506:9abc'];
    const inputs = samples.map((s) => ({ format: 'hex' as const, message: s.split(':')[0]!, crc: s.split(':')[1]! }));
    const parsed = parseIdentify('message', inputs, { ...NO_FIXED, width: '16' });
    if (!parsed.ok) throw new Error('the samples parse');
    const expected = reportJson(identifyCrc(await loadKernel<CrcIdKernel>('crcid'), parsed.request));
    expect(expected).toMatchObject({ matches: [], remaining: '0' });
    const r = bitsmith(['crc', 'identify', '--json', '--width', '16', ...samples]);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout.toString())).toEqual(expected);
    expect(r.stderr).toBe(`bitsmith: ${expected.missing.join(' ')}\n`);
  });

  it('exit 1 with one line for bad samples and for samples no CRC fits', () => {
    expect(badInput(['crc', 'identify', '0102:zz', '0304:12'])).toMatch(/Sample 1: the CRC must be hex digits/);
    expect(badInput(['crc', 'identify', '0102'])).toMatch(/MESSAGE:CRC/);
    expect(badInput(['crc', 'identify', '--width', '16', '0102:1234', '0304:5678', '0506:9abc'])).toMatch(
      /^bitsmith: /,
    );
  });

  it('--files reads no more of a file than a sample may hold: an endless device is refused at once', () => {
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=64', BIN, 'crc', 'identify', '--files', '/dev/zero:12', '/dev/zero:34'],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(r.stderr).toBe('bitsmith: Sample 1: at most 65536 bytes. Sample 2: at most 65536 bytes.\n');
    expect(r.status).toBe(1);
  });

  it('a catalogue algorithm is listed first even when more than 200 sets fit (it was cut off with the rest)', () => {
    // Two samples of different lengths leave 129,536 CRC-16s (brute force); CRC-16/ARC is one of them.
    const out = ok(['crc', 'identify', '313233343536373839:bb3d', '68656c6c6f:34d2']).split('\n');
    expect(out[0]).toMatch(/ CRC-16\/ARC /);
    expect(out.filter((l) => l.startsWith('width='))).toHaveLength(200);
    expect(out).toContain('129,536 parameter sets remain.');
  });

  it('--ascii with --files is a usage error, as --bits with either is', () => {
    expect(usageError(['crc', 'identify', '--ascii', '--files', 'a.bin:12', 'b.bin:34'])).toBe(
      'error: --ascii cannot be used with --files',
    );
    expect(usageError(['crc', 'identify', '--bits', '--ascii', '01:0b1', '10:0b0'])).toBe(
      'error: --bits cannot be used with --ascii or --files',
    );
  });

  it('--byte-order without --codeword is a usage error, not ignored', () => {
    expect(usageError(['crc', 'identify', '--byte-order', 'big', ...MODBUS])).toBe(
      'error: --byte-order goes with --codeword',
    );
  });

  it("stdin's samples that are not UTF-8 are refused, not changed into U+FFFD (and a CRC over other bytes)", () => {
    // Before: 'Jos\xe9' became 'Jos\uFFFD', whose bytes have another CRC: 'No CRC ... reproduces every sample'.
    const crc32 = (m: Buffer) => hex(referenceCrc(CRC32, m), 32);
    const josé = Buffer.from('Jos\xe9', 'latin1');
    const latin1 = Buffer.concat([josé, Buffer.from(`:${crc32(josé)}\nabc:352441c2\n`)]);
    expect(badInput(['crc', 'identify', '--ascii', '--width', '32', '-'], latin1)).toBe(
      'bitsmith: stdin is not UTF-8 text: byte 0xE9 at line 1, column 4 (save it as UTF-8)',
    );
    const utf8 = `José:${crc32(Buffer.from('José'))}\nabc:352441c2\n`;
    expect(ok(['crc', 'identify', '--ascii', '--width', '32', '-'], utf8)).toMatch(/^width=32 .* CRC-32\/ISO-HDLC /);
  });

  it('--poly without --width is a usage error, as in crc generate', () => {
    // Before: exit 1, 'bitsmith: Fix the width too: ...', as if the samples were at fault.
    expect(usageError(['crc', 'identify', '--poly', '0x8005', ...MODBUS])).toBe(
      'error: --poly goes with --width (the polynomial is given without its x^width term)',
    );
    expect(ok(['crc', 'identify', '--poly', '0x8005', '--width', '16', ...MODBUS])).toMatch(/ CRC-16\/MODBUS/);
  });

  it('an init or xorout wider than 64 bits is refused as such, not answered with "no CRC reproduces"', () => {
    expect(badInput(['crc', 'identify', '--init', '0x1ffffffffffffffff', ...MODBUS])).toBe(
      'bitsmith: Init does not fit in 64 bits.',
    );
    expect(badInput(['crc', 'identify', '--xorout', '10000000000000000', ...MODBUS])).toBe(
      'bitsmith: XorOut does not fit in 64 bits.',
    );
  });

  it('an init or xorout wider than the CRCs of the samples allow (width open) is refused as such', () => {
    // Modbus's CRCs have 4 hex digits: 16 bits at most.
    expect(badInput(['crc', 'identify', '--xorout', '0x1ffff', ...MODBUS])).toBe(
      'bitsmith: XorOut does not fit in 16 bits, the widest CRC the samples allow.',
    );
    expect(badInput(['crc', 'identify', '--init', '10000', ...MODBUS])).toBe(
      'bitsmith: Init does not fit in 16 bits, the widest CRC the samples allow.',
    );
    // A CRC as bits gives the width: 3 bits here.
    expect(badInput(['crc', 'identify', '--bits', '--init', '0x8', '0101:0b101', '1100:0b011'])).toBe(
      'bitsmith: Init does not fit in 3 bits, the widest CRC the samples allow.',
    );
    expect(ok(['crc', 'identify', '--init', '0xffff', ...MODBUS])).toContain('CRC-16/MODBUS');
  });

  it('a codeword too short for the fixed width says so, naming the sample', () => {
    expect(badInput(['crc', 'identify', '--codeword', '--width', '16', '0102', '030405'])).toBe(
      'bitsmith: Sample 1: a codeword of 2 bytes holds no message before a 16-bit CRC.',
    );
    expect(badInput(['crc', 'identify', '--codeword', '--bits', '--width', '5', '0101', '0110_11'])).toBe(
      'bitsmith: Sample 1: a codeword of 4 bits holds no message before a 5-bit CRC.',
    );
  });

  it('a known value without a digit (--init 0x, --xorout "$UNSET") is bad input, never fixed to 0', () => {
    const given = [
      ['--init', '0x'],
      ['--xorout', ' '],
      ['--poly', '0X'],
    ];
    for (const [option, value] of given)
      expect(badInput(['crc', 'identify', '--width', '16', option!, value!, ...MODBUS]), option).toMatch(
        /^bitsmith: (Init|XorOut|Polynomial) must be a hexadecimal value such as 0x1021\.$/,
      );
    // Left out, init stays open: Modbus's equivalent init/xorout pair is still listed.
    expect(ok(['crc', 'identify', '--width', '16', ...MODBUS])).toMatch(/CRC-16\/MODBUS .* and 1 equivalent/);
  });

  it("a family's count is written as the page and the next line write it: '32,768 init/xorout pairs fit'", () => {
    // Before: '32768 init/xorout pairs fit', above '32,768 parameter sets remain.'
    const out = ok(['crc', 'identify', '--width', '16', '--poly', '0x8005', ...MODBUS.slice(0, 2)]);
    expect(out).toContain('width=16 poly=0x8005 refin=true refout=true: 32,768 init/xorout pairs fit');
    expect(out).toContain('32,768 parameter sets remain.');
  });

  it("equivalent init/xorout pairs are told in the page's words: 'and 1 equivalent init/xorout pair', '… pairs' from 2", () => {
    // Before: '(+1 equivalent init/xorout)', where the page says 'and 1 equivalent init/xorout pair'.
    expect(ok(['crc', 'identify', '--width', '16', ...MODBUS])).toMatch(
      /CRC-16\/MODBUS \(MODBUS\) and 1 equivalent init\/xorout pair\n/,
    );
    // x^8 + x^6 + x^3 + x^2 + x + 1 = (x + 1)^2 (x^6 + x + 1): an init changed by a multiple of
    // x^6 + x + 1 (and xorout with it) changes no CRC of any length, 2^2 - 1 other pairs.
    const p: CrcParams = { width: 8, poly: 0x4fn, init: 0n, refin: false, refout: false, xorout: 0n };
    const samples = [1, 4, 7, 3].map((n) => {
      const m = randomBytes(rand, n);
      return `${Buffer.from(m).toString('hex')}:${hex(referenceCrc(p, m), 8)}`;
    });
    expect(ok(['crc', 'identify', '--width', '8', '--poly', '0x4f', ...samples])).toMatch(
      / custom and 3 equivalent init\/xorout pairs\n/,
    );
  });
});
