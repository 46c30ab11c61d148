// JSON (RFC 8259) in one pass over UTF-8 bytes: validate, minify, or format with an indent of
// 2 or 4 spaces or a tab, exactly like JSON.stringify(JSON.parse(s), null, indent) lays it out,
// but copying every string and number literal byte for byte. No tree: a state machine whose
// state lives in globals, so the input can arrive in chunks of any size (split anywhere, even
// inside a string escape or a number) and be larger than this module's memory.
// SIMD: string bodies and whitespace runs are scanned 16 bytes at a time.
//
// Protocol: begin(mode, unit, count); then run(src, len, dst, cap) per chunk, which returns the
// input bytes it consumed (it stops early when the output region is nearly full: call it again
// with the rest) or -1 on the first error; outputLength() is what that call wrote. finish()
// checks the end of input (0 or -1). errorCode() and errorOffset() (absolute byte offset) tell
// what and where; the bridge (src/core/data/json/kernel.ts) words it like JSON.parse does.

export { reserve } from "./shared/memory";

/** Nesting deeper than this is an error (JSON is nested too deeply), not a crash. */
const MAX_DEPTH: i32 = 4096;
/** Output room kept free before each step: the longest a step writes (a newline + indentation). */
const ROOM: usize = <usize>(MAX_DEPTH + 2) * 4 + 64;

// Modes
const VALIDATE: i32 = 0;
const MINIFY: i32 = 1;
const FORMAT: i32 = 2;

// Error codes (messages in the bridge, worded as V8's JSON.parse words them)
const E_EOF: i32 = 1; //            Unexpected end of JSON input
const E_TOKEN: i32 = 2; //          Unexpected token 'c'
const E_NUMBER: i32 = 3; //         Unexpected number in JSON
const E_STRING: i32 = 4; //         Unexpected string in JSON
const E_AFTER: i32 = 5; //          Unexpected non-whitespace character after JSON
const E_CONTROL: i32 = 6; //        Bad control character in string literal in JSON
const E_ESCAPE: i32 = 7; //         Bad escaped character in JSON
const E_UNICODE: i32 = 8; //        Bad Unicode escape in JSON
const E_UNTERMINATED: i32 = 9; //   Unterminated string in JSON
const E_PROP_OR_BRACE: i32 = 10; // Expected property name or '}' in JSON
const E_PROP: i32 = 11; //          Expected double-quoted property name in JSON
const E_COLON: i32 = 12; //         Expected ':' after property name in JSON
const E_COMMA_BRACE: i32 = 13; //   Expected ',' or '}' after property value in JSON
const E_COMMA_BRACKET: i32 = 14; // Expected ',' or ']' after array element in JSON
const E_MINUS: i32 = 15; //         No number after minus sign in JSON
const E_FRACTION: i32 = 16; //      Unterminated fractional number in JSON
const E_EXPONENT: i32 = 17; //      Exponent part is missing a number in JSON
const E_DEPTH: i32 = 18; //         JSON is nested too deeply

// States
const S_TOP: i32 = 0; //           expecting the document's value
const S_VALUE: i32 = 1; //         expecting a value (after ':' or an array's ',')
const S_VALUE_OR_CLOSE: i32 = 2; // after '['
const S_KEY_OR_CLOSE: i32 = 3; //  after '{'
const S_KEY: i32 = 4; //           after an object's ','
const S_COLON_FIRST: i32 = 5; //   after an object's first key
const S_COLON: i32 = 6; //         after any later key (V8 words errors here differently)
const S_AFTER: i32 = 7; //         after a value
const S_STR: i32 = 8; //           inside a string
const S_STR_ESC: i32 = 9; //       after a backslash
const S_STR_HEX: i32 = 10; //      inside \uXXXX (sub = hex digits read)
const S_MINUS: i32 = 11;
const S_ZERO: i32 = 12; //         after a leading 0
const S_INT: i32 = 13;
const S_DOT: i32 = 14;
const S_FRAC: i32 = 15;
const S_E: i32 = 16;
const S_ESIGN: i32 = 17;
const S_EXP: i32 = 18;
const S_LIT: i32 = 19; //          inside true/false/null (sub = index into LIT)
const S_ERROR: i32 = 20;

const LIT = new StaticArray<u8>(13); // "truefalsenull"
function buildLit(): void {
  const s = "truefalsenull";
  for (let i = 0; i < 13; i++) unchecked((LIT[i] = <u8>s.charCodeAt(i)));
}
buildLit();

const stack = new StaticArray<u8>(MAX_DEPTH + 1); // 1 = object, 0 = array

let mode: i32 = VALIDATE;
let unit: u8 = 32;
let unitCount: i32 = 2;
let depth: i32 = 0;
let state: i32 = S_TOP;
let sub: i32 = 0;
let litEnd: i32 = 0;
let isKey: bool = false;
let firstKey: bool = false;
let base: u64 = 0;
let errCode: i32 = 0;
let errAt: u64 = 0;
let outLen: usize = 0;

/** Starts a document. mode: 0 validate, 1 minify, 2 format with `count` copies of byte `indentByte`. */
export function begin(m: i32, indentByte: i32, count: i32): void {
  mode = m;
  unit = <u8>indentByte;
  unitCount = count;
  depth = 0;
  state = S_TOP;
  sub = 0;
  base = 0;
  errCode = 0;
  errAt = 0;
  outLen = 0;
}

