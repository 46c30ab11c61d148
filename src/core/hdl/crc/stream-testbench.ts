/**
 * The stream CRC testbench's scenario, shared by both languages: an asynchronous reset, then
 * random packets of random lengths streamed back to back (sop on each first beat, except the first
 * packet, which relies on the reset), with the odd idle clock between and inside packets and
 * random bits in every byte lane a beat does not use. With a partial last word every count
 * 1..D/8 ends at least one packet. After every clock edge the testbench checks crc_valid, and
 * crc_out when it is valid, against values computed here bit by bit (a bit-serial LFSR, not the
 * parallel equations), `stages` clocks after the beat was taken; the pipeline is flushed at the end.
 */
import { GENERATOR_LINE } from '../comment';
import { mask, reflect, type CrcParams } from '../../crc/params';
import { randomInt, seededRandom, type Random } from '../../random';
import { CRC_MODULE } from './design';
import { bitLength } from './stream';
import type { CrcConfig } from './config';
import type { CrcTestbenchOptions } from './testbench';

export interface StreamCycle {
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
  /** crc_out right after the reset (the CRC of nothing). */
  afterReset: bigint;
  cycles: StreamCycle[];
  packets: number;
  beats: number;
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

export function streamScenario(config: CrcConfig, o: CrcTestbenchOptions = {}): StreamScenario {
  const p = config.params;
  const d = config.dataWidth;
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

  const inputs: Omit<StreamCycle, 'valid' | 'expected'>[] = [];
  const results: (bigint | undefined)[] = []; // per input cycle: the CRC after its beat, if it has one
  const idle = () => {
    inputs.push({ en: false, sop: rand() < 0.5, value: randomWord(rand, d), bytes: randomInt(rand, n + 1) });
    results.push(undefined);
  };
  let beats = 0;
  lastCounts.forEach((last, packet) => {
    let reg = p.init;
    const length = 1 + randomInt(rand, 3);
    if (rand() < 0.3) idle();
    for (let beat = 0; beat < length; beat++) {
      if (beat > 0 && rand() < 0.1) idle();
      const k = partial ? (beat === length - 1 ? last : n) : n;
      const value = randomWord(rand, d);
      reg = shiftIn(p, reg, value, d, partial ? 8 * k : d);
      // The first packet starts from the reset's init without sop.
      inputs.push({ en: true, sop: beat === 0 && packet > 0, value, bytes: k });
      results.push(finish(p, reg));
      beats++;
    }
  });
  for (let i = 0; i < stages; i++) idle();
  const cycles = inputs.map((c, i) => {
    const source = i - stages >= 0 ? results[i - stages] : undefined;
    return { ...c, valid: source !== undefined, expected: source ?? 0n };
  });
  return {
    params: p,
    dataWidth: d,
    partial,
    stages,
    countBits: partial ? bitLength(n) : 0,
    afterReset: finish(p, p.init),
    cycles,
    packets: lastCounts.length,
    beats,
  };
}

/** Header comment lines of both stream testbenches. */
export function streamTbHeaderLines(s: StreamScenario, designFile: string, pass: string, fail: string): string[] {
  return [
    `${CRC_MODULE}_tb: self-checking testbench for ${CRC_MODULE} (${designFile}),`,
    `  ${s.params.width}-bit CRC, ${s.dataWidth} data bits, ${s.partial ? 'partial last word' : 'full words'}, ${s.stages} pipeline stage${s.stages === 1 ? '' : 's'}`,
    GENERATOR_LINE,
    '',
    `An asynchronous reset, then ${s.packets} random packets (${s.beats} beats) back to back, sop on each first`,
    '  beat (not on the first packet: the reset loaded init), idle clocks between and inside packets,',
    `  random bits in unused byte lanes${s.partial ? ', every data_bytes count ending some packet' : ''}.`,
    `After every clock edge crc_valid is checked, and crc_out when valid, ${s.stages} clock${s.stages === 1 ? '' : 's'} after the beat`,
    '  (the latency); expected values come from a bit-serial CRC, not the parallel equations.',
    `Prints "${pass} checks=${s.beats}" on success, "${fail} ..." lines otherwise.`,
  ];
}
