/** The stream CRC design (partial last word, pipelining): its equations and testbench against the bit-serial reference. */
import { beforeAll, describe, expect, it } from 'vitest';
import { bitsOfWord, referenceRegister } from '../../../../../tests/oracles/crc-reference';
import { paramsOf, predefinedAlgorithms } from '../../../crc/catalogue';
import type { CrcKernel } from '../../../crc/kernel';
import { mask, type CrcParams } from '../../../crc/params';
import { loadFreshKernel } from '../../../../../server/wasm';
import { randomBigInt, testRandom } from '../../../../../tests/cases/seed';
import { streamScenarioProblems } from '../../../../../tests/cases/crc-stream-cases';
import { streamDesign, type StreamDesign } from './design';
import { createCrcGenerator, streamScenario, type CrcConfig, type CrcGenerator } from '..';

let kernel: CrcKernel;
let generator: CrcGenerator;
beforeAll(async () => {
  kernel = await loadFreshKernel<CrcKernel>('crc');
  generator = createCrcGenerator(kernel);
});

const rand = testRandom();
const randomInt = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const algorithm = (name: string) => paramsOf(predefinedAlgorithms().find((a) => a.name === name)!);
const bit = (v: bigint, i: number) => Number((v >> BigInt(i)) & 1n);

/** M * s over GF(2), M as row masks (bit i of mask r: state bit i feeds bit r). */
const applyMasks = (masks: bigint[], s: bigint): bigint =>
  masks.reduce(
    (v, m, r) => v | (BigInt([...(m & s).toString(2)].filter((c) => c === '1').length & 1) << BigInt(r)),
    0n,
  );

/** Evaluates the design model as the emitted HDL computes it: shifter, partial sums stage by stage, feedback. */
function nextState(d: StreamDesign, state: bigint, word: bigint, k: number, sop: boolean): bigint {
  const w = d.params.width;
  let data = word;
  if (d.partial) {
    const shift = d.bytes - k;
    for (let j = 0; j < d.countBits; j++) {
      if (!((shift >> j) & 1)) continue;
      const n = BigInt(8 * 2 ** j);
      data = d.params.refin ? (data << n) & mask(d.dataWidth) : data >> n;
    }
  }
  // Items per register bit, level by level (level 0: data bits).
  let items = d.dataTerms.map((terms) => terms.map((i) => bit(data, i)));
  for (const level of d.levels)
    items = level.groups.map((groups, r) => groups.map((g) => g.reduce((x, t) => x ^ items[r]![t]!, 0)));
  const term = items.map((list) => list.reduce((x, y) => x ^ y, 0));
  const apply = (rows: number[][], s: bigint) =>
    rows.reduce((v, row, r) => v | (BigInt(row.reduce((x, i) => x ^ bit(s, i), 0)) << BigInt(r)), 0n);
  let s: bigint;
  if (d.partial) {
    // The table entry k: A = sop ? 0 : F_8k, u = sop ? F_8k*init : 0; s' = A*register xor u.
    const { masks, init } = d.table[k]!;
    s = sop ? init : applyMasks(masks, state);
  } else s = apply(d.feedback, sop ? d.params.init : state);
  return (s ^ term.reduce((v, t, r) => v | (BigInt(t) << BigInt(r)), 0n)) & mask(w);
}

function randomParams(): CrcParams {
  const width = randomInt(3, 67);
  return {
    width,
    poly: randomBigInt(rand, width),
    init: randomBigInt(rand, width),
    refin: rand() < 0.5,
    refout: rand() < 0.5,
    xorout: randomBigInt(rand, width),
  };
}

