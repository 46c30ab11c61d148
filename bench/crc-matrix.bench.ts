/**
 * Parallel CRC matrix derivation: the WASM kernel (x^n mod g, one shift-and-xor per column) vs
 * the same algorithm in TypeScript vs symbolic LFSR unrolling (what most generators do), at
 * W = 32/64 and D = 64/512/1024. A last case per group times the whole generate pipeline
 * (matrices, equations, Verilog text) to show where the time goes.
 */
import { defineSuite } from './harness';
import { loadKernel } from '../server/wasm';
import { deriveMatrices, type CrcKernel } from '../src/core/crc/kernel';
import { createCrcGenerator } from '../src/core/hdl/crc';
import { deriveMatricesTs } from '../tests/oracles/crc-matrix-ts';
import { unrollMatrices } from '../tests/oracles/crc-reference';

const POLYS: Record<32 | 64, bigint> = { 32: 0x04c11db7n, 64: 0x42f0e1eba9ea3693n };

export default defineSuite({
  name: 'crc-matrix',
  async groups({ quick }) {
    const kernel = await loadKernel<CrcKernel>('crc');
    const generator = createCrcGenerator(kernel);
    const sizes: [32 | 64, number][] = quick
      ? [
          [32, 64],
          [64, 1024],
        ]
      : [
          [32, 64],
          [32, 512],
          [32, 1024],
          [64, 64],
          [64, 512],
          [64, 1024],
        ];
    return sizes.map(([w, d]) => {
      const poly = POLYS[w];
      const params = { width: w, poly, init: 0n, refin: false, refout: false, xorout: 0n };
      return {
        name: `W=${w} D=${d}`,
        baseline: 'symbolic LFSR unrolling (ts)',
        cases: [
          { name: 'wasm x^n mod g', ops: 1, run: () => deriveMatrices(kernel, w, poly, d) },
          { name: 'ts x^n mod g (same algorithm)', ops: 1, run: () => deriveMatricesTs(w, poly, d) },
          { name: 'symbolic LFSR unrolling (ts)', ops: 1, run: () => unrollMatrices(w, poly, d) },
          {
            name: 'full generate: wasm + equations + verilog text',
            ops: 1,
            run: () => generator.generate({ params, dataWidth: d }, 'verilog'),
          },
        ],
      };
    });
  },
});
