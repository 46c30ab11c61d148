/** The CRC generator: equations against the bit-serial reference, names, validation, summary, testbench. */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBits, referenceRegister, unrollMatrices, wordOf } from '../../../../tests/oracles/crc-reference';
import { randomSimulationCases, scenarioProblems } from '../../../../tests/cases/crc-simulation';
import { paramsOf, predefinedAlgorithms } from '../../crc/catalogue';
import { deriveMatrices, matrixBit, type CrcKernel } from '../../crc/kernel';
import type { CrcParams } from '../../crc/params';
import { loadFreshKernel } from '../../../../server/wasm';
import { randomBigInt, testRandom } from '../../../../tests/cases/seed';
import { equations, equationStats } from './design';
import { createCrcGenerator, crcTestbenchScenario, type CrcConfig, type CrcGenerator } from '.';

let kernel: CrcKernel;
let generator: CrcGenerator;
beforeAll(async () => {
  kernel = await loadFreshKernel<CrcKernel>('crc');
  generator = createCrcGenerator(kernel);
});

const rand = testRandom();
const randomBig = (bits: number) => randomBigInt(rand, bits);
const randomInt = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const crc32: CrcConfig = {
  params: paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-32/ISO-HDLC')!),
  dataWidth: 64,
};

/** Evaluates the emitted equations on a data_in word. */
function applyEquations(p: CrcParams, dataWidth: number, state: bigint, dataIn: bigint): bigint {
  const m = deriveMatrices(kernel, p.width, p.poly, dataWidth);
  let next = 0n;
  equations(m, p.refin).forEach((e, r) => {
    let bit = 0n;
    for (const i of e.state) bit ^= (state >> BigInt(i)) & 1n;
    for (const j of e.data) bit ^= (dataIn >> BigInt(j)) & 1n;
    next |= bit << BigInt(r);
  });
  return next;
}

describe('equations', () => {
  it('follow the bit-order contract with and without refin', () => {
    for (let n = 0; n < 30; n++) {
      const w = randomInt(1, 67);
      const d = randomInt(1, 130);
      const p: CrcParams = {
        width: w,
        poly: randomBig(w) | 1n,
        init: 0n,
        refin: rand() < 0.5,
        refout: false,
        xorout: 0n,
      };
      const state = randomBig(w);
      const bits = randomBits(rand, d);
      expect(applyEquations(p, d, state, wordOf(bits, p.refin)), `W=${w} D=${d} refin=${p.refin}`).toBe(
        referenceRegister(p, bits, state),
      );
    }
  });

  it('counts CRC-32 XORs as terms minus one per output bit of the unrolled matrices; measured figures kept', () => {
    const widths = [8, 64, 128, 512, 1024];
    const count = (d: number) => equationStats(equations(deriveMatrices(kernel, 32, 0x04c11db7n, d), false)).xorCount;
    const unrolledCount = (d: number) => {
      const m = unrollMatrices(32, 0x04c11db7n, d);
      let xors = 0;
      for (let r = 0; r < 32; r++) {
        let terms = 0;
        for (let c = 0; c < 32 + d; c++) terms += matrixBit(m, c, r);
        xors += Math.max(0, terms - 1);
      }
      return xors;
    };
    expect(widths.map(count)).toEqual(widths.map(unrolledCount));
    // Measured with this generator (no published source): a regression check of the figures that
    // docs/crc.md and the generated headers report.
    expect(widths.map(count)).toEqual([220, 1390, 2518, 8480, 16744]);
  });
});

describe('CRC generator', () => {
  it('names the files crc_module.v / crc_entity.vhd and their testbenches', () => {
    expect(generator.generate(crc32, 'verilog').name).toBe('crc_module.v');
    expect(generator.generate(crc32, 'vhdl').name).toBe('crc_entity.vhd');
    expect(generator.testbench(crc32, 'verilog').name).toBe('crc_module_tb.v');
    expect(generator.testbench(crc32, 'vhdl').name).toBe('crc_entity_tb.vhd');
  });

  it('states the bit order of a one-bit data path without a first and a last bit', () => {
    for (const refin of [false, true]) {
      const config: CrcConfig = { params: { ...crc32.params, refin }, dataWidth: 1 };
      for (const language of ['verilog', 'vhdl'] as const) {
        const text = generator.generate(config, language).text;
        expect(text).toContain(`Bit order${refin ? ' (refin)' : ''}: one bit per clock on data_in[0].`);
        expect(text).not.toContain('the last.');
      }
    }
  });

  it('summarises the check value and the equations', () => {
    expect(generator.summary(crc32)).toEqual({
      check: 0xcbf43926n,
      xorCount: 1390,
      deepestTerms: expect.any(Number),
      deepestBit: expect.any(Number),
      deepestLevels: expect.any(Number),
    });
    expect(generator.generate(crc32, 'verilog').text).toContain('XOR count: 1390 two-input XORs');
  });

  it('refuses configurations outside the limits with readable messages', () => {
    expect(generator.validate(crc32)).toEqual([]);
    expect(generator.validate({ ...crc32, dataWidth: 1025 })).toEqual([
      'Data width must be a whole number from 1 to 1024.',
    ]);
    expect(generator.validate({ ...crc32, params: { ...crc32.params, width: 68 } })).toEqual([
      'CRC width must be a whole number from 1 to 67.',
    ]);
    expect(generator.validate({ ...crc32, params: { ...crc32.params, init: 1n << 32n } })).toEqual([
      'Init does not fit in 32 bits (the CRC width).',
    ]);
    expect(() => generator.generate({ ...crc32, dataWidth: 0 }, 'vhdl')).toThrow(
      'Data width must be a whole number from 1 to 1024.',
    );
  });

  it('writes a self-checking testbench in both languages', () => {
    const byteWide = { ...crc32, dataWidth: 8 }; // 8 divides 72: message 1 is "123456789"
    const v = generator.testbench(byteWide, 'verilog').text;
    const h = generator.testbench(byteWide, 'vhdl').text;
    expect(v).toContain('module crc_tb;');
    expect(v).toContain("if (crc_out !== 32'hcbf43926) begin");
    expect(h).toContain('entity crc_tb is');
    expect(h).toContain('dut : entity work.crc');
    for (const text of [v, h]) expect(text).toContain('CRC_TB PASS checks=4');
  });

  it('expects in its testbench what the bit-serial reference computes', () => {
    const cases = [
      { name: 'CRC-32', config: crc32, seed: 1 },
      { name: 'CRC-32', config: { ...crc32, dataWidth: 24 }, seed: 2, check: 0xcbf43926n },
      ...randomSimulationCases(20, 5),
    ];
    for (const c of cases)
      expect(scenarioProblems(c, crcTestbenchScenario(kernel, c.config, { seed: c.seed }))).toEqual([]);
    const s = crcTestbenchScenario(kernel, { ...crc32, dataWidth: 33 }, { seed: 3 });
    expect(s.steps.filter((st) => st.kind === 'word' && st.enable).length % 8).toBe(0); // whole bytes: lcm(33, 8) bits
  });
});
