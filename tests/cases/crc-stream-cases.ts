/**
 * The wide-data-path CRC cases (partial last word, pipelining) that tests/hdl/crc-stream.test.ts
 * simulates and tests/hdl/synth.test.ts synthesises: every data width of STREAM_DATA_WIDTHS with
 * every pipeline depth, with a partial last word (P = 0..3) and with full words (P = 1..3; P = 0
 * is the classic design, simulated by crc-verilog/crc-vhdl), the algorithm rotating through a
 * representative set (both bit orders, W from 3 to 64, refin != refout, inits that change under
 * reflection); the W > D cases CRC-32 at D = 8 and CRC-64 at D = 16; random parameter sets.
 */
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import type { CrcParams } from '../../src/core/crc/params';
import { MAX_PIPELINE_STAGES, type CrcConfig, type StreamScenario } from '../../src/core/hdl/crc';
import { randomInt, seededRandom } from '../../src/core/random';
import { bitsOfWord, referenceCrcBits } from '../oracles/crc-reference';
import { randomBigInt } from './seed';

export interface StreamCase {
  name: string;
  config: CrcConfig;
  seed: number;
}

export const STREAM_DATA_WIDTHS = [8, 16, 24, 64, 72, 256, 512, 1024];

export const STREAM_ALGORITHMS = [
  'CRC-32/ISO-HDLC',
  'CRC-64/ECMA-182',
  'CRC-3/GSM',
  'CRC-16/ISO-IEC-14443-3-A',
  'CRC-32/BZIP2',
  'CRC-5/USB',
  'CRC-12/UMTS',
  'CRC-64/XZ',
  'CRC-24/BLE',
];

const label = (c: CrcConfig) =>
  `D=${c.dataWidth} ${c.partialLastWord ? 'partial' : 'full words'} P=${c.pipelineStages ?? 0}`;

export function streamCases(seed: number, randomCount = 4): StreamCase[] {
  const rand = seededRandom(seed);
  const all = predefinedAlgorithms();
  const params = (name: string): CrcParams => {
    const a = all.find((x) => x.name === name);
    if (!a) throw new Error(`${name} is not in the catalogue`);
    return paramsOf(a);
  };
  const cases: StreamCase[] = [];
  const add = (name: string, p: CrcParams, config: Omit<CrcConfig, 'params'>) => {
    const c = { params: p, ...config };
    cases.push({ name: `${name} ${label(c)}`, config: c, seed: 1 + randomInt(rand, 2 ** 30) });
  };
  let n = 0;
  for (const dataWidth of STREAM_DATA_WIDTHS) {
    const variants = [
      ...Array.from({ length: MAX_PIPELINE_STAGES + 1 }, (_, p) => ({ partialLastWord: true, pipelineStages: p })),
      ...Array.from({ length: MAX_PIPELINE_STAGES }, (_, p) => ({ partialLastWord: false, pipelineStages: p + 1 })),
    ];
    for (const v of variants) {
      const name = STREAM_ALGORITHMS[n++ % STREAM_ALGORITHMS.length]!;
      add(name, params(name), { dataWidth, ...v });
    }
  }
  add('CRC-32/ISO-HDLC', params('CRC-32/ISO-HDLC'), { dataWidth: 8, partialLastWord: true, pipelineStages: 2 });
  add('CRC-64/XZ', params('CRC-64/XZ'), { dataWidth: 16, partialLastWord: true, pipelineStages: 1 });
  add('CRC-64/ECMA-182', params('CRC-64/ECMA-182'), { dataWidth: 16, partialLastWord: true, pipelineStages: 3 });
  for (let i = 0; i < randomCount; i++) {
    const width = 3 + randomInt(rand, 65);
    const p: CrcParams = {
      width,
      poly: randomBigInt(rand, width),
      init: randomBigInt(rand, width),
      refin: rand() < 0.5,
      refout: rand() < 0.5,
      xorout: randomBigInt(rand, width),
    };
    const partialLastWord = rand() < 0.75;
    const dataWidth = partialLastWord ? 8 * (1 + randomInt(rand, 40)) : 1 + randomInt(rand, 200);
    // Full words without pipelining is the classic design, simulated elsewhere.
    const pipelineStages = partialLastWord
      ? randomInt(rand, MAX_PIPELINE_STAGES + 1)
      : 1 + randomInt(rand, MAX_PIPELINE_STAGES);
    add(`random W=${width} poly=0x${p.poly.toString(16)} refin=${p.refin}`, p, {
      dataWidth,
      partialLastWord,
      pipelineStages,
    });
  }
  return cases;
}

