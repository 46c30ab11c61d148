/**
 * The identification kernel (assembly/crcid.ts) behind plain functions: load samples, run one
 * (width, refin, refout) search, read its result records. Shared by the worker, the server, tests
 * and benchmarks.
 */
import type { KernelExports } from '../../wasm/instantiate';
import { copyIn } from '../../wasm/memory';
import { mask, type CrcParams } from '../params';

export interface CrcIdKernel extends KernelExports {
  loadSamples(ptr: number, count: number, dataBytes: number): void;
  searchCombo(
    width: number,
    refin: number,
    refout: number,
    polyFixed: number,
    poly: bigint,
    initFixed: number,
    init: bigint,
    xorFixed: number,
    xorout: bigint,
  ): number;
  bruteCombo(
    width: number,
    refin: number,
    refout: number,
    first: bigint,
    count: bigint,
    initFixed: number,
    init: bigint,
    xorFixed: number,
    xorout: bigint,
  ): number;
  resultsPtr(): number;
  recordSize(): number;
  pairsUsed(): number;
  crcValue(
    width: number,
    poly: bigint,
    init: bigint,
    refin: number,
    refout: number,
    xorout: bigint,
    ptr: number,
    len: number,
  ): bigint;
  streamValue(
    width: number,
    poly: bigint,
    init: bigint,
    refout: number,
    xorout: bigint,
    ptr: number,
    len: number,
    bits: number,
  ): bigint;
}

/** A message and its CRC value, as the kernel takes them. */
export interface KernelSample {
  message: Uint8Array;
  crc: bigint;
  /** A bit stream: its length in bits, right-aligned in `message` (absent: 8 bits per byte). */
  bits?: number;
}

/** Copies the samples into the kernel (16-byte headers: crc, length in bits, data offset; then the data). */
export function loadSamples(kernel: CrcIdKernel, samples: readonly KernelSample[]): void {
  const head = samples.length * 16;
  const dataBytes = samples.reduce((n, s) => n + s.message.length, 0);
  const bytes = new Uint8Array(head + dataBytes);
  const view = new DataView(bytes.buffer);
  let offset = 0;
  samples.forEach((s, i) => {
    view.setBigUint64(i * 16, BigInt.asUintN(64, s.crc), true);
    view.setUint32(i * 16 + 8, s.bits ?? 8 * s.message.length, true);
    view.setUint32(i * 16 + 12, offset, true);
    bytes.set(s.message, head + offset);
    offset += s.message.length;
  });
  const ptr = copyIn(kernel, bytes);
  kernel.loadSamples(ptr, samples.length, dataBytes);
}

/**
 * One result record: a polynomial, reflection, one init/xorout solution and the null space
 * (every solution is init ^ any xor of `deltas[i].init`, xorout ^ the matching `deltas[i].xorout`).
 */
export interface SolutionRecord {
  width: number;
  poly: bigint;
  refin: boolean;
  refout: boolean;
  init: bigint;
  xorout: bigint;
  deltas: { init: bigint; xorout: bigint }[];
}

/** Reads `count` records the last search wrote. */
export function readRecords(kernel: CrcIdKernel, width: number, count: number): SolutionRecord[] {
  const size = kernel.recordSize();
  const base = kernel.resultsPtr();
  const out: SolutionRecord[] = [];
  for (let r = 0; r < count; r++) {
    const view = new DataView(kernel.memory.buffer, base + r * size, size);
    const flags = view.getUint32(24, true);
    const k = view.getUint32(28, true);
    const deltas = Array.from({ length: k }, (_, i) => ({
      init: view.getBigUint64(32 + i * 16, true),
      xorout: view.getBigUint64(40 + i * 16, true),
    }));
    out.push({
      width,
      poly: view.getBigUint64(0, true),
      init: view.getBigUint64(8, true),
      xorout: view.getBigUint64(16, true),
      refin: (flags & 1) !== 0,
      refout: (flags & 2) !== 0,
      deltas,
    });
  }
  return out;
}

/** The Williams-model CRC of `data` (W <= 64), computed by the identification kernel. */
export function crcOf(kernel: CrcIdKernel, p: CrcParams, data: Uint8Array): bigint {
  const ptr = copyIn(kernel, data, kernel.reserve(Math.max(1, data.length)));
  const m = mask(p.width);
  return BigInt.asUintN(
    p.width,
    kernel.crcValue(p.width, p.poly & m, p.init & m, p.refin ? 1 : 0, p.refout ? 1 : 0, p.xorout & m, ptr, data.length),
  );
}

/** The CRC of a bit stream of `bits` bits right-aligned in `data`, in the order given (refin does not apply). */
export function crcOfStream(kernel: CrcIdKernel, p: CrcParams, data: Uint8Array, bits: number): bigint {
  const ptr = copyIn(kernel, data, kernel.reserve(Math.max(1, data.length)));
  const m = mask(p.width);
  return BigInt.asUintN(
    p.width,
    kernel.streamValue(p.width, p.poly & m, p.init & m, p.refout ? 1 : 0, p.xorout & m, ptr, data.length, bits),
  );
}
