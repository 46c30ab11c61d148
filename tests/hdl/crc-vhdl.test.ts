/**
 * Every catalogue algorithm generated as VHDL at several data widths (1, 8, 12, 33, 72, and
 * 512/1024 for every CRC width), simulated with GHDL in --std=93c and --std=08 against the
 * generator's own self-checking testbench; also random parameter sets (W 1..67, D 1..1024). What
 * each testbench expects is checked first against the independent bit-serial reference.
 * Each design and its testbench are analysed unchanged into their own library (so `work.crc`
 * means that design) and one top entity instantiates every `lib<N>.crc_tb` of a batch.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { TEST_SEED } from '../cases/seed';
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

const exec = promisify(execFile);
const SEED = TEST_SEED;
const cases = [...catalogueSimulationCases(predefinedAlgorithms(), SEED), ...randomSimulationCases(16, SEED + 1)];
const BATCHES = 4;

async function ghdl(args: string[], cwd: string): Promise<string> {
  try {
    const r = await exec('ghdl', args, { cwd, maxBuffer: 64 << 20, timeout: 300_000 });
    return r.stdout + r.stderr;
  } catch (e) {
    const err = e as { message: string; stdout?: string; stderr?: string };
    throw new Error(
      `ghdl ${args.slice(0, 3).join(' ')} failed: ${err.message}\n${err.stdout ?? ''}\n${(err.stderr ?? '').slice(0, 4000)}`,
    );
  }
}

/** Analyses case N (design + testbench) into libN, then elaborates and runs one top for them all. */
async function simulateBatch(
  kernel: CrcKernel,
  batch: { id: number; c: SimulationCase }[],
  std: '93c' | '08',
): Promise<string[]> {
  const generator = createCrcGenerator(kernel);
  const problems: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), `bitsmith-crc-ghdl${std}-`));
  try {
    const flags = [`--std=${std}`, `--workdir=${dir}`, `-P${dir}`];
    for (const { id, c } of batch) {
      problems.push(...scenarioProblems(c, crcTestbenchScenario(kernel, c.config, { seed: c.seed })));
      const dut = generator.generate(c.config, 'vhdl').text;
      const tb = generator.testbench(c.config, 'vhdl', { seed: c.seed }).text;
      writeFileSync(join(dir, `case${id}.vhd`), `${dut}\n${tb}`);
      await ghdl(['-a', ...flags, `--work=lib${id}`, `case${id}.vhd`], dir);
    }
    writeFileSync(
      join(dir, 'all_tb.vhd'),
      [
        ...batch.map(({ id }) => `library lib${id};`),
        'entity all_tb is',
        'end entity all_tb;',
        'architecture sim of all_tb is',
        'begin',
        ...batch.map(({ id }) => `  u${id} : entity lib${id}.${TB_NAME};`),
        'end architecture sim;',
        '',
      ].join('\n'),
    );
    await ghdl(['-a', ...flags, 'all_tb.vhd'], dir);
    await ghdl(['-e', ...flags, 'all_tb'], dir);
    const out = await ghdl(['-r', ...flags, 'all_tb'], dir);
    const passes = out.split(TB_PASS).length - 1;
    // GHDL prefixes each report with its file (case<N>.vhd), which names the failing case.
    for (const line of out.split('\n').filter((l) => l.includes(TB_FAIL))) {
      const c = batch.find(({ id }) => line.startsWith(`case${id}.vhd:`))?.c;
      problems.push(`${c ? `${c.name} D=${c.config.dataWidth} (seed ${c.seed})` : '?'}: ${line.trim()}`);
    }
    if (passes !== batch.length) problems.push(`${passes} of ${batch.length} testbenches passed`);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeWith(['ghdl'], `CRC VHDL simulation (GHDL, seed ${SEED})`, () => {
  it('covers every catalogue algorithm, non-byte widths and 512/1024', () => {
    expect(new Set(cases.filter((c) => !c.name.startsWith('random')).map((c) => c.name)).size).toBe(112);
    const widths = new Set(cases.map((c) => c.config.dataWidth));
    for (const d of [1, 12, 33, 512, 1024]) expect(widths.has(d)).toBe(true);
  });

  for (const std of ['93c', '08'] as const) {
    for (let b = 0; b < BATCHES; b++) {
      const batch = cases.map((c, id) => ({ id, c })).filter(({ id }) => id % BATCHES === b);
      it.concurrent(
        `--std=${std} batch ${b + 1}/${BATCHES}: ${batch.length} designs`,
        async () => {
          const kernel = await loadKernel<CrcKernel>('crc');
          expect(await simulateBatch(kernel, batch, std)).toEqual([]);
        },
        600_000,
      );
    }
  }
});
