/** bitsmith uart|fifo|fsm generate: the configuration the page keeps, from a JSON or YAML file. */
import { parse, parseDocument } from 'yaml';
import type { z } from 'zod';
import { nearestName } from '../src/core/edit-distance';
import { misspeltSetting, repeatedSetting } from '../src/core/link-params';
import { joinProblems } from '../server/errors';
import type { HdlFile, HdlLanguage } from '../src/core/hdl/contract';
import type { FifoConfig } from '../src/core/hdl/fifo';
import type { FsmConfig } from '../src/core/hdl/fsm';
import type { UartConfig } from '../src/core/hdl/uart';
import { configFiles } from '../src/core/hdl/files';
import { unpackJson } from '../src/core/packed-json';
import { BadInput, UsageError, inputName, notUtf8Text, readAll } from './io';
import { decodeUtf8 } from '../src/core/data/utf8';
import { checkOutputLanguage, writeFiles } from './files';

export type Generator = 'uart' | 'fifo' | 'fsm';

export interface HdlGenerateOptions {
  config?: string;
  /** What commander did not take: options the command does not have (`--baud-rate 115200`), extra words. */
  unknown?: string[];
  language: HdlLanguage;
  /** Whether --language was given (a link's own language is used when not). */
  languageGiven?: boolean;
  testbench?: boolean;
  output?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each generator page's route (src/tools/<name>/tool.ts) and name, for a link copied from it. */
const PAGES = {
  crc: { path: '/crc-generator', name: 'CRC' },
  uart: { path: '/uart-generator', name: 'UART' },
  fifo: { path: '/fifo-generator', name: 'FIFO' },
  fsm: { path: '/fsm-generator', name: 'FSM' },
} as const;

/** What a page's link holds (its PermalinkSpec's defaults): the settings' names and types. */
async function linkDefaults(gen: Generator): Promise<Record<string, unknown>> {
  if (gen === 'fsm') return { ...(await import('../src/core/hdl/fsm')).DEFAULT_FSM };
  if (gen === 'fifo') return { ...(await import('../src/core/hdl/fifo')).DEFAULT_FIFO_CONFIG, language: 'verilog' };
  // The UART page keeps its number boxes as typed text (src/tools/uart/logic.ts), and so its link.
  const { DEFAULT_UART } = await import('../src/core/hdl/uart');
  return { ...DEFAULT_UART, clockFreq: '', fifoDepth: '', language: 'verilog' };
}

interface FromLink {
  settings: Record<string, unknown>;
  language?: HdlLanguage;
}

/**
 * The settings of a page's permalink (src/browser/permalink.ts): a setting as itself, or packed for
 * objects and lists, read as the page reads it; a value the page would drop as damaged is refused.
 * A parameter that is not a setting is left alone as the page leaves it (a link keeps the query it
 * was opened with), unless it is a setting's name misspelt. The link's language is its own.
 */
async function fromPermalink(url: URL, gen: Generator): Promise<FromLink> {
  const page = PAGES[gen].name;
  const other = Object.entries(PAGES).find(([g, p]) => g !== gen && url.pathname.endsWith(p.path));
  if (other) throw new BadInput(`the link is the ${other[1].name} page's: use bitsmith ${other[0]} generate`);
  const defaults = await linkDefaults(gen);
  const damaged = (k: string) =>
    new BadInput(`The link's "${k}" is damaged: copy the link from the ${page} page again.`);
  // As the page: a misspelt setting or one given twice is damage (src/core/link-params.ts).
  const names = [...url.searchParams.keys()];
  for (const k of names) {
    const meant = misspeltSetting(k, Object.keys(defaults));
    if (meant) throw new BadInput(`the link: ${k}: not a setting of the ${page} page (did you mean ${meant}?)`);
  }
  const twice = repeatedSetting(names, Object.keys(defaults));
  if (twice) throw new BadInput(`the link: ${twice}: given twice, so which value is meant cannot be told`);
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(defaults)) {
    const raw = url.searchParams.get(k);
    if (raw === null) continue;
    if (typeof d === 'string') out[k] = raw;
    // NaN and Infinity are what the page writes for an emptied number box: the checks refuse them.
    else if (typeof d === 'number') out[k] = raw.trim() === '' ? NaN : Number(raw);
    else if (typeof d === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw damaged(k);
      out[k] = raw === 'true';
    } else {
      try {
        out[k] = unpackJson(raw);
      } catch {
        throw damaged(k);
      }
    }
  }
  const { language, ...settings } = out;
  if (language !== undefined && language !== 'verilog' && language !== 'vhdl') throw damaged('language');
  return { settings, language };
}

