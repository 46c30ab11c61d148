/** bitsmith crc generate | list | check. */
import zlib from 'node:zlib';
import { paramsOf, predefinedAlgorithms, type PredefinedAlgorithm } from '../src/core/crc/catalogue';
import { crc32 } from '../src/core/crc/crc32';
import type { CrcKernel } from '../src/core/crc/kernel';
import { MAX_CRC_WIDTH, MAX_DATA_WIDTH_API, hex, parseHex, type CrcParams } from '../src/core/crc/params';
import type { HdlLanguage } from '../src/core/hdl/contract';
import {
  createCrcGenerator,
  dataWidthMessage,
  doesNotFitMessage,
  fitsWidth,
  type CrcConfig,
} from '../src/core/hdl/crc';
import { findCatalogueAlgorithm } from '../src/core/hdl/crc/algorithm';
import { configFiles } from '../src/core/hdl/files';
import {
  MAX_SOFTWARE_WIDTH,
  customName,
  generateSoftware,
  isSoftwareLanguage,
  type SoftwareLanguage,
} from '../src/core/crc/software';
import { BadInput, CHUNK_BYTES, loadKernel, progress, readAll } from './io';
import { SyncInput } from './sync-io';
import { writeFiles } from './files';
import { tableCrc } from './crc-table';

const DEFAULT_CHECK_ALGORITHM = 'CRC-32/ISO-HDLC';

/** A catalogue algorithm by name or alias (case, spaces, dashes and slashes ignored). */
export function findAlgorithm(name: string): PredefinedAlgorithm {
  const found = findCatalogueAlgorithm(name);
  if (!found) throw new BadInput(`Unknown CRC algorithm "${name}": bitsmith crc list shows the catalogue.`);
  return found;
}

export interface CrcGenerateOptions {
  algorithm?: string;
  poly?: string;
  width?: string;
  init?: string;
  xorout?: string;
  refin?: boolean;
  refout?: boolean;
  dataWidth: string;
  language: HdlLanguage | SoftwareLanguage;
  partialLastWord?: boolean;
  pipelineStages?: string;
  testbench?: boolean;
  output?: string;
}

function hexOption(text: string | undefined, label: string, width: number): bigint {
  if (text === undefined) return 0n;
  const v = text.length <= 40 ? parseHex(text) : undefined;
  if (v === undefined) throw new BadInput(`${label} must be a hexadecimal value such as 0xFFFF.`);
  if (!fitsWidth(v, width)) throw new BadInput(doesNotFitMessage(label, width));
  return v;
}

/** The parameters from --algorithm, or from --poly/--width and the others. */
function crcParams(o: CrcGenerateOptions): CrcParams {
  if (o.algorithm !== undefined) {
    if (o.poly !== undefined || o.width !== undefined)
      throw new BadInput('Give either --algorithm or --poly with --width, not both.');
    return paramsOf(findAlgorithm(o.algorithm));
  }
  if (o.poly === undefined || o.width === undefined)
    throw new BadInput('Give --algorithm NAME, or --poly and --width (bitsmith crc generate --help).');
  const width = Number(o.width);
  if (!Number.isInteger(width) || width < 1 || width > MAX_CRC_WIDTH)
    throw new BadInput(`The CRC width must be a whole number from 1 to ${MAX_CRC_WIDTH}.`);
  const poly = parseHex(o.poly);
  if (poly === undefined) throw new BadInput('Poly must be a hexadecimal value such as 0x04C11DB7.');
  if (!fitsWidth(poly, width)) throw new BadInput(doesNotFitMessage('Poly', width));
  return {
    width,
    poly,
    init: hexOption(o.init, 'Init', width),
    xorout: hexOption(o.xorout, 'XorOut', width),
    refin: o.refin ?? false,
    refout: o.refout ?? false,
  };
}

/** C, Rust, Python or TypeScript: the same parameters, no hardware options; C writes two files. */
async function softwareGenerate(o: CrcGenerateOptions, language: SoftwareLanguage, params: CrcParams): Promise<void> {
  if (params.width > MAX_SOFTWARE_WIDTH)
    throw new BadInput(`Software implementations are generated for CRC widths up to ${MAX_SOFTWARE_WIDTH} bits.`);
  if (o.testbench || o.partialLastWord || o.pipelineStages !== undefined)
    throw new BadInput('--testbench, --partial-last-word and --pipeline-stages apply to Verilog and VHDL only.');
  const name = o.algorithm !== undefined ? findAlgorithm(o.algorithm).name : customName(params.width);
  const files = generateSoftware({ params, name }, language);
  if (files.length > 1 && o.output !== undefined && /\.[ch]$/i.test(o.output))
    throw new BadInput(`C gives two files (${files.map((f) => f.name).join(', ')}): give a directory with -o.`);
  await writeFiles(files, o.output, files.length > 1 ? 'dir' : 'file');
}

export async function crcGenerate(o: CrcGenerateOptions): Promise<void> {
  const params = crcParams(o);
  if (isSoftwareLanguage(o.language)) return softwareGenerate(o, o.language, params);
  const dataWidth = Number(o.dataWidth);
  if (o.dataWidth.trim() === '' || !Number.isInteger(dataWidth) || dataWidth < 1 || dataWidth > MAX_DATA_WIDTH_API)
    throw new BadInput(dataWidthMessage(MAX_DATA_WIDTH_API));
  const config: CrcConfig = { params, dataWidth };
  // As POST /api/generate: only options that change the design are kept.
  if (o.partialLastWord) config.partialLastWord = true;
  if (o.pipelineStages !== undefined) {
    const stages = o.pipelineStages.trim() === '' ? NaN : Number(o.pipelineStages);
    if (stages !== 0) config.pipelineStages = stages;
  }
  const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
  const problems = generator.validate(config);
  if (problems.length) throw new BadInput(problems[0]!);
  await writeFiles(configFiles(generator, config, { language: o.language, testbench: o.testbench }), o.output, 'file');
}

/** The catalogue: one line per algorithm, or GET /api/predefined's JSON with --json. */
export function crcList(json: boolean): string {
  const list = predefinedAlgorithms();
  if (json) return JSON.stringify(list) + '\n';
  return list
    .map((a) => {
      const p = paramsOf(a);
      const fields = [
        a.name.padEnd(20),
        `width=${a.width}`,
        `poly=${hex(p.poly, a.width)}`,
        `init=${a.init}`,
        `refin=${a.refin}`,
        `refout=${a.refout}`,
        `xorout=${a.xorout}`,
        `check=${a.check}`,
      ];
      if (a.aliases.length) fields.push(`aliases=${a.aliases.join(', ')}`);
      return fields.join(' ') + '\n';
    })
    .join('');
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
export async function crcCheck(files: string[], o: { algorithm?: string; check?: boolean }): Promise<number> {
  const a = findAlgorithm(o.algorithm ?? DEFAULT_CHECK_ALGORITHM);
  const make = await crcRunner(a);
  const inputs = files.length ? files : ['-'];
  if (!o.check) {
    for (const f of inputs) process.stdout.write(`${crcOfFile(make, f)}  ${f}\n`);
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
      process.stdout.write(`${m[2]}: ${ok ? 'OK' : 'FAILED'}\n`);
    }
  }
  if (failed)
    throw new BadInput(`WARNING: ${failed} computed ${failed === 1 ? 'checksum' : 'checksums'} did NOT match`);
  return 0;
}
