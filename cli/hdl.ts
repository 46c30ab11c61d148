/** bitsmith uart|fifo|fsm generate: the configuration the page keeps, from a JSON or YAML file. */
import { parse } from 'yaml';
import type { z } from 'zod';
import { nearestName } from '../src/core/edit-distance';
import type { HdlFile, HdlLanguage } from '../src/core/hdl/contract';
import type { FifoConfig } from '../src/core/hdl/fifo';
import type { FsmConfig } from '../src/core/hdl/fsm';
import type { UartConfig } from '../src/core/hdl/uart';
import { configFiles } from '../src/core/hdl/files';
import { unpackJson } from '../src/core/packed-json';
import { BadInput, readAll } from './io';
import { writeFiles } from './files';

export type Generator = 'uart' | 'fifo' | 'fsm';

export interface HdlGenerateOptions {
  config: string;
  language: HdlLanguage;
  testbench?: boolean;
  output?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A permalink's query string holds a setting as itself, or packed for objects and lists (src/browser/permalink.ts). */
function fromPermalink(url: URL, defaults: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(defaults)) {
    const raw = url.searchParams.get(k);
    if (raw === null) continue;
    if (typeof d === 'string') out[k] = raw;
    else if (typeof d === 'number') out[k] = Number(raw);
    else if (typeof d === 'boolean') out[k] = raw === 'true';
    else {
      try {
        out[k] = unpackJson(raw);
      } catch {
        throw new BadInput(`The link's "${k}" is damaged: copy the link from the FSM page again.`);
      }
    }
  }
  return out;
}

/** The command's options, which a configuration file does not hold. */
const COMMAND_OPTIONS = ['language', 'testbench'];

const commandOptionLine = (option: string) => `${option} is an option of the command (--${option}), not a setting`;

/** In the shape `{config: {...}}`, a key beside config is refused, never ignored. */
function refuseBesideConfig(wrapper: Record<string, unknown>, source: string): void {
  const other = Object.keys(wrapper).find((k) => k !== 'config');
  if (other === undefined) return;
  if (COMMAND_OPTIONS.includes(other)) throw new BadInput(`${source}: ${commandOptionLine(other)}`);
  throw new BadInput(`${source}: ${other}: unknown field beside config (the settings go inside it)`);
}

/**
 * The configuration object of a file's JSON or YAML: a bare configuration, or the page's draft shape
 * `{config: {...}}`.
 */
async function readConfig(source: string): Promise<Record<string, unknown>> {
  // The heap guard also stops an endless input (/dev/zero) before memory runs out; YAML's cost per byte.
  const text = (await readAll(source, { what: '--config', heapPerByte: 180 })).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = parse(text);
    } catch (e) {
      throw new BadInput(`${source}: neither JSON nor YAML (${(e as Error).message.split('\n')[0]})`);
    }
  }
  if (isObject(value) && isObject(value.config)) {
    refuseBesideConfig(value, source);
    value = value.config;
  }
  if (!isObject(value)) throw new BadInput(`${source}: the configuration must be an object`);
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
 * for what is missing), or the first problem with it, naming the file and the field.
 */
async function checkedConfig(gen: Generator, value: Record<string, unknown>, where: string) {
  for (const option of COMMAND_OPTIONS)
    if (option in value) throw new BadInput(`${where}: ${commandOptionLine(option)}`);
  const { hdlRequestSchemas, oneIssuePerField } = await import('../server/routes/hdl-schemas');
  let parsed;
  try {
    parsed = hdlRequestSchemas[gen].safeParse(value);
  } catch (e) {
    throw new BadInput(`${where}: the configuration could not be checked (${(e as Error).message})`);
  }
  if (parsed.success) return parsed.data.config;
  const settings = Object.keys(hdlRequestSchemas[gen].in.shape).filter((k) => !COMMAND_OPTIONS.includes(k));
  throw new BadInput(`${where}: ${issueLine(oneIssuePerField(parsed.error.issues)[0]!, settings)}`);
}

/** Where a message says the problem is: the file, or the FSM page's link. */
const isLink = (source: string) => /^https?:\/\//.test(source);

async function filesFor(gen: Generator, o: HdlGenerateOptions): Promise<HdlFile[]> {
  const where = isLink(o.config) ? 'the link' : o.config;
  if (gen === 'fsm') {
    const { DEFAULT_FSM, fsmGenerator } = await import('../src/core/hdl/fsm');
    const value = isLink(o.config) ? fromPermalink(new URL(o.config), DEFAULT_FSM) : await readConfig(o.config);
    return configFiles(fsmGenerator, (await checkedConfig(gen, value, where)) as FsmConfig, o);
  }
  const config = await checkedConfig(gen, await readConfig(o.config), where);
  if (gen === 'uart') return configFiles((await import('../src/core/hdl/uart')).uartGenerator, config as UartConfig, o);
  return configFiles((await import('../src/core/hdl/fifo')).fifoGenerator, config as FifoConfig, o);
}

export async function hdlGenerate(gen: Generator, o: HdlGenerateOptions): Promise<void> {
  await writeFiles(await filesFor(gen, o), o.output, 'dir');
}