/** The command's options, which a configuration file does not hold. */
const COMMAND_OPTIONS = ['language', 'testbench'];

const commandOptionLine = (option: string) => `${option} is an option of the command (--${option}), not a setting`;

/** In the shape `{config: {...}}`, a key beside config is refused, never ignored. */
function refuseBesideConfig(wrapper: Record<string, unknown>, source: string): void {
  const other = Object.keys(wrapper).find((k) => k !== 'config');
  if (other === undefined) return;
  if (COMMAND_OPTIONS.includes(other)) throw new BadInput(`${inputName(source)}: ${commandOptionLine(other)}`);
  throw new BadInput(`${inputName(source)}: ${other}: unknown field beside config (the settings go inside it)`);
}

/**
 * The configuration object of a file's JSON or YAML: a bare configuration, or one wrapped as
 * `{config: {...}}` with no other key beside it.
 */
async function readConfig(source: string): Promise<Record<string, unknown>> {
  // The heap guard also stops an endless input (/dev/zero) before memory runs out; YAML's cost per byte.
  // Bytes that are not UTF-8 are refused, as yaml refuses them: decoded, they became U+FFFD in the
  // design's comments and names without a word. (A leading byte order mark is dropped.)
  const decoded = decodeUtf8(await readAll(source, { what: '--config', heapPerByte: 180 }));
  if (!('text' in decoded)) throw new BadInput(notUtf8Text(source, decoded.notUtf8));
  const text = decoded.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = parse(text);
    } catch (e) {
      throw new BadInput(`${inputName(source)}: neither JSON nor YAML (${(e as Error).message.split('\n')[0]})`);
    }
    // An empty file (or YAML comments only) is a configuration with every field missing: the
    // page's defaults, as for `{}`. An explicit `null` is still refused below.
    if (value === null && parseDocument(text).contents === null) value = {};
  }
  if (isObject(value) && isObject(value.config)) {
    refuseBesideConfig(value, source);
    value = value.config;
  }
  if (!isObject(value)) throw new BadInput(`${inputName(source)}: the configuration must be an object`);
  return value;
}

