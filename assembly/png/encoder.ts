// PNG encoder (8-bit RGB) of the current gradient: rows are rasterised, Up-filtered and compressed
// band by band, so memory stays small even at 8192 x 8192. Each band becomes one deflate block in
// one IDAT chunk with its CRC-32.

import { crc32Update } from "../shared/crc32";
import { storeBE32 } from "../shared/bytes";
import { height, rasterRowRGB, width } from "./raster";
import { zlibBegin, zlibBlock, zlibReserve } from "./deflate";

const HISTORY: usize = 16;
let rowBytes: usize = 0; // 3 * width
let prevRow: usize = 0;
let curRow: usize = 0;
let band: usize = 0; // HISTORY bytes of history, then the filtered rows of the current band
let bandRowsMax: i32 = 0;
let nextRow: i32 = 0;
let histAvail: usize = 0;
let capacity: usize = 0; // bytes allocated per row-dependent buffer (grown only)
let bandCap: usize = 0;
let outBase: usize = 0; // the chunk bytes of the last call

function ensureBuffers(rowCap: usize, bandBytes: usize): void {
  if (rowCap > capacity) {
    prevRow = heap.alloc(rowCap);
    curRow = heap.alloc(rowCap);
    capacity = rowCap;
  }
  if (bandBytes > bandCap) {
    band = heap.alloc(bandBytes + HISTORY + 64);
    zlibReserve(bandBytes);
    // Worst case: every byte a literal of at most 15 bits, plus block and chunk headers.
    outBase = heap.alloc(bandBytes * 2 + 4096);
    bandCap = bandBytes;
  }
}

/** Pointer to the bytes produced by the last pngBegin / pngEncodeRows call. */
export function outPtr(): usize {
  return outBase;
}

/**
 * Starts a PNG of the current gradient (8-bit RGB). `rowsPerCall` bounds the rows of each
 * pngEncodeRows call. Writes the signature and IHDR (the zlib header goes out with the first
 * IDAT); returns the byte count at outPtr().
 */
export function pngBegin(rowsPerCall: i32): i32 {
  if (width < 1 || height < 1 || rowsPerCall < 1) return -1;
  rowBytes = <usize>width * 3;
  bandRowsMax = rowsPerCall;
  ensureBuffers(rowBytes + 64, (rowBytes + 1) * <usize>rowsPerCall);
  memory.fill(prevRow, 0, rowBytes + 64);
  memory.fill(band, 0, HISTORY);
  nextRow = 0;
  histAvail = 0;
  zlibBegin();
  let p = outBase;
  store<u64>(p, 0x0a1a0a0d474e5089); // \x89PNG\r\n\x1a\n
  p += 8;
  storeBE32(p, 13);
  store<u32>(p + 4, 0x52444849); // IHDR
  storeBE32(p + 8, <u32>width);
  storeBE32(p + 12, <u32>height);
  store<u8>(p + 16, 8); // bit depth
  store<u8>(p + 17, 2); // colour type: RGB
  store<u8>(p + 18, 0);
  store<u8>(p + 19, 0);
  store<u8>(p + 20, 0);
  storeBE32(p + 21, crc32Update(0, p + 4, 17));
  p += 25;
  return <i32>(p - outBase);
}

/**
 * Encodes the next rows (at most rowsPerCall) as one deflate block and returns the byte count of
 * the IDAT chunk written at outPtr() (plus IEND after the last row), or 0 when all rows are done.
 */
export function pngEncodeRows(rows: i32): i32 {
  if (nextRow >= height) return 0;
  rows = min<i32>(min<i32>(rows, bandRowsMax), height - nextRow);
  const start = band + HISTORY;
  let p = start;
  const w = rowBytes;
  for (let r = 0; r < rows; r++) {
    rasterRowRGB(nextRow, curRow);
    nextRow++;
    store<u8>(p, 2); // filter type: Up
    p++;
    // Up filter with SIMD; the buffers have room for the 16-byte overrun.
    for (let i: usize = 0; i < w; i += 16) {
      v128.store(p + i, i8x16.sub(v128.load(curRow + i), v128.load(prevRow + i)));
    }
    p += w;
    const tmp = prevRow;
    prevRow = curRow;
    curRow = tmp;
  }
  const len = p - start;
  const final = nextRow >= height;
  let end = zlibBlock(start, len, histAvail, final, outBase + 8);
  // History for the next band's matches.
  memory.copy(band, p - HISTORY, HISTORY);
  histAvail = min<usize>(HISTORY, histAvail + len);
  // Frame the chunk: length, "IDAT", data, CRC.
  const dataLen = end - (outBase + 8);
  storeBE32(outBase, <u32>dataLen);
  store<u32>(outBase + 4, 0x54414449); // IDAT
  storeBE32(end, crc32Update(0, outBase + 4, dataLen + 4));
  end += 4;
  if (final) {
    storeBE32(end, 0);
    store<u32>(end + 4, 0x444e4549); // IEND
    storeBE32(end + 8, 0xae426082);
    end += 12;
  }
  return <i32>(end - outBase);
}

/** Rows encoded so far (progress). */
export function pngRowsDone(): i32 {
  return nextRow;
}
