/** CRC services: the predefined list and HDL generation, on the shared WASM kernel. */
import { loadKernel } from '../wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { predefinedAlgorithms, type PredefinedAlgorithm } from '../../src/core/crc/catalogue';
import type { HdlFile, HdlLanguage } from '../../src/core/hdl/contract';
import { createCrcGenerator, type CrcConfig } from '../../src/core/hdl/crc';

let predefined: PredefinedAlgorithm[] | undefined;
let predefinedJson: string | undefined;

/** The catalogue in API shape, built once. */
function listPredefined(): PredefinedAlgorithm[] {
  return (predefined ??= predefinedAlgorithms());
}

/** The same list serialised once (it never changes while the server runs). */
export function predefinedBody(): string {
  return (predefinedJson ??= JSON.stringify(listPredefined()));
}

/** Derives the matrices in WASM and emits the module/entity (crc_module.v or crc_entity.vhd). */
export async function generateHdl(config: CrcConfig, language: HdlLanguage): Promise<HdlFile> {
  return createCrcGenerator(await loadKernel<CrcKernel>('crc')).generate(config, language);
}
