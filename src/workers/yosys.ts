import { createWorkerBridge, type CallOptions } from './bridge';
import type { YosysWorkerApi } from '../../workers/yosys.worker';
import type { SynthesisReport } from '../core/hdl/synth/report';

/** The Yosys worker, started on the first report (it fetches ~31 MB of WebAssembly then). */
const bridge = createWorkerBridge<YosysWorkerApi>(
  () => new Worker(new URL('../../workers/yosys.worker.ts', import.meta.url), { type: 'module', name: 'yosys' }),
);

export const yosysWorker = {
  /** Synthesis report of a Verilog file; aborting terminates the worker. */
  report(verilog: string, top: string, { signal }: CallOptions = {}): Promise<SynthesisReport> {
    return bridge.call((api) => api.report(verilog, top), signal);
  },
};
