/**
 * The JavaScript and browser sides of the comparisons: what a page would write without our
 * kernels. Written the usual way, not tuned against us (the CRC table is the textbook one).
 */
import type { GradientSpec } from '../../core/gradient/model';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE 802.3) with a 256-entry table, one byte per step. */
export function crc32Table(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 255]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** The ES2025 Base64 methods, where the browser has them (Chromium 140+, Firefox 133+, Safari 18.2+). */
interface NativeBase64 {
  toBase64(this: Uint8Array): string;
}
const fromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
const toBase64 = (Uint8Array.prototype as Partial<NativeBase64>).toBase64;

export const nativeBase64 =
  fromBase64 && toBase64
    ? { encode: (b: Uint8Array) => toBase64.call(b), decode: (s: string) => fromBase64.call(Uint8Array, s) }
    : null;

/** Bytes as a "binary string" (one character per byte), the only input btoa takes. */
export function binaryString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let off = 0; off < bytes.length; off += 8192) {
    parts.push(String.fromCharCode(...bytes.subarray(off, off + 8192)));
  }
  return parts.join('');
}

/** A binary string's characters as bytes (what atob's result is for). */
export function binaryBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export const hasCanvas = typeof OffscreenCanvas === 'function';

/**
 * The browser's own PNG of a left-to-right linear gradient (CSS 90deg: the gradient line runs
 * from the left edge to the right edge): painted on an OffscreenCanvas, encoded by convertToBlob.
 */
export function canvasPng(g: GradientSpec, width: number, height: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas in this browser');
  const fill = ctx.createLinearGradient(0, 0, width, 0);
  for (const s of g.stops) fill.addColorStop(s.position / 100, s.color);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, width, height);
  return canvas.convertToBlob({ type: 'image/png' });
}
