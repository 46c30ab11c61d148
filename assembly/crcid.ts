// CRC identification (the method of CRC RevEng): find the Williams-model parameters of an unknown
// CRC of width W (1..64) from samples (message, crc).
//
// With c' = crc xor xorout (reflected back when refout) and M the message polynomial (first bit in
// time = highest power), the register is c' = init*x^n + M*x^W (mod g) for a message of n bits.
// For two samples of the same length, init and xorout cancel: g divides (M1 xor M2)*x^W + (c1' xor c2'). The GCD of
// those differences is g or a small multiple of it (then its degree-W divisors are tried). For
// each candidate g, init and xorout follow from a linear system over GF(2): samples of different
// lengths give W equations each; its null space is the set of solutions left.
// Polynomials are arrays of u64 limbs, little-endian (limb 0 = x^0..x^63), any length.
// Messages are bit streams of any length n, packed right-aligned into ceil(n/8) bytes (the first
// byte's top 8*ceil(n/8) - n bits are zero): leading zeros change neither M nor the register from
// 0, so the byte loops stay as they are and only the powers of x that init meets use n. A message
// of whole bytes is the case n = 8 * bytes.

export { reserve } from "./shared/memory";

// ---- owned, reusable regions (the stub runtime never frees) --------------------------------------
const SLOT_SAMPLES = 0;
const SLOT_ACC = 1;
const SLOT_DIFF = 2;
const SLOT_RESULTS = 3;
const regionPtr = new StaticArray<usize>(4);
const regionCap = new StaticArray<usize>(4);

function region(slot: i32, bytes: usize): usize {
  if (bytes > unchecked(regionCap[slot])) {
    const old = unchecked(regionPtr[slot]);
    unchecked((regionPtr[slot] = old == 0 ? heap.alloc(bytes) : heap.realloc(old, bytes)));
    unchecked((regionCap[slot] = bytes));
  }
  return unchecked(regionPtr[slot]);
}

// ---- samples: a 16-byte header each (u64 crc, u32 length in bits, u32 data offset), then the data
let nSamples: i32 = 0;
let headers: usize = 0;
let dataBase: usize = 0;
let maxLen: u32 = 0;

@inline function sampleCrc(i: i32): u64 { return load<u64>(headers + (<usize>i << 4)); }
/** The message's length in bits. */
@inline function sampleBits(i: i32): u32 { return load<u32>(headers + (<usize>i << 4), 8); }
/** The bytes that hold it. */
@inline function sampleLen(i: i32): u32 { return (sampleBits(i) + 7) >> 3; }
@inline function sampleData(i: i32): usize { return dataBase + <usize>load<u32>(headers + (<usize>i << 4), 12); }

/** Copies `count` sample headers and `dataBytes` bytes of data (laid out by JS at `ptr`). */
export function loadSamples(ptr: usize, count: i32, dataBytes: usize): void {
  const total = (<usize>count << 4) + dataBytes;
  const p = region(SLOT_SAMPLES, total + 16);
  memory.copy(p, ptr, total);
  nSamples = count;
  headers = p;
  dataBase = p + (<usize>count << 4);
  maxLen = 0;
  for (let i = 0; i < count; i++) if (sampleLen(i) > maxLen) maxLen = sampleLen(i);
}

// ---- W-bit registers (u64) ---------------------------------------------------------------------
let W: i32 = 0;
let wMask: u64 = 0;
let poly: u64 = 0;

function setWidth(width: i32, p: u64): void {
  W = width;
  wMask = width == 64 ? <u64>-1 : (<u64>1 << <u64>width) - 1;
  poly = p & wMask;
}

@inline function rev8(v: u32): u32 {
  v = ((v >> 1) & 0x55) | ((v & 0x55) << 1);
  v = ((v >> 2) & 0x33) | ((v & 0x33) << 2);
  return ((v >> 4) & 0x0f) | ((v & 0x0f) << 4);
}

function reflectW(v: u64, width: i32): u64 {
  v = ((v >> 1) & 0x5555555555555555) | ((v & 0x5555555555555555) << 1);
  v = ((v >> 2) & 0x3333333333333333) | ((v & 0x3333333333333333) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0f) | ((v & 0x0f0f0f0f0f0f0f0f) << 4);
  return bswap<u64>(v) >> <u64>(64 - width);
}

