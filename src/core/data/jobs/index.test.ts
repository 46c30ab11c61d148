import { describe, expect, it } from 'vitest';
import { runJob } from './index';
import { runCsvFileJob } from './csv';
import { csvToJsonText } from '../formats/csv';
import { looksLikeCsv, looksLikeJson, looksLikeYaml } from '../detect';

describe('worker job', () => {
  it('reads a Blob in chunks (multi-byte characters across chunk edges) and reports progress', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: `Zürich 👋 ${i}` }));
    const text = JSON.stringify(rows);
    const progress: number[] = [];
    const r = await runJob({ kind: 'minify', sortKeys: false }, new Blob([text]), (p) => progress.push(p), 100);
    expect(r.ok).toBe(true);
    expect(r.outputLength).toBe(text.length);
    expect(r.output).toBeUndefined();
    expect(await r.outputBlob!.text()).toBe(text);
    expect(r.preview).toBe(text.slice(0, r.preview.length));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // 6.6 MB through the JavaScript path (two 4 MiB reads): ~2 s idle, over the unit loop's 5 s
    // ceiling on a loaded 2-core machine once.
  }, 20_000);

  it('small outputs come back as text; failures carry the message and position', async () => {
    expect(await runJob({ kind: 'csvToJson', delimiter: ';', header: true }, 'a;b\n1;x')).toMatchObject({
      ok: true,
      output: '[\n  {\n    "a": 1,\n    "b": "x"\n  }\n]',
    });
    expect(await runJob({ kind: 'format', indent: 2, sortKeys: false }, new Blob(['{"a":\n]']))).toMatchObject({
      ok: false,
      status: expect.stringMatching(/^Invalid JSON: .* \(line 2, column 1\)$/),
      position: { line: 2, column: 1 },
    });
  });
});

describe('CSV -> JSON of a file, streamed through papaparse', () => {
  const op = { kind: 'csvToJson', delimiter: ',', header: true } as const;
  // Small slices, so a small file has many edges: the slicing is the same at 4 MB (SLICE_BYTES).
  const SLICE = 64 << 10;

  /** 2.2 slices of rows with multi-byte characters and quoted line breaks, so slice edges cut both. */
  function bigCsv(): string {
    const rows: string[] = ['id,city,note,zip'];
    let size = 0;
    for (let i = 0; size < 2.2 * SLICE; i++) {
      const row = `${i},Zürich 👋 ${i},"line one\nline ""two"", ${i}",0${i % 1000}`;
      rows.push(row);
      size += row.length + 1;
    }
    return rows.join('\n');
  }

  it('gives exactly the text path output, whatever the slice edges cut, with progress', async () => {
    const text = bigCsv();
    const bytes = new TextEncoder().encode(text);
    /** Bytes to put in front so that the first slice edge falls `into` bytes after the last `needle` before it. */
    const shiftTo = (needle: number[], into: number) => {
      for (let p = SLICE - needle.length; p > 0; p--)
        if (needle.every((b, i) => bytes[p + i] === b)) return SLICE - p - into;
      throw new Error('needle not found');
    };
    const emoji = [0xf0, 0x9f, 0x91, 0x8b];
    const quotedBreak = [...new TextEncoder().encode('one\nline')];
    const doubledQuote = [0x22, 0x22];
    const shifts = [
      0,
      ...[1, 2, 3].map((k) => shiftTo(emoji, k)),
      shiftTo(quotedBreak, 3),
      shiftTo(quotedBreak, 4),
      shiftTo(doubledQuote, 1),
    ];
    // Prefixing the header's first name moves every slice edge: into a 4-byte emoji at each of its
    // inner positions, on either side of a quoted line break, between a doubled quote.
    for (const shift of shifts) {
      const csv = 'x'.repeat(shift) + text;
      const want = csvToJsonText(csv, op).json;
      const progress: number[] = [];
      const r = await runCsvFileJob(op, new Blob([csv]), (p) => progress.push(p), 1000, SLICE);
      expect(r.ok).toBe(true);
      expect(r.output).toBeUndefined();
      expect(await r.outputBlob!.text()).toBe(want);
      expect(r.outputLength).toBe(want.length);
      expect(r.preview).toBe(want.slice(0, r.preview.length));
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.length).toBeGreaterThan(2);
    }
  });

  it('gives the text path status and output for small files, blank files and quote errors', async () => {
    const small = 'a,b\n1,"x, y"\n\n2,\u00e9';
    const r = await runJob(op, new Blob([small]));
    expect(r).toMatchObject({ ok: true, status: '✅ Converted 2 rows to JSON', output: csvToJsonText(small, op).json });
    expect(await runJob(op, new Blob([' \n\t\n']))).toMatchObject({
      ok: false,
      status: 'Please enter CSV data to convert',
    });
    const broken = 'a,b\n1,2\n\n3,"x\n4,5';
    const fromText = await runJob(op, broken);
    const fromFile = await runJob(op, new Blob([broken]));
    expect(fromFile.status).toBe('Error converting CSV to JSON: Quoted field unterminated (line 4)');
    expect(fromText.status).toBe(fromFile.status);
    expect(await runJob(op, new Blob(['a\n']))).toMatchObject({
      ok: true,
      status: '✅ Converted 0 rows to JSON',
      output: '[]',
    });
  });
});

describe('format hints', () => {
  it('recognise JSON, YAML and CSV', () => {
    expect(looksLikeJson(' {"a": 1}')).toBe(true);
    expect(looksLikeJson('[1, 2]')).toBe(true);
    expect(looksLikeJson('a: 1')).toBe(false);
    expect(looksLikeYaml('name: x\nlist:\n  - 1')).toBe(true);
    expect(looksLikeYaml('- a\n- b')).toBe(true);
    expect(looksLikeYaml('{"a": 1}')).toBe(false);
    expect(looksLikeYaml('just words')).toBe(false);
    expect(looksLikeCsv('a,b\n1,2\n3,4')).toBe(true);
    expect(looksLikeCsv('a;b\n1;2', ';')).toBe(true);
    expect(looksLikeCsv('[{"a":1},\n{"a":2}]')).toBe(false);
  });
});
