/**
 * Every catalogue algorithm generated as VHDL at several data widths (1, 8, 12, 33, 72, and
 * 512/1024 for every CRC width), simulated with GHDL in --std=93c and --std=08, crc_out compared
 * with the independent bit-serial reference; also random parameter sets (W 1..67, D 1..1024).
 * Each generated file is analysed unchanged into its own library and instantiated as `entity libN.crc` from one testbench per batch.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeWith } from '../helpers/system';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { generateHdlText } from '../../src/core/crc/generate';
import { predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { binary, catalogueSimulationCases, parseOutput, randomSimulationCases, vhdlBatchTestbench, type SimulationCase } from '../../src/core/crc/testbench';

const exec = promisify(execFile);
const SEED = Number(process.env.CRC_SEED ?? 20261122);
const cases = [...catalogueSimulationCases(predefinedAlgorithms(), SEED), ...randomSimulationCases(16, SEED + 1)];
const BATCHES = 4;

async function ghdl(args: string[], cwd: string): Promise<string> {
  try {
    const r = await exec('ghdl', args, { cwd, maxBuffer: 64 << 20, timeout: 300_000 });
    return r.stdout;
  } catch (e) {
    const err = e as { message: string; stdout?: string; stderr?: string };
    throw new Error(`ghdl ${args.slice(0, 3).join(' ')} failed: ${err.message}\n${err.stdout ?? ''}\n${(err.stderr ?? '').slice(0, 4000)}`);
  }
}

/** Analyses each case's file into lib<i>, then elaborates and runs one testbench for them all. */
async function simulateBatch(kernel: CrcKernel, batch: { id: number; c: SimulationCase }[], std: '93c' | '08'): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), `bitsmith-crc-ghdl${std}-`));
  try {
    const flags = [`--std=${std}`, `--workdir=${dir}`, `-P${dir}`];
    for (const { id, c } of batch) {
      writeFileSync(join(dir, `crc${id}.vhd`), generateHdlText(kernel, c.params, c.dataWidth, 'vhdl'));
      await ghdl(['-a', ...flags, `--work=lib${id}`, `crc${id}.vhd`], dir);
    }
    writeFileSync(join(dir, 'tb.vhd'), vhdlBatchTestbench(batch.map(({ id, c }) => ({ id, scenario: c.scenario }))));
    await ghdl(['-a', ...flags, 'tb.vhd'], dir);
    await ghdl(['-e', ...flags, 'tb'], dir);
    const stdout = await ghdl(['-r', ...flags, 'tb', '--assert-level=error'], dir);
    const problems: string[] = [];
    for (const { id, c } of batch) {
      const got = parseOutput(stdout, `${id}:`);
      for (const [tag, value] of c.scenario.expected) {
        const want = binary(value, c.params.width);
        if (got.get(tag) !== want) problems.push(`${c.name} D=${c.dataWidth} ${tag}: got ${got.get(tag)} want ${want}`);
      }
    }
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeWith(['ghdl'], `CRC VHDL simulation (GHDL, seed ${SEED})`, () => {
  it('covers every catalogue algorithm, non-byte widths and 512/1024', () => {
    expect(new Set(cases.filter((c) => !c.name.startsWith('random')).map((c) => c.name)).size).toBe(112);
    const widths = new Set(cases.map((c) => c.dataWidth));
    for (const d of [1, 12, 33, 512, 1024]) expect(widths.has(d)).toBe(true);
  });

  for (const std of ['93c', '08'] as const) {
    for (let b = 0; b < BATCHES; b++) {
      const batch = cases.map((c, id) => ({ id, c })).filter(({ id }) => id % BATCHES === b);
      it.concurrent(`--std=${std} batch ${b + 1}/${BATCHES}: ${batch.length} designs`, async () => {
        const kernel = await loadKernel<CrcKernel>('crc');
        expect(await simulateBatch(kernel, batch, std)).toEqual([]);
      }, 600_000);
    }
  }
});
