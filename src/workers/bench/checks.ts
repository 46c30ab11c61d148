/** Whether both sides of a comparison gave the same result, checked before any ratio is shown. */
import { count } from '../../core/count';

export interface Check {
  same: boolean;
  /** What was compared and what was found. */
  detail: string;
}

/** Index of the first differing byte, or -1 when `a` and `b` are equal. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** Byte-for-byte equality, described as `what`. */
export function sameBytes(a: Uint8Array, b: Uint8Array, what: string): Check {
  const at = firstDifference(a, b);
  return at < 0
    ? { same: true, detail: `identical ${what} (${count(a.length)} bytes)` }
    : { same: false, detail: `${what} differ at byte ${count(at)} (${count(a.length)} vs ${count(b.length)} bytes)` };
}

const encoder = new TextEncoder();
const PIECE = 1 << 20;

/** `bytes` (UTF-8) equals `text`, compared piece by piece so no text-sized copy is made. */
export function sameText(bytes: Uint8Array, text: string, what: string): Check {
  const buf = new Uint8Array(PIECE * 3);
  let at = 0;
  for (let i = 0; i < text.length;) {
    let j = Math.min(text.length, i + PIECE);
    const last = text.charCodeAt(j - 1);
    if (j < text.length && last >= 0xd800 && last <= 0xdbff) j--; // never split a surrogate pair
    const { written } = encoder.encodeInto(text.slice(i, j), buf);
    const diff = firstDifference(bytes.subarray(at, at + written), buf.subarray(0, written));
    if (diff >= 0) return { same: false, detail: `${what} differ at byte ${count(at + diff)}` };
    at += written;
    i = j;
  }
  if (at !== bytes.length)
    return { same: false, detail: `${what} differ in length (${count(bytes.length)} vs ${count(at)} bytes)` };
  return { same: true, detail: `identical ${what} (${count(at)} bytes)` };
}

/** Largest difference per colour channel the gradient tests allow (tests/e2e/gradient-pixels). */
export const PIXEL_TOLERANCE = 3;
const STRIP_ROWS = 256;

/** The RGB channels of two images decoded by the browser, strip by strip; alpha is not compared. */
export async function samePixels(a: Blob, b: Blob, width: number, height: number): Promise<Check> {
  const options: ImageBitmapOptions = { colorSpaceConversion: 'none', premultiplyAlpha: 'none' };
  const [ia, ib] = await Promise.all([createImageBitmap(a, options), createImageBitmap(b, options)]);
  try {
    if (ia.width !== width || ia.height !== height || ib.width !== width || ib.height !== height) {
      return { same: false, detail: `image sizes differ (${ia.width}x${ia.height} vs ${ib.width}x${ib.height})` };
    }
    const canvas = new OffscreenCanvas(width, Math.min(STRIP_ROWS, height));
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('No 2D canvas in this browser');
    const strip = (image: ImageBitmap, y: number, rows: number) => {
      ctx.clearRect(0, 0, width, rows);
      ctx.drawImage(image, 0, y, width, rows, 0, 0, width, rows);
      return ctx.getImageData(0, 0, width, rows).data;
    };
    let max = 0;
    for (let y = 0; y < height; y += STRIP_ROWS) {
      const rows = Math.min(STRIP_ROWS, height - y);
      const pa = strip(ia, y, rows);
      const pb = strip(ib, y, rows);
      for (let i = 0; i < pa.length; i++) {
        if ((i & 3) !== 3) max = Math.max(max, Math.abs(pa[i]! - pb[i]!));
      }
    }
    const same = max <= PIXEL_TOLERANCE;
    return {
      same,
      detail: `decoded ${width}x${height} pixels ${same ? 'within' : 'beyond'} ${PIXEL_TOLERANCE} per channel (largest difference ${max})`,
    };
  } finally {
    ia.close();
    ib.close();
  }
}
