/**
 * The contract every HDL generator (CRC, UART, FIFO, FSM) implements, and the rules they share:
 * the output languages and how generated files are named. Each generator lives in
 * `src/core/hdl/<name>/` with the same files: config.ts (options, validation), design.ts (the
 * language-neutral design model), verilog.ts and vhdl.ts (emitters), testbench-verilog.ts and
 * testbench-vhdl.ts (self-checking testbenches) and index.ts (this contract).
 */

export const HDL_LANGUAGES = ['verilog', 'vhdl'] as const;

export type HdlLanguage = (typeof HDL_LANGUAGES)[number];

export const HDL_LANGUAGE_LABEL: Record<HdlLanguage, string> = { verilog: 'Verilog', vhdl: 'VHDL' };

const EXTENSION: Record<HdlLanguage, string> = { verilog: 'v', vhdl: 'vhd' };

/** A design file: `<stem>.v` or `<stem>.vhd`. */
export function designFileName(stem: string, language: HdlLanguage): string {
  return `${stem}.${EXTENSION[language]}`;
}

/** The testbench of the design file `<stem>.<ext>`: `<stem>_tb.<ext>`. */
function testbenchFileName(stem: string, language: HdlLanguage): string {
  return designFileName(`${stem}_tb`, language);
}

/** One generated file. */
export interface HdlFile {
  name: string;
  text: string;
}

/** What every generator offers; the pages and the tests use generators through it only. */
export interface HdlGenerator<Config, Summary, TestbenchOptions = object> {
  /** Readable problems that block generation; empty when the configuration is usable. */
  validate(config: Config): string[];
  /** The design file; throws an Error with the validate() messages for an unusable configuration. */
  generate(config: Config, language: HdlLanguage): HdlFile;
  /** A self-checking testbench for the same design (it prints PASS or FAIL); throws like generate. */
  testbench(config: Config, language: HdlLanguage, options?: TestbenchOptions): HdlFile;
  /** The figures the generator's page shows about the configuration. */
  summary(config: Config): Summary;
}

/** The parts a generator is made of; defineHdlGenerator does the checking, dispatch and naming. */
export interface HdlGeneratorParts<Config, Design, Summary, TestbenchOptions> {
  validate(config: Config): string[];
  /** The language-neutral design model of a configuration validate() accepts. */
  design(config: Config): Design;
  /** File stem of the design in each language (e.g. `fifo_module`). */
  fileStem(design: Design, language: HdlLanguage): string;
  emit: Record<HdlLanguage, (design: Design) => string>;
  emitTestbench: Record<HdlLanguage, (design: Design, options: TestbenchOptions) => string>;
  summary(config: Config): Summary;
}

export function defineHdlGenerator<Config, Design, Summary, TestbenchOptions = object>(
  parts: HdlGeneratorParts<Config, Design, Summary, TestbenchOptions>,
): HdlGenerator<Config, Summary, TestbenchOptions> {
  const usableDesign = (config: Config): Design => {
    const problems = parts.validate(config);
    if (problems.length) throw new Error(problems.join(' '));
    return parts.design(config);
  };
  return {
    validate: parts.validate,
    generate(config, language) {
      const design = usableDesign(config);
      return { name: designFileName(parts.fileStem(design, language), language), text: parts.emit[language](design) };
    },
    testbench(config, language, options = {} as TestbenchOptions) {
      const design = usableDesign(config);
      const name = testbenchFileName(parts.fileStem(design, language), language);
      return { name, text: parts.emitTestbench[language](design, options) };
    },
    summary: parts.summary,
  };
}
