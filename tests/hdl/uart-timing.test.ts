/**
 * TX bit timing of the generated UART, measured in simulation: a harness (independent of the
 * generated testbench) queues a few words back to back, logs the time of every txd edge, and the
 * test compares the edges with the ideal waveform: start bit, data LSB first, parity, stop bits,
 * each exactly BAUD_DIV x OVERSAMPLING clock cycles, the next start bit right after the last stop
 * bit (issue 19: the last stop bit used to last one clock longer).
 */
import { expect, it } from 'vitest';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import { describeWith } from '../harness/system';
import { baudCounter, DEFAULT_UART, fastClockFor, randomWords, type UartConfig } from '../../src/core/hdl/uart';
import { uartGenerator } from '../../src/core/hdl/uart';
import { TEST_SEED } from '../cases/seed';

const CLOCK_NS = 10;
const RESET_CYCLES = 4;

interface Run {
  name: string;
  config: UartConfig;
  /** The clock the harness gives the design (CLK_FREQ override). */
  clockFreq: number;
  words: number[];
}

const parityCode = { none: 0, even: 1, odd: 2 } as const;

/** The ideal txd level of every bit of the frames, in order. */
function idealBits(c: UartConfig, words: number[]): number[] {
  return words.flatMap((w) => {
    const data = Array.from({ length: c.dataBits }, (_, i) => (w >> i) & 1);
    const ones = data.reduce((a, b) => a + b, 0);
    const parity = c.parity === 'none' ? [] : [(ones + (c.parity === 'odd' ? 1 : 0)) % 2];
    return [0, ...data, ...parity, ...Array<number>(c.stopBits).fill(1)];
  });
}

/** Ideal edges, in clock cycles after the first start edge, and the level after each. */
function idealEdges(bits: number[], bitClks: number): string[] {
  const edges: string[] = [];
  let level = 1;
  bits.forEach((b, i) => {
    if (b !== level) edges.push(`${i * bitClks} ${b}`);
    level = b;
  });
  return edges;
}