/** register * x mod g. */
@inline function timesX(r: u64): u64 {
  const top = (r >> <u64>(W - 1)) & 1;
  return ((r << 1) & wMask) ^ (poly & (0 - top));
}

/** The register after `len` bytes from `init` (no reflection of the output, no xorout). */
function register(init: u64, ptr: usize, len: usize, refin: bool): u64 {
  let r = init;
  const sh = <u64>(W - 1);
  for (let i: usize = 0; i < len; i++) {
    let v = <u32>load<u8>(ptr + i);
    if (refin) v = rev8(v);
    for (let k = 7; k >= 0; k--) {
      const fb = ((r >> sh) ^ <u64>(v >> <u32>k)) & 1;
      r = ((r << 1) & wMask) ^ (poly & (0 - fb));
    }
  }
  return r;
}

/** The full Williams-model CRC (check values, verification). */
export function crcValue(
  width: i32, p: u64, init: u64, refin: bool, refout: bool, xorout: u64, ptr: usize, len: usize,
): u64 {
  setWidth(width, p);
  let r = register(init & wMask, ptr, len, refin);
  if (refout) r = reflectW(r, width);
  return (r ^ xorout) & wMask;
}

// ---- multi-limb polynomials ----------------------------------------------------------------------
@inline function limb(p: usize, i: i32): u64 { return load<u64>(p + (<usize>i << 3)); }
@inline function setLimb(p: usize, i: i32, v: u64): void { store<u64>(p + (<usize>i << 3), v); }

/** Degree of the polynomial in limbs [0, n); -1 when it is zero. */
function degree(p: usize, n: i32): i32 {
  for (let i = n - 1; i >= 0; i--) {
    const v = limb(p, i);
    if (v) return (i << 6) + 63 - <i32>clz(v);
  }
  return -1;
}

/** a ^= b * x^shift, b having `nb` limbs (a needs one limb of room above). */
function xorShifted(a: usize, b: usize, nb: i32, shift: i32): void {
  const ls = shift >> 6;
  const bs = <u64>(shift & 63);
  const dst = a + (<usize>ls << 3);
  if (bs == 0) {
    for (let k = 0; k < nb; k++) setLimb(dst, k, limb(dst, k) ^ limb(b, k));
  } else {
    const rs = 64 - bs;
    for (let k = 0; k < nb; k++) {
      const v = limb(b, k);
      setLimb(dst, k, limb(dst, k) ^ (v << bs));
      setLimb(dst, k + 1, limb(dst, k + 1) ^ (v >> rs));
    }
  }
}

/** a mod b in place (a of degree da, b of degree db >= 0); returns the new degree of a. */
function reduce(a: usize, da: i32, b: usize, db: i32): i32 {
  const nb = (db >> 6) + 1;
  while (da >= db) {
    xorShifted(a, b, nb, da - db);
    da = degree(a, (da >> 6) + 1);
  }
  return da;
}

/** gcd(a, b); the result is left in `acc` (which is `a`), its degree returned. */
function gcdInto(a: usize, da: i32, b: usize, db: i32, limbs: i32): i32 {
  let x = a;
  let y = b;
  let dx = da;
  let dy = db;
  while (dy >= 0) {
    dx = reduce(x, dx, y, dy);
    const t = x; x = y; y = t;
    const d = dx; dx = dy; dy = d;
  }
  if (x != a) memory.copy(a, x, <usize>limbs << 3);
  return dx;
}

/** dst = (M_i xor M_j) * x^W + (c_i' xor c_j'), samples i and j of the same length. */
function buildDifference(dst: usize, limbs: i32, i: i32, j: i32, refin: bool, refout: bool): i32 {
  memory.fill(dst, 0, <usize>limbs << 3);
  const len = <i32>sampleLen(i);
  const pi = sampleData(i);
  const pj = sampleData(j);
  for (let t = 0; t < len; t++) {
    let v = <u32>(load<u8>(pi + t) ^ load<u8>(pj + t));
    if (!v) continue;
    if (refin) v = rev8(v);
    const base = ((len - 1 - t) << 3) + W;
    const at = dst + (<usize>(base >> 6) << 3);
    const s = <u64>(base & 63);
    store<u64>(at, load<u64>(at) ^ (<u64>v << s));
    if (s > 56) store<u64>(at, load<u64>(at, 8) ^ (<u64>v >> (64 - s)), 8);
  }
  let ci = sampleCrc(i);
  let cj = sampleCrc(j);
  if (refout) { ci = reflectW(ci, W); cj = reflectW(cj, W); }
  setLimb(dst, 0, limb(dst, 0) ^ ((ci ^ cj) & wMask));
  return degree(dst, limbs);
}

