import { describe, expect, it } from 'vitest';
import { COMPARISON_IDS, MiB, type ComparisonResult } from '../../workers/bench/catalogue';
import {
  CI_DATE,
  checkText,
  ciDate,
  ciFigure,
  ciGroup,
  runStatusText,
  copiedResults,
  formatRate,
  formatRatio,
  formatSize,
  inOrder,
  ratioOf,
  resultsJson,
  resultsMarkdown,
  type RunInfo,
} from './logic';

const crc: ComparisonResult = {
  id: 'crc32',
  bytes: 4 * MiB,
  ours: { name: 'WASM slicing-by-8 (CRC tools)', mbPerS: 1234.5 },
  theirs: { name: 'table-driven JavaScript (a byte per step)', mbPerS: 411.5 },
  same: true,
  check: 'same CRC-32 (0x1c291ca3)',
  samples: 5,
};
const png: ComparisonResult = {
  id: 'png',
  bytes: 4 * MiB,
  ours: { name: 'WASM rasteriser + PNG encoder (Gradient tool)', mbPerS: 90 },
  theirs: { name: 'OffscreenCanvas gradient + convertToBlob', mbPerS: 30 },
  same: false,
  check: 'decoded 1024x1024 pixels beyond 3 per channel (largest difference 9)',
  samples: 5,
};
const b64: ComparisonResult = {
  id: 'base64-decode',
  bytes: 4 * MiB,
  ours: { name: 'WASM kernel (Base64 tool)', mbPerS: 8.9 },
  theirs: null,
  same: false,
  check: 'not available in this browser',
  samples: 5,
};
const run: RunInfo = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test|Agent',
  date: '2026-11-26T12:00:00.000Z',
  sizeBytes: 4 * MiB,
};

describe('the check', () => {
  it('says a result the browser could not give was not compared, never that it differed', () => {
    // Before: the table said 'Different result: not available in this browser', in the error colour.
    expect(checkText(crc)).toEqual({ text: 'Same result: same CRC-32 (0x1c291ca3)', kind: 'same' });
    expect(checkText(png)).toEqual({
      text: 'Different result: decoded 1024x1024 pixels beyond 3 per channel (largest difference 9)',
      kind: 'differs',
    });
    expect(checkText(b64)).toEqual({ text: 'Not compared: not available in this browser', kind: 'none' });
  });
});

describe('the status line', () => {
  it('does not call a run whose two sides differed a success: it names the comparison', () => {
    // Before: '✅ Done: 2 comparisons', announced and coloured as a success, with a red row below.
    expect(runStatusText('done', [crc, png], '', null)).toBe(
      'Done: 2 comparisons, but PNG of a gradient vs OffscreenCanvas gave a different result (no ratio)',
    );
    expect(runStatusText('done', [crc], '', null)).toBe('✅ Done: 1 comparison');
    // A side the browser lacks is no different result.
    expect(runStatusText('done', [crc, b64], '', null)).toBe('✅ Done: 2 comparisons');
    expect(runStatusText('cancelled', [crc], '', null)).toBe('Cancelled');
  });
});

describe('ratios and their formatting', () => {
  it('is ours over theirs, and none when results differ or there is no contender', () => {
    expect(ratioOf(crc)).toBe(3);
    expect(ratioOf(png)).toBeNull();
    expect(ratioOf(b64)).toBeNull();
  });

  it('formats rates, ratios and sizes for reading', () => {
    expect([formatRate(1234.5), formatRate(56.71), formatRate(8.9)]).toEqual(['1,235 MB/s', '56.7 MB/s', '8.90 MB/s']);
    expect([formatRatio(3.514), formatRatio(12.44), formatRatio(0.481)]).toEqual(['3.51×', '12.4×', '0.48×']);
    expect([formatSize(MiB), formatSize(64 * MiB), formatSize(300_000)]).toEqual(['1 MB', '64 MB', '0.29 MB']);
  });

  it('gives a figure that rounds up to the next step the digits of that step (not "10.00×", "100.0 MB/s")', () => {
    // Before: 9.996 rounded with the digits of a ratio under 10, so the table showed 10.00× beside 10.0×.
    expect([formatRatio(9.996), formatRatio(9.994), formatRatio(10)]).toEqual(['10.0×', '9.99×', '10.0×']);
    expect([formatRate(99.96), formatRate(9.996), formatRate(99.94)]).toEqual(['100 MB/s', '10.0 MB/s', '99.9 MB/s']);
  });

  it('keeps the page order whatever order the boxes were ticked in', () => {
    expect(inOrder(['subnet', 'crc32', 'base64-encode'])).toEqual(['base64-encode', 'crc32', 'subnet']);
  });
});

