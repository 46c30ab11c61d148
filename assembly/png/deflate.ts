// zlib stream for the PNG encoder: deflate with run-length matches only (distance 1 or 3, which
// is what filtered gradient rows repeat), one dynamic Huffman block per call, Adler-32 trailer.

import { adler32 } from "../shared/adler32";
import { storeBE32 } from "../shared/bytes";
import { buildCode } from "./huffman";

// ---------------------------------------------------------------- bit writer

let outPos: usize = 0;
let bitBuf: u64 = 0;
let bitCnt: u32 = 0;

@inline function putBits(code: u32, n: u32): void {
  bitBuf |= <u64>code << bitCnt;
  bitCnt += n;
  if (bitCnt >= 32) {
    store<u32>(outPos, <u32>bitBuf);
    outPos += 4;
    bitBuf >>= 32;
    bitCnt -= 32;
  }
}

function flushWholeBytes(): void {
  while (bitCnt >= 8) {
    store<u8>(outPos, <u8>bitBuf);
    outPos++;
    bitBuf >>= 8;
    bitCnt -= 8;
  }
}

function alignToByte(): void {
  if (bitCnt & 7) putBits(0, 8 - (bitCnt & 7));
  flushWholeBytes();
}

// ---------------------------------------------------------------- Huffman tables

const LIT_N = 288;
const DIST_N = 30;
const CL_N = 19;
const litFreq = new StaticArray<u32>(LIT_N);
const distFreq = new StaticArray<u32>(32);
const clFreq = new StaticArray<u32>(CL_N);
const litLen = new StaticArray<u8>(LIT_N);
const distLen = new StaticArray<u8>(32);
const clLen = new StaticArray<u8>(CL_N);
const litCode = new StaticArray<u16>(LIT_N);
const distCode = new StaticArray<u16>(32);
const clCode = new StaticArray<u16>(CL_N);

