/**
 * FIFO generator in real simulators: every preset, every combination of the behavioural options,
 * widths and depths beyond the spec (depths not powers of two, 131072 words, 1024 bits with ECC)
 * and randomised configurations, each run with its generated self-checking testbench in Icarus
 * Verilog and GHDL (VHDL-93 and -2008). The testbenches check reset values, first-word (FWFT)
 * timing, fill to full, drain to empty, every flag against the model after every word, overflow
 * and underflow attempts, packet commit/discard, ECC injection and random traffic.
 * VHDL runs are batched: many renamed testbenches elaborate under one top entity. The presets and
 * the 64 combinations also run under iverilog -g2012, whose time 0 differs (tests/harness/hdl.ts).
 */
import { expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { simulateVerilog, simulateVhdl, type VerilogStandard } from '../harness/hdl';
import { describeWith } from '../harness/system';
import { TEST_SEED, testRandom } from '../cases/seed';
import {
  DEFAULT_FIFO_CONFIG,
  FIFO_PRESETS,
  fifoGenerator,
  TB_PASS,
  type FifoConfig,
  type FifoTestbenchOptions,
} from '../../src/core/hdl/fifo';
import { eccCodewordWidth } from '../../src/core/hdl/fifo/ecc';
import type { HdlLanguage } from '../../src/core/hdl/contract';

const generateFifo = (c: FifoConfig, language: HdlLanguage) => fifoGenerator.generate(c, language).text;
const generateFifoTestbench = (c: FifoConfig, language: HdlLanguage, o?: FifoTestbenchOptions) =>
  fifoGenerator.testbench(c, language, o).text;

interface Case {
  name: string;
  config: FifoConfig;
  tb?: FifoTestbenchOptions;
}

const passCount = (out: string) => out.split(TB_PASS).length - 1;

async function runVerilog(c: Case, standard: VerilogStandard = '2005'): Promise<void> {
  const r = await simulateVerilog(
    {
      'fifo_module.v': generateFifo(c.config, 'verilog'),
      'fifo_module_tb.v': generateFifoTestbench(c.config, 'verilog', c.tb),
    },
    'fifo_module_tb',
    undefined,
    standard,
  );
  const out = r.stdout + r.stderr;
  expect(out, `${c.name}: ${JSON.stringify(c.config)}\n${out.slice(-3000)}`).not.toMatch(/ERROR|FAIL/);
  expect(passCount(out), c.name).toBe(1);
}

/** All cases in one GHDL simulation: design k is renamed fifo_k, its testbench fifo_k_tb. Returns GHDL's output. */
async function runVhdlBatch(cases: Case[], std: '93c' | '08'): Promise<string> {
  const files: Record<string, string> = {};
  cases.forEach((c, k) => {
    files[`fifo_${k}.vhd`] = generateFifo(c.config, 'vhdl').replaceAll('fifo_module', `fifo_${k}`);
    files[`fifo_${k}_tb.vhd`] = generateFifoTestbench(c.config, 'vhdl', c.tb).replaceAll('fifo_module', `fifo_${k}`);
  });
  files['all_tb.vhd'] = [
    'entity all_tb is',
    'end entity all_tb;',
    'architecture sim of all_tb is',
    'begin',
    ...cases.map((_, k) => `  u${k} : entity work.fifo_${k}_tb;`),
    'end architecture sim;',
    '',
  ].join('\n');
  let out: string;
  try {
    const r = await simulateVhdl(files, 'all_tb', std);
    out = r.stdout + r.stderr;
  } catch (e) {
    // Name the failing configurations: GHDL prefixes reports with the testbench file name.
    const msg = (e as Error).message;
    const failed = [...new Set([...msg.matchAll(/fifo_(\d+)_tb\.vhd/g)].map((m) => Number(m[1])))];
    throw new Error(
      `${failed.map((k) => `${cases[k]?.name}: ${JSON.stringify(cases[k]?.config)}`).join('\n')}\n${msg.slice(-4000)}`,
    );
  }
  expect(out).not.toMatch(/ERROR|FAIL/);
  expect(passCount(out)).toBe(cases.length);
  return out;
}

/**
 * Synthesises each design with GHDL's own synthesiser (ghdl --synth): proves the VHDL is
 * synthesisable and returns GHDL's notes per case (they name the RAMs it inferred).
 */
async function synthesiseVhdl(cases: Case[]): Promise<string[]> {
  const exec = promisify(execFile);
  const dir = mkdtempSync(join(tmpdir(), 'bitsmith-fifo-synth-'));
  try {
    const paths = cases.map((c, k) => {
      const path = join(dir, `fifo_${k}.vhd`);
      writeFileSync(path, generateFifo(c.config, 'vhdl').replaceAll('fifo_module', `fifo_${k}`));
      return path;
    });
    const flags = ['--std=08', `--workdir=${dir}`];
    await exec('ghdl', ['-a', ...flags, ...paths], { cwd: dir });
    const notes: string[] = [];
    for (const [k, { name, config }] of cases.entries()) {
      try {
        const r = await exec('ghdl', ['--synth', ...flags, `fifo_${k}`], { cwd: dir, maxBuffer: 64 << 20 });
        notes.push(r.stderr);
      } catch (e) {
        throw new Error(
          `${name}: ${JSON.stringify(config)}\n${(e as { stderr?: string }).stderr ?? (e as Error).message}`,
        );
      }
    }
    return notes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A hand-written testbench in the usual style (inputs change just after the rising edge, rd_en
 * and wr_en held high for whole bursts), independent of the generated one: burst-write until
 * full, burst-read until empty, then simultaneous streaming; data checked in order.
 */
function burstTestbench(c: FifoConfig): string {
  const async = c.clockingMode === 'async';
  const fwft = c.readMode === 'fwft';
  const W = async ? 'wr_clk' : 'clk';
  const R = async ? 'rd_clk' : 'clk';
  const ports = [
    'rst',
    'wr_en',
    'din',
    'full',
    'rd_en',
    'dout',
    'empty',
    'valid',
    ...(async ? ['wr_clk', 'rd_clk'] : ['clk']),
  ];
  if (c.enablePacketMode) ports.push('wr_last', 'wr_discard');
  if (c.enableECC) ports.push('inject_sbit_err', 'inject_dbit_err');
  return `\`timescale 1ns / 1ps
module burst_tb;
  reg clk = 0, wr_clk = 0, rd_clk = 0, rst = 1, wr_en = 0, rd_en = 0;
  reg wr_last = 1, wr_discard = 0, inject_sbit_err = 0, inject_dbit_err = 0;
  reg [${c.dataWidth - 1}:0] din = 0;
  wire [${c.dataWidth - 1}:0] dout;
  wire full, empty, valid;
  integer written = 0, read = 0, errors = 0, cycles;
  always #5 clk = ~clk;
  always #3.1 wr_clk = ~wr_clk;
  always #8.3 rd_clk = ~rd_clk;
  fifo_module dut (${ports.map((p) => `.${p}(${p})`).join(', ')});
  // Reader: a word is taken when ${fwft ? 'rd_en && !empty at the edge (FWFT)' : 'valid is high'}.
  always @(posedge ${R}) begin
    if (${fwft ? 'rd_en && !empty' : 'valid'}) begin
      if (dout !== read[${c.dataWidth - 1}:0] + 8'd7) begin errors = errors + 1; $display("ERROR read %0d got %h", read, dout); end
      read = read + 1;
    end
  end
  initial begin
    repeat (5) @(posedge ${W});
    repeat (5) @(posedge ${R});
    #1 rst = 0;
    // burst write until full stays high
    cycles = 0;
    while (cycles < 40) begin
      @(posedge ${W}); #1;
      if (wr_en && !full_seen) written = written + 1;
      wr_en = !full; din = written + 7; full_seen = full;
      cycles = full ? cycles + 1 : 0;
    end
    wr_en = 0;
    if (written !== ${c.fifoDepth}) begin errors = errors + 1; $display("ERROR burst wrote %0d words before full", written); end
    // burst read with rd_en held high
    @(posedge ${R}); #1 rd_en = 1;
    cycles = 0;
    while (read < written && cycles < ${c.fifoDepth * 4 + 100}) begin @(posedge ${R}); cycles = cycles + 1; end
    #1 rd_en = 0;
    repeat (20) @(posedge ${R});
    if (read !== written || !empty) begin errors = errors + 1; $display("ERROR burst read %0d of %0d, empty=%b", read, written, empty); end
    // stream: both enables high at once for a while
    fork
      begin : writer
        repeat (${c.fifoDepth * 3}) begin @(posedge ${W}); #1; if (wr_en && !full_seen) written = written + 1; wr_en = !full; din = written + 7; full_seen = full; end
        @(posedge ${W}); #1; if (wr_en && !full_seen) written = written + 1; wr_en = 0;
      end
      begin : reader
        #1 rd_en = 1;
      end
    join
    cycles = 0;
    while (read < written && cycles < ${c.fifoDepth * 4 + 200}) begin @(posedge ${R}); cycles = cycles + 1; end
    #1 rd_en = 0;
    if (read !== written) begin errors = errors + 1; $display("ERROR stream read %0d of %0d", read, written); end
    if (errors == 0) $display("BURST PASS %0d words", read); else $display("BURST FAIL");
    $finish;
  end
  reg full_seen = 0;
endmodule
`;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/**
 * A watcher in both languages: bursts of 1..4 words into an empty FIFO, then a drain, while every
 * read clock edge checks that empty implies almost_empty (a FIFO with no readable word is almost
 * empty). The generated testbenches only look at the flags once they have settled.
 */
function emptyWatchVerilog(c: FifoConfig): string {
  const async = c.clockingMode === 'async';
  const clocks = async ? '.wr_clk(wclk), .rd_clk(rclk)' : '.clk(wclk)';
  return `\`timescale 1ns / 1ps
module watch_tb;
  reg wclk = 0, rclk = 0, rst = 1, wr_en = 0, rd_en = 0;
  reg [${c.dataWidth - 1}:0] din = 0;
  wire [${c.dataWidth - 1}:0] dout;
  wire full, almost_full, empty, almost_empty, valid;
  integer errors = 0, n, k;
  always #5 wclk = ~wclk;
  ${async ? 'always #7.3 rclk = ~rclk;' : 'always @(wclk) rclk = wclk;'}
  fifo_module dut (${clocks}, .rst(rst), .wr_en(wr_en), .din(din), .full(full), .almost_full(almost_full),
    .rd_en(rd_en), .dout(dout), .valid(valid), .empty(empty), .almost_empty(almost_empty));
  always @(posedge rclk) #1 if (!rst && empty && !almost_empty) begin
    errors = errors + 1;
    $display("ERROR at %0t: empty=1 but almost_empty=0", $time);
  end
  initial begin
    repeat (4) @(posedge rclk);
    #1 rst = 0;
    for (n = 1; n <= 4; n = n + 1) begin
      for (k = 0; k < n; k = k + 1) begin @(posedge wclk); #1 wr_en = 1; din = k; end
      @(posedge wclk); #1 wr_en = 0;
      repeat (8) @(posedge rclk);
      #1 rd_en = 1;
      repeat (3 * n + 8) @(posedge rclk);
      #1 rd_en = 0;
    end
    if (errors == 0) $display("WATCH PASS");
    $finish;
  end
endmodule
`;
}

function emptyWatchVhdl(c: FifoConfig): string {
  const async = c.clockingMode === 'async';
  const clocks = async ? 'wr_clk => wclk, rd_clk => rclk' : 'clk => wclk';
  return `library ieee;
use ieee.std_logic_1164.all;
entity watch_tb is
end entity watch_tb;
architecture sim of watch_tb is
  signal wclk, rclk, wr_en, rd_en, full, almost_full, empty, almost_empty, valid, done : std_logic := '0';
  signal rst : std_logic := '1';
  signal din, dout : std_logic_vector(${c.dataWidth - 1} downto 0) := (others => '0');
begin
  wclk <= not wclk after 5 ns when done = '0';
  ${async ? "rclk <= not rclk after 7.3 ns when done = '0';" : 'rclk <= wclk;'}
  dut : entity work.fifo_module port map (${clocks}, rst => rst, wr_en => wr_en, din => din, full => full,
    almost_full => almost_full, rd_en => rd_en, dout => dout, valid => valid, empty => empty,
    almost_empty => almost_empty);
  watch : process (rclk)
  begin
    if rising_edge(rclk) then
      assert rst = '1' or empty = '0' or almost_empty = '1' report "empty=1 but almost_empty=0" severity error;
    end if;
  end process watch;
  stimulus : process
  begin
    for i in 1 to 4 loop wait until rising_edge(rclk); end loop;
    wait for 1 ns; rst <= '0';
    for n in 1 to 4 loop
      for k in 0 to n - 1 loop wait until rising_edge(wclk); wait for 1 ns; wr_en <= '1'; end loop;
      wait until rising_edge(wclk); wait for 1 ns; wr_en <= '0';
      for i in 1 to 8 loop wait until rising_edge(rclk); end loop;
      wait for 1 ns; rd_en <= '1';
      for i in 1 to 3 * n + 8 loop wait until rising_edge(rclk); end loop;
      wait for 1 ns; rd_en <= '0';
    end loop;
    report "WATCH PASS";
    done <= '1';
    wait;
  end process stimulus;
end architecture sim;
`;
}

function withMode(c: Partial<FifoConfig>): FifoConfig {
  const config = { ...DEFAULT_FIFO_CONFIG, ...c };
  return { ...config, writeMode: config.enablePacketMode ? 'packet' : 'standard' };
}

/** Every combination of clocking, read mode, output register, reset, ECC and packet mode. */
function factorialCases(): Case[] {
  const r = testRandom(1);
  const cases: Case[] = [];
  for (let bits = 0; bits < 64; bits++) {
    const config = withMode({
      clockingMode: bits & 1 ? 'async' : 'sync',
      readMode: bits & 2 ? 'fwft' : 'standard',
      outputRegister: Boolean(bits & 4),
      resetType: bits & 8 ? 'sync' : 'async',
      enableECC: Boolean(bits & 16),
      enablePacketMode: Boolean(bits & 32),
      dataWidth: pick(r, [8, 16, 32] as const),
      fifoDepth: pick(r, [16, 32] as const),
      memoryType: pick(r, ['distributed', 'block_ram', 'registers'] as const),
      almostFullThreshold: between(r, 50, 95),
      almostEmptyThreshold: between(r, 5, 50),
    });
    cases.push({
      name: `combination ${bits}`,
      config,
      tb: { randomWords: 96, rdPeriodNs: 7.3 + (bits % 5) * 2.9, seed: between(r, 1, 1_000_000) },
    });
  }
  return cases;
}

const SEED = TEST_SEED;

/**
 * Random configurations over the whole option space: half the sizes from the spec's lists, half
 * any width 1..300 and depth 2..300 (capped to keep runs short).
 */
function randomCases(count: number): Case[] {
  const r = testRandom();
  return Array.from({ length: count }, (_, i) => ({
    name: `random ${i} (TEST_SEED=${SEED})`,
    config: withMode({
      dataWidth: r() < 0.5 ? pick(r, [8, 16, 32, 64, 128, 256] as const) : between(r, 1, 300),
      fifoDepth: r() < 0.5 ? pick(r, [16, 32, 64, 128] as const) : between(r, 2, 300),
      memoryType: pick(r, ['distributed', 'block_ram', 'registers'] as const),
      clockingMode: pick(r, ['sync', 'async'] as const),
      readMode: pick(r, ['standard', 'fwft'] as const),
      outputRegister: r() < 0.5,
      resetType: pick(r, ['async', 'sync'] as const),
      enableECC: r() < 0.5,
      enablePacketMode: r() < 0.5,
      almostFullThreshold: between(r, 50, 95),
      almostEmptyThreshold: between(r, 5, 50),
    }),
    tb: { wrPeriodNs: 3 + r() * 17, rdPeriodNs: 3 + r() * 17, randomWords: 200, seed: between(r, 1, 1_000_000) },
  }));
}

const presetCases: Case[] = FIFO_PRESETS.map((p) => ({
  name: `preset ${p.id}`,
  config: p.config,
  tb: { randomWords: 600 },
}));

/** Asynchronous clocks far apart in both directions, with every read/packet flavour. */
const asyncCases: Case[] = [
  { wr: 4.1, rd: 15.3 },
  { wr: 17.9, rd: 3.7 },
].flatMap(({ wr, rd }) =>
  (['standard', 'fwft'] as const).map((readMode) => ({
    name: `async wr ${wr} ns / rd ${rd} ns ${readMode}`,
    config: withMode({
      clockingMode: 'async',
      readMode,
      dataWidth: 16,
      fifoDepth: 32,
      enablePacketMode: readMode === 'fwft',
      enableECC: true,
    }),
    tb: { wrPeriodNs: wr, rdPeriodNs: rd, randomWords: 400, seed: SEED },
  })),
);

/**
 * Beyond the spec's lists: depths that are not powers of two (3, 5, 100, 1000), the smallest depth
 * (2), widths 1, 33 and 1024 (with ECC), sync and async, FWFT and standard. Random traffic moves
 * more than twice the depth, so every pointer wraps at least once.
 */
const extendedCases: Case[] = (
  [
    [3, 1, { outputRegister: false, enablePacketMode: true }],
    [3, 8, { clockingMode: 'async', readMode: 'fwft', enableECC: true }],
    [5, 33, { readMode: 'fwft', enablePacketMode: true }],
    [5, 1, { clockingMode: 'async', enableECC: true, resetType: 'sync' }],
    [2, 16, { clockingMode: 'async', readMode: 'fwft', enablePacketMode: true }],
    [100, 33, { enableECC: true, memoryType: 'distributed' }],
    [100, 16, { clockingMode: 'async', readMode: 'fwft', enablePacketMode: true, outputRegister: false }],
    [1000, 1, { readMode: 'fwft', almostFullThreshold: 95, almostEmptyThreshold: 5 }],
    [1000, 33, { clockingMode: 'async', memoryType: 'registers' }],
    [16, 1024, { clockingMode: 'async', readMode: 'fwft' }],
    [5, 1024, { readMode: 'fwft', enableECC: true }],
  ] as const
).map(([fifoDepth, dataWidth, over], i) => ({
  name: `extended ${dataWidth}x${fifoDepth} ${JSON.stringify(over)}`,
  config: withMode({ ...over, fifoDepth, dataWidth }),
  tb: { randomWords: Math.max(100, 2 * fifoDepth + 100), rdPeriodNs: 7.3 + i * 1.7, seed: SEED + i },
}));

/** The deepest FIFO (131072 x 1): flags checked near the ends and thresholds, pointers past the wrap. */
const deepCase: Case = {
  name: 'deep 1x131072',
  config: withMode({ dataWidth: 1, fifoDepth: 131072, memoryType: 'block_ram' }),
  tb: { randomWords: 300, sparseChecks: true, seed: SEED },
};

async function inPairs<T>(items: T[], fn: (t: T) => Promise<void>): Promise<void> {
  const queue = items.slice();
  await Promise.all(
    [0, 1].map(async () => {
      for (let t = queue.shift(); t !== undefined; t = queue.shift()) await fn(t);
    }),
  );
}

describeWith(['iverilog', 'ghdl'], 'FIFO generator in Icarus Verilog and GHDL', () => {
  it('every preset passes its self-checking testbench in Icarus Verilog', async () => {
    await inPairs(presetCases, runVerilog);
  }, 180_000);

  it('every preset and all 64 combinations also pass under iverilog -g2012 (SystemVerilog time 0)', async () => {
    await inPairs([...presetCases, ...factorialCases()], (c) => runVerilog(c, '2012'));
  }, 240_000);

  it('every preset passes in GHDL, VHDL-93 and VHDL-2008', async () => {
    await Promise.all([runVhdlBatch(presetCases, '93c'), runVhdlBatch(presetCases, '08')]);
  }, 240_000);

  it('the VHDL simulates without NUMERIC_STD "metavalue detected" warnings at time 0', async () => {
    // Every design printed 8 of them before its reset (and stopped there under --assert-level=warning).
    const cases: Case[] = [
      ...presetCases,
      {
        name: 'async 5 words, sync reset, FWFT, ECC, packet',
        config: withMode({
          clockingMode: 'async',
          fifoDepth: 5,
          resetType: 'sync',
          readMode: 'fwft',
          enableECC: true,
          enablePacketMode: true,
        }),
      },
      {
        name: 'sync 3 words, sync reset',
        config: withMode({ fifoDepth: 3, resetType: 'sync', outputRegister: false }),
      },
    ];
    const out = await runVhdlBatch(cases, '93c');
    expect(out).not.toMatch(/metavalue/);
  }, 240_000);

  it('all 64 combinations of clocking, read mode, output register, reset, ECC and packet mode (Verilog)', async () => {
    await inPairs(factorialCases(), runVerilog);
  }, 240_000);

  it('all 64 combinations in GHDL (VHDL-93)', async () => {
    await runVhdlBatch(factorialCases(), '93c');
  }, 240_000);

  it('a hand-written burst testbench in the usual style agrees (Icarus)', async () => {
    const cases: FifoConfig[] = [];
    for (const clockingMode of ['sync', 'async'] as const) {
      for (const readMode of ['standard', 'fwft'] as const) {
        for (const outputRegister of [false, true])
          cases.push(
            withMode({
              clockingMode,
              readMode,
              outputRegister,
              dataWidth: 16,
              fifoDepth: 32,
              enableECC: outputRegister,
            }),
          );
      }
    }
    await inPairs(cases, async (config) => {
      const r = await simulateVerilog(
        { 'fifo_module.v': generateFifo(config, 'verilog'), 'burst_tb.v': burstTestbench(config) },
        'burst_tb',
      );
      expect(r.stdout, JSON.stringify(config)).toContain('BURST PASS');
      expect(r.stdout).not.toContain('ERROR');
    });
  }, 120_000);

  it('FWFT: empty always comes with almost_empty, also while a word is on its way to dout', async () => {
    const cases: FifoConfig[] = [];
    for (const clockingMode of ['sync', 'async'] as const)
      for (const outputRegister of [false, true])
        cases.push(
          withMode({ clockingMode, outputRegister, readMode: 'fwft', fifoDepth: 16, almostEmptyThreshold: 5 }),
        );
    await inPairs(cases, async (config) => {
      const files = { 'fifo_module.v': generateFifo(config, 'verilog'), 'watch_tb.v': emptyWatchVerilog(config) };
      const v = await simulateVerilog(files, 'watch_tb');
      expect(v.stdout, `Verilog ${JSON.stringify(config)}`).not.toContain('ERROR');
      expect(v.stdout).toContain('WATCH PASS');
      const vhdl = { 'fifo_module.vhd': generateFifo(config, 'vhdl'), 'watch_tb.vhd': emptyWatchVhdl(config) };
      const h = await simulateVhdl(vhdl, 'watch_tb');
      expect(h.stdout + h.stderr, `VHDL ${JSON.stringify(config)}`).not.toContain('almost_empty=0');
      expect(h.stdout + h.stderr).toContain('WATCH PASS');
    });
  }, 120_000);

  it('all 64 combinations synthesise with ghdl --synth, which infers the memory as a RAM', async () => {
    const cases = factorialCases();
    const notes = await synthesiseVhdl(cases);
    cases.forEach(({ name, config: c }, k) => {
      const width = c.enableECC ? eccCodewordWidth(c.dataWidth) : c.dataWidth;
      expect(notes[k], name).toMatch(new RegExp(`found RAM "mem", width: ${width} bits, depth: ${c.fifoDepth}`));
    });
  }, 240_000);

  it('asynchronous clocks of unrelated periods, write faster and read faster', async () => {
    await Promise.all([inPairs(asyncCases, runVerilog), runVhdlBatch(asyncCases, '08')]);
  }, 240_000);

  it('ECC at depth 2 with a read clock faster than the write clock: the testbench waits for the reads to reach the write side', async () => {
    // The ECC phase fills a depth-2 FIFO, reads both words and writes again: before the write
    // clock had seen the reads, full was still (rightly) high and the testbench reported a FAIL.
    const cases: Case[] = (['standard', 'fwft'] as const).map((readMode, i) => ({
      name: `ECC 2 words async ${readMode} wr 10 ns / rd 3.3 ns`,
      config: withMode({ clockingMode: 'async', readMode, dataWidth: 2, fifoDepth: 2, enableECC: true }),
      tb: { wrPeriodNs: 10, rdPeriodNs: 3.3, seed: SEED + i },
    }));
    await Promise.all([inPairs(cases, runVerilog), runVhdlBatch(cases, '93c')]);
  }, 240_000);

  it('widths 1..1024, depths not powers of two, in Icarus and GHDL (VHDL-93; async also -2008)', async () => {
    const async08 = extendedCases.filter((c) => c.config.clockingMode === 'async' && c.config.dataWidth < 1024);
    await Promise.all([
      inPairs(extendedCases, runVerilog),
      runVhdlBatch(extendedCases, '93c'),
      runVhdlBatch(async08, '08'),
    ]);
  }, 240_000);

  it('a 131072-word FIFO fills, drains and wraps in Icarus and GHDL', async () => {
    await Promise.all([runVerilog(deepCase), runVhdlBatch([deepCase], '93c')]);
  }, 240_000);

  it('the extended sizes synthesise with ghdl --synth, the RAM at its exact depth', async () => {
    // A 1024-bit ECC FIFO takes ghdl --synth ~20 s: it is simulated above, not synthesised here.
    const cases = [...extendedCases.filter((c) => !(c.config.enableECC && c.config.dataWidth > 256)), deepCase];
    const notes = await synthesiseVhdl(cases);
    notes.forEach((n, k) => {
      const c = cases[k]!.config;
      const width = c.enableECC ? eccCodewordWidth(c.dataWidth) : c.dataWidth;
      expect(n, cases[k]!.name).toMatch(new RegExp(`found RAM "mem", width: ${width} bits, depth: ${c.fifoDepth}\\b`));
    });
  }, 240_000);

  it(`randomised configurations (TEST_SEED=${SEED}) in both languages`, async () => {
    const cases = randomCases(6);
    await Promise.all([inPairs(cases, runVerilog), runVhdlBatch(cases, '93c')]);
  }, 240_000);
});
