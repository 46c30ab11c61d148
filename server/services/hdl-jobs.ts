/**
 * One HDL generation as the worker threads run it (server/services/hdl-worker.ts): any of the four
 * generators, its files through the shared path (src/core/hdl/files.ts) and, when asked, its
 * summary as JSON (the page's figures; bigints as hex text, maps as objects). A request body of
 * POST /api/hdl/* is checked here too, off the event loop: the generator's validate() takes up to
 * ~100 ms on a 64 KiB FSM configuration.
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
import type { z } from 'zod';
import { loadKernel } from '../wasm';
import { FIELD_SENTENCES, hdlRequestSchemas } from '../routes/hdl-schemas';
import type { HdlGeneratorName } from './hdl-names';

interface ConfigOf {
  crc: CrcConfig;
  uart: UartConfig;
  fifo: FifoConfig;
  fsm: FsmConfig;
}

/** A configuration already validated, the language, and what to answer. */
type ConfigJob = {
  [G in HdlGeneratorName]: {
    generator: G;
    config: ConfigOf[G];
    /** The CRC generator also writes C, Rust, Python and TypeScript. */
    language: G extends 'crc' ? HdlLanguage | SoftwareLanguage : HdlLanguage;
    testbench: boolean;
    /** CRC software: the catalogue name its identifiers derive from (default: made of the parameters). */
    name?: string;
    /** Also compute the summary (POST /api/generate does not need it). */
    summary: boolean;
  };
}[HdlGeneratorName];

/** A request body as received: checked in the thread (server/routes/hdl-schemas.ts). */
interface RequestJob {
  generator: HdlGeneratorName;
  body: unknown;
}

export type HdlJob = ConfigJob | RequestJob;

export interface HdlJobResult {
  /** Empty when the body was refused. */
  files: HdlFile[];
  summary?: unknown;
  /** Why a request body was refused (a 422). */
  issues?: z.core.$ZodIssue[];
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

/** The request's configuration, or the issues that refuse it. */
function checkRequest({ generator, body }: RequestJob): ConfigJob | z.core.$ZodIssue[] {
  let parsed;
  try {
    parsed = hdlRequestSchemas[generator].safeParse(body, FIELD_SENTENCES);
  } catch (e) {
    // A generator's checks that fail on extreme input (e.g. a condition nested thousands deep).
    return [{ code: 'custom', path: [], input: undefined, message: `could not be checked (${(e as Error).message})` }];
  }
  return parsed.success ? { ...parsed.data, summary: true } : parsed.error.issues;
}

export async function runHdlJob(request: HdlJob): Promise<HdlJobResult> {
  const job = 'body' in request ? checkRequest(request) : request;
  if (Array.isArray(job)) return { files: [], issues: job };
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
