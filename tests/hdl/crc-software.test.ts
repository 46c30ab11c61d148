/**
 * The generated software CRCs compiled and run for real: every catalogue algorithm up to 64 bits
 * and random parameter sets, in C (gcc -std=c99 -Wall -Wextra -Werror -pedantic and more), Rust
 * (rustc -D warnings, the modules under #![no_std]; rustdoc and clippy -D warnings, rustfmt
 * --check), Python 3 and TypeScript (tsc --strict, then node). Each language is one program: one
 * compile, one run. Every result, including update calls split at random byte positions and (C,
 * Rust) the bytewise and bitwise loops, must equal the independent bit-serial reference.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWith } from '../harness/system';
import { testRandom, TEST_SEED } from '../cases/seed';
import { outputProblems, softwareCases, softwareMessages } from '../cases/crc-software-cases';
import {
  C_FLAGS,
  C_VARIANTS,
  MAX_BUFFER,
  SCRIPT_VARIANTS,
  cProgram,
  exec,
  moduleName,
  pythonProgram,
  rustProgram,
  typeScriptProgram,
  workDir,
  writeImplementations,
} from '../harness/crc-software';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import type { CrcParams } from '../../src/core/crc/params';
import type { SoftwareCase } from '../cases/crc-software-cases';

const RANDOM_CASES = 40;
// One compile of ~190 modules per language: about 15 s idle, several times that under CI's load.
const COMPILE_TIMEOUT = 300_000;
const rand = testRandom(28);
const cases = softwareCases(rand, RANDOM_CASES);
const messages = softwareMessages(rand);
const TSC = resolve('node_modules/typescript/bin/tsc');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(language: string): string {
  const dir = workDir(`crc-${language}`);
  dirs.push(dir);
  return dir;
}

const run = (cmd: string, args: string[], cwd: string) => exec(cmd, args, { cwd, maxBuffer: MAX_BUFFER });

describeWith(
  ['gcc', 'rustc', 'clippy-driver', 'rustfmt', 'python3'],
  `software CRCs, ${cases.length} parameter sets (TEST_SEED=${TEST_SEED})`,
  () => {
    it(
      'C: every update function, split calls and the CHECK macro match the reference',
      async () => {
        const dir = folder('c');
        const sources = writeImplementations(dir, cases, 'c').filter((f) => f.endsWith('.c'));
        writeFileSync(join(dir, 'main.c'), cProgram(cases, messages));
        await run('gcc', [...C_FLAGS, '-O1', '-o', 'crc_test', 'main.c', ...sources], dir);
        const { stdout } = await run(join(dir, 'crc_test'), [], dir);
        expect(outputProblems(stdout, cases, messages, C_VARIANTS)).toEqual([]);
      },
      COMPILE_TIMEOUT,
    );

    it(
      'Rust: the modules build under #![no_std] without warnings and match the reference',
      async () => {
        const dir = folder('rust');
        writeImplementations(dir, cases, 'rust');
        writeFileSync(join(dir, 'main.rs'), rustProgram(cases, messages));
        await run('rustc', ['--edition', '2021', '-D', 'warnings', '-o', 'crc_test', 'main.rs'], dir);
        const { stdout } = await run(join(dir, 'crc_test'), [], dir);
        expect(outputProblems(stdout, cases, messages, C_VARIANTS)).toEqual([]);
      },
      COMPILE_TIMEOUT,
    );

    it(
      'Rust: rustdoc -D warnings documents the modules (cargo doc: no broken links, no bare URLs)',
      async () => {
        const dir = folder('rustdoc');
        writeImplementations(dir, cases, 'rust');
        writeFileSync(join(dir, 'lib.rs'), cases.map((c) => `pub mod ${moduleName(c)};`).join('\n') + '\n');
        const args = ['--edition', '2021', '--crate-type', 'lib', '--crate-name', 'crcs', '-D', 'warnings'];
        await run('rustdoc', [...args, '-o', 'doc', 'lib.rs'], dir);
      },
      COMPILE_TIMEOUT,
    );

    it(
      'Rust: clippy -D warnings (what cargo clippy checks) has nothing to say about the modules',
      async () => {
        const dir = folder('clippy');
        writeImplementations(dir, cases, 'rust');
        writeFileSync(join(dir, 'lib.rs'), cases.map((c) => `pub mod ${moduleName(c)};`).join('\n') + '\n');
        const args = ['--edition', '2021', '--crate-type', 'lib', '--crate-name', 'crcs', '-D', 'warnings'];
        await run('clippy-driver', [...args, '--emit', 'metadata', '-o', 'crcs.rmeta', 'lib.rs'], dir);
      },
      COMPILE_TIMEOUT,
    );

    it(
      'Rust: rustfmt --check (what cargo fmt --check runs) leaves the modules as they are',
      async () => {
        const dir = folder('rustfmt');
        const files = writeImplementations(dir, cases, 'rust');
        await run('rustfmt', ['--edition', '2021', '--check', ...files], dir);
      },
      COMPILE_TIMEOUT,
    );

    it(
      'Rust: a debug build (cargo build, cargo test) reads the tables in place, never copying them whole at a lookup',
      async () => {
        // TABLES was a const: at opt-level 0 every lookup copied the whole array (a memcpy of 8 KiB
        // for CRC-32, 16 KiB for CRC-64), so update ran at about 8 MB/s, slower than update_bitwise.
        // The compiler's own IR shows the copies; timing them would measure the machine's load.
        const dir = folder('rust-debug');
        const algorithms = [
          { name: 'CRC-64/XZ', tableBytes: 8 * 256 * 8 },
          { name: 'CRC-32/ISO-HDLC', tableBytes: 8 * 256 * 4 },
        ];
        for (const { name, tableBytes } of algorithms) {
          const c = { name, params: paramsOf(predefinedAlgorithms().find((a) => a.name === name)!) };
          const [file] = writeImplementations(dir, [c], 'rust');
          const ir = `${moduleName(c)}.ll`;
          await run(
            'rustc',
            ['--edition', '2021', '--crate-type', 'lib', '-C', 'opt-level=0', '--emit=llvm-ir', '-o', ir, file!],
            dir,
          );
          const copies = readFileSync(join(dir, ir), 'utf8').match(/call void @llvm\.memcpy[^\n]*/g) ?? [];
          expect(
            copies.filter((call) => call.includes(`i64 ${tableBytes},`)),
            name,
          ).toEqual([]);
        }
      },
      COMPILE_TIMEOUT,
    );

    it(
      'Python: the classes match the reference, with bytes, bytearray and memoryview input',
      async () => {
        const dir = folder('python');
        writeImplementations(dir, cases, 'python');
        writeFileSync(join(dir, 'main.py'), pythonProgram(cases, messages));
        const { stdout } = await run('python3', ['-W', 'error', 'main.py'], dir);
        expect(outputProblems(stdout, cases, messages, SCRIPT_VARIANTS)).toEqual([]);
      },
      COMPILE_TIMEOUT,
    );

    it('Python: the annotations take bytes, bytearray and memoryview, as the docstrings say (mypy 2 no longer promotes them to bytes)', async () => {
      const dir = folder('python-hints');
      const [py] = writeImplementations(dir, cases.slice(0, 1), 'python');
      const className = /^class (\w+)/m.exec(readFileSync(join(dir, py!), 'utf8'))![1]!;
      const script = [
        'import typing',
        `from ${moduleName(cases[0]!)} import ${className} as C`,
        'for f in (C.__init__, C.update, C.checksum):',
        '    hint = typing.get_type_hints(f)["data"]',
        '    print(f.__name__, sorted(t.__name__ for t in typing.get_args(hint) or (hint,)))',
      ].join('\n');
      const { stdout } = await run('python3', ['-W', 'error', '-c', script], dir);
      const all = "['bytearray', 'bytes', 'memoryview']";
      expect(stdout.trim().split('\n')).toEqual([`__init__ ${all}`, `update ${all}`, `checksum ${all}`]);
    });

    it('Python: a memoryview of any contiguous buffer gives the CRC of its bytes, as zlib.crc32 does', async () => {
      // Iterating a memoryview of array('H') gave 16-bit items: a wrong CRC with refin, IndexError without.
      const dir = folder('python-buffers');
      const algorithms = ['CRC-16/ARC', 'CRC-32/BZIP2', 'CRC-8/SMBUS', 'CRC-64/XZ'].map((name) => ({
        name,
        params: paramsOf(predefinedAlgorithms().find((a) => a.name === name)!),
      }));
      const files = writeImplementations(dir, algorithms, 'python');
      const classes = files.map((f) => /^class (\w+)/m.exec(readFileSync(join(dir, f), 'utf8'))![1]!);
      const script = [
        'import array',
        ...files.map((f, i) => `from ${f.replace(/\.py$/, '')} import ${classes[i]}`),
        'data = array.array("H", [0x3231, 0x3433, 0x3635, 0x3837, 0xff39])',
        'views = [memoryview(data), memoryview(array.array("b", [-1, 49, -128])), memoryview(bytes(range(12))).cast("B", (3, 4))]',
        `for C in (${classes.join(', ')}):`,
        '    for v in views:',
        '        print(C.__name__, C.checksum(v) == C.checksum(v.tobytes()), C().update(v).update(v).finalize() == C.checksum(v.tobytes() * 2))',
      ].join('\n');
      const { stdout } = await run('python3', ['-W', 'error', '-c', script], dir);
      expect(stdout.trim().split('\n')).toEqual(classes.flatMap((c) => Array(3).fill(`${c} True True`)));
    });

    it(
      'TypeScript: tsc --strict accepts the modules and node runs them to the reference',
      async () => {
        const dir = folder('typescript');
        writeImplementations(dir, cases, 'typescript');
        writeFileSync(join(dir, 'main.ts'), typeScriptProgram(cases, messages));
        const strict = ['--strict', '--noUncheckedIndexedAccess', '--noUnusedLocals', '--noUnusedParameters'];
        const target = ['--target', 'ES2020', '--lib', 'ES2020', '--module', 'commonjs'];
        await run(process.execPath, [TSC, ...strict, ...target, '--outDir', 'out', 'main.ts'], dir);
        const { stdout } = await run(process.execPath, [join(dir, 'out', 'main.js')], dir);
        expect(outputProblems(stdout, cases, messages, SCRIPT_VARIANTS)).toEqual([]);
      },
      COMPILE_TIMEOUT,
    );
  },
);

