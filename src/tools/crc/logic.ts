/**
 * CRC generator page logic: grouping, search and messages (no React). The parameter rules the
 * page shares with the server are in core/crc/request.ts.
 */
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { POLY_BITS } from '../../core/crc/params';
import type { CustomFields } from '../../core/crc/request';
import type { HdlLanguage } from '../../core/hdl/contract';

export const NO_POLYNOMIAL = 'No polynomial selected';
export const CUSTOM_OPTION = 'Custom Polynomial';
export const LOAD_ERROR = 'Failed to load predefined algorithms';
export const VALIDATION_ALERT = 'Validation error: Please check your polynomial and parameters';
export const BITS_PER_ROW = 17;

export const generateErrorAlert = (language: HdlLanguage) =>
  `Error generating ${language.toUpperCase()} code. Please check your parameters.`;

/** Spec: a 68-element array with element 0 set by default. */
export function defaultBits(): number[] {
  const bits = new Array<number>(POLY_BITS).fill(0);
  bits[0] = 1;
  return bits;
}

export interface AlgorithmGroup {
  label: string;
  items: PredefinedAlgorithm[];
}

export function matchesSearch(a: PredefinedAlgorithm, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [a.name, ...a.aliases].some((n) => n.toLowerCase().includes(q));
}

/**
 * Groups by CRC width, widest first; widths with a single algorithm go to 'Other', which comes
 * last. Only algorithms matching `query` are kept; empty groups are dropped.
 */
export function groupAlgorithms(list: PredefinedAlgorithm[], query = ''): AlgorithmGroup[] {
  const count = new Map<number, number>();
  for (const a of list) count.set(a.width, (count.get(a.width) ?? 0) + 1);
  const groups = new Map<number, PredefinedAlgorithm[]>();
  const other: PredefinedAlgorithm[] = [];
  for (const a of list) {
    if (!matchesSearch(a, query)) continue;
    if (count.get(a.width)! > 1) groups.set(a.width, [...(groups.get(a.width) ?? []), a]);
    else other.push(a);
  }
  const out = [...groups.entries()].sort(([a], [b]) => b - a).map(([w, items]) => ({ label: `${w}-bit`, items }));
  if (other.length) out.push({ label: 'Other', items: other.sort((a, b) => b.width - a.width) });
  return out;
}

export function fieldsOf(a: PredefinedAlgorithm): CustomFields {
  return { init: a.init, xorout: a.xorout, refin: a.refin, refout: a.refout };
}

/** The wide-data-path options as the generator takes them: a partial last word only on whole bytes. */
export function streamOptions(
  dataWidth: number,
  partialLastWord: boolean,
  pipelineStages: number,
): { partialLastWord: boolean; pipelineStages: number } {
  return { partialLastWord: partialLastWord && dataWidth % 8 === 0, pipelineStages };
}

/** The latency line of the summary. */
export function latencyText(stages: number): string {
  if (stages === 0) return 'Latency: crc_out shows a beat right after the clock edge that takes it';
  return `Latency: ${stages} clock cycle${stages === 1 ? '' : 's'} (crc_out and crc_valid show a beat ${stages} clock edge${stages === 1 ? '' : 's'} after it is taken)`;
}
