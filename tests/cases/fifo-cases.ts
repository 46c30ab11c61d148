/**
 * FIFO configurations for the synthesis suite and the fuzzer. Widths and depths are drawn from
 * wide ranges and kept only when validateFifoConfig accepts them, so these tests follow the
 * generator's limits as they are (and widen with them); a cost bound keeps each design small
 * enough to synthesise in seconds.
 */
import {
  ALMOST_EMPTY_RANGE,
  ALMOST_FULL_RANGE,
  CLOCKING_MODES,
  DEFAULT_FIFO_CONFIG,
  FIFO_PRESETS,
  MEMORY_TYPES,
  READ_MODES,
  RESET_TYPES,
  validateFifoConfig,
  type FifoConfig,
} from '../../src/core/hdl/fifo';
import { eccCodewordWidth } from '../../src/core/hdl/fifo/ecc';
import type { Random } from '../../src/core/random';
import { between, logBetween, pick } from './draw';

export interface FifoCase {
  name: string;
  config: FifoConfig;
}

/** Bits in the memory array: depth x stored word (with ECC, the codeword). */
export function memoryBits(c: FifoConfig): number {
  return c.fifoDepth * (c.enableECC ? eccCodewordWidth(c.dataWidth) : c.dataWidth);
}

/** writeMode follows enablePacketMode (the validation requires them to agree). */
export function fifoConfig(over: Partial<FifoConfig>): FifoConfig {
  const config = { ...DEFAULT_FIFO_CONFIG, ...over };
  return { ...config, writeMode: config.enablePacketMode ? 'packet' : 'standard' };
}

function accepted(c: FifoConfig): boolean {
  return validateFifoConfig(c).ok;
}

export function presetFifoCases(): FifoCase[] {
  return FIFO_PRESETS.map((p) => ({ name: `preset ${p.id}`, config: p.config }));
}

/** All 64 combinations of clocking, read mode, output register, reset, ECC and packet mode (8 x 16 words). */
export function optionFifoCases(): FifoCase[] {
  return Array.from({ length: 64 }, (_, bits) => ({
    name: `combination ${bits}`,
    config: fifoConfig({
      clockingMode: bits & 1 ? 'async' : 'sync',
      readMode: bits & 2 ? 'fwft' : 'standard',
      outputRegister: Boolean(bits & 4),
      resetType: bits & 8 ? 'sync' : 'async',
      enableECC: Boolean(bits & 16),
      enablePacketMode: Boolean(bits & 32),
      memoryType: MEMORY_TYPES[bits % MEMORY_TYPES.length] ?? DEFAULT_FIFO_CONFIG.memoryType,
    }),
  }));
}

/** Limits of the fuzzer's draw, so a design synthesises in seconds. */
export interface FifoCost {
  /** Largest memory array, in bits. */
  maxMemoryBits: number;
  /** Largest data width with ECC (the SECDED logic grows fast with the width). */
  maxEccDataWidth: number;
}

/** A value from `draw` that validateFifoConfig accepts in `field` (tried on the default configuration). */
function acceptedValue(field: 'dataWidth' | 'fifoDepth', draw: () => number, fits: (v: number) => boolean): number {
  for (let tries = 0; tries < 200; tries++) {
    const v = draw();
    if (fits(v) && accepted(fifoConfig({ [field]: v }))) return v;
  }
  return DEFAULT_FIFO_CONFIG[field];
}

/** Half the draws a power of two, half any integer, both log-uniform over [lo, hi]. */
function sizeDraw(rand: Random, lo: number, hi: number): () => number {
  return () =>
    rand() < 0.5 ? 2 ** between(rand, Math.ceil(Math.log2(lo)), Math.floor(Math.log2(hi))) : logBetween(rand, lo, hi);
}

/** Any configuration validateFifoConfig accepts within `cost`: widths 1..1024 and depths 2..131072 where allowed. */
export function fuzzFifoConfig(rand: Random, cost: FifoCost): FifoConfig {
  for (let tries = 0; tries < 100; tries++) {
    const enableECC = rand() < 0.4;
    const maxWidth = enableECC ? cost.maxEccDataWidth : 1024;
    const dataWidth = acceptedValue('dataWidth', sizeDraw(rand, 1, 1024), (w) => w <= maxWidth);
    const word = enableECC ? eccCodewordWidth(dataWidth) : dataWidth;
    const fifoDepth = acceptedValue('fifoDepth', sizeDraw(rand, 2, 131072), (d) => d * word <= cost.maxMemoryBits);
    const config = fifoConfig({
      dataWidth,
      fifoDepth,
      enableECC,
      memoryType: pick(rand, MEMORY_TYPES),
      clockingMode: pick(rand, CLOCKING_MODES),
      readMode: pick(rand, READ_MODES),
      outputRegister: rand() < 0.5,
      resetType: pick(rand, RESET_TYPES),
      enablePacketMode: rand() < 0.4,
      almostFullThreshold: between(rand, ALMOST_FULL_RANGE.min, ALMOST_FULL_RANGE.max),
      almostEmptyThreshold: between(rand, ALMOST_EMPTY_RANGE.min, ALMOST_EMPTY_RANGE.max),
    });
    if (
      accepted(config) &&
      memoryBits(config) <= cost.maxMemoryBits &&
      (!enableECC || dataWidth <= cost.maxEccDataWidth)
    )
      return config;
  }
  throw new Error('fuzzFifoConfig: no accepted configuration within the cost bound');
}
