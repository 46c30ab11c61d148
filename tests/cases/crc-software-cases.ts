/**
 * The software CRC suite's cases: every catalogue algorithm up to 64 bits plus random parameter
 * sets (W 1..64, widths below 8 and off multiples of 8 included, every refin/refout pair), and
 * the messages each implementation runs, with the split points of its chunked update calls.
 * What each must print comes from the independent bit-serial reference (tests/oracles).
 */
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { CHECK_INPUT, type CrcParams } from '../../src/core/crc/params';
import { MAX_SOFTWARE_WIDTH } from '../../src/core/crc/software';
import type { Random } from '../../src/core/random';
import { referenceCrc } from '../oracles/crc-reference';
import { between, randomBits } from './draw';
import { randomBytes } from './seed';

export interface SoftwareCase {
  /** The algorithm's name; undefined: custom parameters, named as the page names them. */
  name?: string;
  params: CrcParams;
}

export interface SoftwareMessage {
  bytes: Uint8Array;
  /** Two cut points, 0 <= a <= b <= length: update(0..a), update(a..b), update(b..end). */
  cuts: [number, number];
}

/** Widths the random draw covers first: the ends, below 8, and off multiples of 8. */
const EDGE_WIDTHS = [1, 2, 3, 5, 7, 8, 9, 12, 15, 17, 24, 31, 33, 40, 57, 63, 64];

export function softwareCases(rand: Random, randomCount: number): SoftwareCase[] {
  const catalogue = predefinedAlgorithms()
    .filter((a) => a.width <= MAX_SOFTWARE_WIDTH)
    .map((a) => ({ name: a.name, params: paramsOf(a) }));
  const random = Array.from({ length: randomCount }, (_, i): SoftwareCase => {
    const width = EDGE_WIDTHS[i] ?? between(rand, 1, MAX_SOFTWARE_WIDTH);
    return {
      name: `CRC-${width}/RANDOM-${i}`,
      params: {
        width,
        poly: randomBits(rand, width) | 1n,
        init: randomBits(rand, width),
        xorout: randomBits(rand, width),
        refin: (i & 1) === 1,
        refout: (i & 2) === 2,
      },
    };
  });
  return [...catalogue, ...random];
}

/** "123456789", the empty message, then random ones shorter than, around and well past 8 bytes. */
export function softwareMessages(rand: Random): SoftwareMessage[] {
  const lengths = [3, 8, 29, 131];
  const cut = (n: number): [number, number] => {
    const a = between(rand, 0, n);
    return [a, between(rand, a, n)];
  };
  return [
    { bytes: CHECK_INPUT, cuts: [4, 4] },
    { bytes: new Uint8Array(0), cuts: [0, 0] },
    ...lengths.map((n) => ({ bytes: new Uint8Array(randomBytes(rand, n)), cuts: cut(n) })),
  ];
}

/** One printed result: `<case> <message> <variant> <hex>` (message '-' for the CHECK constant). */
export type ResultKey = `${number} ${string} ${string}`;

/**
 * Compares a program's output with the reference: every `variants` result of every message of
 * every case, and each case's CHECK constant. Returns readable problems (empty when all match).
 */
export function outputProblems(
  stdout: string,
  cases: SoftwareCase[],
  messages: SoftwareMessage[],
  variants: readonly string[],
): string[] {
  const got = new Map<string, bigint>();
  for (const line of stdout.split('\n')) {
    const m = /^(\d+) (\S+) (\S+) ([0-9a-f]+)$/.exec(line.trim());
    if (m) got.set(`${m[1]} ${m[2]} ${m[3]}`, BigInt(`0x${m[4]}`));
  }
  const problems: string[] = [];
  const compare = (key: string, expected: bigint, what: string) => {
    const value = got.get(key);
    if (value !== expected)
      problems.push(`${what}: got ${value?.toString(16) ?? 'nothing'}, expected ${expected.toString(16)}`);
  };
  cases.forEach((c, i) => {
    const name = c.name ?? `custom case ${i}`;
    compare(`${i} - check`, referenceCrc(c.params, CHECK_INPUT), `${name} CHECK constant`);
    messages.forEach((msg, j) => {
      const expected = referenceCrc(c.params, msg.bytes);
      for (const v of variants)
        compare(`${i} ${j} ${v}`, expected, `${name} message ${j} (${msg.bytes.length} bytes) ${v}`);
    });
  });
  return problems;
}
