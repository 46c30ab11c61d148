/**
 * The CRC simulation suites' cases (tests/hdl/crc-*.test.ts): which algorithms, parameters and
 * data widths are simulated, and an independent check of what the generated testbench expects.
 */
import { paramsOf, type PredefinedAlgorithm } from '../../src/core/crc/catalogue';
import { parseHex, type CrcParams } from '../../src/core/crc/params';
import type { CrcConfig, CrcScenario } from '../../src/core/hdl/crc';
import { randomInt, seededRandom } from '../../src/core/random';
import { randomBigInt } from './seed';
import { bitsOfWord, referenceCrcBits } from '../oracles/crc-reference';

export interface SimulationCase {
  name: string;
  config: CrcConfig;
  /** Seed of the testbench's random messages. */
  seed: number;
  /** The catalogue check value, for a data width that divides 72 (message 1 is "123456789"). */
  check?: bigint;
}

/** Data widths every catalogue algorithm is simulated at (1, 8, 12, 72 divide 72: check value). */
export const SMALL_DATA_WIDTHS = [1, 8, 12, 33, 72];

/**
 * Every algorithm at SMALL_DATA_WIDTHS; for wide buses, per CRC width the first algorithm at 512
 * and the last at 1024 (both when a width has one algorithm), so every width sees both.
 */
export function catalogueSimulationCases(algorithms: PredefinedAlgorithm[], seed: number): SimulationCase[] {
  const rand = seededRandom(seed);
  const cases: SimulationCase[] = [];
  const byWidth = new Map<number, PredefinedAlgorithm[]>();
  for (const a of algorithms) byWidth.set(a.width, [...(byWidth.get(a.width) ?? []), a]);
  for (const a of algorithms) {
    const params = paramsOf(a);
    const check = parseHex(a.check)!;
    const add = (dataWidth: number) => {
      const usesCheck = 72 % dataWidth === 0;
      cases.push({
        name: a.name,
        config: { params, dataWidth },
        seed: 1 + randomInt(rand, 2 ** 30),
        check: usesCheck ? check : undefined,
      });
    };
    for (const d of SMALL_DATA_WIDTHS) add(d);
    const group = byWidth.get(a.width)!;
    if (a === group[0]) add(512);
    if (a === group[group.length - 1]) add(1024);
  }
  return cases;
}

/**
 * Random parameter sets the catalogue does not have: widths 1..67 (always including 1, 2, 64..67),
 * polynomials with and without x^0, any init/refin/refout/xorout, data widths 1..1024.
 */
export function randomSimulationCases(count: number, seed: number): SimulationCase[] {
  const rand = seededRandom(seed);
  const big = (bits: number) => randomBigInt(rand, bits);
  const fixedWidths = [1, 2, 64, 65, 66, 67];
  const fixedData = [1, 7, 9, 67, 100, 1024];
  return Array.from({ length: count }, (_, n) => {
    const width = fixedWidths[n] ?? 1 + randomInt(rand, 67);
    const randomWidth = () => (rand() < 0.15 ? 500 + randomInt(rand, 525) : 1 + randomInt(rand, 80));
    const dataWidth = fixedData[n] ?? randomWidth();
    const params: CrcParams = {
      width,
      poly: big(width),
      init: big(width),
      refin: rand() < 0.5,
      refout: rand() < 0.5,
      xorout: big(width),
    };
    const seedOfCase = 1 + randomInt(rand, 2 ** 30);
    return {
      name: `random W=${width} poly=0x${params.poly.toString(16)}`,
      config: { params, dataWidth },
      seed: seedOfCase,
    };
  });
}

/**
 * Replays a testbench scenario with the bit-serial reference: the bits each word carries (by the
 * bit-order contract, stated in crc-reference.ts) since the last reset, CRC'd one bit at a time,
 * must be what the testbench expects at every check. Returns the disagreements.
 */
export function scenarioProblems(c: SimulationCase, s: CrcScenario): string[] {
  const { params, dataWidth } = c.config;
  const problems: string[] = [];
  let bits: number[] = [];
  for (const step of s.steps) {
    if (step.kind === 'reset') bits = [];
    else if (step.kind === 'word' && step.enable) bits.push(...bitsOfWord(step.value, dataWidth, params.refin));
    else if (step.kind === 'check') {
      const want = referenceCrcBits(params, bits);
      if (step.expected !== want) {
        const got = step.expected.toString(16);
        problems.push(
          `${c.name} D=${dataWidth} ${step.what}: testbench expects 0x${got}, reference 0x${want.toString(16)}`,
        );
      }
      if (step.what === 'after message 1' && c.check !== undefined && step.expected !== c.check) {
        problems.push(`${c.name} D=${dataWidth}: message 1 does not give the catalogue check value`);
      }
    }
  }
  return problems;
}
