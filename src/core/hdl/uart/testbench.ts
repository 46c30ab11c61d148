/**
 * Self-checking testbenches for the generated UART (Verilog and VHDL). They check, in order:
 * 1. loopback (txd -> rxd) of a list of words written into the TX FIFO as fast as it accepts them,
 *    read back from the RX FIFO, while an independent line monitor decodes txd bit by bit
 *    (start, data LSB first, parity, stop bits);
 * 2. frames bit-banged by the testbench onto rxd: a wrong parity bit (parity_error), low stop bits
 *    (frame_error), then a good frame (recovery);
 * 3. optionally, RX FIFO overrun: FIFO_DEPTH + 1 frames without reading (rx_full, one rx_overrun
 *    pulse, the first FIFO_DEPTH words kept).
 * They print "FAIL: ..." lines and end with "PASS" or "FAIL". This file holds what both languages
 * share (options, the plan, the header); testbench-verilog.ts and testbench-vhdl.ts emit them.
 */
import { baudCounter, frameBits, validateUart, type UartConfig } from './config';
import { randomInt, seededRandom } from '../../random';
import { GENERATOR_LINE, headerComment } from '../comment';
import type { HdlLanguage } from '../contract';
import { UART_MODULE } from './design';

export interface UartTestbenchOptions {
  /** Clock frequency the testbench gives the design (CLK_FREQ override); default: the configured clock. */
  clockFreq?: number;
  /** Words sent in the loopback phase; default 8 random words. */
  words?: number[];
  /** Include the RX overrun phase; default: only when it simulates in under ~3 million cycles. */
  overrun?: boolean;
  seed?: number;
  /**
   * Bit length, in percent off the design's own, of the frames the testbench drives onto rxd
   * (e.g. 2 = a sender 2 % slow): checks the receiver's tolerance. Default 0.
   */
  senderSkewPercent?: number;
}

/** What both testbenches run: timing, words and phases for one configuration. */
export interface Plan {
  c: UartConfig;
  clockFreq: number;
  words: number[];
  bitClks: number;
  frameClks: number;
  overrun: boolean;
  special: [number, number, number];
  timeoutCycles: number;
  sendClks: number;
}

/** A clock frequency that makes one oversampling tick `div` cycles long: fast simulations. */
export function fastClockFor(c: UartConfig, div = 3): number {
  return c.baudRate * c.oversampling * div;
}

export function randomWords(dataBits: number, count: number, seed = 1): number[] {
  const rand = seededRandom(seed);
  const max = 1 << dataBits;
  const words = [0, max - 1, 0x55 & (max - 1)];
  while (words.length < count) words.push(randomInt(rand, max));
  return words.slice(0, count);
}

export function plan(c: UartConfig, o: UartTestbenchOptions): Plan {
  const clockFreq = o.clockFreq ?? c.clockFreq;
  const problems = validateUart({ ...c, clockFreq: Math.min(Math.max(clockFreq, 1_000_000), 200_000_000) });
  if (baudCounter({ ...c, clockFreq }) < 1) throw new Error('Testbench clock too slow for the baud rate');
  const [firstProblem] = problems;
  if (firstProblem !== undefined && !firstProblem.startsWith('Clock')) throw new Error(problems.join(' '));
  const words = o.words ?? randomWords(c.dataBits, 8, o.seed ?? 1);
  if (words.length === 0) throw new Error('The testbench needs at least one word');
  const bitClks = baudCounter({ ...c, clockFreq }) * c.oversampling;
  const frameClks = bitClks * frameBits(c);
  const overrun = o.overrun ?? (c.fifoDepth + 1) * frameClks < 3_000_000;
  const rand = seededRandom((o.seed ?? 1) + 7);
  const max = 1 << c.dataBits;
  const special: [number, number, number] = [randomInt(rand, max), randomInt(rand, max), randomInt(rand, max)];
  const frames = words.length + 8 + (overrun ? c.fifoDepth + 1 : 0);
  const sendClks = Math.max(1, Math.round(bitClks * (1 + (o.senderSkewPercent ?? 0) / 100)));
  return {
    c,
    clockFreq,
    words,
    bitClks,
    frameClks,
    overrun,
    special,
    timeoutCycles: frames * frameClks * 3 + 10_000,
    sendClks,
  };
}

export function tbHeader(language: HdlLanguage, p: Plan): string {
  return headerComment(language, [
    `Self-checking testbench for ${UART_MODULE} (${p.c.baudRate} baud, ${p.c.dataBits} data bits, parity ${p.c.parity}, ${p.c.stopBits} stop bit(s), ${p.c.oversampling}x oversampling, FIFO depth ${p.c.fifoDepth})`,
    GENERATOR_LINE,
    `Design clock for this run: ${p.clockFreq} Hz (one bit = ${p.bitClks} clock cycles; the clock period in simulation is 10 ns).`,
    `Frames injected on rxd use ${p.sendClks} cycles per bit${p.sendClks === p.bitClks ? '' : ' (a sender off the nominal baud)'}.`,
    'Checks: loopback of the listed words with an independent txd decoder; parity and framing errors',
    `injected on rxd; recovery after errors${p.overrun ? '; RX FIFO overrun' : ''}. Prints PASS or FAIL.`,
  ]);
}