export function outputLength(): usize {
  return outLen;
}
export function errorCode(): i32 {
  return errCode;
}
/** Absolute byte offset of the first error (the input length for errors at the end). */
export function errorOffset(): f64 {
  return <f64>errAt;
}
/** Bytes consumed by all run calls so far. */
export function consumed(): f64 {
  return <f64>base;
}

@inline function isWs(c: u32): bool {
  return c == 32 || c == 10 || c == 13 || c == 9;
}
@inline function isDigit(c: u32): bool {
  return c - 48 < 10;
}
@inline function isHex(c: u32): bool {
  return c - 48 < 10 || (c | 32) - 97 < 6;
}

/** V8's wording for a token where it expected something it does not name. */
@inline function tokenError(c: u32): i32 {
  if (c == 34) return E_STRING;
  if (c == 45 || isDigit(c)) return E_NUMBER;
  return E_TOKEN;
}

/** First non-whitespace byte at or after p (or end). */
@inline function skipWs(p: usize, end: usize): usize {
  if (p < end && load<u8>(p) > 32) return p;
  const sp = i8x16.splat(32);
  const nl = i8x16.splat(10);
  const cr = i8x16.splat(13);
  const tab = i8x16.splat(9);
  while (p + 16 <= end) {
    const v = v128.load(p);
    const ws = v128.or(v128.or(i8x16.eq(v, sp), i8x16.eq(v, nl)), v128.or(i8x16.eq(v, cr), i8x16.eq(v, tab)));
    const m = ~i8x16.bitmask(ws) & 0xffff;
    if (m != 0) return p + ctz<u32>(m);
    p += 16;
  }
  while (p < end && isWs(load<u8>(p))) p++;
  return p;
}

/** Writes a newline and the indentation of `level` at out; returns the new out. */
@inline function newline(out: usize, level: i32): usize {
  store<u8>(out, 10);
  out++;
  const n = <usize>(level * unitCount);
  // 16 bytes a store (the output region has ROOM to spare): memory.fill is a call out of WASM
  const v = i8x16.splat(unit);
  for (let i: usize = 0; i < n; i += 16) v128.store(out + i, v);
  return out + n;
}

/**
 * Consumes up to `len` bytes at `src`, writing output at `dst` (at most `cap` bytes; `cap` must
 * exceed ROOM, about 16 KB). Returns the bytes consumed (less than `len` when the output region
 * filled up) or -1 on an error.
 */
export function run(src: usize, len: usize, dst: usize, cap: usize): isize {
  if (state == S_ERROR) return -1;
  // One copy of the loop per mode, its flags constants (the validator then has no output work)
  if (mode == VALIDATE) return validate(src, len, dst, cap);
  if (mode == MINIFY) return minify(src, len, dst, cap);
  return format(src, len, dst, cap);
}

function minify(src: usize, len: usize, dst: usize, cap: usize): isize {
  return emitting(src, len, dst, cap, false);
}

function format(src: usize, len: usize, dst: usize, cap: usize): isize {
  return emitting(src, len, dst, cap, true);
}

/**
 * Minify and format as validation runs: the output walker (walkOutput) takes whole valid tokens and
 * writes them; the state machine takes over wherever it stops until the next token boundary. Stops
 * early, like the state machine, when the output region is nearly full.
 */
@inline function emitting(src: usize, len: usize, dst: usize, cap: usize, fmt: bool): isize {
  const end = src + len;
  const outLim = dst + cap - ROOM;
  let p = src;
  let out = dst;
  while (p < end && out <= outLim) {
    const roomy = end - p >= 64;
    if (roomy && isBoundary(state)) {
      const q = fmt ? walkFormat(p, end, out, outLim) : walkMinify(p, end, out, outLim);
      base += <u64>(q - p);
      p = q;
      out = walkOut;
      if (out > outLim) break;
    }
    const n = roomy
      ? runMode(p, end - p, out, dst + cap - out, true, fmt, true)
      : runMode(p, end - p, out, dst + cap - out, true, fmt, false);
    if (n < 0) return -1;
    p += n;
    out += outLen;
  }
  outLen = out - dst;
  return <isize>(p - src);
}

/**
 * Validation: the token walker below (fastValidate) takes whole valid tokens; the state machine
 * takes over wherever it stops (an error, the chunk's end, a token split across chunks) until the
 * next token boundary, so every error is still found, worded and placed by one piece of code.
 */
function validate(src: usize, len: usize, dst: usize, cap: usize): isize {
  const end = src + len;
  let p = src;
  while (p < end) {
    const roomy = end - p >= 64;
    if (roomy && isBoundary(state)) {
      const q = fastValidate(p, end);
      base += <u64>(q - p);
      p = q;
    }
    const n = roomy ? runMode(p, end - p, dst, cap, false, false, true) : runMode(p, end - p, dst, cap, false, false, false);
    if (n < 0) return -1;
    p += n;
  }
  return <isize>len;
}

/** States between tokens, where the token walker can start. */
@inline function isBoundary(st: i32): bool {
  return st <= S_KEY || st == S_AFTER;
}

