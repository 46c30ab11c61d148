/**
 * Every catalogue algorithm generated as Verilog at several data widths (1, 8, 12, 33, 72, and
 * 512/1024 for every CRC width), simulated with Icarus Verilog, crc_out compared with the
 * independent bit-serial reference (and with the catalogue check value for "123456789"); also
 * random parameter sets (W 1..67, D 1..1024).
 */
import { expect, it } from 'vitest';
import { describeWith } from '../helpers/system';
import { simulateVerilog } from '../helpers/hdl';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { generateHdlText } from '../../src/core/crc/generate';
import { predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { binary, catalogueSimulationCases, parseOutput, randomSimulationCases, verilogTestbench, type SimulationCase } from '../../src/core/crc/testbench';

const SEED = Number(process.env.CRC_SEED ?? 20261122);
const cases = catalogueSimulationCases(predefinedAlgorithms(), SEED);
const RANDOM_CASES = 16;
// Generous: a wide bus (W=64, D=1024) compiles in ~4 s alone, far longer on a busy machine.
const TIMEOUT_MS = 600_000;
const byAlgorithm = new Map<string, SimulationCase[]>();
for (const c of cases) byAlgorithm.set(c.name, [...(byAlgorithm.get(c.name) ?? []), c]);

/** Simulates one case; returns mismatch descriptions (empty when it matches). */
async function run(kernel: CrcKernel, c: SimulationCase): Promise<string[]> {
  const dut = generateHdlText(kernel, c.params, c.dataWidth, 'verilog');
  const { stdout } = await simulateVerilog({ 'crc_module.v': dut, 'tb.v': verilogTestbench(c.scenario) }, 'tb', TIMEOUT_MS);
  const got = parseOutput(stdout);
  const problems: string[] = [];
  for (const [tag, value] of c.scenario.expected) {
    const want = binary(value, c.params.width);
    if (got.get(tag) !== want) problems.push(`${c.name} D=${c.dataWidth} ${tag}: got ${got.get(tag)} want ${want}`);
  }
  if (c.check !== undefined && c.scenario.expected.get('A') !== c.check) problems.push(`${c.name} D=${c.dataWidth}: reference disagrees with check value`);
  return problems;
}

describeWith(['iverilog'], `CRC Verilog simulation (Icarus, seed ${SEED})`, () => {
  it('covers every catalogue algorithm, non-byte widths and 512/1024', () => {
    expect(byAlgorithm.size).toBe(112);
    const widths = new Set(cases.map((c) => c.dataWidth));
    for (const d of [1, 12, 33, 512, 1024]) expect(widths.has(d)).toBe(true);
    expect(cases.filter((c) => c.check !== undefined).length).toBe(112 * 4);
  });

  for (const c of randomSimulationCases(RANDOM_CASES, SEED + 1)) {
    it.concurrent(`${c.name} D=${c.dataWidth} init=0x${c.params.init.toString(16)} refin=${c.params.refin} refout=${c.params.refout} xorout=0x${c.params.xorout.toString(16)}`, async () => {
      expect(await run(await loadKernel<CrcKernel>('crc'), c)).toEqual([]);
    }, TIMEOUT_MS);
  }

  for (const [name, group] of byAlgorithm) {
    it.concurrent(`${name} at D = ${group.map((c) => c.dataWidth).join(', ')}`, async () => {
      const kernel = await loadKernel<CrcKernel>('crc');
      const problems: string[] = [];
      for (const c of group) problems.push(...(await run(kernel, c)));
      expect(problems).toEqual([]);
    }, TIMEOUT_MS);
  }
});
