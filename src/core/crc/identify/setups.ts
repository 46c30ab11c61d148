/**
 * The (width, byte order) setups a request searches, each with its samples as (message, crc):
 * message mode takes the samples as they are; codeword mode splits the CRC off the end of each
 * codeword (ceil(W/8) bytes, right-aligned, in either byte order).
 */
import type { KernelSample } from './kernel';
import type { ByteOrder, IdentifyRequest } from './types';

export const MAX_SEARCH_WIDTH = 64;

export interface Setup {
  width: number;
  byteOrder?: ByteOrder;
  /** Codewords: the CRC fills the top W bits of its bytes (MMC's CRC-7 with its end bit). */
  leftAligned?: boolean;
  samples: KernelSample[];
}

const bitLength = (v: bigint) => v.toString(2).replace(/^0+/, '').length;

/** Widths a message-mode search tries: the fixed one, or those the CRC's hex digits allow. */
export function messageWidths(req: IdentifyRequest): [number, number] {
  if (req.fixed.width) return [req.fixed.width, req.fixed.width];
  if (req.mode === 'codeword') return [1, MAX_SEARCH_WIDTH];
  const digits = Math.max(1, ...req.samples.map((s) => s.crcDigits ?? 1));
  const bits = Math.max(1, ...req.samples.map((s) => bitLength(s.crc ?? 0n)));
  const hi = Math.min(MAX_SEARCH_WIDTH, digits * 4);
  return [Math.min(hi, Math.max(bits, digits * 4 - 3)), hi];
}

/** The CRC stored in the last `n` bytes of a codeword. */
function trailingValue(codeword: Uint8Array, n: number, order: ByteOrder): bigint {
  let v = 0n;
  for (let i = 0; i < n; i++) {
    const byte = codeword[codeword.length - n + (order === 'big' ? i : n - 1 - i)]!;
    v = (v << 8n) | BigInt(byte);
  }
  return v;
}

/** Every setup to search, in width order; codeword setups that cannot hold the CRC are left out. */
export function setupsOf(req: IdentifyRequest): Setup[] {
  const [lo, hi] = messageWidths(req);
  const out: Setup[] = [];
  for (let width = lo; width <= hi; width++) {
    if (req.mode === 'message') {
      out.push({ width, samples: req.samples.map((s) => ({ message: s.message, crc: s.crc ?? 0n })) });
      continue;
    }
    const n = Math.ceil(width / 8);
    const orders: ByteOrder[] = req.fixed.byteOrder ? [req.fixed.byteOrder] : ['big', 'little'];
    if (req.samples.some((s) => s.message.length <= n)) continue;
    const pad = BigInt(8 * n - width);
    for (const order of n === 1 ? orders.slice(0, 1) : orders) {
      // Right-aligned (the top pad bits zero), and for a width that is not whole bytes also
      // left-aligned (the low pad bits ignored).
      for (const leftAligned of pad > 0n ? [false, true] : [false]) {
        const samples = req.samples.map((s) => {
          const value = trailingValue(s.message, n, order);
          return { message: s.message.subarray(0, s.message.length - n), crc: leftAligned ? value >> pad : value };
        });
        if (samples.some((s) => s.crc >> BigInt(width) !== 0n)) continue;
        out.push({ width, byteOrder: n === 1 ? undefined : order, ...(leftAligned ? { leftAligned } : {}), samples });
      }
    }
  }
  return out;
}
