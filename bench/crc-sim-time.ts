/**
 * Simulation time of a generated stream CRC design in Icarus Verilog, under -g2005 and -g2012,
 * with the generator's own testbench (seed 1): the vvp run's CPU time (user + system, from the
 * shell's `times`, so a busy machine inflates it less than wall time), the fastest of `runs`.
 * Default: CRC-64/XZ x 1024, partial last word, 3 pipeline stages (the widest design the page
 * offers). Run: `npx tsx bench/crc-sim-time.ts [runs] [design.v] [testbench.v]`; with design.v
 * (e.g. one an older generator wrote) it simulates that file instead of a generated one, with the
 * generated testbench unless testbench.v is given, so two designs can be timed on one testbench.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadKernel } from '../server/wasm';
import type { CrcKernel } from '../src/core/crc/kernel';
import { paramsOf, predefinedAlgorithms } from '../src/core/crc/catalogue';
import { createCrcGenerator, TB_NAME, TB_PASS, type CrcConfig } from '../src/core/hdl/crc';

const exec = promisify(execFile);
const runs = Number(process.argv[2] ?? 3);
const [designFile, testbenchFile] = process.argv.slice(3);

const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
const config: CrcConfig = {
  params: paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-64/XZ')!),
  dataWidth: 1024,
  partialLastWord: true,
  pipelineStages: 3,
};
const design = designFile ? readFileSync(designFile, 'utf8') : generator.generate(config, 'verilog').text;
const testbench = testbenchFile
  ? readFileSync(testbenchFile, 'utf8')
  : generator.testbench(config, 'verilog', { seed: 1 }).text;

/** CPU seconds (user + system) of the children `command` ran, from bash's `times`. */
async function cpuSeconds(command: string, cwd: string): Promise<{ seconds: number; stdout: string }> {
  const { stdout } = await exec('bash', ['-c', `${command}; times`], { cwd, maxBuffer: 64 << 20 });
  const lines = stdout.trimEnd().split('\n');
  // `times` prints the shell's own times, then its children's: "0m4.812s 0m0.031s".
  const child = lines[lines.length - 1]!.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/)!;
  const seconds = 60 * Number(child[1]) + Number(child[2]) + 60 * Number(child[3]) + Number(child[4]);
  return { seconds, stdout: lines.slice(0, -2).join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'bitsmith-crc-sim-'));
try {
  writeFileSync(join(dir, 'crc_module.v'), design);
  writeFileSync(join(dir, 'crc_module_tb.v'), testbench);
  console.log(`${designFile ?? 'generated CRC-64/XZ x 1024, partial last word, P = 3'}; ${runs} runs, fastest`);
  for (const standard of ['2005', '2012']) {
    const vvp = `sim${standard}.vvp`;
    const compile = await cpuSeconds(
      `iverilog -g${standard} -Wall -Wno-timescale -s ${TB_NAME} -o ${vvp} crc_module.v crc_module_tb.v`,
      dir,
    );
    const times: number[] = [];
    let passed = true;
    for (let i = 0; i < runs; i++) {
      const run = await cpuSeconds(`vvp -n ${vvp}`, dir);
      passed &&= run.stdout.includes(TB_PASS);
      times.push(run.seconds);
    }
    const best = Math.min(...times);
    console.log(
      `-g${standard}: compile ${compile.seconds.toFixed(2)} s CPU, simulate ${best.toFixed(2)} s CPU` +
        ` (runs: ${times.map((t) => t.toFixed(2)).join(', ')}), ${passed ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
