/**
 * The self-checking CRC testbench's scenario, shared by both languages: reset; message 1 (the
 * ASCII bytes "123456789" when the data width divides 72, so crc_out must be the check value,
 * otherwise random bytes), one data_in word per clock; one clock with crc_en low (crc_out holds);
 * an asynchronous reset between clock edges; message 2 (random bytes). Messages are whole bytes
 * and whole words. The expected crc_out values come from a bit-serial CRC of the bytes (the WASM
 * kernel's), not from the parallel equations under test. testbench-verilog.ts and
 * testbench-vhdl.ts turn the scenario into text.
 */
import { countOf, GENERATOR_LINE } from '../comment';
import { CHECK_INPUT, type CrcParams } from '../../crc/params';
import { randomInt, seededRandom } from '../../random';
import { CRC_MODULE } from './design';

export interface CrcTestbenchOptions {
  /** Seed of the random messages (default 1). */
  seed?: number;
}

export type CrcStep =
  /** A reset pulse between clock edges (rst is asynchronous). */
  | { kind: 'reset' }
  /** One rising clock edge with data_in = value and crc_en = enable. */
  | { kind: 'word'; value: bigint; enable: boolean }
  /** crc_out must equal `expected` now. */
  | { kind: 'check'; what: string; expected: bigint };

export interface CrcScenario {
  width: number;
  dataWidth: number;
  steps: CrcStep[];
  /** How message 1 was chosen, for the header. */
  message1: string;
  /** Where the expected values come from, for the header. */
  expectedFrom: string;
}

/** The expected values' source in the generator's own testbenches. */
export const BIT_SERIAL = 'a bit-serial CRC';

export const TB_NAME = `${CRC_MODULE}_tb`;
export const TB_PASS = 'CRC_TB PASS';
export const TB_FAIL = 'CRC_TB FAIL';

/** The bits of `bytes` in time order: each byte MSB first, or LSB first with refin. */
function bitsInTimeOrder(bytes: Uint8Array, refin: boolean): number[] {
  const bits: number[] = [];
  for (const b of bytes) for (let k = 0; k < 8; k++) bits.push((b >> (refin ? k : 7 - k)) & 1);
  return bits;
}

/** The data_in words of a bit stream: the first bit in time goes to data_in[D-1] (data_in[0] with refin). */
function wordsOf(bits: number[], dataWidth: number, refin: boolean): bigint[] {
  const words: bigint[] = [];
  for (let i = 0; i < bits.length; i += dataWidth) {
    let v = 0n;
    for (let t = 0; t < dataWidth; t++) if (bits[i + t]) v |= 1n << BigInt(refin ? t : dataWidth - 1 - t);
    words.push(v);
  }
  return words;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** Bytes of a message that is whole words of D bits and at least `minWords` words long. */
function messageBytes(dataWidth: number, minWords: number): number {
  const unitBytes = dataWidth / gcd(dataWidth, 8); // lcm(D, 8) / 8
  return unitBytes * Math.ceil((minWords * dataWidth) / (8 * unitBytes));
}

function randomBytes(rand: () => number, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => randomInt(rand, 256));
}

/**
 * The scenario for parameters `p` at data width D; `crcOf` is the CRC of whole bytes (bit serial,
 * or the C implementation's algorithm in the Consistency bundle: `expectedFrom` names it).
 */
export function crcScenario(
  p: CrcParams,
  dataWidth: number,
  crcOf: (bytes: Uint8Array) => bigint,
  o: CrcTestbenchOptions = {},
  expectedFrom = BIT_SERIAL,
): CrcScenario {
  const rand = seededRandom(o.seed ?? 1);
  const usesCheck = 72 % dataWidth === 0;
  const message1 = usesCheck ? CHECK_INPUT : randomBytes(rand, messageBytes(dataWidth, 3));
  const message2 = randomBytes(rand, messageBytes(dataWidth, 2));
  // One word: dataWidth bits make exactly one word.
  const idle = wordsOf(
    Array.from({ length: dataWidth }, () => randomInt(rand, 2)),
    dataWidth,
    false,
  )[0]!;
  const feed = (bytes: Uint8Array): CrcStep[] =>
    wordsOf(bitsInTimeOrder(bytes, p.refin), dataWidth, p.refin).map((value) => ({
      kind: 'word',
      value,
      enable: true,
    }));
  const afterMessage1 = crcOf(message1);
  const steps: CrcStep[] = [
    { kind: 'reset' },
    { kind: 'check', what: 'after reset', expected: crcOf(new Uint8Array(0)) },
    ...feed(message1),
    { kind: 'check', what: 'after message 1', expected: afterMessage1 },
    { kind: 'word', value: idle, enable: false },
    { kind: 'check', what: 'with crc_en low', expected: afterMessage1 },
    { kind: 'reset' },
    ...feed(message2),
    { kind: 'check', what: 'after message 2', expected: crcOf(message2) },
  ];
  const described = usesCheck
    ? 'the ASCII bytes "123456789" (crc_out = the check value)'
    : `${message1.length} random bytes`;
  return { width: p.width, dataWidth, steps, message1: described, expectedFrom };
}

/** Header comment lines of both testbenches. */
export function tbHeaderLines(s: CrcScenario, designFile: string): string[] {
  const checks = s.steps.filter((st) => st.kind === 'check').length;
  return [
    `${TB_NAME}: self-checking testbench for ${CRC_MODULE} (${designFile}),`,
    `  ${s.width}-bit CRC, ${countOf(s.dataWidth, 'data bit')}`,
    GENERATOR_LINE,
    '',
    `Phases: reset; message 1, ${s.message1}, one data_in word per clock;`,
    '  one clock with crc_en low (crc_out holds); an asynchronous reset between clock edges;',
    `  message 2 (random bytes). Expected values come from ${s.expectedFrom}, not the equations.`,
    `Prints "${TB_PASS} checks=${checks}" on success, "${TB_FAIL} ..." lines otherwise.`,
  ];
}
