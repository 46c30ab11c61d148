/**
 * Every catalogue algorithm generated as Verilog at several data widths (1, 8, 12, 33, 72, and
 * 512/1024 for every CRC width), simulated with Icarus Verilog (-g2005 and -g2012, whose time-0
 * semantics differ: tests/harness/hdl.ts; above D = 72 -g2005 only) against the generator's own
 * self-checking testbench (the one the page offers); also random parameter sets (W 1..67,
 * D 1..1024). What each testbench expects is checked first against the independent bit-serial
 * reference (and the catalogue check value for "123456789"), so a pass means crc_out matched it.
 */
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { TEST_SEED } from '../cases/seed';
import { simulateVerilog, VERILOG_STANDARDS } from '../harness/hdl';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { createCrcGenerator, crcTestbenchScenario, TB_FAIL, TB_NAME, TB_PASS } from '../../src/core/hdl/crc';
import {
  catalogueSimulationCases,
  randomSimulationCases,
  scenarioProblems,
  type SimulationCase,
} from '../cases/crc-simulation';

const SEED = TEST_SEED;
const cases = catalogueSimulationCases(predefinedAlgorithms(), SEED);
const RANDOM_CASES = 16;
// Generous: a wide bus (W=64, D=1024) compiles in ~4 s alone, far longer on a busy machine.
const TIMEOUT_MS = 600_000;
const byAlgorithm = new Map<string, SimulationCase[]>();
for (const c of cases) byAlgorithm.set(c.name, [...(byAlgorithm.get(c.name) ?? []), c]);

/** Simulates one case under each standard; returns problem descriptions (empty when it passes). */
async function run(kernel: CrcKernel, c: SimulationCase): Promise<string[]> {
  const problems = scenarioProblems(c, crcTestbenchScenario(kernel, c.config, { seed: c.seed }));
  const generator = createCrcGenerator(kernel);
  const dut = generator.generate(c.config, 'verilog');
  const tb = generator.testbench(c.config, 'verilog', { seed: c.seed });
  // Time-0 semantics (what differs between the standards) are the testbench's and the reset's, the
  // same at any bus width: both standards up to D = 72 (every algorithm has such cases), the
  // language we emit (-g2005) above, where Icarus spends its time on the XOR trees.
  const standards = c.config.dataWidth <= 72 ? VERILOG_STANDARDS : (['2005'] as const);
  for (const standard of standards) {
    const files = { [dut.name]: dut.text, [tb.name]: tb.text };
    const { stdout } = await simulateVerilog(files, TB_NAME, TIMEOUT_MS, standard);
    if (!stdout.includes(TB_PASS) || stdout.includes(TB_FAIL)) {
      problems.push(
        `${c.name} D=${c.config.dataWidth} (seed ${c.seed}, -g${standard}): ${stdout.trim().split('\n').slice(-4).join(' | ')}`,
      );
    }
  }
  return problems;
}

describeWith(['iverilog'], `CRC Verilog simulation (Icarus, seed ${SEED})`, () => {
  it('covers every catalogue algorithm, non-byte widths and 512/1024', () => {
    expect(byAlgorithm.size).toBe(112);
    const widths = new Set(cases.map((c) => c.config.dataWidth));
    for (const d of [1, 12, 33, 512, 1024]) expect(widths.has(d)).toBe(true);
    expect(cases.filter((c) => c.check !== undefined).length).toBe(112 * 4);
  });

  for (const c of randomSimulationCases(RANDOM_CASES, SEED + 1)) {
    const p = c.config.params;
    it.concurrent(
      `${c.name} D=${c.config.dataWidth} init=0x${p.init.toString(16)} refin=${p.refin} refout=${p.refout} xorout=0x${p.xorout.toString(16)}`,
      async () => {
        expect(await run(await loadKernel<CrcKernel>('crc'), c)).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }

  for (const [name, group] of byAlgorithm) {
    it.concurrent(
      `${name} at D = ${group.map((c) => c.config.dataWidth).join(', ')}`,
      async () => {
        const kernel = await loadKernel<CrcKernel>('crc');
        const problems: string[] = [];
        for (const c of group) problems.push(...(await run(kernel, c)));
        expect(problems).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }
});