// ---- The token walker (validation only), after simdjson (Langdale & Lemire, 2019) ----
// Stage 1 classifies 64 bytes at a time into bit masks: the quotes that are not escaped, the
// strings' insides (a prefix XOR of those quotes), and the structural positions: operators and
// opening quotes outside strings, and the first byte of each scalar (number or literal). It also
// checks what lies inside strings (no control characters, valid escapes). Stage 2 walks the
// structural positions, one token each, never looking at whitespace or string bodies.
// Its rule: it only consumes whole valid tokens. At anything else it stops at the last token
// boundary and leaves the rest to the state machine, so on valid input it does all the work and
// on invalid input the state machine finds, words and places the error.

const WS_TABLE = i8x16(32, 100, 100, 100, 17, 100, 113, 2, 100, 9, 10, 112, 100, 13, 100, 100);
const OP_TABLE = i8x16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 58, 123, 44, 125, 0, 0);
const EVEN_BITS: u64 = 0x5555555555555555;
const TRUE: u32 = 0x65757274; // "true" read as a little-endian u32
const NULL: u32 = 0x6c6c756e; // "null"
const ALSE: u32 = 0x65736c61; // "alse"

/** The bytes that may follow a scalar: whitespace, ',', ']' and '}'. */
const ENDS_SCALAR = new StaticArray<bool>(256);
for (let i = 0; i < 256; i++) unchecked((ENDS_SCALAR[i] = i == 44 || i == 93 || i == 125 || isWs(i)));

/** What may follow a backslash in a string: 0 nothing, 1 the byte alone (quote, backslash, / b f n r t), 2 u and four hex digits. */
const ESCAPE = new StaticArray<u8>(256);
/** 1 for the hex digits. */
const HEX = new StaticArray<u8>(256);
for (let i = 0; i < 256; i++) {
  unchecked((ESCAPE[i] = i == 117 ? 2 : i == 34 || i == 92 || i == 47 || i == 98 || i == 102 || i == 110 || i == 114 || i == 116 ? 1 : 0));
  unchecked((HEX[i] = isHex(i) ? 1 : 0));
}

/**
 * Input a walker takes per call at most. V8 starts a module in its baseline compiler and swaps in
 * optimised code at the next call of a function: short calls let the first chunk run fast too.
 */
const WALK_SPAN: usize = 256 << 10;

let blockError = false; //     the block stage 1 classified last holds an error inside a string
let inStringCarry: u64 = 0; // all ones when the last block ended inside a string
let escapeCarry: u64 = 0; //   1 when the last block ended with an unescaped backslash
let scalarCarry: u64 = 0; //   1 when the last block ended inside a scalar

@inline function bits64(a: v128, b: v128, c: v128, d: v128): u64 {
  return (
    <u64>(<u32>i8x16.bitmask(a)) |
    (<u64>(<u32>i8x16.bitmask(b)) << 16) |
    (<u64>(<u32>i8x16.bitmask(c)) << 32) |
    (<u64>(<u32>i8x16.bitmask(d)) << 48)
  );
}
/** Whitespace lanes: the table holds each whitespace byte at its low nibble, bytes that match no other. */
@inline function wsLanes(v: v128): v128 {
  return i8x16.eq(v, i8x16.swizzle(WS_TABLE, v128.and(v, i8x16.splat(15))));
}
/** Operator lanes ({ } [ ] : ,); '[' and ']' are '{' and '}' with bit 5 clear. Stage 2 rereads the byte. */
@inline function opLanes(v: v128): v128 {
  return i8x16.eq(v128.or(v, i8x16.splat(32)), i8x16.swizzle(OP_TABLE, v128.and(v, i8x16.splat(15))));
}

/** Bits of the bytes escaped by a backslash (simdjson's find_escaped), carrying across blocks. */
@inline function escapedBits(backslash: u64): u64 {
  if (backslash == 0) {
    const carried = escapeCarry;
    escapeCarry = 0;
    return carried;
  }
  backslash &= ~escapeCarry;
  const follows = (backslash << 1) | escapeCarry;
  const oddStarts = backslash & ~EVEN_BITS & ~follows;
  const evenStarts = oddStarts + backslash; // runs of backslashes that start on an even bit flip
  escapeCarry = <u64>(evenStarts < backslash);
  return (EVEN_BITS ^ (evenStarts << 1)) & follows;
}

@inline function prefixXor(x: u64): u64 {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  return x ^ (x << 32);
}

/** Every escaped byte is one of " \ / b f n r t, or u and four hex digits before `end`. */
function escapesValid(block: usize, escaped: u64, end: usize): bool {
  while (escaped != 0) {
    const at = block + <usize>ctz(escaped);
    escaped &= escaped - 1;
    const kind = unchecked(ESCAPE[load<u8>(at)]);
    if (kind == 0) return false;
    if (kind == 2) {
      // \u and four hex digits
      if (at + 5 > end) return false;
      const hex = unchecked(HEX[load<u8>(at, 1)]) & unchecked(HEX[load<u8>(at, 2)]) & unchecked(HEX[load<u8>(at, 3)]) & unchecked(HEX[load<u8>(at, 4)]);
      if (hex == 0) return false;
    }
  }
  return true;
}

/**
 * Stage 1 over the 64 bytes at `block`: their structural positions (blockError when a string holds
 * an error); with `closing`, the quotes that close strings too (the output walker copies strings whole).
 */
