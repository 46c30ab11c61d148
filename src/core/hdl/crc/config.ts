/**
 * CRC generator configuration: the CRC parameters (Williams model, src/core/crc/params.ts) and the
 * data bus width, with their limits. The page's form and the API request are checked by
 * src/core/crc/request.ts, which reuses these messages.
 */
import { MAX_CRC_WIDTH, MAX_DATA_WIDTH_API, MIN_DATA_WIDTH, hex, mask, type CrcParams } from '../../crc/params';

export interface CrcConfig {
  params: CrcParams;
  /** Data bits absorbed per clock (1..1024). */
  dataWidth: number;
  /**
   * Adds the data_bytes input (valid bytes of a beat, 1..D/8, counted from the first byte in
   * time); data widths that are multiples of 8 only. Absent or false: no such input.
   */
  partialLastWord?: boolean;
  /** Register stages before the CRC register (0..MAX_PIPELINE_STAGES); absent or 0: none. */
  pipelineStages?: number;
}

/** The most register stages the generator offers (0 = the single-cycle design). */
export const MAX_PIPELINE_STAGES = 3;

export const PARTIAL_WIDTH_MESSAGE = 'Partial last word needs a data width that is a multiple of 8.';
export const PIPELINE_MESSAGE = `Pipeline stages must be a whole number from 0 to ${MAX_PIPELINE_STAGES}.`;
export const CRC_WIDTH_MESSAGE = `CRC width must be a whole number from 1 to ${MAX_CRC_WIDTH}.`;

/**
 * The stream interface (sop, crc_valid, and data_bytes with a partial last word) is used when
 * either option is on; otherwise the design is the classic single-cycle register.
 */
export function isStreamConfig(c: CrcConfig): boolean {
  return Boolean(c.partialLastWord) || (c.pipelineStages ?? 0) > 0;
}

/** 'Data width must be a whole number from 1 to <max>.' */
export function dataWidthMessage(max: number): string {
  return `Data width must be a whole number from ${MIN_DATA_WIDTH} to ${max}.`;
}

/** 'Init does not fit in 16 bits (the CRC width).' */
export function doesNotFitMessage(what: string, width: number): string {
  return `${what} does not fit in ${width} bits (the CRC width).`;
}

/**
 * A polynomial too wide for `width`; when it is only its x^width term too wide (0x104c11db7 for 32
 * bits, as some tools write it), the message gives the form taken: '...: without its x^32 term it
 * is 0x04c11db7.'
 */
export function polyDoesNotFitMessage(what: string, poly: bigint, width: number): string {
  const message = doesNotFitMessage(what, width);
  if (poly >> BigInt(width) !== 1n) return message;
  return `${message.slice(0, -1)}: without its x^${width} term it is ${hex(poly & mask(width), width)}.`;
}

export function isDataWidth(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= MIN_DATA_WIDTH && value <= max;
}

export function fitsWidth(value: bigint, width: number): boolean {
  return value >= 0n && value <= mask(width);
}

/** Problems that keep a configuration from generating hardware (empty when fine). */
export function validateCrcConfig(c: CrcConfig): string[] {
  const problems: string[] = [];
  const { width } = c.params;
  if (!(Number.isInteger(width) && width >= 1 && width <= MAX_CRC_WIDTH)) {
    problems.push(CRC_WIDTH_MESSAGE);
  }
  if (!isDataWidth(c.dataWidth, MAX_DATA_WIDTH_API)) problems.push(dataWidthMessage(MAX_DATA_WIDTH_API));
  if (problems.length) return problems;
  const { poly, init, xorout } = c.params;
  const values: [string, bigint][] = [
    ['Polynomial', poly],
    ['Init', init],
    ['XorOut', xorout],
  ];
  for (const [what, value] of values) {
    if (fitsWidth(value, width)) continue;
    problems.push(what === 'Polynomial' ? polyDoesNotFitMessage(what, value, width) : doesNotFitMessage(what, width));
  }
  if (c.partialLastWord && c.dataWidth % 8 !== 0) problems.push(PARTIAL_WIDTH_MESSAGE);
  const stages = c.pipelineStages ?? 0;
  if (!(Number.isInteger(stages) && stages >= 0 && stages <= MAX_PIPELINE_STAGES)) problems.push(PIPELINE_MESSAGE);
  return problems;
}
