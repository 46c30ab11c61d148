/** bitsmith crc generate | list (crc check: ./crc-check.ts). */
import { paramsOf, predefinedAlgorithms } from '../src/core/crc/catalogue';
import type { CrcKernel } from '../src/core/crc/kernel';
import { MAX_CRC_WIDTH, MAX_DATA_WIDTH_API, hex, reflect, type CrcParams } from '../src/core/crc/params';
import { parseHexText } from '../src/core/crc/request';
import type { HdlLanguage } from '../src/core/hdl/contract';
import {
  CRC_WIDTH_MESSAGE,
  createCrcGenerator,
  dataWidthMessage,
  doesNotFitMessage,
  fitsWidth,
  polyDoesNotFitMessage,
  type CrcConfig,
} from '../src/core/hdl/crc';
import { configFiles } from '../src/core/hdl/files';
import {
  MAX_SOFTWARE_WIDTH,
  generateSoftware,
  isSoftwareLanguage,
  type SoftwareLanguage,
} from '../src/core/crc/software';
import { BadInput, UsageError, loadKernel } from './io';
import { checkOutputLanguage, writeFiles } from './files';
import { findAlgorithm } from './crc-check';

export interface CrcGenerateOptions {
  algorithm?: string;
  poly?: string;
  width?: number;
  init?: string;
  xorout?: string;
  refin?: boolean;
  refout?: boolean;
  dataWidth: number;
  /** Whether the user gave --data-width (it has a default). */
  dataWidthGiven?: boolean;
  language: HdlLanguage | SoftwareLanguage;
  partialLastWord?: boolean;
  pipelineStages?: number;
  testbench?: boolean;
  output?: string;
}

/** The options that give the parameters one by one; --algorithm gives them all. */
const PARAMETER_OPTIONS = ['poly', 'width', 'init', 'xorout', 'refin', 'refout'] as const;

/** Options that do not go together: --algorithm with parameters, hardware options with software. */
function checkUsage(o: CrcGenerateOptions): void {
  const parameters = PARAMETER_OPTIONS.filter((k) => o[k] !== undefined).map((k) => `--${k}`);
  if (o.algorithm !== undefined && parameters.length)
    throw new UsageError(`Give either --algorithm or the parameters (${parameters.join(', ')}), not both.`);
  const hardware = o.dataWidthGiven || o.partialLastWord || o.pipelineStages !== undefined || o.testbench;
  if (isSoftwareLanguage(o.language) && hardware)
    throw new UsageError(
      '--data-width, --partial-last-word, --pipeline-stages and --testbench apply to Verilog and VHDL only.',
    );
}

function hexOption(text: string | undefined, label: string, width: number): bigint {
  if (text === undefined) return 0n;
  // As the API: blank or digitless text (`--init "$UNSET"`) is refused, never read as 0.
  const v = parseHexText(text);
  if (v === undefined) throw new BadInput(`${label} must be a hexadecimal value such as 0xFFFF.`);
  if (!fitsWidth(v, width)) throw new BadInput(doesNotFitMessage(label, width));
  return v;
}

/**
 * A polynomial without x^0 generates code all the same, but is almost always one written reflected
 * (zlib's 0xedb88320 for CRC-32's 0x04c11db7), which taken as it is makes another CRC.
 */
function noX0Warning(poly: bigint, width: number): string {
  const said = `the polynomial ${hex(poly, width)} has no x^0 term, which a CRC polynomial has`;
  const normal = reflect(poly, width);
  return (normal & 1n) === 1n ? `${said}; written reflected, its normal form is ${hex(normal, width)}.` : `${said}.`;
}

/** The parameters from --algorithm, or from --poly/--width and the others. */
function crcParams(o: CrcGenerateOptions): CrcParams {
  if (o.algorithm !== undefined) return paramsOf(findAlgorithm(o.algorithm));
  const { poly: polyText, width } = o;
  if (polyText === undefined || width === undefined)
    throw new UsageError('Give --algorithm NAME, or --poly and --width (bitsmith crc generate --help).');
  if (width < 1 || width > MAX_CRC_WIDTH) throw new BadInput(CRC_WIDTH_MESSAGE);
  const poly = parseHexText(polyText);
  if (poly === undefined) throw new BadInput('Poly must be a hexadecimal value such as 0x04C11DB7.');
  if (!fitsWidth(poly, width)) throw new BadInput(polyDoesNotFitMessage('Poly', poly, width));
  if ((poly & 1n) === 0n) process.stderr.write(`bitsmith: warning: ${noX0Warning(poly, width)}\n`);
  return {
    width,
    poly,
    init: hexOption(o.init, 'Init', width),
    xorout: hexOption(o.xorout, 'XorOut', width),
    refin: o.refin ?? false,
    refout: o.refout ?? false,
  };
}

/** C, Rust, Python or TypeScript: the same parameters (checkUsage refused hardware options); C writes two files. */
async function softwareGenerate(o: CrcGenerateOptions, language: SoftwareLanguage, params: CrcParams): Promise<void> {
  if (params.width > MAX_SOFTWARE_WIDTH)
    throw new BadInput(`Software implementations are generated for CRC widths up to ${MAX_SOFTWARE_WIDTH} bits.`);
  // Custom parameters: generateSoftware names the files after them, as the page and the API do.
  const name = o.algorithm !== undefined ? findAlgorithm(o.algorithm).name : undefined;
  const files = generateSoftware({ params, name }, language);
  if (files.length > 1 && o.output !== undefined && /\.[ch]$/i.test(o.output))
    throw new UsageError(`C gives two files (${files.map((f) => f.name).join(', ')}): give a directory with -o.`);
  await writeFiles(files, o.output, files.length > 1 ? 'dir' : 'file');
}

export async function crcGenerate(o: CrcGenerateOptions): Promise<void> {
  checkUsage(o);
  checkOutputLanguage(o.output, o.language);
  const params = crcParams(o);
  if (isSoftwareLanguage(o.language)) return softwareGenerate(o, o.language, params);
  if (o.dataWidth < 1 || o.dataWidth > MAX_DATA_WIDTH_API) throw new BadInput(dataWidthMessage(MAX_DATA_WIDTH_API));
  const config: CrcConfig = { params, dataWidth: o.dataWidth };
  // As POST /api/generate: only options that change the design are kept.
  if (o.partialLastWord) config.partialLastWord = true;
  if (o.pipelineStages !== undefined && o.pipelineStages !== 0) config.pipelineStages = o.pipelineStages;
  const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
  const problems = generator.validate(config);
  if (problems.length) throw new BadInput(problems[0]!);
  await writeFiles(configFiles(generator, config, { language: o.language, testbench: o.testbench }), o.output, 'file');
}

/** The catalogue: one line per algorithm, or GET /api/predefined's JSON with --json. */
export function crcList(json: boolean): string {
  const list = predefinedAlgorithms();
  if (json) return JSON.stringify(list) + '\n';
  // One column for the parameters: the longest name is 24 characters (CRC-16/ISO-IEC-14443-3-A).
  const nameWidth = Math.max(...list.map((a) => a.name.length));
  return list
    .map((a) => {
      const p = paramsOf(a);
      const fields = [
        a.name.padEnd(nameWidth),
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