describe('stream design', () => {
  it('absorbs exactly the k valid bytes of a beat and stays exact when pipelined', () => {
    for (let n = 0; n < 40; n++) {
      const params = randomParams();
      const partial = rand() < 0.7;
      const dataWidth = partial ? 8 * randomInt(1, 20) : randomInt(1, 160);
      const config: CrcConfig = { params, dataWidth, partialLastWord: partial, pipelineStages: randomInt(0, 3) };
      const d = streamDesign(kernel, config);
      let state = params.init;
      let bits: number[] = [];
      for (let beat = 0; beat < 6; beat++) {
        const sop = beat > 0 && rand() < 0.3;
        if (sop) bits = [];
        const word = randomBigInt(rand, dataWidth);
        const k = partial ? randomInt(1, dataWidth / 8) : 0;
        state = nextState(d, state, word, k, sop);
        bits.push(...bitsOfWord(word, dataWidth, params.refin).slice(0, partial ? 8 * k : dataWidth));
        expect(state, `W=${params.width} D=${dataWidth} k=${k} P=${config.pipelineStages}`).toBe(
          referenceRegister(params, bits),
        );
      }
    }
  });

  it('splits the data term into stages whose last has at most one sum per register bit', () => {
    const d = streamDesign(kernel, { params: algorithm('CRC-64/XZ'), dataWidth: 1024, pipelineStages: 3 });
    expect(d.levels.length).toBe(3);
    expect(d.levels[2]!.groups.every((g) => g.length <= 1)).toBe(true);
    const widest = Math.max(...d.dataTerms.map((t) => t.length));
    expect(d.levels[0]!.groups.flat().every((g) => g.length ** 3 <= widest * 9)).toBe(true);
  });

  it('states ports, latency and figures in the header of both languages', () => {
    const config: CrcConfig = {
      params: algorithm('CRC-32/ISO-HDLC'),
      dataWidth: 512,
      partialLastWord: true,
      pipelineStages: 2,
    };
    const v = generator.generate(config, 'verilog').text;
    const h = generator.generate(config, 'vhdl').text;
    const s = generator.summary(config).stream!;
    expect(s.latency).toBe(2);
    for (const text of [v, h]) {
      expect(text).toContain('data_bytes[6:0]: how many bytes of the beat are valid, 1..64');
      expect(text).toContain('Latency: 2 clock cycles');
      expect(text).toContain(`XOR count: ${s.dataXors + s.feedbackXors} two-input XORs`);
      expect(text).toContain(`and F_8k*init come from a table of 65 entries (${65 * (32 * 32 + 32)} bits)`);
      expect(text).toContain(`${s.feedbackAnds} two-input ANDs in the feedback`);
    }
    expect(v).toContain('input  wire [6:0] data_bytes,');
    expect(h).toContain('data_bytes : in  std_logic_vector(6 downto 0);');
  });

  it('generates the classic file when the options are absent, false or 0', () => {
    const base: CrcConfig = { params: algorithm('CRC-16/ARC'), dataWidth: 32 };
    for (const language of ['verilog', 'vhdl'] as const) {
      const classic = generator.generate(base, language).text;
      expect(generator.generate({ ...base, partialLastWord: false, pipelineStages: 0 }, language).text).toBe(classic);
      expect(classic).not.toContain('sop');
    }
  });

  it('refuses a partial last word on widths that are not whole bytes, and bad stage counts', () => {
    const base: CrcConfig = { params: algorithm('CRC-16/ARC'), dataWidth: 12 };
    expect(generator.validate({ ...base, partialLastWord: true })).toEqual([
      'Partial last word needs a data width that is a multiple of 8.',
    ]);
    for (const pipelineStages of [-1, 4, 1.5])
      expect(generator.validate({ ...base, pipelineStages })).toEqual([
        'Pipeline stages must be a whole number from 0 to 3.',
      ]);
  });

  it('expects in its testbench what the bit-serial reference computes, with a quiet start, partial and zero-byte beats and a reset', () => {
    for (let n = 0; n < 12; n++) {
      const params = randomParams();
      const partial = rand() < 0.7;
      const dataWidth = partial ? 8 * randomInt(1, 16) : randomInt(1, 100);
      const stages = randomInt(0, 3);
      const config: CrcConfig = { params, dataWidth, partialLastWord: partial, pipelineStages: stages };
      const s = streamScenario(config, { seed: n + 1 });
      expect(streamScenarioProblems(config, s), `W=${params.width} D=${dataWidth} P=${stages}`).toEqual([]);
      // crc_valid follows crc_en by exactly the latency, but for the beats the reset dropped.
      s.cycles.forEach((c, i) => {
        const dropped = s.cycles.slice(i - stages + 1, i + 1).some((x) => x.reset);
        expect(c.valid).toBe(i >= stages && !dropped && s.cycles[i - stages]!.en);
      });
    }
  });

  it('declares the testbench inputs with the first beat and pulses the reset mid-stream, in both languages', () => {
    const config: CrcConfig = {
      params: algorithm('CRC-32/ISO-HDLC'),
      dataWidth: 64,
      partialLastWord: true,
      pipelineStages: 2,
    };
    const s = streamScenario(config, { seed: 7 });
    const v = generator.testbench(config, 'verilog', { seed: 7 }).text;
    const h = generator.testbench(config, 'vhdl', { seed: 7 }).text;
    expect(v).toContain(`reg [63:0] data_in = 64'h${s.initial.value.toString(16)};`);
    expect(v).toContain(`reg [3:0] data_bytes = 4'd${s.initial.bytes};`);
    expect(h).toContain(
      `signal data_in : std_logic_vector(63 downto 0) := X"${s.initial.value.toString(16).padStart(16, '0')}";`,
    );
    // The first pulse, then the one mid-stream.
    expect(v.split('    reset_pulse;').length - 1).toBe(2);
    expect(h.split('    reset_pulse;').length - 1).toBe(2);
    expect(s.beats - s.checks).toBeGreaterThan(0);
    for (const text of [v, h]) expect(text).toContain(`CRC_TB PASS checks=${s.checks}`);
  });
});
