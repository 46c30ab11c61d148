/**
 * FIFO generator configuration (spec part 2, sections 3, 5 and 9): options, defaults, presets,
 * validation, the almost-full/empty thresholds and the resource metrics. Pure: no React, no DOM.
 */
import { z } from 'zod';
import { numberInText } from '../../number-text';

/** The spec's widths and depths: the page offers them as the choices of its selects. */
export const DATA_WIDTHS = [8, 16, 32, 64, 128, 256] as const;
export const FIFO_DEPTHS = [16, 32, 64, 128, 256, 512, 1024, 2048] as const;
/**
 * Beyond the spec, as vendors' FIFO generators offer: any whole width and any depth in these
 * ranges, including depths that are not powers of two.
 */
export const DATA_WIDTH_RANGE = { min: 1, max: 1024 } as const;
export const FIFO_DEPTH_RANGE = { min: 2, max: 131072 } as const;
export const MEMORY_TYPES = ['distributed', 'block_ram', 'registers'] as const;
export const CLOCKING_MODES = ['sync', 'async'] as const;
export const READ_MODES = ['standard', 'fwft'] as const;
/**
 * The spec names writeMode without values. BitSmith offers "standard" (every accepted word is
 * readable at once) and "packet" (words become readable on commit); it is the same choice as
 * enablePacketMode, and the two are kept equal.
 */
export const WRITE_MODES = ['standard', 'packet'] as const;
export const RESET_TYPES = ['async', 'sync'] as const;

export const ALMOST_FULL_RANGE = { min: 50, max: 95 } as const;
export const ALMOST_EMPTY_RANGE = { min: 5, max: 50 } as const;

export type MemoryType = (typeof MEMORY_TYPES)[number];
export type ClockingMode = (typeof CLOCKING_MODES)[number];
export type ReadMode = (typeof READ_MODES)[number];
export type WriteMode = (typeof WRITE_MODES)[number];
export type ResetType = (typeof RESET_TYPES)[number];

export interface FifoConfig {
  dataWidth: number;
  fifoDepth: number;
  memoryType: MemoryType;
  clockingMode: ClockingMode;
  readMode: ReadMode;
  writeMode: WriteMode;
  /** Percent of depth, 50-95. */
  almostFullThreshold: number;
  /** Percent of depth, 5-50. */
  almostEmptyThreshold: number;
  outputRegister: boolean;
  resetType: ResetType;
  enableECC: boolean;
  enablePacketMode: boolean;
}

export const DEFAULT_FIFO_CONFIG: FifoConfig = {
  dataWidth: 8,
  fifoDepth: 16,
  memoryType: 'block_ram',
  clockingMode: 'sync',
  readMode: 'standard',
  writeMode: 'standard',
  almostFullThreshold: 80,
  almostEmptyThreshold: 20,
  outputRegister: true,
  resetType: 'async',
  enableECC: false,
  enablePacketMode: false,
};

export interface FifoPreset {
  id: string;
  label: string;
  config: FifoConfig;
}

const preset = (id: string, label: string, over: Partial<FifoConfig>): FifoPreset => ({
  id,
  label,
  config: { ...DEFAULT_FIFO_CONFIG, ...over },
});

/** The five presets of spec section 9; fields they do not name keep the defaults. */
export const FIFO_PRESETS: FifoPreset[] = [
  preset('small', 'Small (8x16)', { dataWidth: 8, fifoDepth: 16, memoryType: 'distributed' }),
  preset('medium', 'Medium (32x64)', { dataWidth: 32, fifoDepth: 64, memoryType: 'distributed' }),
  preset('large', 'Large (64x512)', { dataWidth: 64, fifoDepth: 512, memoryType: 'block_ram' }),
  preset('high_performance', 'High Performance (128x1024)', {
    dataWidth: 128,
    fifoDepth: 1024,
    memoryType: 'block_ram',
    outputRegister: true,
  }),
  preset('async', 'Async (32x128)', { dataWidth: 32, fifoDepth: 128, memoryType: 'block_ram', clockingMode: 'async' }),
];

interface SizeRule {
  name: string;
  range: { min: number; max: number };
  unit: string;
}

