/** The CRC fuzzer's draw (tests/hdl/fuzz.test.ts): any parameters validateCrcConfig accepts. */
import { MAX_CRC_WIDTH, MAX_DATA_WIDTH_API, MIN_DATA_WIDTH } from '../../src/core/crc/params';
import { MAX_PIPELINE_STAGES, validateCrcConfig, type CrcConfig } from '../../src/core/hdl/crc';
import type { Random } from '../../src/core/random';
import { between, logBetween, randomBits } from './draw';

/**
 * CRC width 1..67 (the ends more often), any polynomial (with or without x^0, even 0), init,
 * xorout and reflections, a data width log-uniform over 1..1024 with W x D at most `maxTerms`
 * (the XOR network grows with it; a wide bus with a narrow CRC still gets drawn), with or without
 * a partial last word and pipelining.
 */
export function fuzzCrcConfig(rand: Random, maxTerms: number): CrcConfig {
  const width =
    rand() < 0.2
      ? rand() < 0.5
        ? between(rand, 1, 3)
        : between(rand, MAX_CRC_WIDTH - 3, MAX_CRC_WIDTH)
      : between(rand, 1, MAX_CRC_WIDTH);
  const maxData = Math.max(MIN_DATA_WIDTH, Math.min(MAX_DATA_WIDTH_API, Math.floor(maxTerms / width)));
  const poly = rand() < 0.05 ? 0n : randomBits(rand, width) | (rand() < 0.8 ? 1n : 0n);
  const config: CrcConfig = {
    params: {
      width,
      poly,
      init: randomBits(rand, width),
      xorout: randomBits(rand, width),
      refin: rand() < 0.5,
      refout: rand() < 0.5,
    },
    dataWidth: logBetween(rand, MIN_DATA_WIDTH, maxData),
  };
  // The wide-data-path options (issue 17): a partial last word on whole bytes, 0..3 stages.
  if (config.dataWidth % 8 === 0 && rand() < 0.5) config.partialLastWord = true;
  if (rand() < 0.5) config.pipelineStages = between(rand, 0, MAX_PIPELINE_STAGES);
  const problems = validateCrcConfig(config);
  if (problems.length) throw new Error(`fuzzCrcConfig drew an invalid configuration: ${problems.join(' ')}`);
  return config;
}
