/**
 * Synthesis report of a generated Verilog file: LUTs for 6- and 4-input LUT mappings, logic depth
 * and flip-flops, from Yosys (`synth -lut N`, `stat -json`, `ltp -noff`). The Yosys runner is passed
 * in: @yowasp/yosys (Yosys compiled to WebAssembly) in the browser's worker and in Node; nothing
 * here touches a file system or a DOM.
 */

/** A file tree as @yowasp/yosys takes and returns it. */
export interface YosysTree {
  [name: string]: YosysTree | string | Uint8Array;
}

/** Runs Yosys with `args` over `files`; resolves to the files afterwards (what @yowasp/yosys's runYosys does). */
export type YosysRunner = (args: string[], files: YosysTree) => Promise<YosysTree | undefined>;

export interface LutMapping {
  /** LUT cells after `synth -lut N`. */
  luts: number;
  /** Longest path in LUTs between flip-flops and ports (`ltp -noff`). */
  depth: number;
}

export interface SynthesisReport {
  lut6: LutMapping;
  lut4: LutMapping;
  flipFlops: number;
}

const SOURCE = 'design.v';

/** The Yosys script: one read, then each mapping from the same elaborated design. */
export function synthesisScript(top: string): string {
  return [
    `read_verilog ${SOURCE}`,
    `hierarchy -check -top ${top}`,
    'design -save rtl',
    ...[6, 4].flatMap((n) => [
      'design -load rtl',
      `synth -top ${top} -lut ${n}`,
      `tee -q -o stat${n}.json stat -json`,
      `tee -q -o ltp${n}.txt ltp -noff`,
    ]),
  ].join('; ');
}

const text = (v: YosysTree[string] | undefined): string =>
  typeof v === 'string' ? v : v instanceof Uint8Array ? new TextDecoder().decode(v) : '';

function cellsOf(statJson: string): Record<string, number> {
  const stat = JSON.parse(statJson) as { design?: { num_cells_by_type?: Record<string, number> } };
  return stat.design?.num_cells_by_type ?? {};
}

function mapping(files: YosysTree, n: number): LutMapping & { flipFlops: number } {
  const cells = cellsOf(text(files[`stat${n}.json`]));
  const depth = /Longest topological path in \S+ \(length=(\d+)\)/.exec(text(files[`ltp${n}.txt`]));
  if (!depth) throw new Error('Yosys did not report a logic depth');
  const flipFlops = Object.entries(cells)
    .filter(([type]) => type.includes('DFF'))
    .reduce((sum, [, count]) => sum + count, 0);
  return { luts: cells.$lut ?? 0, depth: Number(depth[1]), flipFlops };
}

/** Synthesises `verilog` (top module `top`) for 6- and 4-input LUTs. */
export async function synthesisReport(run: YosysRunner, verilog: string, top: string): Promise<SynthesisReport> {
  const files = await run(['-q', '-p', synthesisScript(top)], { [SOURCE]: verilog });
  if (!files) throw new Error('Yosys returned no files');
  const six = mapping(files, 6);
  const four = mapping(files, 4);
  return {
    lut6: { luts: six.luts, depth: six.depth },
    lut4: { luts: four.luts, depth: four.depth },
    flipFlops: six.flipFlops,
  };
}
