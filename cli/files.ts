/** Writing generated files: to stdout, into a directory, or (for one design) to a named file. */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { SoftwareLanguage } from '../src/core/crc/software';
import type { HdlFile, HdlLanguage } from '../src/core/hdl/contract';
import { makeDirectories } from '../server/make-directories';
import { BadInput, UsageError } from './io';
import { writeProblem } from './output-file';
import { SyncOutput, writeOutput } from './sync-io';

/** The extensions that name one language's files (C's .c and .h need a directory anyway). */
const EXTENSIONS: Record<HdlLanguage | SoftwareLanguage, string[]> = {
  verilog: ['.v', '.vh', '.sv'],
  vhdl: ['.vhd', '.vhdl'],
  c: ['.c', '.h'],
  rust: ['.rs'],
  python: ['.py'],
  typescript: ['.ts'],
};
const LANGUAGE_NAME: Record<HdlLanguage | SoftwareLanguage, string> = {
  verilog: 'Verilog',
  vhdl: 'VHDL',
  c: 'C',
  rust: 'Rust',
  python: 'Python',
  typescript: 'TypeScript',
};

/**
 * `-o crc.vhd` (or `uart.vhd`) with the language Verilog, the default, wrote Verilog into a .vhd
 * file: `-o` naming a file of another of the command's `languages` is a usage error that says which
 * --language to add. An existing directory takes the files under their own names, whatever it is called.
 */
export function checkOutputLanguage<L extends HdlLanguage | SoftwareLanguage>(
  output: string | undefined,
  language: L,
  languages: readonly L[] = Object.keys(EXTENSIONS) as L[],
): void {
  if (output === undefined || output.endsWith('/')) return;
  const ext = extname(output).toLowerCase();
  const named = languages.find((l) => EXTENSIONS[l].includes(ext));
  if (named === undefined || named === language) return;
  if (existsSync(output) && statSync(output).isDirectory()) return;
  throw new UsageError(
    `-o ${basename(output)} names a ${LANGUAGE_NAME[named]} file, but the language is ${LANGUAGE_NAME[language]}: add --language ${named}, or ${language === 'c' ? 'give a directory (C writes a .h and a .c file)' : `name the file ${EXTENSIONS[language][0]}`}.`,
  );
}

/**
 * No target: every file to stdout, one after the other. A directory (existing, ending in /, or
 * `asked === 'dir'`): each file under its own name inside it. Otherwise the first file goes to the
 * path and the others beside it under their own names.
 */
export async function writeFiles(files: HdlFile[], target: string | undefined, asked: 'file' | 'dir'): Promise<void> {
  if (target === undefined || target === '-') {
    for (const f of files) writeOutput(f.text, undefined);
    return;
  }
  const isDir = asked === 'dir' || target.endsWith('/') || (existsSync(target) && statSync(target).isDirectory());
  const dir = isDir ? target : dirname(target);
  // A design named as its testbench (-o crc_module_tb.v): the two would be one file.
  const clash = isDir ? undefined : files.slice(1).find((f) => resolve(dir, f.name) === resolve(target));
  if (clash)
    throw new BadInput(
      `${target}: ${clash.name}, the testbench, is written beside the design under that name: name the design otherwise or give a directory`,
    );
  try {
    makeDirectories(dir);
  } catch (e) {
    throw new BadInput(writeProblem((e as NodeJS.ErrnoException).path ?? dir, e));
  }
  // Every file is opened and written before any takes its place: one that cannot be written leaves all as they were.
  const outputs = files.map((f, i) => new SyncOutput(i === 0 && !isDir ? target : join(dir, f.name)));
  outputs.forEach((out, i) => out.write(Buffer.from(files[i]!.text)));
  outputs.forEach((out) => out.close());
}
