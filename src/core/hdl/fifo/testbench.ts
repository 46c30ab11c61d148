/**
 * Shared settings of the self-checking FIFO testbenches (Verilog and VHDL). Both run the same
 * phases: reset values, first-word latency, fill to full (with an overflow attempt), drain to
 * empty (with an underflow attempt) checking every flag against the model after each word,
 * packet commit/discard, ECC error injection, then random read/write traffic checked word by
 * word against the reference sequence.
 */
import type { FifoDesign } from './design';

export interface FifoTestbenchOptions {
  /** Write clock period in ns (also the clock of synchronous FIFOs). */
  wrPeriodNs?: number;
  /** Read clock period in ns (asynchronous FIFOs). */
  rdPeriodNs?: number;
  /** Words moved by the random traffic phase. */
  randomWords?: number;
  /** Seed of the testbench's random generator (1..2^31-1). */
  seed?: number;
  /**
   * For very deep FIFOs: fill and drain check the flags only near the ends, near both thresholds
   * and every 4096th word, and move one word per write/read elsewhere without waiting.
   */
  sparseChecks?: boolean;
}

export interface TbSettings {
  wrPeriodPs: number;
  rdPeriodPs: number;
  randomWords: number;
  seed: number;
  /** Cycles of each clock after which all flags have caught up. */
  settle: number;
  /** Packet length used by the fill phase (the last fill word always ends a packet). */
  fillPacket: number;
  /**
   * Packet phase sizes, all fitting the depth together: a committed packet of `packetA` words
   * (the first packetA - 1 checked unreadable before the last), `packetB` doomed words discarded
   * while it waits, then a second packet of `packetC` words.
   */
  packetA: number;
  packetB: number;
  packetC: number;
  /** Words written before the mid-run reset (the last one left uncommitted in packet mode). */
  resetWords: number;
  /** Longest random packet. */
  maxPacket: number;
  latency: number;
  /** Watchdog in ps. */
  timeoutPs: number;
  sparse: boolean;
}

export const TB_NAME = 'fifo_module_tb';
export const TB_PASS = 'FIFO_TB PASS';
export const TB_FAIL = 'FIFO_TB FAIL';

export function tbSettings(d: FifoDesign, o: FifoTestbenchOptions = {}): TbSettings {
  const c = d.c;
  const wr = Math.round((o.wrPeriodNs ?? 10) * 1000);
  const rd = d.async ? Math.round((o.rdPeriodNs ?? 13.7) * 1000) : wr;
  const randomWords = o.randomWords ?? Math.min(4 * c.fifoDepth, 1024) + 64;
  const maxPacket = Math.max(1, Math.min(8, Math.floor(c.fifoDepth / 2)));
  const packetB = c.fifoDepth >= 5 ? 2 : 1;
  const settle = d.async ? 8 + (d.packet ? maxPacket : 0) : 2;
  const slow = Math.max(wr, rd);
  // Fill and drain step through `settle` cycles per word; random traffic runs at ~40% duty or more.
  const cycles = 4 * c.fifoDepth * (2 * settle + 4) + 12 * randomWords + 4000;
  return {
    wrPeriodPs: wr,
    rdPeriodPs: rd,
    randomWords,
    seed: Math.max(1, Math.floor(o.seed ?? 12345) % 2147483647),
    settle,
    fillPacket: 4,
    packetA: Math.min(4, c.fifoDepth - packetB),
    packetB,
    packetC: packetB,
    resetWords: Math.min(5, c.fifoDepth),
    maxPacket,
    latency: c.outputRegister ? 2 : 1,
    timeoutPs: cycles * slow,
    sparse: o.sparseChecks ?? false,
  };
}

/** Human description of the testbench for the header comment. */
export function tbHeaderLines(d: FifoDesign, s: TbSettings): string[] {
  return [
    `${TB_NAME}: self-checking testbench for fifo_module`,
    '',
    `Clocks: ${d.async ? `wr_clk ${s.wrPeriodPs / 1000} ns, rd_clk ${s.rdPeriodPs / 1000} ns (unrelated)` : `clk ${s.wrPeriodPs / 1000} ns`}`,
    'Phases: reset values; first-word latency' + (d.fwft ? ' (FWFT fall-through)' : '') + '; fill to full',
    '  with an overflow attempt; drain to empty with an underflow attempt; all four',
    `  flags checked against the model ${s.sparse ? 'near the ends and the thresholds' : 'after every word'}` +
      (d.packet ? '; packet commit/discard' : '') +
      (d.ecc ? '; ECC injection' : '') +
      ';',
    '  reset while holding data;',
    `  ${s.randomWords} words of random read/write traffic checked in order.`,
    `Prints "${TB_PASS} checks=N" on success, "${TB_FAIL} ..." or ERROR lines otherwise.`,
  ];
}
