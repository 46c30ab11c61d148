/**
 * The CRC page's synthesis report (src/core/hdl/synth/report.ts) run by the same @yowasp/yosys
 * (Yosys compiled to WebAssembly) the page's worker loads, here in Node: generated files in, LUT
 * counts, depth and flip-flops out.
 */
import { describe, expect, it } from 'vitest';
import { runYosys } from '@yowasp/yosys';
import { loadKernel } from '../../server/wasm';
import type { CrcKernel } from '../../src/core/crc/kernel';
import { paramsOf, predefinedAlgorithms } from '../../src/core/crc/catalogue';
import { createCrcGenerator, CRC_MODULE, type CrcConfig } from '../../src/core/hdl/crc';
import { synthesisReport, type YosysRunner } from '../../src/core/hdl/synth/report';

const run: YosysRunner = async (args, files) =>
  (await runYosys(args, files, { stdout: null, stderr: null })) ?? undefined;

describe('synthesis report (Yosys in WebAssembly)', () => {
  it('reports LUTs, depth and flip-flops of the flat and the stream design', async () => {
    const generator = createCrcGenerator(await loadKernel<CrcKernel>('crc'));
    const params = paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-32/ISO-HDLC')!);
    const flat: CrcConfig = { params, dataWidth: 32 };
    const stream: CrcConfig = { params, dataWidth: 32, partialLastWord: true, pipelineStages: 1 };
    const a = await synthesisReport(run, generator.generate(flat, 'verilog').text, CRC_MODULE);
    expect(a.flipFlops).toBe(32);
    expect(a.lut6.luts).toBeGreaterThan(32);
    expect(a.lut4.luts).toBeGreaterThan(a.lut6.luts);
    expect(a.lut6.depth).toBeGreaterThanOrEqual(2);
    const b = await synthesisReport(run, generator.generate(stream, 'verilog').text, CRC_MODULE);
    // Register, crc_valid, and per stage crc_en, sop, data_bytes and the partial sums.
    expect(b.flipFlops).toBeGreaterThan(32 + 1 + 2 + 3);
    expect(b.flipFlops).toBeLessThanOrEqual(generator.summary(stream).stream!.flipFlops);
    expect(b.lut6.luts).toBeGreaterThan(a.lut6.luts);
  }, 600_000);
});
