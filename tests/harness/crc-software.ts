/**
 * Test programs around the generated software CRCs: one program per language that runs every
 * case's implementation over every message and prints `<case> <message> <variant> <hex>` lines
 * (tests/cases/crc-software-cases.ts compares them with the reference), and the compilers that
 * build them. Each language is one compile and one run, however many cases there are.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateSoftware, type SoftwareLanguage } from '../../src/core/crc/software';
import type { SoftwareCase, SoftwareMessage } from '../cases/crc-software-cases';

export const exec = promisify(execFile);
export const MAX_BUFFER = 64 << 20;

/** What the C and Rust programs print per message; Python and TypeScript have no bitwise/bytewise. */
export const C_VARIANTS = ['update', 'bytewise', 'bitwise', 'split', 'mixed', 'checksum'] as const;
export const SCRIPT_VARIANTS = ['update', 'split', 'checksum'] as const;

/** The strictest flags the suite holds the generated C to (the issue's, plus -Wconversion). */
export const C_FLAGS = [
  '-std=c99',
  '-Wall',
  '-Wextra',
  '-Werror',
  '-pedantic',
  '-Wconversion',
  '-Wsign-conversion',
  '-Wshadow',
  '-Wstrict-prototypes',
  '-Wmissing-prototypes',
  '-Wcast-qual',
];

export function workDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `bitsmith-${prefix}-`));
}

/** Writes every case's files of `language` into `dir`; returns the file names. */
export function writeImplementations(dir: string, cases: SoftwareCase[], language: SoftwareLanguage): string[] {
  return cases.flatMap((c) =>
    generateSoftware({ params: c.params, name: c.name }, language).map((f) => {
      writeFileSync(join(dir, f.name), f.text);
      return f.name;
    }),
  );
}

/**
 * The name a case's files and identifiers carry (crc32_iso_hdlc), read from the Rust module the
 * generator writes: what a user includes, imports and calls is what the generator named, so a
 * custom case (no name) is held to the generator's default.
 */
export function moduleName(c: SoftwareCase): string {
  let name = moduleNames.get(c);
  if (name === undefined) {
    name = generateSoftware({ params: c.params, name: c.name }, 'rust')[0]!.name.replace(/\.rs$/, '');
    moduleNames.set(c, name);
  }
  return name;
}
const moduleNames = new WeakMap<SoftwareCase, string>();

/** The class the generated Python module defines. */
function pythonClass(c: SoftwareCase): string {
  const text = generateSoftware({ params: c.params, name: c.name }, 'python')[0]!.text;
  return /^class (\w+)/m.exec(text)![1]!;
}

const byteList = (bytes: Uint8Array) => [...bytes].join(', ');

/** All messages in one pool with offsets: C and Rust have no empty array literal of a fixed type. */
function pool(messages: SoftwareMessage[]) {
  let at = 0;
  const offsets = messages.map((m) => {
    const o = at;
    at += m.bytes.length;
    return o;
  });
  const all = new Uint8Array(at);
  messages.forEach((m, i) => all.set(m.bytes, offsets[i]));
  return { all, offsets };
}

export function cProgram(cases: SoftwareCase[], messages: SoftwareMessage[]): string {
  const { all, offsets } = pool(messages);
  const n = messages.length;
  const includes = cases.map((c) => `#include "${moduleName(c)}.h"`).join('\n');
  const runs = cases.map((c, i) => {
    const p = moduleName(c);
    return `static void run_${i}(void)
{
    size_t j;
    out(${i}, "-", "check", (unsigned long long)${p.toUpperCase()}_CHECK);
    for (j = 0; j < ${n}; j++) {
        const unsigned char *m = pool + offsets[j];
        size_t len = lengths[j], a = cut_a[j], b = cut_b[j];
        ${p}_t s;
        out(${i}, name[j], "update", (unsigned long long)${p}_finalize(${p}_update(${p}_init(), m, len)));
        out(${i}, name[j], "bytewise", (unsigned long long)${p}_finalize(${p}_update_bytewise(${p}_init(), m, len)));
        out(${i}, name[j], "bitwise", (unsigned long long)${p}_finalize(${p}_update_bitwise(${p}_init(), m, len)));
        s = ${p}_update(${p}_init(), m, a);
        s = ${p}_update(s, m + a, b - a);
        s = ${p}_update(s, m + b, len - b);
        out(${i}, name[j], "split", (unsigned long long)${p}_finalize(s));
        s = ${p}_update_bitwise(${p}_init(), m, a);
        s = ${p}_update_bytewise(s, m + a, b - a);
        s = ${p}_update(s, m + b, len - b);
        out(${i}, name[j], "mixed", (unsigned long long)${p}_finalize(s));
        out(${i}, name[j], "checksum", (unsigned long long)${p}_checksum(m, len));
    }
}
`;
  });
  return `#include <stdio.h>
${includes}

static const unsigned char pool[] = { ${byteList(all)}, 0 };
static const size_t offsets[] = { ${offsets.join(', ')} };
static const size_t lengths[] = { ${messages.map((m) => m.bytes.length).join(', ')} };
static const size_t cut_a[] = { ${messages.map((m) => m.cuts[0]).join(', ')} };
static const size_t cut_b[] = { ${messages.map((m) => m.cuts[1]).join(', ')} };
static const char *const name[] = { ${messages.map((_, j) => `"${j}"`).join(', ')} };

static void out(int c, const char *message, const char *variant, unsigned long long value)
{
    printf("%d %s %s %llx\\n", c, message, variant, value);
}

${runs.join('\n')}
int main(void)
{
${cases.map((_, i) => `    run_${i}();`).join('\n')}
    return 0;
}
`;
}

