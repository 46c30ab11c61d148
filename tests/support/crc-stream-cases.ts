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
import { MAX_PIPELINE_STAGES, type CrcConfig } from '../../src/core/hdl/crc';
import { randomInt, seededRandom } from '../../src/core/random';
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
