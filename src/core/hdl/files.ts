/**
 * The files of a configuration: the design and, when asked, its self-checking testbench. One code
 * path for POST /api/hdl/<generator> (server/services/hdl-jobs.ts) and the bitsmith command
 * (cli/hdl.ts, cli/crc.ts), so both answer the same bytes; the pages call the same generate() and
 * testbench() with the same (default) options.
 */
import type { HdlFile, HdlGenerator, HdlLanguage } from './contract';

export interface FilesOptions {
  language: HdlLanguage;
  /** Also the testbench, after the design. */
  testbench?: boolean;
}

/** [design] or [design, testbench]; throws like generate() for a configuration validate() refuses. */
export function configFiles<C>(
  generator: Pick<HdlGenerator<C, unknown>, 'generate' | 'testbench'>,
  config: C,
  { language, testbench = false }: FilesOptions,
): HdlFile[] {
  const files = [generator.generate(config, language)];
  if (testbench) files.push(generator.testbench(config, language));
  return files;
}
