/**
 * One CRC identification as the pool's threads run it (server/services/hdl-worker.ts): the form
 * as the route received it is parsed here (hex of up to a MiB) and searched with the limits of
 * the CRC page, off the event loop; the pool's deadline ends a search that runs too long.
 */
import {
  identifyCrc,
  parseIdentify,
  reportJson,
  type CrcIdKernel,
  type FieldError,
  type FixedInput,
  type IdentifyMode,
  type IdentifyReportJson,
  type SampleInput,
} from '../../src/core/crc/identify';
import { loadKernel } from '../wasm';

export interface IdentifyJob {
  identify: { mode: IdentifyMode; inputs: SampleInput[]; fixed: FixedInput };
  /** Set to 1 by the thread when it starts (a SharedArrayBuffer): a deadline then means "too long", not "busy". */
  started: Int32Array;
}

/** A job for the form as received, with its start flag. */
export const identifyJob = (identify: IdentifyJob['identify']): IdentifyJob => ({
  identify,
  started: new Int32Array(new SharedArrayBuffer(4)),
});

export type IdentifyJobResult = { errors: FieldError[] } | { report: IdentifyReportJson };

export async function runIdentifyJob({ identify: { mode, inputs, fixed } }: IdentifyJob): Promise<IdentifyJobResult> {
  const parsed = parseIdentify(mode, inputs, fixed);
  if (!parsed.ok) return { errors: parsed.errors };
  return { report: reportJson(identifyCrc(await loadKernel<CrcIdKernel>('crcid'), parsed.request)) };
}
