/**
 * The wide-data-path CRC (partial last word, pipelining; cases in tests/cases/crc-stream-cases.ts)
 * simulated with Icarus Verilog (-g2005 and -g2012) and GHDL (--std=93c and 08) against the
 * generator's own self-checking testbench, exactly as the page downloads it: a quiet start (the
 * inputs declared with the first beat's values), random packets back to back, every data_bytes
 * count ending a packet, partial and zero-byte beats inside packets, a reset with beats in
 * flight, crc_valid and crc_out checked after every clock edge with the pipeline's latency. What
 * each testbench expects is checked first against the independent bit-serial reference
 * (tests/oracles/crc-reference.ts). GHDL analyses each case into its own library and elaborates
 * one top for a whole batch, so a batch costs one elaboration and one run. A hand-written
 * testbench also starts quietly the way the issue reported it (stream and classic designs).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { simulateVerilog, VERILOG_STANDARDS, type VerilogStandard } from '../harness/hdl';
import { TEST_SEED } from '../cases/seed';
import { bitsOfWord, bytesToBits, referenceCrcBits, wordOf } from '../oracles/crc-reference';
import { streamCases, streamScenarioProblems, STREAM_DATA_WIDTHS, type StreamCase } from '../cases/crc-stream-cases';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import {
  createCrcGenerator,
  CRC_MODULE,
  isStreamConfig,
  MAX_PIPELINE_STAGES,
  streamScenario,
  TB_FAIL,
  TB_NAME,
  TB_PASS,
  type CrcConfig,
} from '../../src/core/hdl/crc';

const exec = promisify(execFile);
const SEED = TEST_SEED;
const cases = streamCases(SEED);
const TIMEOUT_MS = 900_000;
const GHDL_BATCHES = 2;

/** The testbench's expectations replayed with the bit-serial reference; returns disagreements. */
function expectationProblems(c: StreamCase): string[] {
  return streamScenarioProblems(c.config, streamScenario(c.config, { seed: c.seed })).map((p) => `${c.name}: ${p}`);
}

async function simulateIcarus(kernel: CrcKernel, c: StreamCase, standard: VerilogStandard): Promise<string[]> {
  const generator = createCrcGenerator(kernel);
  const dut = generator.generate(c.config, 'verilog');
  const tb = generator.testbench(c.config, 'verilog', { seed: c.seed });
  const files = { [dut.name]: dut.text, [tb.name]: tb.text };
  const { stdout } = await simulateVerilog(files, TB_NAME, TIMEOUT_MS, standard);
  return stdout.includes(TB_PASS) && !stdout.includes(TB_FAIL)
    ? []
    : [`${c.name} (seed ${c.seed}, -g${standard}): ${stdout.trim().split('\n').slice(-4).join(' | ')}`];
}

/**
 * A testbench that starts quietly, the way the issue reproduced the X: data_in (and data_bytes)
 * declared with the first word's values and never changed, a reset, the words clocked in (the
 * same count of valid bytes for each), the pipeline flushed; prints crc_out.
 */
function quietStartTestbench(config: CrcConfig, words: bigint[], bytes: number): string {
  const d = config.dataWidth;
  const stream = isStreamConfig(config);
  const partial = Boolean(config.partialLastWord);
  const b = partial ? Math.floor(Math.log2(d / 8)) + 1 : 0;
  const flush = config.pipelineStages ?? 0;
  const clock = (en: number, v: bigint) =>
    `    crc_en = ${en}; data_in = ${d}'h${v.toString(16)}; #1 clk = 1; #1 clk = 0; #1;`;
  return [
    'module quiet_tb;',
    "  reg clk = 1'b0, rst = 1'b0, crc_en = 1'b0, sop = 1'b0;",
    `  reg [${d - 1}:0] data_in = ${d}'h${words[0]!.toString(16)};`,
    ...(partial ? [`  reg [${b - 1}:0] data_bytes = ${b}'d${bytes};`] : []),
    `  wire [${config.params.width - 1}:0] crc_out;`,
    '  wire crc_valid;',
    `  ${CRC_MODULE} dut (.clk(clk), .rst(rst), .crc_en(crc_en), .data_in(data_in), .crc_out(crc_out)${stream ? ', .sop(sop), .crc_valid(crc_valid)' : ''}${partial ? ', .data_bytes(data_bytes)' : ''});`,
    '  initial begin',
    '    #1 rst = 1; #1 rst = 0; #1;',
    ...words.map((v) => clock(1, v)),
    ...Array.from({ length: flush }, () => clock(0, words[words.length - 1]!)),
    '    $display("QUIET crc_out=%h", crc_out);',
    '    $finish;',
    '  end',
    'endmodule',
    '',
  ].join('\n');
}