/**
 * The Rust program's root is #![no_std] (std only for printing), so the modules compile with the
 * core prelude alone, as in firmware.
 */
export function rustProgram(cases: SoftwareCase[], messages: SoftwareMessage[]): string {
  const { all, offsets } = pool(messages);
  const runs = cases.map((c, i) => {
    const p = moduleName(c);
    return `    for (j, &(o, len, a, b)) in MESSAGES.iter().enumerate() {
        let m = &POOL[o..o + len];
        out(${i}, j, "update", ${p}::finalize(${p}::update(${p}::init(), m)) as u64);
        out(${i}, j, "bytewise", ${p}::finalize(${p}::update_bytewise(${p}::init(), m)) as u64);
        out(${i}, j, "bitwise", ${p}::finalize(${p}::update_bitwise(${p}::init(), m)) as u64);
        let s = ${p}::update(${p}::update(${p}::update(${p}::init(), &m[..a]), &m[a..b]), &m[b..]);
        out(${i}, j, "split", ${p}::finalize(s) as u64);
        let s = ${p}::update(${p}::update_bytewise(${p}::update_bitwise(${p}::init(), &m[..a]), &m[a..b]), &m[b..]);
        out(${i}, j, "mixed", ${p}::finalize(s) as u64);
        out(${i}, j, "checksum", ${p}::checksum(m) as u64);
    }
    std::println!("${i} - check {:x}", ${p}::CHECK as u64);`;
  });
  return `#![no_std]
extern crate std;

${cases.map((c) => `mod ${moduleName(c)};`).join('\n')}

static POOL: [u8; ${all.length}] = [${byteList(all)}];
/// (offset, length, cut a, cut b) per message.
static MESSAGES: [(usize, usize, usize, usize); ${messages.length}] = [${messages
    .map((m, j) => `(${offsets[j]}, ${m.bytes.length}, ${m.cuts[0]}, ${m.cuts[1]})`)
    .join(', ')}];

fn out(c: usize, j: usize, variant: &str, value: u64) {
    std::println!("{} {} {} {:x}", c, j, variant, value);
}

fn main() {
${runs.join('\n')}
}
`;
}

export function pythonProgram(cases: SoftwareCase[], messages: SoftwareMessage[]): string {
  const classes = cases.map(pythonClass);
  const imports = cases.map((c, i) => `from ${moduleName(c)} import ${classes[i]}`).join('\n');
  return `${imports}

CLASSES = [${classes.join(', ')}]
MESSAGES = [
${messages.map((m) => `    (bytes([${byteList(m.bytes)}]), ${m.cuts[0]}, ${m.cuts[1]}),`).join('\n')}
]

for i, cls in enumerate(CLASSES):
    print(i, "-", "check", format(cls.CHECK, "x"))
    for j, (m, a, b) in enumerate(MESSAGES):
        print(i, j, "update", format(cls().update(m).finalize(), "x"))
        c = cls()
        c.update(m[:a]).update(bytearray(m[a:b])).update(memoryview(m)[b:])
        print(i, j, "split", format(c.finalize(), "x"))
        print(i, j, "checksum", format(cls.checksum(m), "x"))
`;
}

export function typeScriptProgram(cases: SoftwareCase[], messages: SoftwareMessage[]): string {
  const imports = cases.map((c) => `import * as ${moduleName(c)} from './${moduleName(c)}';`).join('\n');
  return `${imports}

// ES2020 alone declares no console (no DOM or Node types here).
declare const console: { log(line: string): void };

interface Crc<T> {
  CHECK: T;
  init(): T;
  update(state: T, data: Uint8Array): T;
  finalize(state: T): T;
  checksum(data: Uint8Array): T;
}

const MESSAGES: [Uint8Array, number, number][] = [
${messages.map((m) => `  [new Uint8Array([${byteList(m.bytes)}]), ${m.cuts[0]}, ${m.cuts[1]}],`).join('\n')}
];

function run<T extends number | bigint>(i: number, crc: Crc<T>): void {
  console.log(\`\${i} - check \${crc.CHECK.toString(16)}\`);
  MESSAGES.forEach(([m, a, b], j) => {
    console.log(\`\${i} \${j} update \${crc.finalize(crc.update(crc.init(), m)).toString(16)}\`);
    const s = crc.update(crc.update(crc.update(crc.init(), m.subarray(0, a)), m.subarray(a, b)), m.subarray(b));
    console.log(\`\${i} \${j} split \${crc.finalize(s).toString(16)}\`);
    console.log(\`\${i} \${j} checksum \${crc.checksum(m).toString(16)}\`);
  });
}

${cases.map((c, i) => `run(${i}, ${moduleName(c)});`).join('\n')}
`;
}
