/**
 * Runs real simulators on generated HDL: Icarus Verilog (iverilog + vvp) and GHDL. Each call works
 * in its own temporary folder. Testbenches print lines; callers parse them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const MAX_BUFFER = 256 << 20;

export interface SimResult {
  stdout: string;
  stderr: string;
}

function workDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `bitsmith-${prefix}-`));
}

function writeAll(dir: string, files: Record<string, string>): string[] {
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
}

/**
 * The language generations generated Verilog is simulated under: Verilog-2005 (`iverilog -g2005`) and
 * SystemVerilog (IEEE 1800, `-g2012`). They differ at time 0: under 1800 a variable's declaration
 * initialiser (`reg [7:0] d = 0;`) sets it before any process starts, without an event, so an
 * `always @*` block that reads only such signals does not run until one of them changes; under
 * Verilog-2005 the initialiser is an assignment at time 0 that wakes it.
 */
export const VERILOG_STANDARDS = ['2005', '2012'] as const;
export type VerilogStandard = (typeof VERILOG_STANDARDS)[number];

/** Compiles `files` (name -> source) with iverilog -g<standard> (default 2005) and runs `top` with vvp. */
export async function simulateVerilog(
  files: Record<string, string>,
  top: string,
  timeoutMs = 120_000,
  standard: VerilogStandard = '2005',
): Promise<SimResult> {
  const dir = workDir('iverilog');
  try {
    const paths = writeAll(dir, files);
    const out = join(dir, 'sim.vvp');
    await exec('iverilog', [`-g${standard}`, '-Wall', '-Wno-timescale', '-s', top, '-o', out, ...paths], {
      cwd: dir,
      maxBuffer: MAX_BUFFER,
      timeout: timeoutMs,
    });
    const r = await exec('vvp', ['-n', out], { cwd: dir, maxBuffer: MAX_BUFFER, timeout: timeoutMs });
    return { stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Compiles `files` (name -> source) with iverilog -g<standard> (default 2005) -Wall (timescale warnings too), elaborating `top`; throws on any error. */
export async function compileVerilog(
  files: Record<string, string>,
  top: string,
  timeoutMs = 120_000,
  standard: VerilogStandard = '2005',
): Promise<SimResult> {
  const dir = workDir('iverilog');
  try {
    const paths = writeAll(dir, files);
    const args = [`-g${standard}`, '-Wall', '-s', top, '-o', join(dir, 'out.vvp'), ...paths];
    const r = await exec('iverilog', args, { cwd: dir, maxBuffer: MAX_BUFFER, timeout: timeoutMs });
    return { stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`iverilog failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Analyses `files` in order with GHDL (`std` '93c' or '08') and elaborates entity `top`, without running it. */
export async function elaborateVhdl(
  files: Record<string, string>,
  top: string,
  std: '93c' | '08',
  timeoutMs = 180_000,
): Promise<SimResult> {
  const dir = workDir('ghdl');
  try {
    const paths = writeAll(dir, files);
    const flags = [`--std=${std}`, `--workdir=${dir}`];
    await exec('ghdl', ['-a', ...flags, ...paths], { cwd: dir, maxBuffer: MAX_BUFFER, timeout: timeoutMs });
    const r = await exec('ghdl', ['-e', ...flags, top], { cwd: dir, maxBuffer: MAX_BUFFER, timeout: timeoutMs });
    return { stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`GHDL (--std=${std}) failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Analyses `files` in order with GHDL (`std` '93c' or '08'), elaborates and runs entity `top`.
 * `--ieee=synopsys` is not used: generated VHDL must stick to numeric_std.
 */
export async function simulateVhdl(
  files: Record<string, string>,
  top: string,
  std: '93c' | '08' = '93c',
  timeoutMs = 180_000,
): Promise<SimResult> {
  const dir = workDir('ghdl');
  try {
    const paths = writeAll(dir, files);
    const flags = [`--std=${std}`, `--workdir=${dir}`];
    await exec('ghdl', ['-a', ...flags, ...paths], { cwd: dir, maxBuffer: MAX_BUFFER, timeout: timeoutMs });
    await exec('ghdl', ['-e', ...flags, top], { cwd: dir, maxBuffer: MAX_BUFFER, timeout: timeoutMs });
    const r = await exec('ghdl', ['-r', ...flags, top, '--assert-level=error'], {
      cwd: dir,
      maxBuffer: MAX_BUFFER,
      timeout: timeoutMs,
    });
    return { stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`GHDL failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