// Length symbols: for match length 3..258, the symbol (257..285), extra bit count and extra value.
const lenSym = new StaticArray<u16>(259);
const lenExtraBits = new StaticArray<u8>(259);
const lenExtraVal = new StaticArray<u16>(259);
const LEN_BASE = StaticArray.fromArray<u16>([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
const LEN_BITS = StaticArray.fromArray<u8>([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
const CL_ORDER = StaticArray.fromArray<u8>([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

function buildLengthTables(): void {
  for (let s = 0; s < 29; s++) {
    const base = <i32>unchecked(LEN_BASE[s]);
    const bits = <i32>unchecked(LEN_BITS[s]);
    const count = s == 28 ? 1 : 1 << bits;
    for (let k = 0; k < count; k++) {
      const len = base + k;
      if (len > 258) break;
      unchecked((lenSym[len] = <u16>(257 + s)));
      unchecked((lenExtraBits[len] = <u8>bits));
      unchecked((lenExtraVal[len] = <u16>k));
    }
  }
}
buildLengthTables();

// ---------------------------------------------------------------- deflate block

// Token: < 256 literal; else 256 + (len - 3), + 256 more when the distance is 3 (else 1).
let tokens: usize = 0;
const clSeq = new StaticArray<u16>(LIT_N + 32); // code-length symbols with extra value << 5

@inline function matchLen(a: usize, b: usize, maxLen: usize): usize {
  let n: usize = 0;
  while (n + 8 <= maxLen) {
    const x = load<u64>(a + n) ^ load<u64>(b + n);
    if (x) return n + <usize>(ctz<u64>(x) >> 3);
    n += 8;
  }
  while (n < maxLen && load<u8>(a + n) == load<u8>(b + n)) n++;
  return n;
}

/** Tokenises [start, end) (history available `hist` bytes before `start`); returns the token count. */
function tokenize(start: usize, end: usize, hist: usize): i32 {
  for (let i = 0; i < LIT_N; i++) unchecked((litFreq[i] = 0));
  for (let i = 0; i < 32; i++) unchecked((distFreq[i] = 0));
  let t = tokens;
  let p = start;
  const minP1 = start + (hist >= 1 ? 0 : 1);
  const minP3 = start + (hist >= 3 ? 0 : 3 - hist);
  while (p < end) {
    const maxLen = min<usize>(258, end - p);
    let best: usize = 0;
    let d3 = false;
    if (maxLen >= 3) {
      const here = load<u32>(p) & 0xffffff;
      if (p >= minP3 && (load<u32>(p - 3) & 0xffffff) == here) {
        best = matchLen(p, p - 3, maxLen);
        d3 = true;
      }
      // A byte run is also a distance-3 match (it can only start up to 2 bytes later), so the
      // distance-1 search only runs when there is no distance-3 match.
      if (best < 3 && p >= minP1 && here == (<u32>load<u8>(p) * 0x010101)) {
        const l1 = matchLen(p, p - 1, maxLen);
        if (l1 > best) { best = l1; d3 = false; }
      }
    }
    if (best >= 3) {
      const tok = <u32>(256 + <u32>(best - 3)) + (d3 ? 256 : 0);
      store<u16>(t, <u16>tok);
      const sym = <i32>unchecked(lenSym[<i32>best]);
      unchecked((litFreq[sym] = litFreq[sym] + 1));
      const dsym = d3 ? 2 : 0;
      unchecked((distFreq[dsym] = distFreq[dsym] + 1));
      p += best;
    } else {
      const lit = <i32>load<u8>(p);
      store<u16>(t, <u16>lit);
      unchecked((litFreq[lit] = litFreq[lit] + 1));
      p++;
    }
    t += 2;
  }
  return <i32>((t - tokens) >> 1);
}

@inline function emitLit(sym: i32): void {
  putBits(<u32>unchecked(litCode[sym]), <u32>unchecked(litLen[sym]));
}

/** Writes one dynamic-Huffman block holding `count` tokens. */
function writeBlock(count: i32, final: bool): void {
  unchecked((litFreq[256] = 1));
  // Both used distance codes always get a code: the tree stays complete for every decoder.
  unchecked((distFreq[0] = distFreq[0] + 1));
  unchecked((distFreq[2] = distFreq[2] + 1));
  buildCode(litFreq, 286, 15, litLen, litCode);
  buildCode(distFreq, DIST_N, 15, distLen, distCode);
  let hlit = 286;
  while (hlit > 257 && unchecked(litLen[hlit - 1]) == 0) hlit--;
  let hdist = DIST_N;
  while (hdist > 1 && unchecked(distLen[hdist - 1]) == 0) hdist--;
  // Run-length code the concatenated code lengths.
  for (let i = 0; i < CL_N; i++) unchecked((clFreq[i] = 0));
  const total = hlit + hdist;
  let nSeq = 0;
  let i = 0;
  while (i < total) {
    const v = codeLenAt(i, hlit);
    let run = 1;
    while (i + run < total && codeLenAt(i + run, hlit) == v) run++;
    i += run;
    if (v == 0) {
      while (run >= 11) {
        const r = min<i32>(run, 138);
        unchecked((clSeq[nSeq++] = <u16>(18 | ((r - 11) << 5))));
        run -= r;
      }
      if (run >= 3) {
        unchecked((clSeq[nSeq++] = <u16>(17 | ((run - 3) << 5))));
        run = 0;
      }
    } else {
      unchecked((clSeq[nSeq++] = <u16>v));
      run--;
      while (run >= 3) {
        const r = min<i32>(run, 6);
        unchecked((clSeq[nSeq++] = <u16>(16 | ((r - 3) << 5))));
        run -= r;
      }
    }
    while (run > 0) {
      unchecked((clSeq[nSeq++] = <u16>v));
      run--;
    }
  }
  for (let k = 0; k < nSeq; k++) {
    const s = <i32>(unchecked(clSeq[k]) & 31);
    unchecked((clFreq[s] = clFreq[s] + 1));
  }
  buildCode(clFreq, CL_N, 7, clLen, clCode);
  let hclen = CL_N;
  while (hclen > 4 && unchecked(clLen[unchecked(CL_ORDER[hclen - 1])]) == 0) hclen--;

  putBits(final ? 1 : 0, 1);
  putBits(2, 2);
  putBits(<u32>(hlit - 257), 5);
  putBits(<u32>(hdist - 1), 5);
  putBits(<u32>(hclen - 4), 4);
  for (let k = 0; k < hclen; k++) putBits(<u32>unchecked(clLen[unchecked(CL_ORDER[k])]), 3);
  for (let k = 0; k < nSeq; k++) {
    const e = <u32>unchecked(clSeq[k]);
    const s = <i32>(e & 31);
    putBits(<u32>unchecked(clCode[s]), <u32>unchecked(clLen[s]));
    if (s == 16) putBits(e >>> 5, 2);
    else if (s == 17) putBits(e >>> 5, 3);
    else if (s == 18) putBits(e >>> 5, 7);
  }
  // Tokens.
  const d1code = <u32>unchecked(distCode[0]), d1len = <u32>unchecked(distLen[0]);
  const d3code = <u32>unchecked(distCode[2]), d3len = <u32>unchecked(distLen[2]);
  let t = tokens;
  const end = tokens + (<usize>count << 1);
  while (t < end) {
    const tok = <i32>load<u16>(t);
    t += 2;
    if (tok < 256) {
      emitLit(tok);
    } else {
      const len = ((tok - 256) & 255) + 3;
      const sym = <i32>unchecked(lenSym[len]);
      const eb = <u32>unchecked(lenExtraBits[len]);
      putBits(<u32>unchecked(litCode[sym]) | (<u32>unchecked(lenExtraVal[len]) << <u32>unchecked(litLen[sym])), <u32>unchecked(litLen[sym]) + eb);
      if (tok >= 512) putBits(d3code, d3len); else putBits(d1code, d1len);
    }
  }
  emitLit(256);
}

@inline function codeLenAt(i: i32, hlit: i32): i32 {
  return i < hlit ? <i32>unchecked(litLen[i]) : <i32>unchecked(distLen[i - hlit]);
}

// ---------------------------------------------------------------- zlib stream

let adler: u32 = 1;
let tokenCap: usize = 0;

/** Makes room for blocks of up to `bytes` input bytes (grown only). */
export function zlibReserve(bytes: usize): void {
  if (bytes <= tokenCap) return;
  tokens = heap.alloc((bytes + 64) << 1);
  tokenCap = bytes;
}

/** Starts a stream. The zlib header waits in the bit buffer until the first block is written. */
export function zlibBegin(): void {
  adler = 1;
  bitBuf = 0;
  bitCnt = 0;
  // zlib header: deflate, 32 KiB window, fastest level; (0x78 * 256 + 0x01) % 31 == 0.
  putBits(0x78, 8);
  putBits(0x01, 8);
}

/**
 * Compresses `len` bytes at `data` as one block (`hist` bytes before `data` are history that
 * matches may reach) and writes its whole bytes at `out`; an unfinished byte's bits wait for the
 * next block. The final block is padded to a byte and followed by the Adler-32. Returns the end
 * of the bytes written.
 */
export function zlibBlock(data: usize, len: usize, hist: usize, final: bool, out: usize): usize {
  adler = adler32(adler, data, len);
  outPos = out;
  writeBlock(tokenize(data, data + len, hist), final);
  if (final) {
    alignToByte();
    storeBE32(outPos, adler);
    outPos += 4;
  } else {
    flushWholeBytes();
  }
  return outPos;
}
