/**
 * FIFO page logic (pure): option labels, the metrics and thresholds shown on the page, preset
 * lookup, the keep-in-step rule of writeMode and packet mode, and the custom width/depth fields.
 */
import type { HdlLanguage } from '../../core/hdl/contract';
import {
  dataWidthProblem,
  FIFO_PRESETS,
  fifoDepthProblem,
  fifoGenerator,
  type ClockingMode,
  type FifoConfig,
  type MemoryType,
  type ReadMode,
  type ResetType,
  type WriteMode,
} from '../../core/hdl/fifo';

export const MEMORY_TYPE_LABEL: Record<MemoryType, string> = {
  distributed: 'Distributed RAM',
  block_ram: 'Block RAM',
  registers: 'Registers',
};
export const CLOCKING_LABEL: Record<ClockingMode, string> = {
  sync: 'Synchronous (one clock)',
  async: 'Asynchronous (two clocks)',
};
export const READ_MODE_LABEL: Record<ReadMode, string> = { standard: 'Standard', fwft: 'First-Word Fall-Through' };
export const WRITE_MODE_LABEL: Record<WriteMode, string> = {
  standard: 'Standard',
  packet: 'Packet (commit on last word)',
};
export const RESET_LABEL: Record<ResetType, string> = { async: 'Asynchronous', sync: 'Synchronous' };

/** One metrics card: label and formatted value. */
export interface MetricRow {
  id: string;
  label: string;
  value: string;
}

/** The problems of the width and depth fields (empty when both are usable). */
export function sizeProblems(c: Pick<FifoConfig, 'dataWidth' | 'fifoDepth'>): string[] {
  return [dataWidthProblem(c.dataWidth), fifoDepthProblem(c.fifoDepth)].filter((p) => p !== null);
}

/** The value of a custom size field: a number, NaN when empty (validation then says so). */
export function parseSize(text: string): number {
  return text.trim() === '' ? NaN : Number(text);
}

/** A count of words as the panel writes it: "1 word", "12 words", "1,024 words". */
export const wordCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'word' : 'words'}`;

/** Shown instead of a figure that an unusable width or depth leaves undefined. */
export const NO_VALUE = '—';

/** The metrics panel rows, formatted (spec formulas in core/hdl/fifo/config.ts). */
export function metricRows(c: FifoConfig): MetricRow[] {
  const { metrics: m, thresholds: t } = fifoGenerator.summary(c);
  const usable = sizeProblems(c).length === 0;
  // A threshold from a link can be out of range (200%): its words would be more than the depth.
  const thresholdsUsable = usable && fifoGenerator.validate(c).length === 0;
  const n = (v: number) => (usable ? v.toLocaleString('en-US') : NO_VALUE);
  return [
    { id: 'total-bits', label: 'Total Bits', value: n(m.totalBits) },
    { id: 'luts', label: 'Estimated LUTs', value: n(m.estimatedLUTs) },
    { id: 'registers', label: 'Estimated Registers', value: n(m.estimatedRegisters) },
    { id: 'bram', label: 'Block RAMs', value: n(m.estimatedBRAM) },
    { id: 'max-frequency', label: 'Max Frequency', value: `${m.maxFrequency} MHz` },
    { id: 'latency', label: 'Latency', value: `${m.latency} ${m.latency === 1 ? 'cycle' : 'cycles'}` },
    { id: 'almost-full', label: 'Almost Full Threshold', value: thresholdsUsable ? wordCount(t.almostFull) : NO_VALUE },
    {
      id: 'almost-empty',
      label: 'Almost Empty Threshold',
      value: thresholdsUsable ? wordCount(t.almostEmpty) : NO_VALUE,
    },
  ];
}

/** Applies one field; writeMode and enablePacketMode describe the same choice and move together. */
export function updateConfig<K extends keyof FifoConfig>(c: FifoConfig, key: K, value: FifoConfig[K]): FifoConfig {
  const next = { ...c, [key]: value };
  if (key === 'writeMode') next.enablePacketMode = value === 'packet';
  if (key === 'enablePacketMode') next.writeMode = value ? 'packet' : 'standard';
  return next;
}

/** A preset replaces the whole configuration (spec section 4). */
export function presetConfig(id: string): FifoConfig {
  const p = FIFO_PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`Unknown preset: ${id}`);
  return { ...p.config };
}

/** The configuration as reported with tool usage: flat, as the analytics ingest requires. */
export function usageDetails(c: FifoConfig, language: HdlLanguage): Record<string, string | number | boolean> {
  return { language, ...c };
}