/** dst ^= f_i * x^shift, where f_i = M_i * x^W + c_i' (the sample as a polynomial). */
function xorSample(dst: usize, i: i32, shift: i32, refin: bool, refout: bool): void {
  const len = <i32>sampleLen(i);
  const p = sampleData(i);
  for (let t = 0; t < len; t++) {
    let v = <u32>load<u8>(p + t);
    if (!v) continue;
    if (refin) v = rev8(v);
    xorBits(dst, <u64>v, ((len - 1 - t) << 3) + W + shift);
  }
  const c = refout ? reflectW(sampleCrc(i), W) : sampleCrc(i);
  xorBits(dst, c & wMask, shift);
}

/** dst ^= v * x^at (v of at most 64 bits). */
@inline function xorBits(dst: usize, v: u64, at: i32): void {
  if (!v) return;
  const p = dst + (<usize>(at >> 6) << 3);
  const s = <u64>(at & 63);
  store<u64>(p, load<u64>(p) ^ (v << s));
  if (s) store<u64>(p, load<u64>(p, 8) ^ (v >> (64 - s)), 8);
}

/**
 * For samples i, j, k of three different lengths a < b, c (in bits), init cancels too:
 * (f_i + f_j)(x^a + x^c) = init (x^a + x^b)(x^a + x^c) = (f_i + f_k)(x^a + x^b) (mod g), so g divides
 * E = (f_i + f_j)(1 + x^(c-a)) + (f_i + f_k)(1 + x^(b-a)).
 */
function buildTriple(dst: usize, limbs: i32, i: i32, j: i32, k: i32, refin: bool, refout: bool): i32 {
  memory.fill(dst, 0, <usize>limbs << 3);
  const a = <i32>sampleBits(i);
  const b = <i32>sampleBits(j);
  const c = <i32>sampleBits(k);
  xorSample(dst, i, 0, refin, refout);
  xorSample(dst, j, 0, refin, refout);
  xorSample(dst, i, c - a, refin, refout);
  xorSample(dst, j, c - a, refin, refout);
  xorSample(dst, i, 0, refin, refout);
  xorSample(dst, k, 0, refin, refout);
  xorSample(dst, i, b - a, refin, refout);
  xorSample(dst, k, b - a, refin, refout);
  return degree(dst, limbs);
}

// ---- candidate polynomials from the GCD ----------------------------------------------------------
const MAX_CANDIDATES = 256;
const candidates = new StaticArray<u64>(MAX_CANDIDATES);
let nCandidates: i32 = 0;
/** Trial divisions times the dividend's degree allowed per search (bounds the enumeration). */
const ENUM_BUDGET: u64 = <u64>1 << 28;

/** a (degree da, a small polynomial in limbs) mod h (degree k <= 63, with its x^k term). */
function modSmall(a: usize, da: i32, h: u64, k: i32): u64 {
  let r: u64 = 0;
  const top = <u64>1 << <u64>k;
  for (let i = da; i >= 0; i--) {
    r = (r << 1) | ((limb(a, i >> 6) >> <u64>(i & 63)) & 1);
    if (r & top) r ^= h;
  }
  return r;
}

/** The quotient a / h (a of degree da <= 127, h of degree k, h divides a): low W bits + x^W. */
function quotientSmall(a: usize, da: i32, h: u64, k: i32): u64 {
  let lo = limb(a, 0);
  let hi = da >= 64 ? limb(a, 1) : 0;
  let q: u64 = 0;
  for (let i = da; i >= k; i--) {
    const bit = i >= 64 ? (hi >> <u64>(i - 64)) & 1 : (lo >> <u64>i) & 1;
    if (!bit) continue;
    const s = i - k;
    q |= <u64>1 << <u64>s;
    // (h << s) over two words
    if (s >= 64) hi ^= h << <u64>(s - 64);
    else {
      lo ^= h << <u64>s;
      if (s > 0) hi ^= h >> <u64>(64 - s);
    }
  }
  return q;
}

