/**
 * The CRC of a file or of stdin, or of the chunks of a large file that two threads share: what
 * `bitsmith crc check` runs on the main thread and on its helper thread (./crc-part-worker.ts). Bytes
 * are read straight into the kernel's memory, 4 MiB at a time, so any size streams without a copy.
 */
import zlib from 'node:zlib';
import { paramsOf, type PredefinedAlgorithm } from '../src/core/crc/catalogue';
import type { CrcKernel } from '../src/core/crc/kernel';
import { MAX_TABLE_WIDTH, tableCrc } from '../src/core/crc/table';
import { BadInput, CHUNK_BYTES, loadKernel } from './io';
import { SyncInput } from './sync-io';

const NATIVE_CRC32 = 'CRC-32/ISO-HDLC';

/** A running CRC with its own read buffer: fill `buffer`, then update(n). */
interface Runner {
  buffer: Uint8Array;
  update(n: number): void;
  value(): bigint;
  reset(): void;
}

/**
 * CRC-32/ISO-HDLC: Node's zlib.crc32 (a kept native library, faster than any WASM table) when the
 * running Node has it. Every other algorithm, and CRC-32 on an older Node: the WASM table kernel.
 */
async function runner(a: PredefinedAlgorithm): Promise<Runner> {
  const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (a.name === NATIVE_CRC32 && native) {
    const buffer = new Uint8Array(CHUNK_BYTES);
    let c = 0;
    return {
      buffer,
      update: (n) => (c = native(buffer.subarray(0, n), c)),
      value: () => BigInt(c >>> 0),
      reset: () => (c = 0),
    };
  }
  if (a.width > MAX_TABLE_WIDTH) throw new BadInput(`${a.name}: crc check takes CRCs up to ${MAX_TABLE_WIDTH} bits`);
  const crc = tableCrc(await loadKernel<CrcKernel>('crc'), paramsOf(a), CHUNK_BYTES);
  return { buffer: crc.input, update: crc.update, value: crc.value, reset: crc.reset };
}

/** The algorithm's result over a file or stdin (`-`); `onBytes` hears how many bytes are done so far. */
export async function crcOfStream(
  a: PredefinedAlgorithm,
  file: string,
  onBytes?: (done: number) => void,
): Promise<bigint> {
  const r = await runner(a);
  const input = new SyncInput(file);
  let done = 0;
  try {
    for (let n = input.read(r.buffer); n > 0; n = input.read(r.buffer)) {
      r.update(n);
      onBytes?.((done += n));
    }
  } finally {
    input.close();
  }
  return r.value();
}

/**
 * A regular file cut in chunks that threads claim one at a time (`next`, an atomic counter), each
 * chunk's CRC computed alone into `values`; src/core/crc/combine.ts makes the file's CRC of them.
 * Claiming, not halving: the helper thread starts tens of milliseconds late, and the main thread
 * simply does more chunks.
 */
export interface SharedChunks {
  file: string;
  size: number;
  next: Int32Array;
  values: BigUint64Array;
}

export const chunkCount = (size: number) => Math.ceil(size / CHUNK_BYTES);

export function sharedChunks(file: string, size: number): SharedChunks {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const values = new BigUint64Array(new SharedArrayBuffer(8 * chunkCount(size)));
  return { file, size, next, values };
}

/** The bytes of chunk k. */
export const chunkBytes = (size: number, k: number) => Math.min(CHUNK_BYTES, size - k * CHUNK_BYTES);

/** Claims chunks until none is left; `onChunk` hears each one done. */
export async function crcOfClaimedChunks(
  a: PredefinedAlgorithm,
  work: SharedChunks,
  onChunk?: () => void,
): Promise<void> {
  const r = await runner(a);
  const count = chunkCount(work.size);
  const input = new SyncInput(work.file);
  try {
    for (let k = Atomics.add(work.next, 0, 1); k < count; k = Atomics.add(work.next, 0, 1)) {
      input.seek(k * CHUNK_BYTES);
      const n = input.read(r.buffer.subarray(0, chunkBytes(work.size, k)));
      if (n !== chunkBytes(work.size, k)) throw new BadInput(`${work.file} changed while it was read`);
      r.reset();
      r.update(n);
      work.values[k] = r.value();
      onChunk?.();
    }
  } finally {
    input.close();
  }
}
