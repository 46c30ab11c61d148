/**
 * The stream CRC testbench's scenario, shared by both languages: an asynchronous reset, then
 * random packets of random lengths streamed back to back (sop on each first beat, except the first
 * packet, which relies on the reset), with the odd idle clock between and inside packets and
 * random bits in every byte lane a beat does not use. It starts quietly: the testbench declares
 * data_in (and data_bytes) with the first beat's values, so no input of the data path changes
 * before that beat (under IEEE 1800 a declaration's initial value is no event). With a partial
 * last word every count 1..D/8 ends at least one packet, any beat may be partial (inside a packet
 * too) and some beats carry zero bytes, one of them a packet's sop beat. Once, mid-packet and
 * right after a beat, an asynchronous reset drops the beats still in the pipeline; the beats after
 * it start from init. After every clock edge the testbench checks crc_valid, and crc_out when it
 * is valid, against values computed here bit by bit (a bit-serial LFSR, not the parallel
 * equations), `stages` clocks after the beat was taken; the pipeline is flushed at the end.
 */
import { countOf, GENERATOR_LINE } from '../../comment';
import { mask, reflect, type CrcParams } from '../../../crc/params';
import { randomInt, seededRandom, type Random } from '../../../random';
import { CRC_MODULE } from '../design';
import { bitLength } from './design';
import type { CrcConfig } from '../config';
import { BIT_SERIAL, type CrcTestbenchOptions } from '../testbench';

export interface StreamCycle {
  /**
   * An asynchronous reset pulse between the previous clock edge and this one's inputs: the beats
   * still in the pipeline are dropped and the register loads init; right after it crc_valid must
   * be low and crc_out the CRC of nothing.
   */
  reset: boolean;
  /** Inputs for one rising clock edge. */
  en: boolean;
  sop: boolean;
  value: bigint;
  /** data_bytes (partial last word only). */
  bytes: number;
  /** After the edge: crc_valid must be `valid`; crc_out must be `expected` when valid. */
  valid: boolean;
  expected: bigint;
}

export interface StreamScenario {
  params: CrcParams;
  dataWidth: number;
  partial: boolean;
  stages: number;
  /** Width of data_bytes (0 without a partial last word). */
  countBits: number;
  /** crc_out right after a reset (the CRC of nothing). */
  afterReset: bigint;
  /** The values data_in and data_bytes are declared with: the first beat's (a quiet start). */
  initial: { value: bigint; bytes: number };
  cycles: StreamCycle[];
  packets: number;
  /** Beats taken (crc_en high). */
  beats: number;
  /** Beats whose result shows on crc_out (the others were in the pipeline at the reset). */
  checks: number;
  /** Where the expected values come from, for the header. */
  expectedFrom: string;
}

/**
 * Expected values from the CRC of each packet's bytes so far (the Consistency bundle's C
 * algorithm), instead of the bit-serial register: beats must be whole bytes (D a multiple of 8).
 */
export interface BytesCrc {
  crcOf: (bytes: Uint8Array) => bigint;
  /** Names it in the header. */
  from: string;
}

/** The bytes a beat carries, in time order (the first in data_in's top byte, or its low byte with refin). */
function beatBytes(value: bigint, dataWidth: number, count: number, refin: boolean): number[] {
  return Array.from({ length: count }, (_, i) =>
    Number((value >> BigInt(refin ? 8 * i : dataWidth - 8 - 8 * i)) & 0xffn),
  );
}

/** Shifts `count` bits of `word` (time order by the bit-order contract) into the register. */
function shiftIn(p: CrcParams, reg: bigint, word: bigint, dataWidth: number, count: number): bigint {
  const top = 1n << BigInt(p.width - 1);
  const m = mask(p.width);
  const poly = p.poly & m;
  for (let t = 0; t < count; t++) {
    const bit = (word >> BigInt(p.refin ? t : dataWidth - 1 - t)) & 1n;
    const feedback = ((reg & top) !== 0n) !== (bit === 1n);
    reg = (reg << 1n) & m;
    if (feedback) reg ^= poly;
  }
  return reg;
}

const finish = (p: CrcParams, reg: bigint): bigint =>
  ((p.refout ? reflect(reg, p.width) : reg) ^ p.xorout) & mask(p.width);

function randomWord(rand: Random, bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(randomInt(rand, 0x10000));
  return v & mask(bits);
}

