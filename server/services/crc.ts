/** CRC services: the predefined list and HDL generation, on the shared WASM kernel. */
import { loadKernel } from '../wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { generateHdlText } from '../../src/core/crc/generate';
import { HDL_FILE_NAMES } from '../../src/core/crc/hdl';
import { predefinedAlgorithms, type PredefinedAlgorithm } from '../../src/core/crc/catalogue';
import type { CrcParams, HdlLanguage } from '../../src/core/crc/params';

let predefined: PredefinedAlgorithm[] | undefined;
let predefinedJson: string | undefined;

/** The catalogue in API shape, built once. */
export function listPredefined(): PredefinedAlgorithm[] {
  return (predefined ??= predefinedAlgorithms());
}

/** The same list serialised once (it never changes while the server runs). */
export function predefinedBody(): string {
  return (predefinedJson ??= JSON.stringify(listPredefined()));
}

export interface GeneratedFile {
  fileName: string;
  text: string;
}

/** Derives the matrices in WASM and emits the module/entity. */
export async function generateHdl(params: CrcParams, dataWidth: number, language: HdlLanguage): Promise<GeneratedFile> {
  const kernel = await loadKernel<CrcKernel>('crc');
  return { fileName: HDL_FILE_NAMES[language], text: generateHdlText(kernel, params, dataWidth, language) };
}
