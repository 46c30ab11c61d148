/** State codes for the three encodings. */
import type { FsmConfig } from './config';

export interface StateCodes {
  width: number;
  /** State name -> code as a binary string of `width` bits. */
  codes: Map<string, string>;
  /** Set when the binary encoding could not use the states' own codes. */
  note?: string;
}

function bitsFor(count: number): number {
  return Math.max(1, Math.ceil(Math.log2(count)));
}

/**
 * binary: the states' own codes when they are distinct binary numbers, otherwise the state order
 * (with a note, unless no state has a code);
 * gray: the Gray code of the state order; onehot: one bit per state, in state order.
 */
export function stateCodes(c: FsmConfig): StateCodes {
  const n = c.states.length;
  const codes = new Map<string, string>();
  if (c.encoding === 'onehot') {
    c.states.forEach((s, i) => codes.set(s.name, (1n << BigInt(i)).toString(2).padStart(n, '0')));
    return { width: n, codes };
  }
  if (c.encoding === 'gray') {
    const width = bitsFor(n);
    c.states.forEach((s, i) => codes.set(s.name, (i ^ (i >> 1)).toString(2).padStart(width, '0')));
    return { width, codes };
  }
  const own = c.states.map((s) => s.code.trim());
  const usable =
    own.every((code) => /^[01]+$/.test(code)) && new Set(own.map((code) => BigInt(`0b${code}`))).size === n;
  if (usable) {
    const width = Math.max(bitsFor(n), ...own.map((code) => code.replace(/^0+(?=.)/, '').length));
    c.states.forEach((s, i) => codes.set(s.name, BigInt(`0b${own[i]}`).toString(2).padStart(width, '0')));
    return { width, codes };
  }
  const width = bitsFor(n);
  c.states.forEach((s, i) => codes.set(s.name, i.toString(2).padStart(width, '0')));
  // No code given at all (the API's and the CLI's states may leave `code` out): nothing to warn about.
  if (own.every((code) => code === '')) return { width, codes };
  return {
    width,
    codes,
    note: 'State codes are not distinct binary numbers, so the binary encoding numbers the states in list order.',
  };
}
