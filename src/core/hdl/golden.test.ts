/**
 * Golden files: every HDL generator's presets (and a few CRC catalogue algorithms and widths), in
 * both languages, design and testbench, compared byte for byte with tests/golden/<generator>/<case>/.
 * A change to generated text shows as a diff of those files in review; simulation (tests/hdl)
 * stays the oracle of whether the text is right. After an intended change, rewrite them with
 *   UPDATE_GOLDEN=1 npx vitest run --project unit src/core/hdl/golden.test.ts
 * and review the diff.
 */
import { beforeAll, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFreshKernel } from '../../../server/wasm';
import { paramsOf, predefinedAlgorithms } from '../crc/catalogue';
import type { CrcKernel } from '../crc/kernel';
import { HDL_LANGUAGES, type HdlFile, type HdlGenerator } from './contract';
import { createCrcGenerator, type CrcConfig } from './crc';
import { DEFAULT_FIFO_CONFIG, FIFO_PRESETS, fifoGenerator } from './fifo';
import { COMPLEX_EXAMPLE, DEFAULT_FSM, SIMPLE_EXAMPLE, fsmGenerator } from './fsm';
import { DEFAULT_UART, UART_PRESETS, applyPreset, uartGenerator } from './uart';
import { SOFTWARE_LANGUAGES, generateSoftware } from '../crc/software';

const GOLDEN = join(import.meta.dirname, '../../../tests/golden');
const update = process.env.UPDATE_GOLDEN === '1';

/** The design and testbench files of one configuration in both languages. */
function filesOf<C>(generator: HdlGenerator<C, unknown>, config: C): HdlFile[] {
  return HDL_LANGUAGES.flatMap((l) => [generator.generate(config, l), generator.testbench(config, l)]);
}

interface GoldenCase {
  name: string;
  files(): HdlFile[];
}

/** Compares (or, with UPDATE_GOLDEN=1, rewrites) tests/golden/<generator>/, case by case. */
function goldenSuite(generator: string, cases: () => GoldenCase[]) {
  it(`${generator}: every case's files byte for byte as committed, and no other folder`, () => {
    const root = join(GOLDEN, generator);
    const all = cases();
    if (update) rmSync(root, { recursive: true, force: true });
    for (const c of all) {
      const dir = join(root, c.name);
      const files = c.files();
      if (update) {
        mkdirSync(dir, { recursive: true });
        for (const f of files) writeFileSync(join(dir, f.name), f.text);
      }
      expect(readdirSync(dir).sort(), c.name).toEqual(files.map((f) => f.name).sort());
      for (const f of files) {
        expect(f.text, `${generator}/${c.name}/${f.name}`).toBe(readFileSync(join(dir, f.name), 'utf8'));
      }
    }
    expect(readdirSync(root).sort()).toEqual(all.map((c) => c.name).sort());
  });
}

goldenSuite('uart', () => [
  { name: 'default', files: () => filesOf(uartGenerator, DEFAULT_UART) },
  ...UART_PRESETS.map((p) => ({ name: p.id, files: () => filesOf(uartGenerator, applyPreset(DEFAULT_UART, p)) })),
]);

goldenSuite('fifo', () => [
  { name: 'default', files: () => filesOf(fifoGenerator, DEFAULT_FIFO_CONFIG) },
  ...FIFO_PRESETS.map((p) => ({ name: p.id, files: () => filesOf(fifoGenerator, p.config) })),
]);

goldenSuite('fsm', () => [
  { name: 'default', files: () => filesOf(fsmGenerator, DEFAULT_FSM) },
  { name: 'simple', files: () => filesOf(fsmGenerator, SIMPLE_EXAMPLE) },
  { name: 'complex', files: () => filesOf(fsmGenerator, COMPLEX_EXAMPLE) },
]);

let kernel: CrcKernel;
beforeAll(async () => {
  kernel = await loadFreshKernel<CrcKernel>('crc');
});

const algorithm = (name: string) => {
  const a = predefinedAlgorithms().find((x) => x.name === name);
  if (!a) throw new Error(`No catalogue algorithm ${name}`);
  return paramsOf(a);
};

/** A catalogue algorithm at a data width: `crc-32-iso-hdlc-w64`. */
function crcCase(name: string, dataWidth: number, options: Partial<CrcConfig> = {}, suffix = ''): GoldenCase {
  const config: CrcConfig = { params: algorithm(name), dataWidth, ...options };
  const folder = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-w${dataWidth}${suffix}`;
  return { name: folder, files: () => filesOf(createCrcGenerator(kernel), config) };
}

// The classic single-cycle design: narrow, byte, word and wide buses, reflected and not.
goldenSuite('crc', () => [
  crcCase('CRC-5/USB', 1),
  crcCase('CRC-8/SMBUS', 8),
  crcCase('CRC-16/ARC', 8),
  crcCase('CRC-16/IBM-3740', 16),
  crcCase('CRC-32/ISO-HDLC', 8),
  crcCase('CRC-32/ISO-HDLC', 32),
  crcCase('CRC-32/ISCSI', 64),
  crcCase('CRC-64/XZ', 64),
]);

// The stream design (partial last word, pipelining), alone and together.
goldenSuite('crc-stream', () => [
  crcCase('CRC-16/ARC', 16, { partialLastWord: true }, '-partial'),
  crcCase('CRC-32/ISO-HDLC', 32, { partialLastWord: true }, '-partial'),
  crcCase('CRC-32/ISO-HDLC', 64, { pipelineStages: 1 }, '-pipe1'),
  crcCase('CRC-32/ISCSI', 64, { partialLastWord: true, pipelineStages: 2 }, '-partial-pipe2'),
  crcCase('CRC-8/SMBUS', 8, { pipelineStages: 1 }, '-pipe1'),
]);

// The software implementations (issue 28): every language, a reflected CRC and an unreflected
// one whose width is not a multiple of 8 (refin and refout differ).
goldenSuite('crc-software', () =>
  ['CRC-32/ISO-HDLC', 'CRC-12/UMTS'].map((name) => ({
    name: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    files: () => SOFTWARE_LANGUAGES.flatMap((l) => generateSoftware({ params: algorithm(name), name }, l)),
  })),
);
