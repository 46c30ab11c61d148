/**
 * CRC generator page logic: grouping, search and messages (no React). The parameter rules the
 * page shares with the server are in core/crc/request.ts.
 */
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { POLY_BITS, parseHex, polyWidth } from '../../core/crc/params';
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

/** A name as searched: lower case, without spaces, dashes, underscores and slashes ('crc32isohdlc'). */
const searchKey = (s: string) => s.toLowerCase().replace(/[\s_/-]+/g, '');

/**
 * The algorithm's name or an alias holds the query, with case, spaces, dashes, underscores and
 * slashes ignored as POST /api/hdl/crc and bitsmith ignore them: 'crc32', 'crc16 modbus' and
 * 'CRC32C' find CRC-32/ISO-HDLC, CRC-16/MODBUS and CRC-32/ISCSI.
 */
export function matchesSearch(a: PredefinedAlgorithm, query: string): boolean {
  const q = searchKey(query);
  if (!q) return true;
  return [a.name, ...a.aliases].some((n) => searchKey(n).includes(q));
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

/** The search's count, as its status region says it: '1 algorithm matches', '12 algorithms match'. */
export const searchCountText = (n: number) => (n === 1 ? '1 algorithm matches' : `${n} algorithms match`);

export function fieldsOf(a: PredefinedAlgorithm): CustomFields {
  return { init: a.init, xorout: a.xorout, refin: a.refin, refout: a.refout };
}

/** The polynomial and parameters are the algorithm's (init/xorout compared as values). */
export function isAlgorithm(a: PredefinedAlgorithm, bits: readonly number[], fields: CustomFields): boolean {
  const sameHex = (x: string, y: string) => parseHex(x) !== undefined && parseHex(x) === parseHex(y);
  return (
    a.poly.every((b, i) => b === bits[i]) &&
    sameHex(fields.init, a.init) &&
    sameHex(fields.xorout, a.xorout) &&
    fields.refin === a.refin &&
    fields.refout === a.refout
  );
}

/**
 * The selection as the catalogue sees it, once it has arrived (a link or draft may name an
 * algorithm): a name without a polynomial (a hand-written `?algorithm=CRC-16/ARC`) loads the
 * algorithm; a name whose polynomial or parameters differ is Custom, never shown under that name.
 */
export function reconcileSelection(
  algorithms: PredefinedAlgorithm[],
  state: { selected: string; bits: readonly number[]; fields: CustomFields },
): { choose: PredefinedAlgorithm } | { custom: true } | undefined {
  if (!state.selected || !algorithms.length) return undefined;
  const hasPoly = polyWidth(state.bits) > 0;
  // Offline the fallback list names CRC-32/ISO-HDLC 'CRC-32 Ethernet' (the catalogue name is its
  // alias); a name neither list knows is still that algorithm when every parameter is its.
  const a =
    algorithms.find((x) => x.name === state.selected) ??
    algorithms.find((x) => x.aliases.includes(state.selected)) ??
    (hasPoly ? algorithms.find((x) => isAlgorithm(x, state.bits, state.fields)) : undefined);
  if (a && !hasPoly) return { choose: a };
  if (!a || !isAlgorithm(a, state.bits, state.fields)) return { custom: true };
  if (a.name !== state.selected) return { choose: a };
  return undefined;
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
