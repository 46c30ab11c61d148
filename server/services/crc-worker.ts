/** A generation thread of the pool (server/services/crc-pool.ts): the WASM kernel loads once per thread. */
import type { HdlLanguage } from '../../src/core/hdl/contract';
import type { CrcConfig } from '../../src/core/hdl/crc';
import { generateHdl } from './crc';

export interface GenerateTask {
  config: CrcConfig;
  language: HdlLanguage;
}

export default function generate({ config, language }: GenerateTask) {
  return generateHdl(config, language);
}