const WIDTH_RULE: SizeRule = { name: 'Data width', range: DATA_WIDTH_RANGE, unit: 'bits' };
const DEPTH_RULE: SizeRule = { name: 'FIFO depth', range: FIFO_DEPTH_RANGE, unit: 'words' };

/** Why a width or depth is unusable ("0 is too small"), or null when it is usable. */
function sizeFault(range: { min: number; max: number }, value: unknown): string | null {
  if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) {
    return 'the field is empty or not a number';
  }
  const text = numberInText(value);
  if (text !== undefined) {
    // `"dataWidth": "16"` (a JSON body, a config file): the type is what is wrong, as for the CRC's fields.
    const fault = sizeFault(range, text);
    return fault ? `"${value}" is text, and ${fault}` : `"${value}" is text; give the number ${text}`;
  }
  if (typeof value !== 'number') return `${JSON.stringify(value)} is not a number`;
  if (!Number.isInteger(value)) return `${value} is not a whole number`;
  if (value < range.min) return `${value} is too small`;
  if (value > range.max) return `${value} is too large`;
  return null;
}

/** What is wrong with a width or depth, in words: the allowed range and the value's fault. */
function sizeProblem(rule: SizeRule, value: unknown): string | null {
  const fault = sizeFault(rule.range, value);
  const { min, max } = rule.range;
  return fault && `${rule.name} must be a whole number from ${min} to ${max} ${rule.unit} (${fault})`;
}

/** The message for an unusable data width, or null when it is usable. */
export const dataWidthProblem = (value: unknown) => sizeProblem(WIDTH_RULE, value);
/** The message for an unusable FIFO depth, or null when it is usable. */
export const fifoDepthProblem = (value: unknown) => sizeProblem(DEPTH_RULE, value);

const size = (problem: (v: unknown) => string | null) =>
  z.custom<number>((v) => problem(v) === null, { error: (issue) => problem(issue.input) ?? '' });

/** A threshold in percent; a value that is no number (`"80"`) is told the range too. */
function threshold(name: string, range: { min: number; max: number }) {
  const message = `${name} must be between ${range.min} and ${range.max} percent`;
  return z
    .number({ message })
    .int({ message: `${name} must be a whole percent` })
    .min(range.min, { message })
    .max(range.max, { message });
}

const schema = z
  .object({
    dataWidth: size(dataWidthProblem),
    fifoDepth: size(fifoDepthProblem),
    memoryType: z.enum(MEMORY_TYPES, { message: 'Memory type must be distributed, block_ram or registers' }),
    clockingMode: z.enum(CLOCKING_MODES, { message: 'Clocking mode must be sync or async' }),
    readMode: z.enum(READ_MODES, { message: 'Read mode must be standard or fwft' }),
    writeMode: z.enum(WRITE_MODES, { message: 'Write mode must be standard or packet' }),
    almostFullThreshold: threshold('Almost full threshold', ALMOST_FULL_RANGE),
    almostEmptyThreshold: threshold('Almost empty threshold', ALMOST_EMPTY_RANGE),
    outputRegister: z.boolean({ message: 'Output register must be true or false' }),
    resetType: z.enum(RESET_TYPES, { message: 'Reset type must be async or sync' }),
    enableECC: z.boolean({ message: 'ECC must be true or false' }),
    enablePacketMode: z.boolean({ message: 'Packet mode must be true or false' }),
  })
  .refine((c) => c.enablePacketMode === (c.writeMode === 'packet'), {
    message: 'Write mode "packet" and packet mode must be chosen together',
  });

/**
 * writeMode and enablePacketMode of a configuration that gives one, both or neither: the page's
 * select and checkbox always move together, so one given alone sets the other too (a partial
 * configuration is the page after those changes); neither given is the default; both are kept as
 * given, and validation refuses them when they differ.
 */
export function packetModeOf(
  writeMode: WriteMode | undefined,
  enablePacketMode: boolean | undefined,
): Pick<FifoConfig, 'writeMode' | 'enablePacketMode'> {
  if (writeMode !== undefined && enablePacketMode === undefined)
    return { writeMode, enablePacketMode: writeMode === 'packet' };
  if (writeMode === undefined && enablePacketMode !== undefined)
    return { writeMode: enablePacketMode ? 'packet' : 'standard', enablePacketMode };
  return {
    writeMode: writeMode ?? DEFAULT_FIFO_CONFIG.writeMode,
    enablePacketMode: enablePacketMode ?? DEFAULT_FIFO_CONFIG.enablePacketMode,
  };
}