/**
 * Replays a stream testbench's scenario with the bit-serial reference and the contract: a beat
 * taken at clock t shows after clock t + P unless an asynchronous reset falls between (it drops
 * the beats in the pipeline and the next beats start from init); sop restarts from init; a beat
 * absorbs its first data_bytes bytes (none for 0). Checks every crc_valid and crc_out the
 * testbench expects, and that the scenario has what the contract promises to exercise: a quiet
 * start (the first clock takes a beat with the declared input values), every count 1..D/8
 * ending a packet, partial and zero-byte beats inside packets, and a reset with beats in flight.
 * Returns the disagreements.
 */
export function streamScenarioProblems(config: CrcConfig, s: StreamScenario): string[] {
  const { params, dataWidth, partialLastWord } = config;
  const n = dataWidth / 8;
  const P = config.pipelineStages ?? 0;
  const problems: string[] = [];
  let bits: number[] = [];
  /** Per clock: the CRC that shows after it, if any. */
  const shown: (bigint | undefined)[] = s.cycles.map(() => undefined);
  let dropped = 0;
  s.cycles.forEach((c, t) => {
    if (c.reset) bits = [];
    if (!c.en) return;
    if (c.sop) bits = [];
    bits.push(...bitsOfWord(c.value, dataWidth, params.refin).slice(0, partialLastWord ? 8 * c.bytes : dataWidth));
    const crc = referenceCrcBits(params, bits);
    if (s.cycles.slice(t + 1, t + P + 1).some((x) => x.reset)) dropped++;
    else if (t + P < s.cycles.length) shown[t + P] = crc;
    else problems.push(`the beat of clock ${t} is not flushed`);
  });
  s.cycles.forEach((c, t) => {
    if (c.valid !== (shown[t] !== undefined)) problems.push(`clock ${t}: crc_valid ${c.valid}, reference ${!c.valid}`);
    else if (c.valid && c.expected !== shown[t])
      problems.push(`clock ${t}: expects 0x${c.expected.toString(16)}, reference 0x${shown[t]!.toString(16)}`);
  });
  const first = s.cycles[0];
  if (!first?.en || first.value !== s.initial.value || (partialLastWord && first.bytes !== s.initial.bytes))
    problems.push('no quiet start: the first clock does not take a beat with the declared inputs');
  const resets = s.cycles.filter((c) => c.reset).length;
  if (resets < 1) problems.push('no reset after the first');
  if (P > 0 && dropped < 1) problems.push('no beat in flight at a reset');
  if (s.checks !== s.cycles.filter((c) => c.valid).length) problems.push('checks is not the number of results');
  if (partialLastWord) {
    const beats = s.cycles.map((c, t) => ({ c, t })).filter(({ c }) => c.en);
    // A beat ends a packet when the next beat starts one (sop, or after a reset) or there is none.
    const ends = beats.filter(({ t }, i) => {
      const next = beats[i + 1];
      return !next || next.c.sop || s.cycles.slice(t + 1, next.t + 1).some((x) => x.reset);
    });
    const counts = new Set(ends.map(({ c }) => c.bytes));
    for (let k = 1; k <= n; k++) if (!counts.has(k)) problems.push(`no packet ends with ${k} bytes`);
    const inner = beats.filter((b) => !ends.includes(b));
    if (n > 1 && !inner.some(({ c }) => c.bytes > 0 && c.bytes < n)) problems.push('no partial beat inside a packet');
    if (!inner.some(({ c }) => c.bytes === 0)) problems.push('no zero-byte beat inside a packet');
  }
  return problems;
}