@inline function classify(block: usize, end: usize, closing: bool): u64 {
  const v0 = v128.load(block);
  const v1 = v128.load(block, 16);
  const v2 = v128.load(block, 32);
  const v3 = v128.load(block, 48);
  const quote = i8x16.splat(34);
  const bslash = i8x16.splat(92);
  const below = i8x16.splat(31); // a control character: min(v, 31) == v
  const q = bits64(i8x16.eq(v0, quote), i8x16.eq(v1, quote), i8x16.eq(v2, quote), i8x16.eq(v3, quote));
  const b0 = i8x16.eq(v0, bslash);
  const b1 = i8x16.eq(v1, bslash);
  const b2 = i8x16.eq(v2, bslash);
  const b3 = i8x16.eq(v3, bslash);
  const bs: u64 = v128.any_true(v128.or(v128.or(b0, b1), v128.or(b2, b3))) ? bits64(b0, b1, b2, b3) : 0;
  const ws = bits64(wsLanes(v0), wsLanes(v1), wsLanes(v2), wsLanes(v3));
  const op = bits64(opLanes(v0), opLanes(v1), opLanes(v2), opLanes(v3));
  const c0 = i8x16.eq(i8x16.min_u(v0, below), v0);
  const c1 = i8x16.eq(i8x16.min_u(v1, below), v1);
  const c2 = i8x16.eq(i8x16.min_u(v2, below), v2);
  const c3 = i8x16.eq(i8x16.min_u(v3, below), v3);
  const ctl: u64 = v128.any_true(v128.or(v128.or(c0, c1), v128.or(c2, c3))) ? bits64(c0, c1, c2, c3) : 0;

  const escaped = escapedBits(bs);
  const quotes = q & ~escaped;
  const inString = prefixXor(quotes) ^ inStringCarry; // opening quote to just before the closing one
  inStringCarry = <u64>(<i64>inString >> 63);
  const scalar = ~(op | ws | q | inString);
  const pseudo = scalar & ~((scalar << 1) | scalarCarry);
  scalarCarry = scalar >> 63;
  blockError = (ctl & inString) != 0 || (escaped != 0 && !escapesValid(block, escaped, end));
  return (op & ~inString) | (closing ? quotes : quotes & inString) | pseudo;
}

/** End of the digits at or after p (before `end`), 16 bytes at a time. */
@inline function digitsEnd(p: usize, end: usize): usize {
  const zero = i8x16.splat(48);
  const nine = i8x16.splat(9);
  while (p < end) {
    const nonDigit = i8x16.bitmask(i8x16.gt_u(i8x16.sub(v128.load(p), zero), nine));
    if (nonDigit != 0) return p + <usize>ctz<u32>(nonDigit);
    p += 16;
  }
  return p;
}

/** Where the number or literal at p ends (a whitespace, ',', '}' or ']' before `end`), or 0 if it is not one. */
@inline function scalarEnd(p: usize, end: usize): usize {
  let c = <u32>load<u8>(p);
  if (c == 116 || c == 110) {
    if (load<u32>(p) != (c == 116 ? TRUE : NULL)) return 0;
    p += 4;
  } else if (c == 102) {
    if (load<u32>(p, 1) != ALSE) return 0;
    p += 5;
  } else {
    if (c == 45) c = <u32>load<u8>(++p);
    if (c == 48) p++;
    else if (c - 49 < 9) p = digitsEnd(p + 1, end);
    else return 0;
    if (p < end && load<u8>(p) == 46) {
      if (!isDigit(load<u8>(p + 1))) return 0;
      p = digitsEnd(p + 2, end);
    }
    if (p < end && (load<u8>(p) | 32) == 101) {
      c = <u32>load<u8>(++p);
      if (c == 43 || c == 45) c = <u32>load<u8>(++p);
      if (!isDigit(c)) return 0;
      p = digitsEnd(p + 1, end);
    }
  }
  return p < end && unchecked(ENDS_SCALAR[load<u8>(p)]) ? p : 0;
}

/**
 * Stage 2 from `start` (a token boundary in state `state`, at least 64 bytes before `end`).
 * Returns the last token boundary it reached, with `state` and `depth` as they are there.
 */
