/**
 * Generation time of the wide-data-path CRC (issue 17): CRC-64 at D = 1024 with a partial last
 * word and 3 pipeline stages, next to today's flat single-cycle generation of the same CRC in the
 * same run (the baseline), in both languages, and the testbench of the stream design.
 */
import { defineSuite } from './harness';
import { loadKernel } from '../server/wasm';
import type { CrcKernel } from '../src/core/crc/kernel';
import { createCrcGenerator, type CrcConfig } from '../src/core/hdl/crc';

export default defineSuite({
  name: 'crc-stream',
  async groups({ quick }) {
    const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
    const params = { width: 64, poly: 0x42f0e1eba9ea3693n, init: 0n, refin: false, refout: false, xorout: 0n };
    const widths = quick ? [1024] : [256, 1024];
    return widths.map((dataWidth) => {
      const flat: CrcConfig = { params, dataWidth };
      const stream: CrcConfig = { params, dataWidth, partialLastWord: true, pipelineStages: 3 };
      return {
        name: `CRC-64 D=${dataWidth}`,
        baseline: 'flat single cycle, verilog',
        cases: [
          { name: 'flat single cycle, verilog', ops: 1, run: () => generator.generate(flat, 'verilog') },
          { name: 'partial last word + 3 stages, verilog', ops: 1, run: () => generator.generate(stream, 'verilog') },
          { name: 'partial last word + 3 stages, vhdl', ops: 1, run: () => generator.generate(stream, 'vhdl') },
          {
            name: 'partial last word + 3 stages, testbench',
            ops: 1,
            run: () => generator.testbench(stream, 'verilog'),
          },
        ],
      };
    });
  },
});
