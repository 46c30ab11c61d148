import { describe, expect, it } from 'vitest';
import { runJob } from './job';
import { looksLikeCsv, looksLikeJson, looksLikeYaml } from './detect';

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
  });

  it('small outputs come back as text; failures carry the message and position', async () => {
    expect(await runJob({ kind: 'csvToJson', delimiter: ';', header: true }, 'a;b\n1;x')).toMatchObject({ ok: true, output: '[\n  {\n    "a": 1,\n    "b": "x"\n  }\n]' });
    expect(await runJob({ kind: 'format', indent: 2, sortKeys: false }, new Blob(['{"a":\n]']))).toMatchObject({
      ok: false,
      status: expect.stringMatching(/^Invalid JSON: .* \(line 2, column 1\)$/),
      position: { line: 2, column: 1 },
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