function fastValidate(start: usize, end: usize): usize {
  // The walker's state and depth in one value (state | depth << 5: few live values keep the loop
  // in registers), and the last boundary: a token's position with the state and depth before it.
  // A colon is never one: stopping there goes back to its key. S_COLON here means "a key was read".
  let sd = state | (depth << 5);
  let at = start;
  let atSd = sd;
  let block = start - 64;
  const limit = min(end, start + WALK_SPAN);
  let mask: u64 = 0;
  inStringCarry = 0;
  escapeCarry = 0;
  scalarCarry = 0;
  let stop = false; // a token the walker does not take whole (AssemblyScript has no labelled break)
  for (;;) {
    if (block + 128 > limit) break;
    block += 64;
    mask = classify(block, end, false);
    if (blockError) break;
    while (mask != 0) {
      const j = block + <usize>ctz(mask);
      mask &= mask - 1;
      const c = <u32>load<u8>(j);
      const st = sd & 31;
      if (st == S_COLON) {
        if (c != 58) {
          stop = true;
          break;
        }
        sd += S_VALUE - S_COLON;
        continue;
      }
      at = j;
      atSd = sd;
      if (st == S_AFTER) {
        if (sd < 32) {
          // after the document's value
          stop = true;
          break;
        }
        const inObject = unchecked(stack[(sd >> 5) - 1]) != 0;
        if (c == 44) sd += (inObject ? S_KEY : S_VALUE) - S_AFTER;
        else if (c == (inObject ? 125 : 93)) sd -= 32;
        else {
          stop = true;
          break;
        }
      } else if (<u32>(st - S_KEY_OR_CLOSE) <= 1) {
        // S_KEY_OR_CLOSE or S_KEY
        if (c == 34) sd += S_COLON - st;
        else if (c == 125 && st == S_KEY_OR_CLOSE) sd += S_AFTER - st - 32;
        else {
          stop = true;
          break;
        }
      } else if (c == 34) {
        sd += S_AFTER - st; // the string's body was checked by stage 1
      } else if ((c | 32) == 123) {
        // '{' or '['
        const d = sd >> 5;
        if (d >= MAX_DEPTH) {
          stop = true;
          break;
        }
        unchecked((stack[d] = c == 123 ? 1 : 0));
        sd = ((d + 1) << 5) | (c == 123 ? S_KEY_OR_CLOSE : S_VALUE_OR_CLOSE);
      } else if (c == 93 && st == S_VALUE_OR_CLOSE) {
        sd += S_AFTER - st - 32;
      } else if (scalarEnd(j, end) != 0) {
        sd += S_AFTER - st;
      } else {
        stop = true;
        break;
      }
    }
    if (stop) break;
  }
  state = atSd & 31;
  depth = atSd >> 5;
  return at;
}

// ---- The output walker (minify and format): the token walker's rule, writing as it goes ----
// Closing quotes are structural here: a string is copied whole when its closing quote is reached.
// At each token it notes where the output stood; when it stops, the output goes back there.

// Walker states inside a string (never left in `state`): a first key, a later key, a value.
const W_KEY_FIRST: i32 = 21;
const W_KEY: i32 = 22;
const W_VALUE: i32 = 23;

/** Where the output walker's output ends (the output of the tokens it took). */
let walkOut: usize = 0;

/** Copies n bytes, 16 at a time (a few bytes more may be written: the output region has room). */
@inline function copy16(dst: usize, src: usize, n: usize): void {
  for (let i: usize = 0; i < n; i += 16) v128.store(dst + i, v128.load(src + i));
}

function walkMinify(start: usize, end: usize, out: usize, outLim: usize): usize {
  return walkOutput(start, end, out, outLim, false);
}

function walkFormat(start: usize, end: usize, out: usize, outLim: usize): usize {
  return walkOutput(start, end, out, outLim, true);
}

/**
 * Stage 2 with output from `start` (a token boundary in state `state`, at least 64 bytes before
 * `end`), writing at `out` while it is below `outLim`. Returns the last token boundary it reached,
 * with `state`, `depth` and `walkOut` as they are there.
 */
@inline function walkOutput(start: usize, end: usize, out: usize, outLim: usize, fmt: bool): usize {
  let sd = state | (depth << 5);
  let at = start;
  let atSd = sd;
  let atOut = out;
  let str: usize = 0; // the open string's quote
  let block = start - 64;
  const limit = min(end, start + WALK_SPAN);
  inStringCarry = 0;
  escapeCarry = 0;
  scalarCarry = 0;
  let stop = false;
  for (;;) {
    if (block + 128 > limit) break;
    block += 64;
    let mask = classify(block, end, true);
    if (blockError) break;
    while (mask != 0) {
      const j = block + <usize>ctz(mask);
      mask &= mask - 1;
      const st = sd & 31;
      if (st >= W_KEY_FIRST) {
        // the closing quote of the string that opened at `str`
        const n = j + 1 - str;
        if (out + n > outLim) {
          stop = true;
          break;
        }
        copy16(out, str, n);
        out += n;
        sd += (st == W_KEY_FIRST ? S_COLON_FIRST : st == W_KEY ? S_COLON : S_AFTER) - st;
        continue;
      }
      const c = <u32>load<u8>(j);
      at = j;
      atSd = sd;
      atOut = out;
      if (out > outLim) {
        stop = true;
        break;
      }
      if (st == S_AFTER) {
        if (sd < 32) {
          // after the document's value
          stop = true;
          break;
        }
        const inObject = unchecked(stack[(sd >> 5) - 1]) != 0;
        if (c == 44) {
          store<u8>(out++, 44);
          // in an object the key writes the newline before it
          if (fmt && !inObject) out = newline(out, sd >> 5);
          sd += (inObject ? S_KEY : S_VALUE) - S_AFTER;
        } else if (c == (inObject ? 125 : 93)) {
          sd -= 32;
          if (fmt) out = newline(out, sd >> 5);
          store<u8>(out++, <u8>c);
        } else {
          stop = true;
          break;
        }
      } else if (<u32>(st - S_KEY_OR_CLOSE) <= 1) {
        // S_KEY_OR_CLOSE or S_KEY
        if (c == 34) {
          if (fmt) out = newline(out, sd >> 5);
          str = j;
          sd += (st == S_KEY_OR_CLOSE ? W_KEY_FIRST : W_KEY) - st;
        } else if (c == 125 && st == S_KEY_OR_CLOSE) {
          store<u8>(out++, 125);
          sd += S_AFTER - st - 32;
        } else {
          stop = true;
          break;
        }
      } else if (<u32>(st - S_COLON_FIRST) <= 1) {
        // S_COLON_FIRST or S_COLON
        if (c != 58) {
          stop = true;
          break;
        }
        store<u8>(out++, 58);
        if (fmt) store<u8>(out++, 32);
        sd += S_VALUE - st;
      } else if (c == 93 && st == S_VALUE_OR_CLOSE) {
        store<u8>(out++, 93);
        sd += S_AFTER - st - 32;
      } else {
        // a value (S_TOP, S_VALUE, S_VALUE_OR_CLOSE)
        if (fmt && st == S_VALUE_OR_CLOSE) out = newline(out, sd >> 5);
        if (c == 34) {
          str = j;
          sd += W_VALUE - st;
        } else if ((c | 32) == 123) {
          // '{' or '['
          const d = sd >> 5;
          if (d >= MAX_DEPTH) {
            stop = true;
            break;
          }
          unchecked((stack[d] = c == 123 ? 1 : 0));
          store<u8>(out++, <u8>c);
          sd = ((d + 1) << 5) | (c == 123 ? S_KEY_OR_CLOSE : S_VALUE_OR_CLOSE);
        } else {
          const e = scalarEnd(j, end);
          if (e == 0 || out + (e - j) > outLim) {
            stop = true;
            break;
          }
          copy16(out, j, e - j);
          out += e - j;
          sd += S_AFTER - st;
        }
      }
    }
    if (stop) break;
  }
  state = atSd & 31;
  depth = atSd >> 5;
  walkOut = atOut;
  return at;
}