/** Measured edges from the first start bit on, in clock cycles after it (reset is not a frame). */
function measuredEdges(log: string): string[] {
  const all = [...log.matchAll(/EDGE (\d+) '?([01])/g)].map((m) => [Number(m[1]) / CLOCK_NS, m[2]] as const);
  const edges = all.slice(
    Math.max(
      0,
      all.findIndex(([, v]) => v === '0'),
    ),
  );
  const first = edges[0]?.[0] ?? 0;
  return edges.map(([t, v]) => `${t - first} ${v}`);
}

function runCycles(r: Run): number {
  const bitClks = baudCounter({ ...r.config, clockFreq: r.clockFreq }) * r.config.oversampling;
  return RESET_CYCLES + r.words.length + idealBits(r.config, r.words).length * bitClks + 4 * bitClks;
}

function verilogHarness(r: Run): string {
  const c = r.config;
  const writes = r.words.map((w) => `        tx_data = ${w}; tx_wr_en = 1; @(negedge clk);`).join('\n');
  return `\`timescale 1ns / 1ps
module timing_tb;
    reg clk = 1'b0, rst = 1'b1, tx_wr_en = 1'b0;
    reg [${c.dataBits - 1}:0] tx_data = 0;
    wire txd;
    always #${CLOCK_NS / 2} clk = ~clk;
    uart_module #(.CLK_FREQ(${r.clockFreq})) dut (
        .clk(clk), .rst(rst), .tx_data(tx_data), .tx_wr_en(tx_wr_en), .txd(txd), .rxd(1'b1), .rx_rd_en(1'b0)
    );
    always @(txd) $display("EDGE %0d %b", $time, txd);
    initial begin
        repeat (${RESET_CYCLES}) @(negedge clk);
        rst = 1'b0;
${writes}
        tx_wr_en = 0;
        repeat (${runCycles(r)}) @(negedge clk);
        $display("DONE");
        $finish;
    end
endmodule
`;
}

function vhdlHarness(r: Run): string {
  const c = r.config;
  const writes = r.words
    .map(
      (w) =>
        `    tx_data <= std_logic_vector(to_unsigned(${w}, ${c.dataBits})); tx_wr_en <= '1';\n` +
        '    wait until falling_edge(clk);',
    )
    .join('\n');
  return `library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity timing_tb is
end entity timing_tb;

architecture sim of timing_tb is
  signal clk, tx_wr_en, txd : std_logic := '0';
  signal rst : std_logic := '1';
  signal tx_data : std_logic_vector(${c.dataBits - 1} downto 0) := (others => '0');
  signal done : boolean := false;
begin
  clk <= not clk after ${CLOCK_NS / 2} ns when not done;
  dut : entity work.uart_module
    generic map (CLK_FREQ => ${r.clockFreq}, BAUD_RATE => ${c.baudRate}, OVERSAMPLING => ${c.oversampling},
                 DATA_BITS => ${c.dataBits}, PARITY => ${parityCode[c.parity]}, STOP_BITS => ${c.stopBits},
                 FIFO_DEPTH => ${c.fifoDepth})
    port map (clk => clk, rst => rst, tx_data => tx_data, tx_wr_en => tx_wr_en, txd => txd,
              rxd => '1', rx_rd_en => '0');
  edges : process (txd)
  begin
    if now > 0 ns then
      report "EDGE " & integer'image(now / 1 ns) & " " & std_logic'image(txd);
    end if;
  end process edges;
  stimulus : process
  begin
    for i in 1 to ${RESET_CYCLES} loop wait until falling_edge(clk); end loop;
    rst <= '0';
${writes}
    tx_wr_en <= '0';
    for i in 1 to ${runCycles(r)} loop wait until falling_edge(clk); end loop;
    report "DONE";
    done <= true;
    wait;
  end process stimulus;
end architecture sim;
`;
}

async function edgesIn(r: Run, language: 'verilog' | 'vhdl'): Promise<string[]> {
  const dut = uartGenerator.generate(r.config, language);
  const out =
    language === 'verilog'
      ? await simulateVerilog({ [dut.name]: dut.text, 'timing_tb.v': verilogHarness(r) }, 'timing_tb')
      : await simulateVhdl({ [dut.name]: dut.text, 'timing_tb.vhd': vhdlHarness(r) }, 'timing_tb', '08');
  const log = out.stdout + out.stderr;
  expect(log).toContain('DONE');
  return measuredEdges(log);
}

const runs: Run[] = [
  {
    name: '8-N-1, 16x, divider 3',
    config: DEFAULT_UART,
    clockFreq: fastClockFor(DEFAULT_UART, 3),
    words: [0x00, 0xff, 0x55, 0x0f],
  },
  {
    name: '7-O-2, 8x, divider 1',
    config: { ...DEFAULT_UART, dataBits: 7, parity: 'odd', stopBits: 2, oversampling: 8 },
    clockFreq: 9600 * 8,
    words: [0x7f, 0x00, 0x2a],
  },
  {
    name: '9-E-1, 32x, divider 2, FIFO depth 2',
    config: { ...DEFAULT_UART, dataBits: 9, parity: 'even', oversampling: 32, fifoDepth: 2 },
    clockFreq: 9600 * 32 * 2,
    words: [0x1ff, 0x100],
  },
  {
    name: '5-N-2, 16x, divider 1 (115200 baud from 1.8432 MHz)',
    config: { ...DEFAULT_UART, baudRate: 115200, dataBits: 5, stopBits: 2, clockFreq: 1_843_200 },
    clockFreq: 1_843_200,
    words: randomWords(5, 5, TEST_SEED),
  },
];

describeWith(['iverilog', 'ghdl'], 'UART TX bit timing across back-to-back frames', () => {
  for (const r of runs) {
    const bitClks = baudCounter({ ...r.config, clockFreq: r.clockFreq }) * r.config.oversampling;
    const ideal = idealEdges(idealBits(r.config, r.words), bitClks);
    it.concurrent(`${r.name}: every bit lasts ${bitClks} clocks in Verilog`, async () => {
      expect(await edgesIn(r, 'verilog')).toEqual(ideal);
    });
    it.concurrent(`${r.name}: every bit lasts ${bitClks} clocks in VHDL`, async () => {
      expect(await edgesIn(r, 'vhdl')).toEqual(ideal);
    });
  }
});
