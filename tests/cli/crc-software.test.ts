/**
 * bitsmith crc generate --language c|rust|python|typescript, the built command run as a process:
 * the files are byte for byte the generator's (C: NAME.h and NAME.c in the -o directory), and the
 * cases it refuses say why in one line with exit 1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { badInput, ok, tmp, usageError } from './run';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { generateSoftware, SOFTWARE_LANGUAGES } from '../../src/core/crc/software';

const crc32c = predefinedAlgorithms().find((a) => a.name === 'CRC-32/ISCSI')!;

describe('bitsmith crc generate, software languages', () => {
  it.each(SOFTWARE_LANGUAGES)('%s: the generator’s files, named after the algorithm', (language) => {
    const dir = `out-${language}/`;
    ok(['crc', 'generate', '--algorithm', 'CRC-32C', '--language', language, '-o', dir]);
    const expected = generateSoftware({ params: paramsOf(crc32c), name: crc32c.name }, language);
    expect(readdirSync(join(tmp, dir)).sort()).toEqual(expected.map((f) => f.name).sort());
    for (const f of expected) expect(readFileSync(join(tmp, dir, f.name), 'utf8'), f.name).toBe(f.text);
  });

  it('writes one file to -o FILE and to stdout, custom parameters named after them', () => {
    const params = ['--poly', '0x1021', '--width', '16', '--init', '0xffff'];
    const [py] = generateSoftware(
      { params: { width: 16, poly: 0x1021n, init: 0xffffn, xorout: 0n, refin: false, refout: false } },
      'python',
    );
    expect(ok(['crc', 'generate', ...params, '--language', 'python'])).toBe(py!.text);
    ok(['crc', 'generate', ...params, '--language', 'python', '-o', 'mine.py']);
    expect(readFileSync(join(tmp, 'mine.py'), 'utf8')).toBe(py!.text);
    expect(py!.name).toBe('crc16_custom_1021_init_ffff.py');
    ok(['crc', 'generate', ...params, '--language', 'c', '-o', 'custom-c/']);
    expect(readdirSync(join(tmp, 'custom-c')).sort()).toEqual([
      'crc16_custom_1021_init_ffff.c',
      'crc16_custom_1021_init_ffff.h',
    ]);
  });

  it('every hardware option is a usage error with a software language, --data-width too (it has a default)', () => {
    const hardware = [
      ['--data-width', '32'],
      ['--data-width', '8'],
      ['--partial-last-word'],
      ['--pipeline-stages', '2'],
    ];
    for (const language of ['python', 'c'])
      for (const option of [...hardware, ['--testbench']])
        expect(usageError(['crc', 'generate', '--algorithm', 'CRC-16/ARC', '--language', language, ...option])).toBe(
          'error: --data-width, --partial-last-word, --pipeline-stages and --testbench apply to Verilog and VHDL only.',
        );
  });

  it('refuses a C file name, widths above 64 and the hardware-only options', () => {
    expect(usageError(['crc', 'generate', '--algorithm', 'CRC-32C', '--language', 'c', '-o', 'x.c'])).toMatch(
      /^error: C gives two files \(crc32_iscsi\.h, crc32_iscsi\.c\): give a directory with -o\./,
    );
    expect(badInput(['crc', 'generate', '--poly', '0x3', '--width', '65', '--language', 'rust'])).toMatch(
      /up to 64 bits/,
    );
    expect(usageError(['crc', 'generate', '--algorithm', 'CRC-32C', '--language', 'c', '--testbench'])).toMatch(
      /apply to Verilog and VHDL only/,
    );
  });
});