/** The issue's two reproductions, at every depth, and the classic design beside them. */
function quietStartCases(): { name: string; config: CrcConfig; words: bigint[]; bytes: number; want: bigint }[] {
  const params = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-32/ISO-HDLC')!);
  const check = wordOf(bytesToBits(new TextEncoder().encode('123456789'), params.refin), params.refin);
  const zeros = [0n, 0n];
  const cases = [];
  for (let p = 0; p <= MAX_PIPELINE_STAGES; p++) {
    // Two all-zero 64-bit words (the full-word design needs P >= 1; P = 0 is the classic one).
    cases.push({
      name: p ? `D=64 full words P=${p}, two zero words` : 'classic D=64, two zero words',
      config: { params, dataWidth: 64, pipelineStages: p },
      words: zeros,
      bytes: 8,
      want: 0xecbb4b55n,
    });
    cases.push({
      name: `D=64 partial P=${p}, two zero words, data_bytes 8`,
      config: { params, dataWidth: 64, partialLastWord: true, pipelineStages: p },
      words: zeros,
      bytes: 8,
      want: 0xecbb4b55n,
    });
    cases.push({
      name: `D=72 partial P=${p}, "123456789", data_bytes 9`,
      config: { params, dataWidth: 72, partialLastWord: true, pipelineStages: p },
      words: [check],
      bytes: 9,
      want: 0xcbf43926n,
    });
  }
  cases.push({
    name: 'classic D=72, "123456789"',
    config: { params, dataWidth: 72 },
    words: [check],
    bytes: 9,
    want: 0xcbf43926n,
  });
  return cases;
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
    for (const standard of VERILOG_STANDARDS) {
      it.concurrent(
        `Icarus -g${standard}: ${c.name}`,
        async () => {
          expect(await simulateIcarus(await loadKernel<CrcKernel>('crc'), c, standard)).toEqual([]);
        },
        TIMEOUT_MS,
      );
    }
  }

  it.concurrent(
    'starts quietly: inputs unchanged from their declared values until the first beat (-g2005 and -g2012)',
    async () => {
      const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
      const problems: string[] = [];
      for (const q of quietStartCases()) {
        const bits = q.words.flatMap((v) =>
          bitsOfWord(v, q.config.dataWidth, q.config.params.refin).slice(0, 8 * q.bytes),
        );
        expect(referenceCrcBits(q.config.params, bits), q.name).toBe(q.want);
        const dut = generator.generate(q.config, 'verilog');
        const files = { [dut.name]: dut.text, 'quiet_tb.v': quietStartTestbench(q.config, q.words, q.bytes) };
        for (const standard of VERILOG_STANDARDS) {
          const { stdout } = await simulateVerilog(files, 'quiet_tb', TIMEOUT_MS, standard);
          const got = /QUIET crc_out=(\S+)/.exec(stdout)?.[1];
          if (got !== q.want.toString(16).padStart(8, '0')) problems.push(`${q.name} -g${standard}: crc_out ${got}`);
        }
      }
      expect(problems).toEqual([]);
    },
    TIMEOUT_MS,
  );

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

describeWith(['ghdl'], 'CRC stream VHDL: GHDL analysis warnings', () => {
  // The pipelined table index (bytes_p1) was 'U' until the reset: at time 0 its to_integer made
  // GHDL print "NUMERIC_STD.TO_INTEGER: metavalue detected, returning 0" with every testbench.
  it.concurrent(
    'a pipelined partial-last-word design runs its testbench without metavalue warnings (93c and 08)',
    async () => {
      const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
      const params = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-16/ARC')!);
      const config = { params, dataWidth: 16, partialLastWord: true, pipelineStages: 2 };
      const dir = mkdtempSync(join(tmpdir(), 'bitsmith-ghdl-meta-'));
      try {
        const files = [generator.generate(config, 'vhdl'), generator.testbench(config, 'vhdl')];
        for (const f of files) writeFileSync(join(dir, f.name), f.text);
        for (const std of ['93c', '08']) {
          const flags = [`--std=${std}`, `--workdir=${dir}`];
          await ghdl(['-a', ...flags, ...files.map((f) => f.name)], dir);
          await ghdl(['-e', ...flags, TB_NAME], dir);
          const out = await ghdl(['-r', ...flags, TB_NAME], dir);
          expect(out, `--std=${std}`).toContain(TB_PASS);
          expect(out, `--std=${std}`).not.toContain('metavalue');
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT_MS,
  );

  // D/8 + 1 table entries fill adv_table_t (0 to 2^B - 1) exactly when D/8 is 2^B - 1 (D = 8, 24,
  // 56, 120, ...): an 'others' choice there is redundant and ghdl -Wothers says so.
  for (const dataWidth of [8, 16, 24, 56, 64]) {
    it.concurrent(
      `D=${dataWidth} partial last word analyses without warnings (-Wothers -Wunused, 93c and 08)`,
      async () => {
        const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
        const params = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-16/ARC')!);
        const file = generator.generate({ params, dataWidth, partialLastWord: true, pipelineStages: 1 }, 'vhdl');
        const dir = mkdtempSync(join(tmpdir(), 'bitsmith-ghdl-warn-'));
        try {
          writeFileSync(join(dir, file.name), file.text);
          for (const std of ['93c', '08']) {
            const r = await exec('ghdl', ['-a', `--std=${std}`, '-Wothers', '-Wunused', file.name], { cwd: dir });
            expect(r.stderr, `--std=${std}`).toBe('');
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      TIMEOUT_MS,
    );
  }
});
