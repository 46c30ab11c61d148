// Length-limited canonical Huffman codes for deflate (RFC 1951, 3.2.2): code lengths from symbol
// frequencies, then canonical codes bit-reversed for an LSB-first bit writer.

/** The largest alphabet (deflate's literal/length codes). */
const MAX_SYMBOLS = 288;

// Scratch for building codes.
const hSym = new StaticArray<i32>(MAX_SYMBOLS);
const hWeight = new StaticArray<u32>(2 * MAX_SYMBOLS);
const hParent = new StaticArray<i32>(2 * MAX_SYMBOLS);
const hDepth = new StaticArray<i32>(2 * MAX_SYMBOLS);
const blCount = new StaticArray<i32>(17);
const nextCode = new StaticArray<u32>(17);

/** Length-limited Huffman code lengths and (bit-reversed) canonical codes for `n` symbols. */
export function buildCode(freq: StaticArray<u32>, n: i32, maxBits: i32, lens: StaticArray<u8>, codes: StaticArray<u16>): void {
  let m = 0;
  for (let i = 0; i < n; i++) {
    unchecked((lens[i] = 0));
    if (unchecked(freq[i]) > 0) unchecked((hSym[m++] = i));
  }
  if (m == 1) {
    // A lone symbol still needs a complete code: pair it with a dummy symbol.
    const other = unchecked(hSym[0]) == 0 ? 1 : 0;
    unchecked((lens[unchecked(hSym[0])] = 1));
    unchecked((lens[other] = 1));
  } else if (m > 1) {
    // Sort symbols by ascending frequency (insertion sort: at most 288 symbols).
    for (let i = 1; i < m; i++) {
      const s = unchecked(hSym[i]);
      const f = unchecked(freq[s]);
      let j = i - 1;
      while (j >= 0 && unchecked(freq[unchecked(hSym[j])]) > f) {
        unchecked((hSym[j + 1] = hSym[j]));
        j--;
      }
      unchecked((hSym[j + 1] = s));
    }
    // Two-queue Huffman construction: leaves 0..m-1, internal nodes m..2m-2.
    for (let i = 0; i < m; i++) unchecked((hWeight[i] = freq[unchecked(hSym[i])]));
    let li = 0, ii = m, nx = m;
    while (nx < 2 * m - 1) {
      let a: i32, b: i32;
      if (li < m && (ii >= nx || unchecked(hWeight[li]) <= unchecked(hWeight[ii]))) a = li++; else a = ii++;
      if (li < m && (ii >= nx || unchecked(hWeight[li]) <= unchecked(hWeight[ii]))) b = li++; else b = ii++;
      unchecked((hWeight[nx] = hWeight[a] + hWeight[b]));
      unchecked((hParent[a] = nx));
      unchecked((hParent[b] = nx));
      nx++;
    }
    unchecked((hDepth[2 * m - 2] = 0));
    for (let k = 2 * m - 3; k >= 0; k--) unchecked((hDepth[k] = hDepth[unchecked(hParent[k])] + 1));
    for (let i = 0; i <= 16; i++) unchecked((blCount[i] = 0));
    for (let i = 0; i < m; i++) {
      const d = min<i32>(unchecked(hDepth[i]), maxBits);
      unchecked((blCount[d] = blCount[d] + 1));
    }
    // Repair the Kraft sum after clamping (the miniz method).
    let total: u32 = 0;
    for (let i = 1; i <= maxBits; i++) total += <u32>unchecked(blCount[i]) << <u32>(maxBits - i);
    while (total != (<u32>1 << <u32>maxBits)) {
      unchecked((blCount[maxBits] = blCount[maxBits] - 1));
      for (let i = maxBits - 1; i > 0; i--) {
        if (unchecked(blCount[i]) != 0) {
          unchecked((blCount[i] = blCount[i] - 1));
          unchecked((blCount[i + 1] = blCount[i + 1] + 2));
          break;
        }
      }
      total--;
    }
    // Least frequent symbols get the longest codes.
    let k = 0;
    for (let len = maxBits; len >= 1; len--) {
      for (let c = unchecked(blCount[len]); c > 0; c--) unchecked((lens[unchecked(hSym[k++])] = <u8>len));
    }
  }
  // Canonical codes, bit-reversed for the LSB-first writer.
  for (let i = 0; i <= 16; i++) unchecked((blCount[i] = 0));
  for (let i = 0; i < n; i++) {
    const l = <i32>unchecked(lens[i]);
    unchecked((blCount[l] = blCount[l] + 1));
  }
  unchecked((blCount[0] = 0));
  let code: u32 = 0;
  for (let bits = 1; bits <= 16; bits++) {
    code = (code + <u32>unchecked(blCount[bits - 1])) << 1;
    unchecked((nextCode[bits] = code));
  }
  for (let i = 0; i < n; i++) {
    const l = <i32>unchecked(lens[i]);
    if (l == 0) { unchecked((codes[i] = 0)); continue; }
    const c = unchecked(nextCode[l]);
    unchecked((nextCode[l] = c + 1));
    unchecked((codes[i] = <u16>(bitReverse(c, l))));
  }
}

@inline function bitReverse(c: u32, len: i32): u32 {
  return <u32>(bitrev16(<u32>c) >>> <u32>(16 - len));
}

function bitrev16(x: u32): u32 {
  x = ((x & 0x5555) << 1) | ((x >>> 1) & 0x5555);
  x = ((x & 0x3333) << 2) | ((x >>> 2) & 0x3333);
  x = ((x & 0x0f0f) << 4) | ((x >>> 4) & 0x0f0f);
  return ((x & 0x00ff) << 8) | ((x >>> 8) & 0x00ff);
}
