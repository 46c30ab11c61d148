/** bitsmith uart|fifo|fsm generate: the configuration the page keeps, from a JSON or YAML file. */
import { parse } from 'yaml';
import type { HdlFile, HdlLanguage } from '../src/core/hdl/contract';
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
function fromPermalink(url: URL, defaults: Record<string, unknown>): Record<string, unknown> {
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

/**
 * The configuration object: the file's JSON or YAML (a bare configuration, or the page's draft shape
 * `{config: {...}}`), or for the FSM a permalink of its page.
 */
async function readConfig(source: string, defaults: Record<string, unknown>, link: boolean): Promise<unknown> {
  if (link && /^https?:\/\//.test(source)) return { ...defaults, ...fromPermalink(new URL(source), defaults) };
  const text = (await readAll(source)).toString('utf8');
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
  if (isObject(value) && isObject(value.config)) value = value.config;
  if (!isObject(value)) throw new BadInput(`${source}: the configuration must be an object`);
  return { ...defaults, ...value };
}

async function filesFor(gen: Generator, o: HdlGenerateOptions): Promise<HdlFile[]> {
  if (gen === 'uart') {
    const { DEFAULT_UART, uartGenerator } = await import('../src/core/hdl/uart');
    const config = (await readConfig(o.config, { ...DEFAULT_UART }, false)) as typeof DEFAULT_UART;
    return run(uartGenerator, config, o);
  }
  if (gen === 'fifo') {
    const { DEFAULT_FIFO_CONFIG, fifoGenerator, validateFifoConfig } = await import('../src/core/hdl/fifo');
    const v = validateFifoConfig(await readConfig(o.config, { ...DEFAULT_FIFO_CONFIG }, false));
    if (!v.ok) throw new BadInput(v.errors[0]!);
    return run(fifoGenerator, v.config, o);
  }
  const { DEFAULT_FSM, fsmGenerator } = await import('../src/core/hdl/fsm');
  const config = (await readConfig(o.config, { ...DEFAULT_FSM }, true)) as typeof DEFAULT_FSM;
  return run(fsmGenerator, config, o);
}

interface AnyGenerator<C> {
  validate(config: C): string[];
  generate(config: C, language: HdlLanguage): HdlFile;
  testbench(config: C, language: HdlLanguage): HdlFile;
}

function run<C>(g: AnyGenerator<C>, config: C, o: HdlGenerateOptions): HdlFile[] {
  let problems: string[];
  try {
    problems = g.validate(config);
  } catch {
    throw new BadInput('The configuration does not have the shape the page keeps (see docs/cli.md).');
  }
  if (problems.length) throw new BadInput(problems[0]!);
  return configFiles(g, config, o);
}

export async function hdlGenerate(gen: Generator, o: HdlGenerateOptions): Promise<void> {
  await writeFiles(await filesFor(gen, o), o.output, 'dir');
}