// Custom parameter sets (no name: named as the page, the CLI and the API name them) that differ
// only in width-preserving parameters, beside the catalogue algorithm with the same parameters as
// one of them: all must live in one C program, one Rust crate and one Python program.
const crc32 = (p: Partial<CrcParams>): CrcParams => ({
  width: 32,
  poly: 0x04c11db7n,
  init: 0n,
  xorout: 0n,
  refin: false,
  refout: false,
  ...p,
});
const isoHdlc = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-32/ISO-HDLC')!);
const together: SoftwareCase[] = [
  { params: crc32({}) },
  { params: crc32({ poly: 0x1edc6f41n }) },
  { params: crc32({ init: 0xffffffffn }) },
  { params: crc32({ xorout: 0xffffffffn }) },
  { params: crc32({ refin: true }) },
  { params: crc32({ refout: true }) },
  { params: crc32({ refin: true, refout: true }) },
  { params: { ...isoHdlc } },
  { params: { ...isoHdlc, xorout: 0n } },
  { name: 'CRC-32/ISO-HDLC', params: isoHdlc },
  { params: { width: 16, poly: 0x1021n, init: 0n, xorout: 0n, refin: false, refout: false } },
];

describeWith(['gcc', 'rustc', 'clippy-driver', 'python3'], 'software CRCs: several custom CRCs in one program', () => {
  it('each custom parameter set has its own files and identifiers', () => {
    expect(new Set(together.map(moduleName)).size).toBe(together.length);
  });

  it('C: one program with gcc -Werror, every CRC to its own values', async () => {
    const dir = folder('c-together');
    const sources = writeImplementations(dir, together, 'c').filter((f) => f.endsWith('.c'));
    writeFileSync(join(dir, 'main.c'), cProgram(together, messages));
    await run('gcc', [...C_FLAGS, '-o', 'crc_test', 'main.c', ...sources], dir);
    const { stdout } = await run(join(dir, 'crc_test'), [], dir);
    expect(outputProblems(stdout, together, messages, C_VARIANTS)).toEqual([]);
  });

  it('Rust: one crate (rustc -D warnings, clippy -D warnings), every CRC to its own values', async () => {
    const dir = folder('rust-together');
    writeImplementations(dir, together, 'rust');
    writeFileSync(join(dir, 'main.rs'), rustProgram(together, messages));
    await run('rustc', ['--edition', '2021', '-D', 'warnings', '-o', 'crc_test', 'main.rs'], dir);
    const { stdout } = await run(join(dir, 'crc_test'), [], dir);
    expect(outputProblems(stdout, together, messages, C_VARIANTS)).toEqual([]);
    writeFileSync(join(dir, 'lib.rs'), together.map((c) => `pub mod ${moduleName(c)};`).join('\n') + '\n');
    const args = ['--edition', '2021', '--crate-type', 'lib', '--crate-name', 'crcs', '-D', 'warnings'];
    await run('clippy-driver', [...args, '--emit', 'metadata', '-o', 'crcs.rmeta', 'lib.rs'], dir);
  });

  it('Python: one program, every class to its own values', async () => {
    const dir = folder('python-together');
    writeImplementations(dir, together, 'python');
    writeFileSync(join(dir, 'main.py'), pythonProgram(together, messages));
    const { stdout } = await run('python3', ['-W', 'error', 'main.py'], dir);
    expect(outputProblems(stdout, together, messages, SCRIPT_VARIANTS)).toEqual([]);
  });
});
