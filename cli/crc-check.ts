/**
 * bitsmith crc check: checksums of files or stdin, apart from crc generate so that it loads no HDL or
 * software generator (start-up counts against Python's zlib.crc32 on a whole file).
 */
import zlib from 'node:zlib';
import { paramsOf, type PredefinedAlgorithm } from '../src/core/crc/catalogue';
import { crc32 } from '../src/core/crc/crc32';
import type { CrcKernel } from '../src/core/crc/kernel';
import { findCatalogueAlgorithm } from '../src/core/hdl/crc/algorithm';
import { BadInput, CHUNK_BYTES, loadKernel, progress, readAll } from './io';
import { SyncInput, SyncOutput } from './sync-io';
import { tableCrc } from './crc-table';

const DEFAULT_CHECK_ALGORITHM = 'CRC-32/ISO-HDLC';

/** A catalogue algorithm by name or alias (case, spaces, dashes and slashes ignored). */
export function findAlgorithm(name: string): PredefinedAlgorithm {
  const found = findCatalogueAlgorithm(name);
  if (!found) throw new BadInput(`Unknown CRC algorithm "${name}": bitsmith crc list shows the catalogue.`);
  return found;
}

/** A running CRC over chunks; value() is the algorithm's result as lowercase hex of its width. */
interface CrcRunner {
  update(bytes: Uint8Array): void;
  value(): string;
}

const hexOf = (v: bigint, width: number) => v.toString(16).padStart(Math.ceil(width / 4), '0');

/**
 * CRC-32/ISO-HDLC: Node's zlib.crc32 (a kept native library, faster than our kernel) when the running
 * Node has it, else our WASM slicing-by-8 kernel. Any other algorithm: a table-driven CRC
 * (./crc-table.ts; the core's general WASM CRC is bit-serial), chunk by chunk, so any size streams.
 */
async function crcRunner(a: PredefinedAlgorithm): Promise<() => CrcRunner> {
  if (a.name === DEFAULT_CHECK_ALGORITHM) {
    const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
    if (native) {
      return () => {
        let c = 0;
        return { update: (b) => (c = native(b, c)), value: () => hexOf(BigInt(c >>> 0), 32) };
      };
    }
    const kernel = await loadKernel<CrcKernel>('crc');
    return () => {
      let c = 0;
      return { update: (b) => (c = crc32(kernel, b, c)), value: () => hexOf(BigInt(c >>> 0), 32) };
    };
  }
  const p = paramsOf(a);
  return () => {
    const crc = tableCrc(p);
    return { update: (b) => crc.update(b), value: () => hexOf(crc.value(), p.width) };
  };
}

/** One reused read buffer: a fresh 4 MiB Buffer per chunk costs its page faults (0.3 s per GiB). */
const readBuffer = new Uint8Array(CHUNK_BYTES);

function crcOfFile(make: () => CrcRunner, file: string): string {
  const r = make();
  const input = new SyncInput(file);
  const bar = progress(file === '-' ? 'stdin' : file, input.size);
  let done = 0;
  try {
    for (let n = input.read(readBuffer); n > 0; n = input.read(readBuffer)) {
      r.update(readBuffer.subarray(0, n));
      done += n;
      bar.update(done);
    }
  } finally {
    bar.done();
    input.close();
  }
  return r.value();
}

/** Lines `value  name` like sha256sum; with check, reads such lines back and says OK or FAILED. */
export async function crcCheck(
  files: string[],
  o: { algorithm?: string; check?: boolean; output?: string },
): Promise<number> {
  const a = findAlgorithm(o.algorithm ?? DEFAULT_CHECK_ALGORITHM);
  const make = await crcRunner(a);
  const inputs = files.length ? files : ['-'];
  const out = new SyncOutput(o.output);
  const say = (text: string) => out.write(Buffer.from(text));
  if (!o.check) {
    for (const f of inputs) say(`${crcOfFile(make, f)}  ${f}\n`);
    out.close();
    return 0;
  }
  let failed = 0;
  for (const list of inputs) {
    const text = (await readAll(list)).toString('utf8');
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    for (const [i, line] of lines.entries()) {
      const m = /^([0-9a-fA-F]+) [ *](.+)$/.exec(line);
      if (!m) throw new BadInput(`${list}:${i + 1}: not a "value  name" line`);
      const ok = crcOfFile(make, m[2]!) === m[1]!.toLowerCase();
      if (!ok) failed++;
      say(`${m[2]}: ${ok ? 'OK' : 'FAILED'}\n`);
    }
  }
  out.close();
  if (failed)
    throw new BadInput(`WARNING: ${failed} computed ${failed === 1 ? 'checksum' : 'checksums'} did NOT match`);
  return 0;
}