@inline function addCandidate(p: u64): void {
  if (nCandidates < MAX_CANDIDATES) unchecked((candidates[nCandidates++] = p));
}

/**
 * Fills `candidates` with the odd degree-W divisors of G (in SLOT_ACC, degree dg). Returns 0, or
 * -3 when there are too many possibilities to try within the budget.
 */
function divisorsOf(g: usize, dg: i32, limbs: i32): i32 {
  nCandidates = 0;
  // Only odd polynomials are CRC generators: drop the factors x of G.
  let shift = 0;
  while (shift <= dg && ((limb(g, shift >> 6) >> <u64>(shift & 63)) & 1) == 0) shift++;
  if (shift > 0) {
    for (let i = 0; i <= dg; i++) {
      const from = i + shift;
      const bit = from <= dg ? (limb(g, from >> 6) >> <u64>(from & 63)) & 1 : 0;
      const at = g + (<usize>(i >> 6) << 3);
      const m = <u64>1 << <u64>(i & 63);
      store<u64>(at, bit ? load<u64>(at) | m : load<u64>(at) & ~m);
    }
    for (let i = dg - shift + 1; i <= dg; i++) {
      const at = g + (<usize>(i >> 6) << 3);
      store<u64>(at, load<u64>(at) & ~(<u64>1 << <u64>(i & 63)));
    }
    dg -= shift;
  }
  if (dg < W) return 0;
  const k = dg - W;
  if (k == 0) {
    addCandidate(limb(g, 0) & wMask);
    return 0;
  }
  // Either every odd cofactor h of degree k, or every odd g of degree W: the smaller set.
  const byCofactor = k < W && k <= 63 && dg <= 127;
  const bits = byCofactor ? k : W;
  if (bits > 40) return -3;
  const trials: u64 = <u64>1 << <u64>(bits - 1);
  if (trials > ENUM_BUDGET / <u64>(dg + 1)) return -3;
  for (let t: u64 = 0; t < trials; t++) {
    const low = (t << 1) | 1; // odd: bits 0..bits-1
    const h = low | (<u64>1 << <u64>bits);
    if (modSmall(g, dg, h, bits) != 0) continue;
    addCandidate(byCofactor ? quotientSmall(g, dg, h, bits) & wMask : low & wMask);
  }
  return 0;
}

// ---- init and xorout by linear algebra over GF(2) -----------------------------------------------
const cols0 = new StaticArray<u64>(64); // columns of A_L0: x^(n0 + j) mod g, n0 bits
const colsI = new StaticArray<u64>(64);
const piv = new StaticArray<u64>(64);
const pivRhs = new StaticArray<u32>(64);
let pivots: u64 = 0;
let inconsistent = false;

/** Columns x^(bits + j) mod g, j < W. */
function columns(out: StaticArray<u64>, bits: u32): void {
  let c: u64 = 1;
  const steps = <u64>bits;
  for (let s: u64 = 0; s < steps; s++) c = timesX(c);
  for (let j = 0; j < W; j++) {
    unchecked((out[j] = c));
    c = timesX(c);
  }
}

function insertRow(row: u64, rhs: u32): void {
  while (row) {
    const b = 63 - <i32>clz(row);
    if (pivots & (<u64>1 << <u64>b)) {
      row ^= unchecked(piv[b]);
      rhs ^= unchecked(pivRhs[b]);
    } else {
      unchecked((piv[b] = row));
      unchecked((pivRhs[b] = rhs));
      pivots |= <u64>1 << <u64>b;
      return;
    }
  }
  if (rhs) inconsistent = true;
}

/** W equations: for each bit r, sum_j v_j * bit r of cols[j] = bit r of rhs. */
function insertSystem(cols: StaticArray<u64>, other: StaticArray<u64> | null, rhs: u64): void {
  for (let r = 0; r < W; r++) {
    let row: u64 = 0;
    for (let j = 0; j < W; j++) {
      let c = unchecked(cols[j]);
      if (other) c ^= unchecked(other[j]);
      row |= ((c >> <u64>r) & 1) << <u64>j;
    }
    insertRow(row, <u32>((rhs >> <u64>r) & 1));
  }
}

@inline function apply(cols: StaticArray<u64>, v: u64): u64 {
  let out: u64 = 0;
  for (let j = 0; j < W; j++) if ((v >> <u64>j) & 1) out ^= unchecked(cols[j]);
  return out;
}