function shuffled(rand: Random, list: number[]): number[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rand, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Packets at least; with a partial last word, at least one per count 1..D/8. */
const MIN_PACKETS = 8;

/** Packet 1: its sop beat carries zero bytes, its second beat is partial (when the word has bytes to spare). */
const SPECIAL_PACKET = 1;

/**
 * Whether the beat taken at cycle t shows: no reset in the `stages` cycles after it (a reset
 * before cycle j drops the beats taken at j - stages .. j - 1).
 */
function shows(cycles: Pick<StreamCycle, 'reset'>[], t: number, stages: number): boolean {
  for (let j = t + 1; j <= t + stages; j++) if (cycles[j]?.reset) return false;
  return true;
}

export function streamScenario(config: CrcConfig, o: CrcTestbenchOptions = {}, bytesCrc?: BytesCrc): StreamScenario {
  const p = config.params;
  const d = config.dataWidth;
  if (bytesCrc && d % 8 !== 0) throw new Error('Expected values from bytes need a data width that is whole bytes.');
  const partial = Boolean(config.partialLastWord);
  const stages = config.pipelineStages ?? 0;
  const n = partial ? d / 8 : 0;
  const rand = seededRandom(o.seed ?? 1);
  const lastCounts = partial
    ? shuffled(
        rand,
        Array.from({ length: n }, (_, i) => i + 1),
      )
    : [];
  while (lastCounts.length < MIN_PACKETS) lastCounts.push(partial ? 1 + randomInt(rand, n) : n);
  // The reset: before beat 1 or 2 of a packet from the third on, right after a beat.
  const resetPacket = 2 + randomInt(rand, lastCounts.length - 2);
  const resetBeat = 1 + randomInt(rand, 2);

  const inputs: Omit<StreamCycle, 'valid' | 'expected'>[] = [];
  const results: (bigint | undefined)[] = []; // per input cycle: the CRC after its beat, if it has one
  const idle = () => {
    inputs.push({
      reset: false,
      en: false,
      sop: rand() < 0.5,
      value: randomWord(rand, d),
      bytes: randomInt(rand, n + 1),
    });
    results.push(undefined);
  };
  const beatCount = (packet: number, beat: number, length: number, last: number): number => {
    if (!partial) return n;
    if (beat === length - 1) return last;
    if (packet === SPECIAL_PACKET) return beat === 0 ? 0 : n > 1 ? 1 + randomInt(rand, n - 1) : n;
    // Other beats inside a packet: full, or now and then any count 0..N.
    return rand() < 0.3 ? randomInt(rand, n + 1) : n;
  };
  let beats = 0;
  lastCounts.forEach((last, packet) => {
    let reg = p.init;
    let packetBytes: number[] = [];
    let length = 1 + randomInt(rand, 3);
    if (partial && packet === SPECIAL_PACKET) length = 3;
    if (packet === resetPacket) length = Math.max(length, resetBeat + 1);
    // The first packet starts quietly: its first beat is what the inputs were declared with.
    if (packet > 0 && rand() < 0.3) idle();
    for (let beat = 0; beat < length; beat++) {
      const reset = packet === resetPacket && beat === resetBeat;
      if (reset) {
        reg = p.init;
        packetBytes = [];
      } else if (beat > 0 && rand() < 0.1) idle();
      const k = beatCount(packet, beat, length, last);
      const value = randomWord(rand, d);
      const bits = partial ? 8 * k : d;
      reg = shiftIn(p, reg, value, d, bits);
      packetBytes = [...packetBytes, ...(bytesCrc ? beatBytes(value, d, bits / 8, p.refin) : [])];
      // The first packet starts from the reset's init without sop; after the mid-packet reset, either way.
      const sop = reset ? rand() < 0.5 : beat === 0 && packet > 0;
      inputs.push({ reset, en: true, sop, value, bytes: k });
      results.push(bytesCrc ? bytesCrc.crcOf(Uint8Array.from(packetBytes)) : finish(p, reg));
      beats++;
    }
  });
  for (let i = 0; i < stages; i++) idle();
  let checks = 0;
  const cycles = inputs.map((c, i) => {
    const source = i - stages >= 0 && shows(inputs, i - stages, stages) ? results[i - stages] : undefined;
    if (source !== undefined) checks++;
    return { ...c, valid: source !== undefined, expected: source ?? 0n };
  });
  return {
    params: p,
    dataWidth: d,
    partial,
    stages,
    countBits: partial ? bitLength(n) : 0,
    afterReset: bytesCrc ? bytesCrc.crcOf(new Uint8Array(0)) : finish(p, p.init),
    initial: { value: cycles[0]!.value, bytes: cycles[0]!.bytes },
    cycles,
    packets: lastCounts.length,
    beats,
    checks,
    expectedFrom: bytesCrc?.from ?? BIT_SERIAL,
  };
}

/** Header comment lines of both stream testbenches. */
export function streamTbHeaderLines(s: StreamScenario, designFile: string, pass: string, fail: string): string[] {
  return [
    `${CRC_MODULE}_tb: self-checking testbench for ${CRC_MODULE} (${designFile}),`,
    `  ${s.params.width}-bit CRC, ${countOf(s.dataWidth, 'data bit')}, ${s.partial ? 'partial last word' : 'full words'}, ${countOf(s.stages, 'pipeline stage')}`,
    GENERATOR_LINE,
    '',
    `An asynchronous reset, then ${countOf(s.packets, 'random packet')} (${countOf(s.beats, 'beat')}) back to back, sop on each first`,
    '  beat (not on the first packet: the reset loaded init), idle clocks between and inside packets,',
    `  random bits in unused byte lanes${s.partial ? ', every data_bytes count ending some packet, partial and' : '.'}`,
    ...(s.partial ? ['  zero-byte beats inside packets (one on a sop beat).'] : []),
    `A quiet start: data_in${s.partial ? ' and data_bytes are' : ' is'} declared with the first beat's value${s.partial ? 's' : ''}, so ${s.partial ? 'they do' : 'it does'} not`,
    '  change before that beat (a SystemVerilog simulator gives a declaration no event).',
    'Once, mid-packet and right after a beat, an asynchronous reset drops the beats still in the',
    `  pipeline (${s.beats - s.checks} here); the beats after it start from init.`,
    `After every clock edge crc_valid is checked, and crc_out when valid, ${countOf(s.stages, 'clock')} after the beat`,
    `  (the latency); expected values come from ${s.expectedFrom}, not the parallel equations.`,
    `Prints "${pass} checks=${s.checks}" on success, "${fail} ..." lines otherwise.`,
  ];
}
