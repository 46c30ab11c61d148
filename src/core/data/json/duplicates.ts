/**
 * Repeated keys in a JSON object (`{"a": 1, "a": 2}`): valid JSON (RFC 8259 leaves their meaning to
 * the reader; JSON.parse and the tools keep the last), but almost always a mistake, which jsonlint
 * and VS Code flag. The kernel (assembly/json.ts) copies keys as written and keeps no key sets, so a
 * separate pass over the same bytes looks for them, in the first DUPLICATE_KEY_SCAN_BYTES only: this
 * loop measured 7 ns a byte warm and 30 cold here, where the kernel formats about 200 MB in 0.5 s
 * (a whole 90 MB file took the CLI from 0.4 s to 2.5 s before the loop was tuned). Keys compare
 * as read, their escapes decoded (`"a"` and `"\u0061"` are one name, RFC 8259 section 8.3; the tree
 * path kept one of them without a word). It assumes valid JSON: on invalid input the kernel's
 * error is what counts.
 */
import { BytePosition } from './kernel';
import { DUPLICATE_KEY_SCAN_BYTES } from '../limits';
import type { TextPosition } from '../position';

const QUOTE = 34;
const BACKSLASH = 92;

/** Finds the first repeated key in JSON bytes fed in order, in pieces cut anywhere. */
export class DuplicateKeyScan {
  /** The first repeated key (its escapes read) and the byte offset of its opening quote. */
  first?: { key: string; byteOffset: number };
  /** Bytes fed before the current piece. */
  private fed = 0;
  /** One entry per open object (its keys, as latin1 text of their bytes) or array (null). */
  private readonly open: (Set<string> | null)[] = [];
  private expectKey = false;
  /** Inside a string cut by a piece's end: a key's bytes so far (null for a value), an escape pending. */
  private cut?: { key: Uint8Array | null; escaped: boolean; at: number };

  constructor(private readonly limit = DUPLICATE_KEY_SCAN_BYTES) {}

  feed(piece: Uint8Array): void {
    if (this.first || this.fed >= this.limit) return;
    const b = piece.length > this.limit - this.fed ? piece.subarray(0, this.limit - this.fed) : piece;
    const n = b.length;
    const open = this.open;
    let i = 0;
    if (this.cut) {
      const { key, escaped, at } = this.cut;
      this.cut = undefined;
      i = this.string(b, 0, key, escaped, at);
    }
    while (i < n) {
      const c = b[i++]!;
      if (c === QUOTE) {
        const isKey = this.expectKey;
        this.expectKey = false;
        i = this.string(b, i, isKey ? EMPTY : null, false, this.fed + i - 1);
      } else if (c === 123) {
        open.push(new Set());
        this.expectKey = true;
      } else if (c === 91) open.push(null);
      else if (c === 125 || c === 93) open.pop();
      else if (c === 44) this.expectKey = open[open.length - 1] != null;
    }
    this.fed += n;
  }

  /**
   * Skips a string's body from `from` (after its opening quote at byte offset `at`); `key` holds a
   * key's bytes read before this piece (null for a value). Returns the index after its closing quote.
   */
  private string(b: Uint8Array, from: number, key: Uint8Array | null, escaped: boolean, at: number): number {
    const n = b.length;
    let i = escaped ? Math.min(from + 1, n) : from;
    for (;;) {
      while (i < n && b[i] !== QUOTE) i++;
      let s = i;
      while (s > from && b[s - 1] === BACKSLASH) s--;
      // Backslashes back to the piece's start continue the one the last piece ended with.
      const run = i - s + (s === from && escaped ? 1 : 0);
      if (i === n) {
        this.cut = { key: key && concat(key, b.subarray(from)), escaped: run % 2 === 1, at };
        return n;
      }
      if (run % 2 === 0) {
        if (key) this.addKey(key.length ? concat(key, b.subarray(from, i)) : b.subarray(from, i), at);
        return i + 1;
      }
      i++;
    }
  }

  private addKey(bytes: Uint8Array, at: number): void {
    const keys = this.open[this.open.length - 1];
    if (!keys) return;
    const k = bytes.includes(BACKSLASH) ? escapedKey(bytes) : latin1(bytes);
    if (!keys.has(k)) keys.add(k);
    else this.first ??= { key: keyText(new TextDecoder().decode(bytes)), byteOffset: at };
  }
}

const EMPTY = new Uint8Array(0);

/** A key's UTF-8 bytes as text of one char per byte: what keys without escapes are compared as. */
function latin1(bytes: Uint8Array): string {
  let k = '';
  for (let i = 0; i < bytes.length; i++) k += String.fromCharCode(bytes[i]!);
  return k;
}

/** A lone surrogate, which has no UTF-8 form (a pair is one code point under the u flag). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A key with escapes, compared as the key its text reads: `"\u0061"` as `"a"`. A lone surrogate
 * (`"\ud800"`) has no UTF-8 bytes, so that key stays UTF-16 text: its surrogate (above U+00FF)
 * keeps it apart from every bytes form.
 */
function escapedKey(bytes: Uint8Array): string {
  const text = keyText(new TextDecoder().decode(bytes));
  return LONE_SURROGATE.test(text) ? text : latin1(new TextEncoder().encode(text));
}

/** A key's text with its escapes read (`a\u0062` is `ab`). */
function keyText(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * What became of a repeated key's values: `last`, the output holds the last one alone (a tree:
 * sort keys, YAML, CSV); `asWritten`, the output copies both (the kernel) or there is none
 * (validate), so the note says what readers of the JSON will do. It said "only its last value is
 * kept" above output that kept both.
 */
export type DuplicateOutcome = 'last' | 'asWritten';

const OUTCOME: Record<DuplicateOutcome, string> = {
  last: 'only its last value is kept.',
  asWritten: 'JSON.parse and most readers keep only its last value.',
};

/** The note on the repeated key a scan found, named and placed. */
export function duplicateKeyNote(
  scan: DuplicateKeyScan,
  p: Pick<TextPosition, 'line' | 'column'>,
  outcome: DuplicateOutcome,
): string {
  return `⚠ Duplicate key ${JSON.stringify(scan.first!.key)} at line ${p.line}, column ${p.column}: ${OUTCOME[outcome]}`;
}

/** The note on a repeated key in whole JSON text (undefined when there is none). */
export function duplicateKeysIn(text: string, outcome: DuplicateOutcome): string | undefined {
  // A character is at least one byte: this many characters hold the bytes the scan looks at.
  const bytes = new TextEncoder().encode(text.slice(0, DUPLICATE_KEY_SCAN_BYTES));
  const scan = new DuplicateKeyScan();
  scan.feed(bytes);
  if (!scan.first) return undefined;
  const p = new BytePosition(scan.first.byteOffset);
  p.feed(bytes);
  return duplicateKeyNote(scan, p.position, outcome);
}