describe('CI figures from bench/baseline.json', () => {
  it("is our case's ratio, as bench/benchmarks-page.bench.ts measured it on this page at 4 MB", () => {
    const cases = {
      'benchmarks-page / Base64 encode vs toBase64 at 4 MB / WASM kernel (Base64 tool)': { ratio: 0.34 },
      'benchmarks-page / Base64 encode vs btoa at 4 MB / WASM kernel (Base64 tool)': { ratio: 23.7 },
      // Another measure of the same side: not this comparison's figure.
      'base64-browser / encode a 24 MiB file to a Blob / page pipeline (WASM SIMD worker)': { ratio: 1.85 },
    };
    expect(ciFigure('base64-encode', cases)).toEqual({
      ratio: 0.34,
      note: 'Chromium on our CI machine, this page at 4 MB',
    });
    expect(ciFigure('base64-encode-btoa', cases).ratio).toBe(23.7);
    expect(ciFigure('png', cases)).toEqual({ ratio: null, note: 'not in the committed baseline' });
    expect(ciGroup('subnet')).toBe('Subnet enumeration (IPv4 hosts) vs JavaScript loop at 4 MB');
  });

  it('are dated by their entries when merged after the baseline was made', () => {
    const key = 'benchmarks-page / CRC-32 vs JavaScript table at 4 MB / WASM slicing-by-8 (CRC tools)';
    expect(ciDate({ [key]: { ratio: 1.76, date: '2026-12-03T20:30:00.000Z' } }, '2026-11-26T10:09:03.742Z')).toBe(
      '2026-12-03',
    );
    expect(ciDate({ [key]: { ratio: 1.76 } }, '2026-11-26T10:09:03.742Z')).toBe('2026-11-26');
  });

  it('has a figure for every comparison in the committed baseline (rename a comparison, then merge it again)', () => {
    for (const id of COMPARISON_IDS) expect(ciFigure(id).ratio, id).toBeGreaterThan(0);
  });
});

describe('copied results', () => {
  it('are a Markdown table naming the browser, with each figure and the check', () => {
    const md = resultsMarkdown([crc, png, b64], run).split('\n');
    expect(md[0]).toBe(`BitSmith benchmarks, 4 MB, 2026-11-26, Mozilla/5.0 (X11; Linux x86_64) Test|Agent`);
    expect(md[2]).toBe(
      '| Comparison | Size | Ours | Ours MB/s | Theirs | Theirs MB/s | Ratio | Same result | CI ratio |',
    );
    expect(md[4]).toBe(
      `| CRC-32 | 4 MB | WASM slicing-by-8 (CRC tools) | 1,235 MB/s | table-driven JavaScript (a byte per step) | 412 MB/s | 3.00× | yes: same CRC-32 (0x1c291ca3) | ${formatRatio(ciFigure('crc32').ratio!)} |`,
    );
    expect(md[5]).toContain('| 30.0 MB/s | — | no: decoded 1024x1024 pixels beyond 3');
    expect(md[5]).toMatch(/\| \d+\.\d+× \|$/); // the PNG has a CI figure
    // A side the browser lacks was compared with nothing: not 'no' (a different result).
    expect(md[6]).toContain(
      '| Uint8Array.fromBase64 | not available | — | not compared: not available in this browser |',
    );
  });

  it('are also JSON with the user agent, the size and every figure', () => {
    const json = JSON.parse(resultsJson([crc, png], run)) as Record<string, unknown>;
    expect(json).toMatchObject({ userAgent: run.userAgent, date: run.date, sizeBytes: 4 * MiB, unit: 'MiB/s' });
    expect(json.results).toEqual([
      {
        id: 'crc32',
        title: 'CRC-32',
        bytes: 4 * MiB,
        ours: { name: crc.ours.name, mibPerS: 1234.5 },
        theirs: { name: crc.theirs!.name, mibPerS: 411.5 },
        ratio: 3,
        same: true,
        check: crc.check,
        samples: 5,
        ci: { ratio: ciFigure('crc32').ratio, note: ciFigure('crc32').note, date: CI_DATE },
      },
      expect.objectContaining({
        id: 'png',
        ratio: null,
        same: false,
        ci: expect.objectContaining({ ratio: expect.any(Number) }),
      }),
    ]);
  });

  it('say, in the table and in the JSON, which comparisons a cancelled run did not run', () => {
    const cancelled: RunInfo = { ...run, notRun: ['png', 'subnet'] };
    const md = resultsMarkdown([crc], cancelled).split('\n');
    expect(md[1]).toBe(
      'Run cancelled: not run: PNG of a gradient vs OffscreenCanvas, Subnet enumeration (IPv4 hosts) vs JavaScript loop',
    );
    expect(md.filter((l) => l.startsWith('| CRC-32'))).toHaveLength(1);
    const json = JSON.parse(resultsJson([crc], cancelled)) as Record<string, unknown>;
    expect(json).toMatchObject({ cancelled: true, notRun: ['png', 'subnet'] });
    // A run that finished says nothing of the kind.
    expect(resultsMarkdown([crc], run)).not.toContain('cancelled');
    expect(JSON.parse(resultsJson([crc], run))).not.toHaveProperty('cancelled');
    expect(JSON.parse(resultsJson([crc], run))).not.toHaveProperty('notRun');
  });

  it('say, in the table and in the JSON, which comparison failed and which were not run', () => {
    const failed: RunInfo = {
      ...run,
      notRun: ['png', 'subnet'],
      failed: { id: 'png', error: 'Could not load WebAssembly (404)' },
    };
    const md = resultsMarkdown([crc], failed).split('\n');
    expect(md[1]).toBe(
      'Run failed at PNG of a gradient vs OffscreenCanvas: Could not load WebAssembly (404); not run: PNG of a gradient vs OffscreenCanvas, Subnet enumeration (IPv4 hosts) vs JavaScript loop',
    );
    const json = JSON.parse(resultsJson([crc], failed)) as Record<string, unknown>;
    expect(json).toMatchObject({ failed: failed.failed, notRun: ['png', 'subnet'] });
    expect(json).not.toHaveProperty('cancelled');
  });

  it('put the table first and the JSON in a code block after it', () => {
    const text = copiedResults([crc], run);
    const [table, rest] = text.split('\n\n```json\n');
    expect(table).toBe(resultsMarkdown([crc], run));
    expect(JSON.parse(rest!.replace(/\n```\n$/, ''))).toEqual(JSON.parse(resultsJson([crc], run)));
  });
});
