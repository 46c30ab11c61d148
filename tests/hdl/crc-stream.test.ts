/**
 * The wide-data-path CRC (partial last word, pipelining; cases in tests/support/crc-stream-cases.ts)
 * simulated with Icarus Verilog and GHDL (--std=93c and 08) against the generator's own
 * self-checking testbench, exactly as the page downloads it: random packets back to back, every
 * data_bytes count ending a packet, crc_valid and crc_out checked after every clock edge with the
 * pipeline's latency. What each testbench expects is checked first against the independent
 * bit-serial reference (tests/support/crc-reference.ts). GHDL analyses each case into its own
 * library and elaborates one top for a whole batch, so a batch costs one elaboration and one run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeWith } from '../helpers/system';
import { simulateVerilog } from '../helpers/hdl';
import { TEST_SEED } from '../support/seed';
import { bitsOfWord, referenceCrcBits } from '../support/crc-reference';
import { streamCases, STREAM_DATA_WIDTHS, type StreamCase } from '../support/crc-stream-cases';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { createCrcGenerator, streamScenario, TB_FAIL, TB_NAME, TB_PASS } from '../../src/core/hdl/crc';

const exec = promisify(execFile);
const SEED = TEST_SEED;
const cases = streamCases(SEED);
const TIMEOUT_MS = 900_000;
const GHDL_BATCHES = 2;

/** The testbench's expectations replayed with the bit-serial reference; returns disagreements. */
function expectationProblems(c: StreamCase): string[] {
  const { params, dataWidth, partialLastWord } = c.config;
  const s = streamScenario(c.config, { seed: c.seed });
  const problems: string[] = [];
  const wanted: bigint[] = [];
  let bits: number[] = [];
  for (const cycle of s.cycles) {
    if (!cycle.en) continue;
    if (cycle.sop) bits = [];
    const valid = partialLastWord ? 8 * cycle.bytes : dataWidth;
    bits.push(...bitsOfWord(cycle.value, dataWidth, params.refin).slice(0, valid));
    wanted.push(referenceCrcBits(params, bits));
  }
  const seen = s.cycles.filter((x) => x.valid).map((x) => x.expected);
  if (seen.join() !== wanted.join())
    problems.push(`${c.name}: the testbench expects values the reference does not give`);
  if (partialLastWord) {
    const counts = new Set(
      s.cycles
        .filter((x, i) => {
          const next = s.cycles.slice(i + 1).find((y) => y.en);
          return x.en && (!next || next.sop);
        })
        .map((x) => x.bytes),
    );
    if (counts.size !== dataWidth / 8) problems.push(`${c.name}: only ${counts.size} counts end a packet`);
  }
  return problems;
}

async function simulateIcarus(kernel: CrcKernel, c: StreamCase): Promise<string[]> {
  const generator = createCrcGenerator(kernel);
  const dut = generator.generate(c.config, 'verilog');
  const tb = generator.testbench(c.config, 'verilog', { seed: c.seed });
  const { stdout } = await simulateVerilog({ [dut.name]: dut.text, [tb.name]: tb.text }, TB_NAME, TIMEOUT_MS);
  return stdout.includes(TB_PASS) && !stdout.includes(TB_FAIL)
    ? []
    : [`${c.name} (seed ${c.seed}): ${stdout.trim().split('\n').slice(-4).join(' | ')}`];
}

async function ghdl(args: string[], cwd: string): Promise<string> {
  try {
    const r = await exec('ghdl', args, { cwd, maxBuffer: 64 << 20, timeout: TIMEOUT_MS });
    return r.stdout + r.stderr;
  } catch (e) {
    const err = e as { message: string; stdout?: string; stderr?: string };
    throw new Error(`ghdl ${args.slice(0, 3).join(' ')} failed: ${err.message}\n${(err.stderr ?? '').slice(0, 4000)}`);
  }
}

/** Case N (design + testbench, unchanged) into libN; one top instantiates every lib<N>.crc_tb. */
async function simulateGhdl(kernel: CrcKernel, batch: { id: number; c: StreamCase }[], std: '93c' | '08') {
  const generator = createCrcGenerator(kernel);
  const dir = mkdtempSync(join(tmpdir(), `bitsmith-crc-stream-ghdl${std}-`));
  try {
    const flags = [`--std=${std}`, `--workdir=${dir}`, `-P${dir}`];
    for (const { id, c } of batch) {
      writeFileSync(join(dir, `dut${id}.vhd`), generator.generate(c.config, 'vhdl').text);
      writeFileSync(join(dir, `case${id}.vhd`), generator.testbench(c.config, 'vhdl', { seed: c.seed }).text);
      await ghdl(['-a', ...flags, `--work=lib${id}`, `dut${id}.vhd`, `case${id}.vhd`], dir);
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
    const problems: string[] = [];
    for (const line of out.split('\n').filter((l) => l.includes(TB_FAIL))) {
      const c = batch.find(({ id }) => line.startsWith(`case${id}.vhd:`))?.c;
      problems.push(`${c ? `${c.name} (seed ${c.seed})` : '?'}: ${line.trim()}`);
    }
    const passes = out.split(TB_PASS).length - 1;
    if (passes !== batch.length) problems.push(`${passes} of ${batch.length} testbenches passed`);
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeWith(['iverilog', 'ghdl'], `CRC wide data path simulation (Icarus, GHDL; seed ${SEED})`, () => {
  it('covers every data width with every pipeline depth, partial and full words, and W > D', () => {
    for (const d of STREAM_DATA_WIDTHS) {
      for (let p = 0; p <= 3; p++) {
        expect(
          cases.some((c) => c.config.dataWidth === d && c.config.partialLastWord && c.config.pipelineStages === p),
        ).toBe(true);
      }
    }
    expect(cases.some((c) => c.config.params.width === 32 && c.config.dataWidth === 8)).toBe(true);
    expect(cases.some((c) => c.config.params.width === 64 && c.config.dataWidth === 16)).toBe(true);
    expect(new Set(cases.map((c) => c.config.params.refin))).toEqual(new Set([true, false]));
    expect(cases.flatMap(expectationProblems)).toEqual([]);
  });

  // Widest first, so the long ones overlap with the rest.
  const byCost = [...cases].sort(
    (a, b) => b.config.dataWidth * b.config.params.width - a.config.dataWidth * a.config.params.width,
  );
  for (const c of byCost) {
    it.concurrent(
      `Icarus: ${c.name}`,
      async () => {
        expect(await simulateIcarus(await loadKernel<CrcKernel>('crc'), c)).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }

  for (const std of ['93c', '08'] as const) {
    for (let b = 0; b < GHDL_BATCHES; b++) {
      const batch = cases.map((c, id) => ({ id, c })).filter(({ id }) => id % GHDL_BATCHES === b);
      it.concurrent(
        `GHDL --std=${std} batch ${b + 1}/${GHDL_BATCHES}: ${batch.length} designs`,
        async () => {
          expect(await simulateGhdl(await loadKernel<CrcKernel>('crc'), batch, std)).toEqual([]);
        },
        TIMEOUT_MS,
      );
    }
  }
});