/**
 * The state machine over one chunk; with `stop`, it returns at the first token boundary it reaches.
 * One copy for every mode (its flags are arguments): on valid input the walkers do nearly all the
 * work, and a small module compiles fast (V8 compiles a command's kernel at every start).
 */
function runMode(src: usize, len: usize, dst: usize, cap: usize, emit: bool, fmt: bool, stop: bool): isize {
  const step: usize = emit ? 1 : 0;
  const end = src + len;
  const outLim = dst + cap - ROOM;
  let p = src;
  let out = dst;
  let st = state;
  let code: i32 = 0;
  const quote = i8x16.splat(34);
  const bslash = i8x16.splat(92);
  const space = i8x16.splat(32);
  const zero = i8x16.splat(48);
  const nine = i8x16.splat(9);

  // Every exit from a state's case is a plain break: the loop stops on an error, at the end of
  // the chunk or when the output region is full (AssemblyScript has no labelled breaks).
  while (p < end && (!emit || out <= outLim) && code == 0 && (!stop || p == src || !isBoundary(st))) {
    switch (st) {
      case S_TOP:
      case S_VALUE:
      case S_VALUE_OR_CLOSE: {
        p = skipWs(p, end);
        if (p >= end) break;
        const c = <u32>load<u8>(p);
        if (st == S_VALUE_OR_CLOSE) {
          if (c == 93) {
            // empty array
            store<u8>(out, 93);
            out += step;
            p++;
            depth--;
            st = S_AFTER;
            break;
          }
          if (fmt) out = newline(out, depth);
        }
        if (c == 34) {
          store<u8>(out, 34);
          out += step;
          p++;
          isKey = false;
          st = S_STR;
        } else if ((c | 32) == 123) {
        // '{' or '['
          if (depth >= MAX_DEPTH) {
            code = E_DEPTH;
            break;
          }
          unchecked((stack[depth] = c == 123 ? 1 : 0));
          depth++;
          store<u8>(out, <u8>c);
          out += step;
          p++;
          st = c == 123 ? S_KEY_OR_CLOSE : S_VALUE_OR_CLOSE;
        } else if (c == 45) {
          store<u8>(out, 45);
          out += step;
          p++;
          st = S_MINUS;
        } else if (c == 48) {
          store<u8>(out, 48);
          out += step;
          p++;
          st = S_ZERO;
        } else if (isDigit(c)) {
          store<u8>(out, <u8>c);
          out += step;
          p++;
          st = S_INT;
        } else if (c == 116 && p + 4 <= end && load<u32>(p) == 0x65757274) {
          // "true", "null", "false" whole when the chunk holds them (the byte-wise path handles the rest)
          store<u32>(out, 0x65757274);
          out += 4 & (0 - step);
          p += 4;
          st = S_AFTER;
        } else if (c == 110 && p + 4 <= end && load<u32>(p) == 0x6c6c756e) {
          store<u32>(out, 0x6c6c756e);
          out += 4 & (0 - step);
          p += 4;
          st = S_AFTER;
        } else if (c == 102 && p + 5 <= end && load<u32>(p + 1) == 0x65736c61) {
          store<u32>(out, 0x736c6166);
          store<u8>(out + 4, 101);
          out += 5 & (0 - step);
          p += 5;
          st = S_AFTER;
        } else if (c == 116 || c == 102 || c == 110) {
          store<u8>(out, <u8>c);
          out += step;
          p++;
          sub = c == 116 ? 1 : c == 102 ? 5 : 10;
          litEnd = c == 116 ? 4 : c == 102 ? 9 : 13;
          st = S_LIT;
        } else {
          code = E_TOKEN;
          break;
        }
        break;
      }
      case S_KEY_OR_CLOSE:
      case S_KEY: {
        p = skipWs(p, end);
        if (p >= end) break;
        const c = <u32>load<u8>(p);
        if (c == 125 && st == S_KEY_OR_CLOSE) {
          store<u8>(out, 125);
          out += step;
          p++;
          depth--;
          st = S_AFTER;
          break;
        }
        if (c != 34) {
          code = st == S_KEY_OR_CLOSE ? E_PROP_OR_BRACE : E_PROP;
          break;
        }
        if (fmt) out = newline(out, depth);
        firstKey = st == S_KEY_OR_CLOSE;
        store<u8>(out, 34);
        out += step;
        p++;
        isKey = true;
        st = S_STR;
        break;
      }
      case S_COLON_FIRST:
      case S_COLON: {
        p = skipWs(p, end);
        if (p >= end) break;
        const c = <u32>load<u8>(p);
        if (c != 58) {
          code = st == S_COLON_FIRST ? E_COLON : tokenError(c);
          break;
        }
        store<u8>(out, 58);
        out += step;
        if (fmt) {
          store<u8>(out, 32);
          out++;
        }
        p++;
        st = S_VALUE;
        break;
      }
      case S_AFTER: {
        p = skipWs(p, end);
        if (p >= end) break;
        const c = <u32>load<u8>(p);
        if (depth == 0) {
          code = E_AFTER;
          break;
        }
        const inObject = unchecked(stack[depth - 1]) != 0;
        if (c == 44) {
          store<u8>(out, 44);
          out += step;
          p++;
          // S_KEY writes the newline before the key; a value after ',' gets it here
          if (fmt && !inObject) out = newline(out, depth);
          st = inObject ? S_KEY : S_VALUE;
          if (inObject && p < end && load<u8>(p) == 34) {
            // `,"` : the next key starts here, not in another turn of the loop (as S_KEY would)
            if (fmt) out = newline(out, depth);
            firstKey = false;
            store<u8>(out, 34);
            out += step;
            p++;
            isKey = true;
            st = S_STR;
          }
        } else if (c == (inObject ? 125 : 93)) {
          depth--;
          if (fmt) out = newline(out, depth);
          store<u8>(out, <u8>c);
          out += step;
          p++;
        } else {
          code = inObject ? E_COMMA_BRACE : E_COMMA_BRACKET;
          break;
        }
        break;
      }
      case S_STR: {
        for (;;) {
          if (emit && out > outLim) break;
          if (p + 16 <= end) {
            const v = v128.load(p);
            const special = v128.or(v128.or(i8x16.eq(v, quote), i8x16.eq(v, bslash)), i8x16.lt_u(v, space));
            const m = i8x16.bitmask(special);
            v128.store(out, v);
            if (m == 0) {
              p += 16;
              out += 16 & (0 - step);
              continue;
            }
            const k = <usize>ctz<u32>(m);
            p += k;
            out += k & (0 - step);
          }
          if (p >= end) break;
          const c = <u32>load<u8>(p);
          if (c == 34) {
            store<u8>(out, 34);
            out += step;
            p++;
            if (!isKey) st = S_AFTER;
            else if (p < end && load<u8>(p) == 58) {
              // `"key":` with nothing between: the colon here, not in another turn of the loop
              store<u8>(out, 58);
              out += step;
              if (fmt) {
                store<u8>(out, 32);
                out++;
              }
              p++;
              st = S_VALUE;
            } else st = firstKey ? S_COLON_FIRST : S_COLON;
            break;
          }
          if (c == 92) {
            store<u8>(out, 92);
            out += step;
            p++;
            st = S_STR_ESC;
            break;
          }
          if (c < 32) {
            code = E_CONTROL;
            break;
          }
          store<u8>(out, <u8>c);
          out += step;
          p++;
        }
        break;
      }
      case S_STR_ESC: {
        const c = <u32>load<u8>(p);
        if (c == 117) {
          sub = 0;
          st = S_STR_HEX;
        } else if (c == 34 || c == 92 || c == 47 || c == 98 || c == 102 || c == 110 || c == 114 || c == 116) {
          st = S_STR;
        } else {
          // V8 names characters above U+00FF (UTF-8 lead byte 0xC4 and up) as an unexpected token
          code = c >= 0xc4 ? E_TOKEN : E_ESCAPE;
          break;
        }
        store<u8>(out, <u8>c);
        out += step;
        p++;
        break;
      }
      case S_STR_HEX: {
        const c = <u32>load<u8>(p);
        if (!isHex(c)) {
          code = E_UNICODE;
          break;
        }
        store<u8>(out, <u8>c);
        out += step;
        p++;
        if (++sub == 4) st = S_STR;
        break;
      }
      case S_MINUS: {
        const c = <u32>load<u8>(p);
        if (!isDigit(c)) {
          code = E_MINUS;
          break;
        }
        store<u8>(out, <u8>c);
        out += step;
        p++;
        st = c == 48 ? S_ZERO : S_INT;
        break;
      }
      case S_ZERO:
      case S_INT:
      case S_FRAC:
      case S_EXP: {
        let c = <u32>load<u8>(p);
        if (st != S_ZERO && p + 16 <= end) {
          // a run of digits, 16 bytes at a time (19-digit integers are common)
          const v = v128.load(p);
          const nonDigit = i8x16.bitmask(i8x16.gt_u(i8x16.sub(v, zero), nine));
          v128.store(out, v);
          if (nonDigit == 0) {
            p += 16;
            out += 16 & (0 - step);
            break;
          }
          const k = <usize>ctz<u32>(nonDigit);
          p += k;
          out += k & (0 - step);
          c = <u32>load<u8>(p);
        } else if (st != S_ZERO) {
          while (isDigit(c)) {
            store<u8>(out, <u8>c);
            out += step;
            if (++p >= end || (emit && out > outLim)) break;
            c = <u32>load<u8>(p);
          }
          if (isDigit(c)) break; // stopped at the end of the chunk or of the output room
        } else if (isDigit(c)) {
          code = E_NUMBER;
          break;
        }
        if (c == 46 && (st == S_ZERO || st == S_INT)) {
          store<u8>(out, 46);
          out += step;
          p++;
          st = S_DOT;
        } else if ((c | 32) == 101 && st != S_EXP) {
          store<u8>(out, <u8>c);
          out += step;
          p++;
          st = S_E;
        } else {
          st = S_AFTER; // the byte ends the number: look at it again after the value
        }
        break;
      }
      case S_DOT: {
        const c = <u32>load<u8>(p);
        if (!isDigit(c)) {
          code = E_FRACTION;
          break;
        }
        store<u8>(out, <u8>c);
        out += step;
        p++;
        st = S_FRAC;
        break;
      }
      case S_E:
      case S_ESIGN: {
        const c = <u32>load<u8>(p);
        if (st == S_E && (c == 43 || c == 45)) {
          st = S_ESIGN;
        } else if (isDigit(c)) {
          st = S_EXP;
        } else {
          code = E_EXPONENT;
          break;
        }
        store<u8>(out, <u8>c);
        out += step;
        p++;
        break;
      }
      case S_LIT: {
        const c = <u32>load<u8>(p);
        if (c != <u32>unchecked(LIT[sub])) {
          code = tokenError(c);
          break;
        }
        store<u8>(out, <u8>c);
        out += step;
        p++;
        if (++sub == litEnd) st = S_AFTER;
        break;
      }
      default:
        unreachable();
    }
  }
  const used = p - src;
  base += <u64>used;
  outLen = emit ? out - dst : 0;
  if (code != 0) {
    state = S_ERROR;
    errCode = code;
    errAt = base;
    return -1;
  }
  state = st;
  return <isize>used;
}

