/**
 * The CRC synthesis table of docs/crc.md: CRC-32 and CRC-64 at D = 64, 256, 512, 1024, flat vs
 * pipelined vs partial last word, each generated file synthesised by the system's Yosys
 * (`synth -lut 6` and `synth -lut 4`): LUTs, flip-flops and logic depth (`ltp -noff`: the longest
 * path in LUTs between registers and ports). Run: `npx tsx bench/crc-synth-table.ts [out.md] [design]`
 * (`design`: only the variants whose label contains it, e.g. `partial`).
 */
import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadKernel } from '../server/wasm';
import type { CrcKernel } from '../src/core/crc/kernel';
import { paramsOf, predefinedAlgorithms } from '../src/core/crc/catalogue';
import { createCrcGenerator, type CrcConfig } from '../src/core/hdl/crc';

const exec = promisify(execFile);

interface Mapping {
  luts: number;
  flipFlops: number;
  depth: number;
}

async function synthesise(verilog: string, lut: 4 | 6): Promise<Mapping> {
  const dir = mkdtempSync(join(tmpdir(), 'bitsmith-crc-table-'));
  try {
    writeFileSync(join(dir, 'crc_module.v'), verilog);
    const script = [
      'read_verilog crc_module.v',
      `synth -top crc -lut ${lut}`,
      'tee -q -o stat.json stat -json',
      'ltp -noff',
    ];
    const { stdout } = await exec('yosys', ['-p', script.join('; ')], { cwd: dir, maxBuffer: 256 << 20 });
    const cells = (
      JSON.parse(readFileSync(join(dir, 'stat.json'), 'utf8')) as {
        design: { num_cells_by_type: Record<string, number> };
      }
    ).design.num_cells_by_type;
    const depth = Number(/Longest topological path in \S+ \(length=(\d+)\)/.exec(stdout)?.[1] ?? NaN);
    const flipFlops = Object.entries(cells)
      .filter(([type]) => type.includes('DFF'))
      .reduce((n, [, count]) => n + count, 0);
    return { luts: cells.$lut ?? 0, flipFlops, depth };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const out = process.argv[2] ?? 'crc-synth-table.md';
const only = process.argv[3] ?? '';
const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
const algorithms = predefinedAlgorithms();
const variants: [string, Partial<CrcConfig>][] = [
  ['flat (single cycle)', {}],
  ['pipelined, P = 3', { pipelineStages: 3 }],
  ['partial last word, P = 0', { partialLastWord: true }],
  ['partial last word, P = 3', { partialLastWord: true, pipelineStages: 3 }],
];
writeFileSync(
  out,
  '| CRC | D | design | LUT6 | depth (LUT6) | LUT4 | depth (LUT4) | flip-flops |\n|---|---|---|---|---|---|---|---|\n',
);
for (const name of ['CRC-32/ISO-HDLC', 'CRC-64/XZ']) {
  for (const dataWidth of [64, 256, 512, 1024]) {
    for (const [label, options] of variants.filter(([l]) => l.includes(only))) {
      const config: CrcConfig = { params: paramsOf(algorithms.find((a) => a.name === name)!), dataWidth, ...options };
      const text = generator.generate(config, 'verilog').text;
      const [six, four] = await Promise.all([synthesise(text, 6), synthesise(text, 4)]);
      const row = `| ${name} | ${dataWidth} | ${label} | ${six.luts} | ${six.depth} | ${four.luts} | ${four.depth} | ${six.flipFlops} |\n`;
      appendFileSync(out, row);
      process.stdout.write(row);
    }
  }
}
