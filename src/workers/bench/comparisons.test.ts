/**
 * The benchmark page's comparisons in Node with the real WASM kernels: both sides agree, a
 * disagreement is caught, and the runner reports what the page shows. The browser-only sides
 * (OffscreenCanvas, and toBase64/fromBase64 where Node lacks them) run in the e2e test.
 */
import { describe, expect, it } from 'vitest';
import { loadKernel } from '../../../server/wasm';
import { COMPARISON_IDS, inputSize, MiB } from './catalogue';
import { sameBytes, sameText } from './checks';
import { prepare, type Kernels } from './comparisons';
import { crc32Table } from './contenders';
import { crc32Reference } from '../../core/crc/crc32';
import { randomBytes as seededBytes, testRandom } from '../../../tests/cases/seed';
import { runComparison, timingPlan } from './measure';

const kernels: Kernels = {
  base64: () => loadKernel('base64'),
  json: () => loadKernel('json'),
  crc: () => loadKernel('crc'),
  png: () => loadKernel('png'),
  subnet: () => loadKernel('subnet'),
};

const hasNativeBase64 = typeof (Uint8Array as unknown as { fromBase64?: unknown }).fromBase64 === 'function';
/** Sides Node may lack: the ES2025 Base64 methods (Node 20) and OffscreenCanvas (always). */
const browserOnly: Record<string, boolean> = {
  'base64-encode': !hasNativeBase64,
  'base64-decode': !hasNativeBase64,
  png: true,
};

describe('benchmark comparisons', () => {
  it.each(COMPARISON_IDS)('%s: both sides give the same result on 300 KB', async (id) => {
    const p = await prepare(id, kernels, 300_000);
    expect(p.theirs === null, 'contender missing').toBe(browserOnly[id] ?? false);
    if (!p.theirs) return;
    const check = await p.check(await p.ours(), await p.theirs());
    expect(check, check.detail).toMatchObject({ same: true });
  });

  it('the table-driven CRC-32 matches the bit-serial reference on random bytes', () => {
    const rand = testRandom();
    for (const n of [0, 1, 7, 4096]) {
      const data = seededBytes(rand, n);
      expect(crc32Table(data)).toBe(crc32Reference(data));
    }
  });

  it('checks catch a difference: one changed byte, a shorter output', () => {
    const a = new TextEncoder().encode('[1,2,3]');
    const b = a.slice();
    b[3] = 0x39;
    expect(sameBytes(a, b, 'text')).toEqual({ same: false, detail: 'text differ at byte 3 (7 vs 7 bytes)' });
    expect(sameText(a, '[1,9,3]', 'text')).toEqual({ same: false, detail: 'text differ at byte 3' });
    expect(sameText(a, '[1,2,3]!', 'text').same).toBe(false);
    expect(sameText(a, '[1,2,3]', 'text')).toEqual({ same: true, detail: 'identical text (7 bytes)' });
  });

  it('caps JSON at 64 MiB and times small inputs in reps of at least 8 MiB', () => {
    expect(inputSize('json-format', 256 * MiB)).toBe(64 * MiB);
    expect(inputSize('crc32', 256 * MiB)).toBe(256 * MiB);
    expect(timingPlan(1 * MiB)).toEqual({ reps: 8, samples: 5, warmUp: true });
    expect(timingPlan(8 * MiB)).toEqual({ reps: 1, samples: 5, warmUp: true });
    expect(timingPlan(16 * MiB)).toEqual({ reps: 1, samples: 4, warmUp: true }); // docs/benchmarks.md
    expect(timingPlan(32 * MiB)).toEqual({ reps: 1, samples: 2, warmUp: true });
    expect(timingPlan(256 * MiB)).toEqual({ reps: 1, samples: 1, warmUp: false });
  });

  it('runs a comparison to a result with both throughputs, reporting every step', async () => {
    const steps: [number, number][] = [];
    const r = await runComparison('crc32', kernels, 1 * MiB, (done, total) => steps.push([done, total]));
    expect(r).toMatchObject({ id: 'crc32', bytes: MiB, same: true, samples: 5 });
    expect(r.check).toMatch(/^same CRC-32 \(0x[0-9a-f]{8}\)$/);
    expect(r.ours.mbPerS).toBeGreaterThan(0);
    expect(r.theirs?.mbPerS).toBeGreaterThan(0);
    expect(steps.map(([d]) => d)).toEqual(steps.map((_, i) => i + 1));
    expect(steps.at(-1)).toEqual([14, 14]);
  });
});
