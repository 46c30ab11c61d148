/**
 * A JSON number kept as its source text, so big integers (12345678901234567890) and long
 * decimals (0.10000000000000000001) survive formatting and conversion byte for byte.
 * Numbers whose text a JS number reproduces exactly stay plain numbers (cheaper).
 */
export class LosslessNumber {
  constructor(readonly text: string) {}
  valueOf(): number {
    return Number(this.text);
  }
  toString(): string {
    return this.text;
  }
}

/** A JSON value as read by this module: objects are Maps, which keep document key order. */
export type JsonValue = null | boolean | number | string | LosslessNumber | JsonValue[] | JsonObject;
export type JsonObject = Map<string, JsonValue>;

/** RFC 8259 number grammar. */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A decimal number JavaScript reads but JSON does not spell (`+5`, `.5`, `5.`, `5.e3`). */
const OTHER_NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:([eE])([+-]?\d+))?$/;

/**
 * Such a number in JSON's spelling, written from its text (`+5` -> 5, `-.5` -> -0.5, `5.e3` -> 5e3)
 * so no digit changes, as a JavaScript number would change `+9007199254740993` or
 * `.12345678901234567890123`. Undefined when JSON has no spelling for it from the text alone (no
 * digit before or after the point, or a leading zero such as `0755`).
 */
export function plainNumber(t: string): string | undefined {
  const m = OTHER_NUMBER.exec(t);
  if (!m) return undefined;
  const [, sign, int = '', frac = '', e, exponent] = m;
  if (!int && !frac) return undefined;
  const plain = `${sign === '-' ? '-' : ''}${int || '0'}${frac ? `.${frac}` : ''}${e ? `${e}${exponent}` : ''}`;
  return JSON_NUMBER.test(plain) ? plain : undefined;
}

/** A number from its literal: plain when `String(n)` gives the literal back, lossless otherwise. */
const SAFE_INT = /^-?(?:0|[1-9]\d{0,14})$/;

export function numberFromLiteral(text: string): number | LosslessNumber {
  if (SAFE_INT.test(text) && text !== '-0') return Number(text); // the common case, no round trip
  const n = Number(text);
  return String(n) === text ? n : new LosslessNumber(text);
}
