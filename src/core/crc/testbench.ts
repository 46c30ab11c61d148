/**
 * Self-checking stimulus for the generated `crc` module/entity: a scenario (reset, message words,
 * an idle cycle with crc_en low, an asynchronous reset, a second message) with the expected
 * crc_out after each phase from the independent bit-serial reference, and Verilog/VHDL
 * testbenches that print crc_out in binary as `<tag> <bits>` lines. Used by the HDL tests.
 */
import { finish, referenceCrcBits } from './reference';
import { parseHex, type CrcParams } from './params';
import { paramsOf, type PredefinedAlgorithm } from './catalogue';
import { seededRandom as prng } from '../hdl/random';

/** Deterministic PRNG so a failing case can be replayed from its seed (shared with the other HDL tests). */
export { prng };

export type Step = { kind: 'reset' } | { kind: 'word'; value: bigint; enable: boolean } | { kind: 'print'; tag: string };

export interface Scenario {
  width: number;
  dataWidth: number;
  steps: Step[];
  /** tag -> expected crc_out. */
  expected: Map<string, bigint>;
}


export const randomBits = (rand: () => number, n: number): number[] => Array.from({ length: n }, () => (rand() < 0.5 ? 0 : 1));

/**
 * The data_in word for D bits of the stream (time order): the first bit goes to data_in[D-1],
 * or to data_in[0] with refin (the generator's bit-order contract).
 */
export function wordOf(chunk: readonly number[], refin: boolean): bigint {
  const d = chunk.length;
  let v = 0n;
  chunk.forEach((bit, t) => {
    if (bit) v |= 1n << BigInt(refin ? t : d - 1 - t);
  });
  return v;
}

function feed(steps: Step[], bits: readonly number[], d: number, refin: boolean): void {
  for (let i = 0; i < bits.length; i += d) steps.push({ kind: 'word', value: wordOf(bits.slice(i, i + d), refin), enable: true });
}

/**
 * Reset; message1 (length a multiple of D); idle cycle with random data and crc_en low; an
 * asynchronous reset between clock edges; message2.
 */
export function buildScenario(p: CrcParams, d: number, message1: number[], message2: number[], idleWord: bigint): Scenario {
  const steps: Step[] = [];
  const expected = new Map<string, bigint>();
  steps.push({ kind: 'reset' }, { kind: 'print', tag: 'R' });
  expected.set('R', finish(p, p.init));
  feed(steps, message1, d, p.refin);
  steps.push({ kind: 'print', tag: 'A' });
  expected.set('A', referenceCrcBits(p, message1));
  steps.push({ kind: 'word', value: idleWord, enable: false }, { kind: 'print', tag: 'B' });
  expected.set('B', expected.get('A')!);
  steps.push({ kind: 'reset' });
  feed(steps, message2, d, p.refin);
  steps.push({ kind: 'print', tag: 'C' });
  expected.set('C', referenceCrcBits(p, message2));
  return { width: p.width, dataWidth: d, steps, expected };
}

/** Parses `<tag> <binary>` lines (optionally prefixed by an instance id) into values. */
export function parseOutput(stdout: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) ([01XUZxuz-]+)\s*$/.exec(line.trim());
    const [, tag, value] = m ?? [];
    if (tag?.startsWith(prefix) && value) out.set(tag.slice(prefix.length), value);
  }
  return out;
}

export const binary = (v: bigint, width: number): string => v.toString(2).padStart(width, '0');

export function verilogTestbench(s: Scenario): string {
  const { width: w, dataWidth: d } = s;
  const body = s.steps.map((st) => {
    if (st.kind === 'reset') return '    reset_pulse;';
    if (st.kind === 'print') return `    $display("${st.tag} %b", crc_out);`;
    return `    word(${d}'h${st.value.toString(16)}, 1'b${st.enable ? 1 : 0});`;
  });
  return [
    '`timescale 1ns/1ps',
    'module tb;',
    '  reg clk = 0, rst = 0, crc_en = 0;',
    `  reg [${d - 1}:0] data_in = 0;`,
    `  wire [${w - 1}:0] crc_out;`,
    '  crc dut (.clk(clk), .rst(rst), .crc_en(crc_en), .data_in(data_in), .crc_out(crc_out));',
    `  task word(input [${d - 1}:0] v, input en);`,
    '    begin data_in = v; crc_en = en; #1 clk = 1; #1 clk = 0; #1; end',
    '  endtask',
    '  task reset_pulse;',
    '    begin rst = 1; #1 rst = 0; #1; end',
    '  endtask',
    '  initial begin',
    ...body,
    '    $finish;',
    '  end',
    'endmodule',
    '',
  ].join('\n');
}

/**
 * One VHDL testbench for many designs, each analysed unchanged into its own library `lib<id>`
 * and instantiated as `entity lib<id>.crc` in its own block. Lines are `<id>:<tag> <bits>`.
 */