/** Checks the end of the input: 0 when the document is complete, -1 (see errorCode) if not. */
export function finish(): i32 {
  let code: i32 = 0;
  switch (state) {
    case S_ERROR:
      return -1;
    case S_AFTER:
    case S_ZERO:
    case S_INT:
    case S_FRAC:
    case S_EXP:
      if (depth > 0) code = unchecked(stack[depth - 1]) != 0 ? E_COMMA_BRACE : E_COMMA_BRACKET;
      break;
    case S_KEY_OR_CLOSE:
      code = E_PROP_OR_BRACE;
      break;
    case S_KEY:
      code = E_PROP;
      break;
    case S_COLON_FIRST:
      code = E_COLON;
      break;
    case S_STR:
      code = E_UNTERMINATED;
      break;
    case S_STR_HEX:
      code = E_UNICODE;
      break;
    case S_MINUS:
      code = E_MINUS;
      break;
    case S_DOT:
      code = E_FRACTION;
      break;
    case S_E:
    case S_ESIGN:
      code = E_EXPONENT;
      break;
    default:
      code = E_EOF; // S_TOP, S_VALUE, S_VALUE_OR_CLOSE, S_COLON, S_STR_ESC, S_LIT
  }
  if (code == 0) return 0;
  state = S_ERROR;
  errCode = code;
  errAt = base;
  return -1;
}

