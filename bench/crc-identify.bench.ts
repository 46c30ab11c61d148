/**
 * CRC identification (assembly/crcid.ts), the targets of issue 28: every catalogue algorithm from 4
 * random samples of 2-3 lengths (how many come out unique is printed), CRC-32 from Ethernet-size
 * samples (target < 50 ms), a full codeword search W = 1..64 in both byte orders over 6 samples
 * (target < 2 s), and the RevEng method (GCD of equal-length differences, then linear algebra for
 * init and xorout) against brute force over every polynomial of a width in the same WASM.
 */
import { defineSuite } from './harness';
import { loadKernel } from '../server/wasm';
import { seededRandom } from '../src/core/random';
import { hex, type CrcParams } from '../src/core/crc/params';
import { crcOf, identifyCrc, type CrcIdKernel, type IdentifyRequest } from '../src/core/crc/identify';
import { loadSamples } from '../src/core/crc/identify/kernel';
import { catalogueCases, IDENTIFY_SAMPLES_SEED, type CatalogueCase } from '../tests/cases/crc-identify-samples';

const CRC32: CrcParams = {
  width: 32,
  poly: 0x04c11db7n,
  init: 0xffffffffn,
  refin: true,
  refout: true,
  xorout: 0xffffffffn,
};
const MODBUS: CrcParams = { width: 16, poly: 0x8005n, init: 0xffffn, refin: true, refout: true, xorout: 0n };

const rand = seededRandom(28);
const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));

function samples(kernel: CrcIdKernel, p: CrcParams, lengths: number[]): IdentifyRequest['samples'] {
  return lengths.map((n) => {
    const message = bytes(n);
    return { message, crc: crcOf(kernel, p, message), crcDigits: Math.ceil(p.width / 4) };
  });
}

/** Codewords with the CRC appended little-endian (as Ethernet sends its FCS). */
function codewords(kernel: CrcIdKernel, p: CrcParams, lengths: number[]): IdentifyRequest['samples'] {
  return samples(kernel, p, lengths).map(({ message, crc }) => {
    const tail = Array.from({ length: p.width / 8 }, (_, i) => Number((crc! >> BigInt(8 * i)) & 0xffn));
    return { message: Uint8Array.from([...message, ...tail]) };
  });
}

const identify = (kernel: CrcIdKernel, c: CatalogueCase) =>
  identifyCrc(kernel, { mode: 'message', samples: c.samples, fixed: {} });

/**
 * Prints how many catalogue algorithms the samples identify uniquely and, for the others, what
 * remains (every such set reproduces the samples: the unit test proves them genuine) and whether
 * one more sample of the message the report names decides. Returns the count of unique ones.
 */
function printUniqueness(kernel: CrcIdKernel, cases: CatalogueCase[]): number {
  let unique = 0;
  const others: string[] = [];
  for (const c of cases) {
    const r = identify(kernel, c);
    if (r.remaining === 1n && r.matches[0]?.names.includes(c.name)) {
      unique++;
      continue;
    }
    const first = r.matches[0]?.names.includes(c.name) ? 'listed first' : 'in the first family';
    const rest = [...r.matches.slice(1).map((m) => m.params), ...r.families.map((f) => f.example)]
      .map((p) => `W=${p.width} ${hex(p.poly, p.width)}`)
      .join(', ');
    let decided = 'no single sample decides';
    if (r.decider) {
      const more = { message: r.decider, crc: crcOf(kernel, c.params, r.decider), crcDigits: c.samples[0]!.crcDigits };
      const again = identifyCrc(kernel, { mode: 'message', samples: [...c.samples, more], fixed: {} });
      decided = again.remaining === 1n ? 'one more sample decides' : 'one more sample does NOT decide';
    }
    others.push(
      `  ${c.name} (lengths ${c.lengths.join(', ')}): ${first}, ${r.remaining} sets remain (${rest}); ${decided}`,
    );
  }
  console.log(
    `crc-identify: ${unique} of ${cases.length} catalogue algorithms identified uniquely from 4 random samples of 2-3 lengths (seed ${IDENTIFY_SAMPLES_SEED})`,
  );
  if (others.length) console.log(`crc-identify: the samples of the others fit other CRCs too:\n${others.join('\n')}`);
  return unique;
}