export type FifoValidation = { ok: true; config: FifoConfig } | { ok: false; errors: string[] };

/** Checks an untrusted configuration; every problem gets a readable message. */
export function validateFifoConfig(input: unknown): FifoValidation {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, config: r.data };
  return { ok: false, errors: r.error.issues.map((i) => i.message) };
}

export interface FifoThresholds {
  /** almost_full is high while the write side counts at least this many words. */
  almostFull: number;
  /** almost_empty is high while the read side counts at most this many words. */
  almostEmpty: number;
}

/** Spec: almost thresholds = floor(depth x percent / 100). */
export function fifoThresholds(
  c: Pick<FifoConfig, 'fifoDepth' | 'almostFullThreshold' | 'almostEmptyThreshold'>,
): FifoThresholds {
  return {
    almostFull: Math.floor((c.fifoDepth * c.almostFullThreshold) / 100),
    almostEmpty: Math.floor((c.fifoDepth * c.almostEmptyThreshold) / 100),
  };
}

export interface FifoMetrics {
  totalBits: number;
  estimatedLUTs: number;
  estimatedRegisters: number;
  estimatedBRAM: number;
  /** MHz */
  maxFrequency: number;
  /** Clock cycles from a read request to data. */
  latency: number;
}

/**
 * The widest word one block RAM holds in the estimate. The spec counts 16 Kbit blocks of any
 * shape (a 256 x 16 FIFO needs one), so a block is at least as wide as the spec's widest word;
 * wider words need another block per 256 bits, however shallow the FIFO.
 */
export const BRAM_MAX_WIDTH = 256;

/**
 * The spec's estimates (section 9), verbatim for every width and depth in the spec's range. The
 * only extension: block RAMs are at least ceil(width / BRAM_MAX_WIDTH), which changes nothing up
 * to 256 bits and counts wide, shallow FIFOs sensibly (1024 x 16 needs 4 blocks, not 1).
 */
export function fifoMetrics(
  c: Pick<FifoConfig, 'dataWidth' | 'fifoDepth' | 'memoryType' | 'outputRegister'>,
): FifoMetrics {
  const totalBits = c.fifoDepth * c.dataWidth;
  const blocks = Math.max(Math.ceil(totalBits / 16384), Math.ceil(c.dataWidth / BRAM_MAX_WIDTH));
  return {
    totalBits,
    estimatedLUTs: Math.ceil(totalBits / 16) + 20,
    estimatedRegisters: c.outputRegister ? Math.ceil(totalBits / 8) + 10 : Math.ceil(totalBits / 16) + 5,
    estimatedBRAM: c.memoryType === 'block_ram' ? blocks : 0,
    maxFrequency: c.memoryType === 'block_ram' ? 450 : 350,
    latency: c.outputRegister ? 2 : 1,
  };
}

export const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

/**
 * Facts about the size worth a note on the page and in the header comment: how a depth that is
 * not a power of two is built, and why a wide block RAM FIFO needs more blocks than its bits say.
 */
export function sizeNotes(c: Pick<FifoConfig, 'dataWidth' | 'fifoDepth' | 'memoryType' | 'clockingMode'>): string[] {
  const notes: string[] = [];
  if (dataWidthProblem(c.dataWidth) || fifoDepthProblem(c.fifoDepth)) return notes;
  const d = c.fifoDepth;
  if (!isPowerOfTwo(d)) {
    notes.push(`Depth ${d} is not a power of two: the pointers wrap at ${d}, so the FIFO stores exactly ${d} words.`);
    if (c.clockingMode === 'async') {
      notes.push(
        `The pointers cross the clock domains as a ${2 * d}-step window of the reflected Gray code, ` +
          'so they still change one bit per step, the wrap included.',
      );
    }
  }
  const byWidth = Math.ceil(c.dataWidth / BRAM_MAX_WIDTH);
  if (c.memoryType === 'block_ram' && byWidth > Math.ceil((c.dataWidth * d) / 16384)) {
    notes.push(`Block RAMs: at least one per ${BRAM_MAX_WIDTH} bits of width, so ${byWidth} for ${c.dataWidth} bits.`);
  }
  return notes;
}
