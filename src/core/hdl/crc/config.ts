/**
 * CRC generator configuration: the CRC parameters (Williams model, src/core/crc/params.ts) and the
 * data bus width, with their limits. The page's form and the API request are checked by
 * src/core/crc/request.ts, which reuses these messages.
 */
import { MAX_CRC_WIDTH, MAX_DATA_WIDTH_API, MIN_DATA_WIDTH, mask, type CrcParams } from '../../crc/params';

export interface CrcConfig {
  params: CrcParams;
  /** Data bits absorbed per clock (1..1024). */
  dataWidth: number;
}

/** 'Data width must be a whole number from 1 to <max>.' */
export function dataWidthMessage(max: number): string {
  return `Data width must be a whole number from ${MIN_DATA_WIDTH} to ${max}.`;
}

/** 'Init does not fit in 16 bits (the CRC width).' */
export function doesNotFitMessage(what: string, width: number): string {
  return `${what} does not fit in ${width} bits (the CRC width).`;
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
    problems.push(`CRC width must be a whole number from 1 to ${MAX_CRC_WIDTH}.`);
  }
  if (!isDataWidth(c.dataWidth, MAX_DATA_WIDTH_API)) problems.push(dataWidthMessage(MAX_DATA_WIDTH_API));
  if (problems.length) return problems;
  const { poly, init, xorout } = c.params;
  const values: [string, bigint][] = [
    ['Polynomial', poly],
    ['Init', init],
    ['XorOut', xorout],
  ];
  for (const [what, value] of values) if (!fitsWidth(value, width)) problems.push(doesNotFitMessage(what, width));
  return problems;
}