export default defineSuite({
  name: 'crc-identify',
  async groups({ quick }) {
    const kernel = await loadKernel<CrcIdKernel>('crcid');
    // Brute force: every odd polynomial of W = 16, each solved for init and xorout, in the same
    // WASM as the search (refin/refout fixed in quick runs to keep them short).
    const fixed = quick ? { width: 16, refin: true, refout: true } : { width: 16 };
    const modbus = samples(kernel, MODBUS, [16, 16, 24, 24]);
    const brute = () => {
      loadSamples(
        kernel,
        modbus.map((s) => ({ message: s.message, crc: s.crc! })),
      );
      const combos = quick
        ? [[1, 1]]
        : [
            [0, 0],
            [0, 1],
            [1, 0],
            [1, 1],
          ];
      let found = 0;
      for (const [i, o] of combos) found += kernel.bruteCombo(16, i!, o!, 0n, 1n << 15n, 0, 0n, 0, 0n);
      return found;
    };
    const cases = catalogueCases();
    const unique = printUniqueness(kernel, cases);
    const ethernet = samples(kernel, CRC32, [1500, 1500, 1500, 1000]);
    const frames = codewords(kernel, CRC32, quick ? [60, 60, 60, 90, 90, 128] : [200, 200, 200, 500, 500, 1500]);
    return [
      {
        name: 'W=16, 4 samples of 16-24 B',
        baseline: 'brute force: every polynomial of W=16',
        cases: [
          { name: 'brute force: every polynomial of W=16', ops: 1, run: brute },
          {
            name: 'GCD + linear algebra',
            ops: 1,
            run: () => identifyCrc(kernel, { mode: 'message', samples: modbus, fixed }),
          },
        ],
      },
      {
        name: `${cases.length} catalogue algorithms, 4 samples of 2-3 lengths each`,
        baseline: 'the CRCs of their samples (bit serial)',
        cases: [
          {
            name: 'the CRCs of their samples (bit serial)',
            ops: cases.length,
            run: () => cases.map((c) => c.samples.map((s) => crcOf(kernel, c.params, s.message))),
          },
          {
            name: 'identify each',
            ops: cases.length,
            run: () => cases.map((c) => identify(kernel, c)),
            extra: { identified_uniquely: unique, algorithms: cases.length },
          },
        ],
      },
      {
        name: 'CRC-32 from 4 samples of 1000-1500 B',
        baseline: 'one CRC-32 of the samples (bit serial)',
        cases: [
          {
            name: 'one CRC-32 of the samples (bit serial)',
            ops: 1,
            run: () => ethernet.map((s) => crcOf(kernel, CRC32, s.message)),
          },
          {
            name: 'identify, widths 29..32, refin/refout searched (target < 50 ms)',
            ops: 1,
            run: () => identifyCrc(kernel, { mode: 'message', samples: ethernet, fixed: {} }),
          },
        ],
      },
      {
        name: `6 codewords of ${quick ? '60-128' : '200-1500'} B`,
        baseline: 'one width and byte order (W=32, little-endian)',
        cases: [
          {
            name: 'one width and byte order (W=32, little-endian)',
            ops: 1,
            run: () =>
              identifyCrc(kernel, { mode: 'codeword', samples: frames, fixed: { width: 32, byteOrder: 'little' } }),
          },
          {
            name: 'full search: W=1..64, both byte orders (target < 2 s)',
            ops: 1,
            run: () => identifyCrc(kernel, { mode: 'codeword', samples: frames, fixed: {} }),
          },
        ],
      },
    ];
  },
});
