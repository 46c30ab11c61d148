/** Writing generated files: to stdout, into a directory, or (for one design) to a named file. */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { HdlFile } from '../src/core/hdl/contract';
import { makeDirectories } from '../server/make-directories';
import { BadInput } from './io';
import { writeProblem } from './output-file';
import { SyncOutput, writeOutput } from './sync-io';

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