export function vhdlBatchTestbench(cases: { id: number; scenario: Scenario }[]): string {
  const blocks = cases.map(({ id, scenario: s }) => {
    const body = s.steps.map((st) => {
      if (st.kind === 'reset') return "      rst <= '1'; wait for 1 ns; rst <= '0'; wait for 1 ns;";
      if (st.kind === 'print') return `      emit("${id}:${st.tag}", crc_out);`;
      return `      data_in <= "${binary(st.value, s.dataWidth)}"; crc_en <= '${st.enable ? 1 : 0}'; wait for 1 ns; clk <= '1'; wait for 1 ns; clk <= '0'; wait for 1 ns;`;
    });
    return [
      `  b${id}: block`,
      "    signal clk, rst, crc_en : std_logic := '0';",
      `    signal data_in : std_logic_vector(${s.dataWidth - 1} downto 0) := (others => '0');`,
      `    signal crc_out : std_logic_vector(${s.width - 1} downto 0);`,
      '  begin',
      `    dut: entity lib${id}.crc port map (clk => clk, rst => rst, crc_en => crc_en, data_in => data_in, crc_out => crc_out);`,
      '    process',
      '    begin',
      ...body,
      '      wait;',
      '    end process;',
      `  end block b${id};`,
    ].join('\n');
  });
  return [
    'library ieee;',
    'use ieee.std_logic_1164.all;',
    'use std.textio.all;',
    ...cases.map(({ id }) => `library lib${id};`),
    '',
    'entity tb is',
    'end entity tb;',
    '',
    'architecture sim of tb is',
    '  procedure emit(tag : string; v : std_logic_vector) is',
    '    variable l : line;',
    '    variable img : string(1 to 3);',
    '  begin',
    '    write(l, tag);',
    "    write(l, ' ');",
    '    for i in v\'range loop',
    "      img := std_logic'image(v(i));",
    '      write(l, img(2));',
    '    end loop;',
    '    writeline(output, l);',
    '  end procedure;',
    'begin',
    ...blocks,
    'end architecture sim;',
    '',
  ].join('\n');
}

export interface SimulationCase {
  name: string;
  params: CrcParams;
  dataWidth: number;
  /** The catalogue check value when message1 is "123456789" (D divides 72). */
  check?: bigint;
  scenario: Scenario;
}

/** "123456789" as a bit stream in time order. */
export function checkStream(refin: boolean): number[] {
  const bits: number[] = [];
  for (const b of new TextEncoder().encode('123456789')) for (let k = 0; k < 8; k++) bits.push((b >> (refin ? k : 7 - k)) & 1);
  return bits;
}

/**
 * One case: message1 is "123456789" when D divides 72 (so crc_out must equal the check value),
 * otherwise `words` random D-bit words; message2 is two random words.
 */
export function simulationCase(name: string, params: CrcParams, dataWidth: number, rand: () => number, check?: bigint, words = 3): SimulationCase {
  const usesCheck = 72 % dataWidth === 0;
  const message1 = usesCheck ? checkStream(params.refin) : randomBits(rand, dataWidth * words);
  const message2 = randomBits(rand, dataWidth * 2);
  const idle = wordOf(randomBits(rand, dataWidth), false);
  return { name, params, dataWidth, check: usesCheck ? check : undefined, scenario: buildScenario(params, dataWidth, message1, message2, idle) };
}

/** Data widths every catalogue algorithm is simulated at (1, 8, 12, 72 divide 72: check value). */
export const SMALL_DATA_WIDTHS = [1, 8, 12, 33, 72];

/**
 * Every algorithm at SMALL_DATA_WIDTHS; for wide buses, per CRC width the first algorithm at 512
 * and the last at 1024 (both when a width has one algorithm), so every width sees both.
 */
export function catalogueSimulationCases(algorithms: PredefinedAlgorithm[], seed: number): SimulationCase[] {
  const rand = prng(seed);
  const cases: SimulationCase[] = [];
  const byWidth = new Map<number, PredefinedAlgorithm[]>();
  for (const a of algorithms) byWidth.set(a.width, [...(byWidth.get(a.width) ?? []), a]);
  for (const a of algorithms) {
    const p = paramsOf(a);
    const check = parseHex(a.check)!;
    for (const d of SMALL_DATA_WIDTHS) cases.push(simulationCase(a.name, p, d, rand, check));
    const group = byWidth.get(a.width)!;
    if (a === group[0]) cases.push(simulationCase(a.name, p, 512, rand, check, 2));
    if (a === group[group.length - 1]) cases.push(simulationCase(a.name, p, 1024, rand, check, 2));
  }
  return cases;
}

/**
 * Random parameter sets the catalogue does not have: widths 1..67 (always including 1, 64..67),
 * polynomials with and without x^0, any init/refin/refout/xorout, data widths 1..1024.
 */
export function randomSimulationCases(count: number, seed: number): SimulationCase[] {
  const rand = prng(seed);
  const big = (bits: number) => {
    let v = 0n;
    for (let i = 0; i < bits; i++) if (rand() < 0.5) v |= 1n << BigInt(i);
    return v;
  };
  const fixedWidths = [1, 2, 64, 65, 66, 67];
  const fixedData = [1, 7, 9, 67, 100, 1024];
  return Array.from({ length: count }, (_, n) => {
    const width = fixedWidths[n] ?? 1 + Math.floor(rand() * 67);
    const dataWidth = fixedData[n] ?? (rand() < 0.15 ? 500 + Math.floor(rand() * 525) : 1 + Math.floor(rand() * 80));
    const params: CrcParams = { width, poly: big(width), init: big(width), refin: rand() < 0.5, refout: rand() < 0.5, xorout: big(width) };
    return simulationCase(`random W=${width} poly=0x${params.poly.toString(16)}`, params, dataWidth, rand, undefined, 3);
  });
}
