/** The worker's job with the JSON kernel: same results as the tree path for text, streamed for Blobs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../../server/wasm';
import { randomJsonText } from '../../../../tests/cases/testdata';
import { testRandom } from '../../../../tests/cases/seed';
import type { JsonExports } from '../json/kernel';
import { PREVIEW_CHARS, runJob } from './index';
import { runDataOp, type DataOp } from '../ops';

let kernel: JsonExports;
beforeAll(async () => {
  kernel = await loadFreshKernel<JsonExports>('json');
});

const FORMAT: DataOp = { kind: 'format', indent: 2, sortKeys: false };
const MINIFY: DataOp = { kind: 'minify', sortKeys: false };
const VALIDATE: DataOp = { kind: 'validate', indent: 2, sortKeys: false };

/** The job through the kernel, reduced to what the page shows. */
async function viaKernel(op: DataOp, input: string | Blob, displayLimit?: number) {
  const r = await runJob(op, input, undefined, displayLimit, kernel);
  return r.ok
    ? { ok: true, status: r.status, output: r.output }
    : { ok: false, status: r.status, position: r.position };
}

describe('JSON job through the kernel', () => {
  it('gives the spec messages for empty input, per action', async () => {
    expect(await viaKernel(FORMAT, '')).toEqual({
      ok: false,
      status: 'Please enter JSON to format',
      position: undefined,
    });
    expect(await viaKernel(MINIFY, ' \n')).toEqual({
      ok: false,
      status: 'Please enter JSON to minify',
      position: undefined,
    });
    expect(await viaKernel(VALIDATE, new Blob(['\t']))).toEqual({
      ok: false,
      status: 'Please enter JSON to validate',
      position: undefined,
    });
  });

  it('matches the tree path (today) on the formatter fixtures: output, status, message, position', async () => {
    const fixtures = [
      '{"a":[1,{"b":null}]}',
      '{ "a" : [ 1 , 2 ] }',
      '{"a":{"b":[]}}',
      '[12345678901234567890,0.10000000000000000001,1.50,1E400,-0,2.5e-3,9007199254740993]',
      '{\n  "a": 1,\n  "b": }',
      '{\n  "a": 1,\n  "b": ,\n}',
      '[1,]',
      '{',
      '01',
      '"\\x"',
      '[1] [2]',
      `[${'1,'.repeat(100)}]`,
      '[\n"é😀", 1 2]',
    ];
    for (const text of fixtures) {
      for (const op of [
        FORMAT,
        MINIFY,
        VALIDATE,
        { kind: 'format', indent: 4, sortKeys: false },
        { kind: 'format', indent: 'tab', sortKeys: false },
        { kind: 'validate', indent: 0, sortKeys: false },
      ] as DataOp[]) {
        const tree = runDataOp(op, text);
        const expected = tree.ok
          ? { ok: true, status: tree.status, output: tree.output }
          : { ok: false, status: tree.status, position: tree.position };
        expect(await viaKernel(op, text), `${op.kind} ${text}`).toEqual(expected);
      }
    }
  });

  it('matches the tree path on generated documents, as text and as a Blob', async () => {
    const r = testRandom(5);
    for (let i = 0; i < 100; i++) {
      const text = randomJsonText(r, 4);
      const tree = runDataOp(FORMAT, text);
      expect(await viaKernel(FORMAT, text)).toEqual({ ok: true, status: tree.status, output: tree.ok && tree.output });
      expect(await viaKernel(FORMAT, new Blob([text]))).toEqual({
        ok: true,
        status: tree.status,
        output: tree.ok && tree.output,
      });
    }
  });

  it('streams a big Blob into an output Blob with a preview, progress and the character count', async () => {
    const rows = Array.from({ length: 120_000 }, (_, i) => ({
      id: i,
      big: `1234567890123456789${i % 10}`,
      name: `Zürich 👋 "${i}"`,
    }));
    const text = JSON.stringify(rows).replace(/"big":"(\d+)"/g, '"big":$1');
    const progress: number[] = [];
    const r = await runJob(FORMAT, new Blob([text]), (p) => progress.push(p), 1000, kernel);
    const expected = JSON.stringify(rows, null, 2).replace(/"big": "(\d+)"/g, '"big": $1');
    expect(r.ok).toBe(true);
    expect(r.output).toBeUndefined();
    expect(r.outputLength).toBe(expected.length);
    expect(await r.outputBlob!.text()).toBe(expected);
    expect(r.preview).toBe(expected.slice(0, r.preview.length));
    expect(r.preview.length).toBe(PREVIEW_CHARS);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('places an error deep in a big Blob at its line and column (UTF-16 units, like the textarea)', async () => {
    const head = '[\n' + '  "é😀",\n'.repeat(600_000);
    const r = await runJob(FORMAT, new Blob([head + '  tru,\n]']), undefined, undefined, kernel);
    const line = 600_002;
    expect(r).toMatchObject({
      ok: false,
      status: `Invalid JSON: Unexpected token ',' (line ${line}, column 6)`,
      position: { line, column: 6, offset: head.length + 5 },
    });
  });

  it('skips a leading byte-order mark (as jq does) with Sort keys as without, and in the converters', async () => {
    const bom = '\ufeff';
    // Without Sort keys the kernel skips the mark (RFC 8259 lets a parser ignore it); the tree
    // path (Sort keys, the converters) said "Unexpected token '\ufeff'" for the same paste.
    for (const text of [`${bom}{"b":1,"a":[2]}`, `${bom}{\n"a": tru}`, `${bom} `]) {
      for (const op of [FORMAT, MINIFY, VALIDATE]) {
        const kernelResult = await viaKernel(op, text);
        const sorted = runDataOp({ ...op, sortKeys: true } as DataOp, text);
        expect(sorted.ok, `${op.kind} ${JSON.stringify(text)}`).toBe(kernelResult.ok);
        expect(sorted.status).toBe(kernelResult.status);
        if (!sorted.ok) expect(sorted.position).toEqual(kernelResult.position);
        const tree = runDataOp(op, text);
        expect(
          tree.ok
            ? { ok: true, status: tree.status, output: tree.output }
            : { ok: false, status: tree.status, position: tree.position },
        ).toEqual(kernelResult);
      }
    }
    // The error is selected in the textarea, whose value holds the (invisible) mark: the offset
    // counts it, the column does not.
    for (const [text, position] of [
      [`${bom}{"a":tru}`, { offset: 9, line: 1, column: 9 }],
      [`${bom}{\n"a": tru}`, { offset: 11, line: 2, column: 9 }],
    ] as const) {
      expect(await viaKernel(FORMAT, text)).toMatchObject({ position });
      expect(runDataOp({ ...FORMAT, sortKeys: true } as DataOp, text)).toMatchObject({ position });
    }
    const sorted = runDataOp({ kind: 'format', indent: 2, sortKeys: true }, `${bom}{"b":1,"a":[2]}`);
    expect(sorted.ok && sorted.output).toBe('{\n  "a": [\n    2\n  ],\n  "b": 1\n}');
    for (const op of [
      { kind: 'jsonToYaml', indent: 2, sortKeys: false },
      { kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: true },
    ] as DataOp[]) {
      const text = `${bom}[{"a":1}]`;
      expect(runDataOp(op, text, undefined, kernel), op.kind).toMatchObject({ ok: true });
      expect(runDataOp(op, text), op.kind).toMatchObject({ ok: true });
    }
  });

  it('JSON -> YAML and JSON -> CSV report JSON errors like the tree path', async () => {
    for (const op of [
      { kind: 'jsonToYaml', indent: 2, sortKeys: false },
      { kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: true },
    ] as DataOp[]) {
      for (const text of ['[{"a":1},]', '{\n"a" 1}', '[{"a":"x\u0001"}]', '[{"a":1}]']) {
        const tree = runDataOp(op, text);
        expect(runDataOp(op, text, undefined, kernel), text).toEqual(tree);
        expect(await runJob(op, text, undefined, undefined, kernel)).toMatchObject({
          ok: tree.ok,
          status: tree.status,
        });
      }
    }
  });

  it('names a newline, CR or tab it did not expect as \\n, \\r, \\t: shown raw, it read as a space', async () => {
    // Until 2026-12-01 `{"a": tru` then a line break said "Unexpected token ' '" on the page (the
    // status line draws a newline as a space), while bitsmith wrote "Unexpected token '\\n'".
    const cases: [string, string][] = [
      ['{"a": tru\n}', "Unexpected token '\\n' (line 1, column 10)"],
      ['{"a": tru\r\n}', "Unexpected token '\\r' (line 1, column 10)"],
      ['[fals\t]', "Unexpected token '\\t' (line 1, column 6)"],
    ];
    for (const [text, detail] of cases) {
      for (const sortKeys of [false, true]) {
        const op: DataOp = { kind: 'format', indent: 2, sortKeys };
        expect(runDataOp(op, text).status, text).toBe(`Invalid JSON: ${detail}`);
        expect((await runJob(op, text, undefined, undefined, kernel)).status, text).toBe(`Invalid JSON: ${detail}`);
        expect((await runJob(op, new Blob([text]), undefined, undefined, kernel)).status, text).toBe(
          `Invalid JSON: ${detail}`,
        );
      }
      expect(runDataOp(VALIDATE, text).status).toBe(`❌ Invalid JSON: ${detail}`);
      expect(runDataOp({ kind: 'jsonToYaml', indent: 2, sortKeys: false }, text).status).toBe(
        `Invalid JSON: ${detail}`,
      );
      expect(runDataOp({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false }, text).status).toBe(
        `Error converting JSON to CSV: ${detail}`,
      );
    }
    // A printable character is named as it is, a backslash too.
    expect(runDataOp(FORMAT, '[\\]').status).toBe("Invalid JSON: Unexpected token '\\' (line 1, column 2)");
  });
});
