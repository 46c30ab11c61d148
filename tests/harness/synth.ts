/**
 * Synthesises generated HDL: Verilog with Yosys, VHDL with `ghdl --synth`. A design passes when
 * it elaborates, synthesises, and has no latch, logic loop, multiple driver or undriven wire.
 *
 * - Verilog: Yosys `read_verilog`, `hierarchy -check`, `synth -top`, `check -assert` (loops,
 *   drivers), then no latch cell may be left.
 * - VHDL: `ghdl --synth` (it refuses to infer a latch and reports out-of-range values at
 *   elaboration), then its netlist goes through the same Yosys script minus the latch check: GHDL's
 *   Verilog writer leaves its one-hot multiplexers without a default, which Yosys reads as
 *   latches. (Debian has no GHDL plugin for Yosys; this is the same check by hand.)
 *
 * At most two tool runs at a time per test process (the machine has two cores). Passing results
 * are cached by content (tool versions, script, files) under node_modules/.cache, so a rerun of the
 * same design is free; CI starts from a fresh `npm ci` and synthesises everything.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const MAX_BUFFER = 256 << 20;
/** BITSMITH_SYNTH_CACHE points elsewhere, e.g. an empty folder to time the suite from scratch. */
const CACHE_DIR = process.env.BITSMITH_SYNTH_CACHE ?? join(process.cwd(), 'node_modules', '.cache', 'bitsmith-synth');
const LATCH_CELLS = 't:$_DLATCH* t:$dlatch t:$adlatch t:$dlatchsr t:$_SR_* t:$sr';

export interface SynthOptions {
  timeoutMs?: number;
  /**
   * Leave memory arrays as memories, as an FPGA flow maps them to block RAM, instead of expanding
   * them into flip-flops (Yosys's memory_map): a 128 x 1024 FIFO then takes a second, not minutes.
   * Everything else is synthesised as usual.
   */
  keepMemories?: boolean;
  /** VHDL only: run GHDL's netlist through the Yosys checks too (default true). */
  checkNetlist?: boolean;
  /** Map to LUTs of this many inputs (`synth -lut N`), as an FPGA flow does. */
  lut?: number;
}

/** `synth` without memory_map: its coarse steps, then the fine steps that do not touch memories. */
const SYNTH_KEEPING_MEMORIES = (top: string) => [
  `synth -top ${top} -run :fine`,
  'opt -fast -full',
  'techmap',
  'opt -fast',
  'abc -fast',
  'opt -fast',
];

function yosysScript(netlist: string, top: string, checkLatches: boolean, o: SynthOptions): string {
  return [
    `read_verilog ${netlist}`,
    `hierarchy -check -top ${top}`,
    ...(o.keepMemories ? SYNTH_KEEPING_MEMORIES(top) : [`synth -top ${top}${o.lut ? ` -lut ${o.lut}` : ''}`]),
    'check -assert',
    ...(checkLatches ? [`select -assert-none ${LATCH_CELLS}`] : []),
    '',
  ].join('\n');
}

let toolVersions: string | undefined;
function versions(): string {
  toolVersions ??= ['yosys -V', 'ghdl --version']
    .map((cmd) => {
      const [bin, ...args] = cmd.split(' ') as [string, ...string[]];
      return execFileSync(bin, args, { encoding: 'utf8' }).split('\n')[0];
    })
    .join('\n');
  return toolVersions;
}

/** Runs `job` unless the same inputs passed before; remembers a pass. */
async function cached(key: string[], job: () => Promise<void>): Promise<void> {
  const hash = createHash('sha256')
    .update([versions(), ...key].join('\0'))
    .digest('hex');
  const mark = join(CACHE_DIR, hash);
  if (existsSync(mark)) return;
  await job();
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(mark, '');
}

const SLOTS = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** At most SLOTS synthesis jobs at once in this process. */
async function inSlot<T>(job: () => Promise<T>): Promise<T> {
  while (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await job();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function failure(what: string, e: unknown): Error {
  const err = e as { stdout?: string; stderr?: string; message: string };
  const log = `${err.stdout ?? ''}\n${err.stderr ?? ''}`.trim().split('\n').slice(-60).join('\n');
  return new Error(`${what} failed: ${err.message.split('\n')[0]}\n${log}`);
}

async function runYosys(dir: string, script: string, top: string, timeout: number): Promise<void> {
  writeFileSync(join(dir, 'synth.ys'), script);
  try {
    await exec('yosys', ['-q', '-s', 'synth.ys'], { cwd: dir, maxBuffer: MAX_BUFFER, timeout });
  } catch (e) {
    throw failure(`yosys (${top})`, e);
  }
}

function inWorkDir(prefix: string, files: Record<string, string>, job: (dir: string) => Promise<void>): Promise<void> {
  return inSlot(async () => {
    const dir = mkdtempSync(join(tmpdir(), `bitsmith-${prefix}-`));
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      await job(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** Synthesises Verilog `files` (name -> source) with Yosys; throws with the log on any problem. */
export function synthesiseVerilog(files: Record<string, string>, top: string, o: SynthOptions = {}): Promise<void> {
  const timeout = o.timeoutMs ?? 600_000;
  const script = yosysScript(Object.keys(files).join(' '), top, true, o);
  return cached(['verilog', script, ...Object.values(files)], () =>
    inWorkDir('yosys', files, (dir) => runYosys(dir, script, top, timeout)),
  );
}

/**
 * Synthesises VHDL `files` (analysed in order) with `ghdl --synth --std=<std>`, then checks its
 * netlist with Yosys; throws with the log on any problem.
 */
export function synthesiseVhdl(
  files: Record<string, string>,
  top: string,
  std: '93c' | '08' = '08',
  o: SynthOptions = {},
): Promise<void> {
  const timeout = o.timeoutMs ?? 600_000;
  // GHDL writes VHDL's case-insensitive names in lower case.
  const script = yosysScript('netlist.v', top.toLowerCase(), false, o);
  const key = ['vhdl', std, top, (o.checkNetlist ?? true) ? script : 'ghdl only', ...Object.values(files)];
  return cached(key, () =>
    inWorkDir('ghdl-synth', files, async (dir) => {
      const flags = [`--std=${std}`, `--workdir=${dir}`];
      try {
        await exec('ghdl', ['-a', ...flags, ...Object.keys(files)], { cwd: dir, maxBuffer: MAX_BUFFER, timeout });
        const r = await exec('ghdl', ['--synth', ...flags, '--out=verilog', top], {
          cwd: dir,
          maxBuffer: MAX_BUFFER,
          timeout,
        });
        writeFileSync(join(dir, 'netlist.v'), r.stdout);
      } catch (e) {
        throw failure(`ghdl --synth --std=${std} (${top})`, e);
      }
      if (o.checkNetlist ?? true) await runYosys(dir, script, top, timeout);
    }),
  );
}
