/**
 * The Consistency bundle run as its README says: the zip (built as the page builds it) is
 * unpacked with Python's zipfile, then every shell block of its README runs: gcc builds the C
 * implementation and its vectors program, whose output must equal vectors.txt, and Icarus Verilog
 * or GHDL runs the testbench (whose expected values came from the C algorithm) to CRC_TB PASS.
 * Single-cycle designs and stream designs (partial last word, pipeline stages) in both languages.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { exec, workDir } from '../harness/crc-software';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import type { HdlLanguage } from '../../src/core/hdl/contract';
import { createCrcGenerator } from '../../src/core/hdl/crc';
import { consistencyBundle, consistencyProblem } from '../../src/core/crc/software/consistency';
import type { CrcConfig } from '../../src/core/hdl/crc';

const byName = (n: string) => paramsOf(predefinedAlgorithms().find((a) => a.name === n)!);
const CASES: (CrcConfig & { name?: string; language: HdlLanguage })[] = [
  { name: 'CRC-32/ISO-HDLC', params: byName('CRC-32/ISO-HDLC'), dataWidth: 32, language: 'verilog' },
  // refin and refout differ; 12 data bits do not divide into bytes.
  { name: 'CRC-12/UMTS', params: byName('CRC-12/UMTS'), dataWidth: 12, language: 'vhdl' },
  // A custom 5-bit CRC without a name, 3 bits per clock.
  {
    params: { width: 5, poly: 0x15n, init: 0x1dn, refin: false, refout: true, xorout: 0x0an },
    dataWidth: 3,
    language: 'verilog',
  },
  // The stream design: a partial last word and two pipeline stages, 64 bits per clock.
  {
    name: 'CRC-32/ISO-HDLC',
    params: byName('CRC-32/ISO-HDLC'),
    dataWidth: 64,
    partialLastWord: true,
    pipelineStages: 2,
    language: 'verilog',
  },
  // Without refin, one stage, full words only.
  { name: 'CRC-16/XMODEM', params: byName('CRC-16/XMODEM'), dataWidth: 16, pipelineStages: 1, language: 'vhdl' },
];
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describeWith(['gcc', 'python3', 'iverilog', 'ghdl'], 'CRC Consistency bundle', () => {
  const shape = (c: CrcConfig) =>
    c.pipelineStages
      ? `${c.partialLastWord ? 'partial last word, ' : ''}${c.pipelineStages} stage${c.pipelineStages === 1 ? '' : 's'}`
      : 'single cycle';
  it.each(CASES.map((c) => ({ ...c, title: c.name ?? 'custom', shape: shape(c) })))(
    '$params.width-bit $title at D=$dataWidth, $shape, in $language: C and HDL agree',
    async (c) => {
      const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
      const design = generator.generate(c, c.language);
      const bundle = consistencyBundle({ ...c, design });
      const dir = workDir('crc-consistency');
      dirs.push(dir);
      writeFileSync(join(dir, bundle.zipName), bundle.zip);
      await exec('python3', ['-m', 'zipfile', '-e', bundle.zipName, '.'], { cwd: dir });
      const folder = join(dir, bundle.zipName.replace(/\.zip$/, ''));
      const readme = readFileSync(join(folder, 'README.md'), 'utf8');
      const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
      expect(blocks).toHaveLength(2);
      let out = '';
      for (const block of blocks) out += (await exec('sh', ['-e', '-c', block], { cwd: folder })).stdout;
      expect(out).toContain('C agrees with the testbench');
      const checks = /It prints `CRC_TB PASS checks=(\d+)`/.exec(readme)?.[1];
      expect(Number(checks)).toBeGreaterThanOrEqual(4);
      expect(out).toContain(`CRC_TB PASS checks=${checks}`);
      expect(out).not.toContain('CRC_TB FAIL');
      // The testbench says where its expectations came from.
      expect(readFileSync(join(folder, bundle.files[1]!.name), 'utf8')).toContain('come from the C implementation');
    },
  );
});

it('a pipelined design whose data width is not whole bytes has no bundle, and says why', () => {
  const config = { params: byName('CRC-16/XMODEM'), dataWidth: 12, pipelineStages: 1 };
  expect(consistencyProblem(config)).toBe(
    'With pipeline stages the data width must be a multiple of 8: the C code takes whole bytes.',
  );
  expect(consistencyProblem({ ...config, pipelineStages: 0 })).toBeUndefined();
});