/** An issue of POST /api/hdl/*'s check as one line: the field, the problem, and for a typo the name meant. */
function issueLine(issue: z.core.$ZodIssue, settings: string[]): string {
  const field = issue.path.join('.');
  const key = issue.path.at(-1);
  const meant = issue.code === 'unrecognized_keys' && issue.path.length === 1 && nearestName(String(key), settings);
  if (meant) return `${field}: unknown setting (did you mean ${meant}?)`;
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * The configuration POST /api/hdl/<gen> would accept for this object (the same schema: unknown
 * settings, types and ranges refused, the generator's checks with the page's messages, defaults
 * for what is missing), or every problem with it, each naming its field (as the API's error and
 * the page's list: fixing one never reveals another), after the file.
 */
async function checkedConfig(gen: Generator, value: Record<string, unknown>, where: string) {
  for (const option of COMMAND_OPTIONS)
    if (option in value) throw new BadInput(`${where}: ${commandOptionLine(option)}`);
  const { FIELD_SENTENCES, hdlRequestSchemas, oneIssuePerField } = await import('../server/routes/hdl-schemas');
  let parsed;
  try {
    parsed = hdlRequestSchemas[gen].safeParse(value, FIELD_SENTENCES);
  } catch (e) {
    throw new BadInput(`${where}: the configuration could not be checked (${(e as Error).message})`);
  }
  if (parsed.success) return parsed.data.config;
  const settings = Object.keys(hdlRequestSchemas[gen].in.shape).filter((k) => !COMMAND_OPTIONS.includes(k));
  const lines = oneIssuePerField(parsed.error.issues).map((issue) => issueLine(issue, settings));
  throw new BadInput(`${where}: ${joinProblems(lines)}`);
}

/** Where a message says the problem is: the file, or the page's link. */
const isLink = (source: string) => /^https?:\/\//.test(source);

async function filesFor(gen: Generator, o: HdlGenerateOptions & { config: string }): Promise<HdlFile[]> {
  let value: Record<string, unknown>;
  let language = o.language;
  if (isLink(o.config)) {
    const link = await fromPermalink(new URL(o.config), gen);
    value = link.settings;
    // The page's language came with its link; --language on the command line wins.
    if (!o.languageGiven && link.language) language = link.language;
  } else value = await readConfig(o.config);
  // After the link's language is known: `-o uart.vhd` from a VHDL link is what the link asks.
  checkOutputLanguage(o.output, language, ['verilog', 'vhdl']);
  const where = isLink(o.config) ? 'the link' : inputName(o.config);
  const config = await checkedConfig(gen, value, where);
  const options = { ...o, language };
  if (gen === 'fsm') {
    const { fsmGenerator } = await import('../src/core/hdl/fsm');
    // The page's Checks panel warnings; the files are still written, as the page still generates them.
    for (const warning of fsmGenerator.summary(config as FsmConfig).warnings)
      process.stderr.write(`bitsmith: ${where}: warning: ${warning}\n`);
    return configFiles(fsmGenerator, config as FsmConfig, options);
  }
  if (gen === 'uart') {
    const { uartGenerator } = await import('../src/core/hdl/uart');
    await warnBaudError(config as UartConfig, where);
    return configFiles(uartGenerator, config as UartConfig, options);
  }
  return configFiles((await import('../src/core/hdl/fifo')).fifoGenerator, config as FifoConfig, options);
}

/** The page's "Error above 2%" flag, as a warning: the files are still written, as the page still generates them. */
async function warnBaudError(config: UartConfig, where: string): Promise<void> {
  const { uartSummary } = await import('../src/core/hdl/uart');
  const { formatErrorPercent } = await import('../src/tools/uart/logic');
  const s = uartSummary(config);
  if (!s.errorFlagged) return;
  process.stderr.write(
    `bitsmith: ${where}: warning: baud error ${formatErrorPercent(s.errorPercent)} is above 2% (baud counter ${s.baudCounter}, actual ${s.actualBaud.toFixed(2)} baud); pick a clock that divides evenly by baud x oversampling\n`,
  );
}

/** A name a Verilog or VHDL file has: `-o my_uart.v` names the design's file, not a directory to make. */
const HDL_FILE_NAME = /\.(v|vh|sv|vhd|vhdl)$/i;

/**
 * `-o DIR`: the files under their own names. `-o NAME.v` (or .vhd, ...), not an existing directory:
 * the design to that file and the testbench beside it under its own name, as `crc generate -o crc.v`.
 */
/** The command's own options, for a misspelt one. */
const OWN_OPTIONS = ['--config', '--language', '--testbench', '--output'];

/**
 * `--baud-rate 115200`, a setting given as an option: commander said "required option '--config
 * <file>' not specified", and with --config "unknown option", never where the setting goes.
 */
async function unknownWords(gen: Generator, words: string[]): Promise<UsageError | undefined> {
  const [word, next] = words;
  if (word === undefined) return undefined;
  if (!word.startsWith('-'))
    return new UsageError(`unexpected argument '${word}' (the settings go in the --config file)`);
  const [flag = word, given] = word.split(/=(.*)/s);
  const { hdlRequestSchemas } = await import('../server/routes/hdl-schemas');
  const settings = Object.keys(hdlRequestSchemas[gen].in.shape).filter((k) => !COMMAND_OPTIONS.includes(k));
  const name = flag.replace(/^-+/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const setting = nearestName(name, settings, 1);
  if (setting === undefined) {
    const meant = OWN_OPTIONS.find((own) => flag.length > 3 && own.startsWith(flag)) ?? nearestName(flag, OWN_OPTIONS);
    return new UsageError(`unknown option '${flag}'${meant ? ` (did you mean ${meant}?)` : ''}`);
  }
  const text = given ?? (next !== undefined && !next.startsWith('-') ? next : undefined);
  const value = text === undefined ? true : /^-?\d+$/.test(text) ? Number(text) : text;
  return new UsageError(
    `unknown option '${flag}': ${setting} is a setting of the ${PAGES[gen].name} page: put it in the --config file (${JSON.stringify({ [setting]: value })}) or give the page's link`,
  );
}

export async function hdlGenerate(gen: Generator, o: HdlGenerateOptions): Promise<void> {
  const unknown = await unknownWords(gen, o.unknown ?? []);
  if (unknown) throw unknown;
  const { config } = o;
  if (config === undefined) throw new UsageError("required option '--config <file>' not specified");
  const toFile = o.output !== undefined && HDL_FILE_NAME.test(o.output);
  await writeFiles(await filesFor(gen, { ...o, config }), o.output, toFile ? 'file' : 'dir');
}