/** UTF-16 units of the UTF-8 text at ptr (for the page's character counts), 16 bytes per step. */
export function utf16Length(ptr: usize, len: usize): f64 {
  const end = ptr + len;
  let n: u64 = 0;
  const hi2 = i8x16.splat(<i8>0xc0);
  const cont = i8x16.splat(<i8>0x80);
  const four = i8x16.splat(<i8>0xef);
  while (ptr + 16 <= end) {
    const v = v128.load(ptr);
    const c = i8x16.bitmask(i8x16.eq(v128.and(v, hi2), cont));
    const f = i8x16.bitmask(i8x16.gt_u(v, four));
    n += <u64>(16 - popcnt<u32>(c) + popcnt<u32>(f));
    ptr += 16;
  }
  while (ptr < end) {
    const b = <u32>load<u8>(ptr++);
    if ((b & 0xc0) != 0x80) n++;
    if (b >= 0xf0) n++;
  }
  return <f64>n;
}

/** Line breaks (LF bytes) in the `len` bytes at ptr, 16 bytes per step (placing an error in input read once). */
export function lineBreaks(ptr: usize, len: usize): f64 {
  const end = ptr + len;
  let n: u64 = 0;
  const lf = i8x16.splat(10);
  while (ptr + 16 <= end) {
    n += <u64>popcnt<u32>(i8x16.bitmask(i8x16.eq(v128.load(ptr), lf)));
    ptr += 16;
  }
  while (ptr < end) if (load<u8>(ptr++) == 10) n++;
  return <f64>n;
}