/**
 * The Williams-model CRC of a bit stream of `bits` bits (right-aligned in `len` bytes), taken in
 * the order given (refin does not apply): the register from 0 over the stream, plus init * x^bits.
 */
export function streamValue(
  width: i32, p: u64, init: u64, refout: bool, xorout: u64, ptr: usize, len: usize, bits: u32,
): u64 {
  setWidth(width, p);
  columns(colsI, bits);
  let r = register(0, ptr, len, false) ^ apply(colsI, init & wMask);
  if (refout) r = reflectW(r, width);
  return (r ^ xorout) & wMask;
}

// A result record: u64 poly, u64 init, u64 xorout, u32 flags (refin | refout << 1), u32 nullity
// k, then k pairs (u64 init delta, u64 xorout delta): the solutions are init ^ any sum of deltas.
const RECORD = 32 + 64 * 16;
let nResults: i32 = 0;

export function resultsPtr(): usize { return region(SLOT_RESULTS, RECORD); }
export function recordSize(): i32 { return RECORD; }

/**
 * Solves init and xorout for polynomial `poly` (setWidth done); writes a record when the samples
 * are consistent. Fixed init/xorout add their equations.
 */
function solve(refin: bool, refout: bool, initFixed: bool, init: u64, xorFixed: bool, xorout: u64): void {
  pivots = 0;
  inconsistent = false;
  const len0 = sampleBits(0);
  columns(cols0, len0);
  const c0 = refout ? reflectW(sampleCrc(0), W) : sampleCrc(0);
  const r0 = c0 ^ register(0, sampleData(0), sampleLen(0), refin);
  let lastLen: u32 = 0xffffffff;
  for (let i = 1; i < nSamples; i++) {
    const len = sampleBits(i);
    const ci = refout ? reflectW(sampleCrc(i), W) : sampleCrc(i);
    const ri = ci ^ register(0, sampleData(i), sampleLen(i), refin);
    if (len == len0) {
      if (ri != r0) return; // same length, different register: g does not fit
      continue;
    }
    if (len != lastLen) {
      columns(colsI, len);
      lastLen = len;
    }
    insertSystem(colsI, cols0, ri ^ r0);
    if (inconsistent) return;
  }
  if (initFixed) {
    for (let j = 0; j < W; j++) insertRow(<u64>1 << <u64>j, <u32>((init >> <u64>j) & 1));
  }
  if (xorFixed) {
    const x = refout ? reflectW(xorout & wMask, W) : xorout & wMask;
    insertSystem(cols0, null, r0 ^ x);
  }
  if (inconsistent) return;
  // Reduced row echelon form, then the particular solution (free variables 0) and the null space.
  for (let b = 0; b < W; b++) {
    if (!(pivots & (<u64>1 << <u64>b))) continue;
    for (let c = b + 1; c < W; c++) {
      if ((pivots & (<u64>1 << <u64>c)) && ((unchecked(piv[c]) >> <u64>b) & 1)) {
        unchecked((piv[c] ^= unchecked(piv[b])));
        unchecked((pivRhs[c] ^= unchecked(pivRhs[b])));
      }
    }
  }
  let init0: u64 = 0;
  for (let b = 0; b < W; b++) if ((pivots & (<u64>1 << <u64>b)) && unchecked(pivRhs[b])) init0 |= <u64>1 << <u64>b;
  const out = region(SLOT_RESULTS, <usize>(nResults + 1) * RECORD) + <usize>nResults * RECORD;
  const xr = r0 ^ apply(cols0, init0);
  store<u64>(out, poly);
  store<u64>(out, init0, 8);
  store<u64>(out, refout ? reflectW(xr, W) : xr, 16);
  store<u32>(out, (refin ? 1 : 0) | (refout ? 2 : 0), 24);
  let k = 0;
  for (let f = 0; f < W; f++) {
    if (pivots & (<u64>1 << <u64>f)) continue;
    let v = <u64>1 << <u64>f;
    for (let b = 0; b < W; b++) {
      if ((pivots & (<u64>1 << <u64>b)) && ((unchecked(piv[b]) >> <u64>f) & 1)) v |= <u64>1 << <u64>b;
    }
    const dx = apply(cols0, v);
    const at = out + 32 + (<usize>k << 4);
    store<u64>(at, v);
    store<u64>(at, refout ? reflectW(dx, W) : dx, 8);
    k++;
  }
  store<u32>(out, k, 28);
  nResults++;
}

