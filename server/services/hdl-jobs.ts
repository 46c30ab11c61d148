/**
 * One HDL generation as the worker threads run it (server/services/hdl-worker.ts): any of the four
 * generators, its files through the shared path (src/core/hdl/files.ts) and, when asked, its
 * summary as JSON (the page's figures; bigints as hex text, maps as objects).
 */
import type { CrcKernel } from '../../src/core/crc/kernel';
import { hex } from '../../src/core/crc/params';
import type { HdlFile, HdlLanguage } from '../../src/core/hdl/contract';
import { configFiles } from '../../src/core/hdl/files';
import { createCrcGenerator, type CrcConfig, type CrcGenerator, type CrcSummary } from '../../src/core/hdl/crc';
import { fifoGenerator, type FifoConfig } from '../../src/core/hdl/fifo';
import { fsmGenerator, type FsmConfig, type FsmSummary } from '../../src/core/hdl/fsm';
import { uartGenerator, type UartConfig } from '../../src/core/hdl/uart';
import { generateSoftware, isSoftwareLanguage, type SoftwareLanguage } from '../../src/core/crc/software';
import { loadKernel } from '../wasm';

/** The generators the API serves, in the order the document lists them. */
export const HDL_GENERATORS = ['crc', 'uart', 'fifo', 'fsm'] as const;
export type HdlGeneratorName = (typeof HDL_GENERATORS)[number];

interface ConfigOf {
  crc: CrcConfig;
  uart: UartConfig;
  fifo: FifoConfig;
  fsm: FsmConfig;
}

/** A job: a configuration the route has validated, the language, and what to answer. */
export type HdlJob = {
  [G in HdlGeneratorName]: {
    generator: G;
    config: ConfigOf[G];
    /** The CRC generator also writes C, Rust, Python and TypeScript. */
    language: G extends 'crc' ? HdlLanguage | SoftwareLanguage : HdlLanguage;
    testbench: boolean;
    /** CRC software: the catalogue name its identifiers derive from (default CRC-<W>/CUSTOM). */
    name?: string;
    /** Also compute the summary (POST /api/generate does not need it). */
    summary: boolean;
  };
}[HdlGeneratorName];

export interface HdlJobResult {
  files: HdlFile[];
  summary?: unknown;
}

/** The CRC summary in JSON: the check value as hex text of the CRC width. */
export function crcSummaryJson({ check, ...rest }: CrcSummary, width: number) {
  return { check: hex(check, width), ...rest };
}

/** The FSM summary in JSON: the state codes as an object (name -> binary code). */
export function fsmSummaryJson({ warnings, codes }: FsmSummary) {
  if (!codes) return { warnings };
  const { codes: byName, ...rest } = codes;
  return { warnings, codes: { ...rest, codes: Object.fromEntries(byName) } };
}

let crcGenerator: Promise<CrcGenerator> | undefined;
const crc = () => (crcGenerator ??= loadKernel<CrcKernel>('crc').then(createCrcGenerator));

export async function runHdlJob(job: HdlJob): Promise<HdlJobResult> {
  switch (job.generator) {
    case 'crc': {
      const g = await crc();
      const { language, testbench, config } = job;
      const files = isSoftwareLanguage(language)
        ? generateSoftware({ params: config.params, name: job.name }, language)
        : configFiles(g, config, { language, testbench });
      return {
        files,
        summary: job.summary ? crcSummaryJson(g.summary(job.config), job.config.params.width) : undefined,
      };
    }
    // job carries the language and testbench flag configFiles reads.
    case 'uart':
      return { files: configFiles(uartGenerator, job.config, job), summary: uartGenerator.summary(job.config) };
    case 'fifo':
      return { files: configFiles(fifoGenerator, job.config, job), summary: fifoGenerator.summary(job.config) };
    case 'fsm': {
      const files = configFiles(fsmGenerator, job.config, job);
      return { files, summary: fsmSummaryJson(fsmGenerator.summary(job.config)) };
    }
  }
}
