// Yosys worker: Yosys compiled to WebAssembly (@yowasp/yosys, ~31 MB), loaded on the first report
// only, never with the page. Synthesises a generated Verilog file into the LUT/depth report.
import * as Comlink from 'comlink';
import { synthesisReport, type SynthesisReport, type YosysRunner } from '../../core/hdl/synth/report';

let runner: Promise<YosysRunner> | undefined;
const getRunner = () =>
  (runner ??= import('@yowasp/yosys').then(
    ({ runYosys }): YosysRunner =>
      async (args, files) =>
        (await runYosys(args, files, { stdout: null, stderr: null })) ?? undefined,
  ));

const api = {
  /** LUT6/LUT4 counts, logic depth and flip-flops of `verilog` (top module `top`). */
  async report(verilog: string, top: string): Promise<SynthesisReport> {
    return synthesisReport(await getRunner(), verilog, top);
  },
};

export type YosysWorkerApi = typeof api;
Comlink.expose(api);