/** Relations (equal-length pairs, triples) the last search used (0: brute force or a fixed polynomial). */
let lastPairs: i32 = 0;

/** acc = gcd(acc, d); counts the relation. */
function absorb(acc: usize, dacc: i32, d: usize, dd: i32, limbs: i32): i32 {
  lastPairs++;
  if (dd < 0) return dacc;
  if (dacc < 0) {
    memory.copy(acc, d, <usize>limbs << 3);
    return dd;
  }
  return gcdInto(acc, dacc, d, dd, limbs);
}

// ---- the searches --------------------------------------------------------------------------------
export function pairsUsed(): i32 { return lastPairs; }

/**
 * One (width, refin, refout) combination: candidates from the GCD of the equal-length differences
 * (or the fixed polynomial), each solved for init and xorout. Returns the number of records at
 * resultsPtr(), or -1 (no two samples of equal length: brute force or a fixed polynomial is
 * needed), -2 (the equal-length samples are identical), -3 (too many candidate polynomials).
 */
export function searchCombo(
  width: i32, refin: bool, refout: bool, polyFixed: bool, fixedPoly: u64,
  initFixed: bool, init: u64, xorFixed: bool, xorout: u64,
): i32 {
  nResults = 0;
  lastPairs = 0;
  if (width < 1 || width > 64 || nSamples < 1) return 0;
  setWidth(width, fixedPoly);
  if (polyFixed) {
    solve(refin, refout, initFixed, init, xorFixed, xorout);
    return nResults;
  }
  // Room for the triple polynomials: up to 16 * maxLen + W bits.
  const limbs = ((<i32>maxLen << 4) + width + 64) >> 6;
  const acc = region(SLOT_ACC, (<usize>limbs + 2) << 3);
  const diff = region(SLOT_DIFF, (<usize>limbs + 2) << 3);
  memory.fill(acc, 0, (<usize>limbs + 2) << 3);
  let dacc: i32 = -1;
  let shortest = 0;
  for (let i = 1; i < nSamples; i++) if (sampleBits(i) < sampleBits(shortest)) shortest = i;
  let second = -1;
  for (let i = 0; i < nSamples; i++) {
    // The first sample of each length is the reference of its group.
    let first = true;
    for (let j = 0; j < i; j++) if (sampleBits(j) == sampleBits(i)) { first = false; break; }
    if (!first) continue;
    for (let j = i + 1; j < nSamples; j++) {
      if (sampleBits(j) != sampleBits(i)) continue;
      const dd = buildDifference(diff, limbs, i, j, refin, refout);
      dacc = absorb(acc, dacc, diff, dd, limbs);
      if (dacc >= 0 && dacc < width) return 0; // the GCD is already too small for this width
    }
    // Group references of other lengths: the second gives (shortest, second), each later one a triple.
    if (sampleBits(i) == sampleBits(shortest)) continue;
    if (second < 0) { second = i; continue; }
    const dd = buildTriple(diff, limbs, shortest, second, i, refin, refout);
    dacc = absorb(acc, dacc, diff, dd, limbs);
    if (dacc >= 0 && dacc < width) return 0;
  }
  if (lastPairs == 0) return -1; // fewer than two relations: brute force or a fixed polynomial
  if (dacc < 0) return -2;
  if (dacc < width) return 0;
  const status = divisorsOf(acc, dacc, limbs);
  if (status < 0) return status;
  for (let c = 0; c < nCandidates; c++) {
    setWidth(width, unchecked(candidates[c]));
    solve(refin, refout, initFixed, init, xorFixed, xorout);
  }
  return nResults;
}

/**
 * Brute force: every odd polynomial of `width` with index in [first, first + count) (poly =
 * 2 * index + 1), each solved for init and xorout. Records at resultsPtr(); returns their count.
 */
export function bruteCombo(
  width: i32, refin: bool, refout: bool, first: u64, count: u64,
  initFixed: bool, init: u64, xorFixed: bool, xorout: u64,
): i32 {
  nResults = 0;
  if (width < 1 || width > 64 || nSamples < 1) return 0;
  for (let t: u64 = 0; t < count; t++) {
    setWidth(width, ((first + t) << 1) | 1);
    solve(refin, refout, initFixed, init, xorFixed, xorout);
  }
  return nResults;
}
