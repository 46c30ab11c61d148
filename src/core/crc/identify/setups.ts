/**
 * The (width, byte order) setups a request searches, each with its samples as (message, crc):
 * message mode takes the samples as they are; codeword mode splits the CRC off the end of each
 * codeword (ceil(W/8) bytes, right-aligned, in either byte order; or a bit stream's last W bits).
 */
import { reflect } from '../params';
import { leadingBits, trailingBits } from './bits';
import type { KernelSample } from './kernel';
import type { ByteOrder, IdentifyRequest, Undecidable } from './types';

export const MAX_SEARCH_WIDTH = 64;

export interface Setup {
  width: number;
  byteOrder?: ByteOrder;
  /** Codewords: the CRC fills the top W bits of its bytes (MMC's CRC-7 with its end bit). */
  leftAligned?: boolean;
  /** The messages are bit streams: the register takes their bits in the order given (refin does not apply). */
  stream?: boolean;
  /**
   * The CRCs were given as bits in the order sent, taken as the register shifts them out (its top
   * bit first): read as the CRC of this refout only (the other refout reads them reversed).
   */
  refout?: boolean;
  samples: KernelSample[];
}

const isStream = (req: IdentifyRequest) => req.samples.some((s) => s.bits !== undefined);
/** The CRCs are bits as sent: a bit stream's codeword, or CRCs written as bits. */
const crcAsSent = (req: IdentifyRequest) =>
  req.mode === 'codeword' ? isStream(req) : req.samples.some((s) => s.crcBits !== undefined);

/** What the kind of samples leaves open, unless the user fixed it. */
export function undecidableOf(req: IdentifyRequest): Undecidable[] {
  return [
    ...(isStream(req) && req.fixed.refin === undefined ? ['refin' as const] : []),
    ...(crcAsSent(req) && req.fixed.refout === undefined ? ['refout' as const] : []),
  ];
}

const bitLength = (v: bigint) => v.toString(2).replace(/^0+/, '').length;

/** Widths a message-mode search tries: the fixed one, or those the CRC's hex digits allow. */
export function messageWidths(req: IdentifyRequest): [number, number] {
  if (req.fixed.width) return [req.fixed.width, req.fixed.width];
  if (req.mode === 'codeword') return [1, MAX_SEARCH_WIDTH];
  const asBits = req.samples.find((s) => s.crcBits !== undefined)?.crcBits;
  if (asBits) return [asBits, asBits];
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
  const stream = isStream(req) || undefined;
  // CRCs as sent are read for one refout, as the register shifts them out.
  const refout = crcAsSent(req) ? (req.fixed.refout ?? false) : undefined;
  const read = (crc: bigint, width: number) => (refout ? reflect(crc, width) : crc);
  const out: Setup[] = [];
  for (let width = lo; width <= hi; width++) {
    if (req.mode === 'message') {
      const samples = req.samples.map((s) =>
        stream
          ? { message: s.message, bits: s.bits, crc: read(s.crc ?? 0n, width) }
          : { message: s.message, crc: read(s.crc ?? 0n, width) },
      );
      out.push({ width, stream, refout, samples });
      continue;
    }
    if (stream) {
      // A bit stream's codeword: the CRC is its last W bits.
      if (req.samples.some((s) => s.bits! <= width)) continue;
      const samples = req.samples.map((s) => ({
        message: leadingBits(s.message, s.bits!, s.bits! - width),
        bits: s.bits! - width,
        crc: read(trailingBits(s.message, width), width),
      }));
      out.push({ width, stream, refout, samples });
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
