/** CRC identification: parse the form, search in WASM (assembly/crcid.ts), report. */
export * from './types';
export { identifyCrc, MAX_MATCHES, BRUTE_MAX_WIDTH } from './search';
export { parseIdentify, parseHexBytes, NO_FIXED, MAX_SAMPLES, MAX_SAMPLE_BYTES, FORM_MESSAGES } from './parse';
export type { SampleInput, FixedInput, SampleFormat, IdentifyMode, FieldError, Parsed } from './parse';
export { crcOf, crcOfStream, type CrcIdKernel } from './kernel';
export { parseBitString } from './bits';
export { messages } from './messages';
export { reportJson, type IdentifyReportJson } from './json';
