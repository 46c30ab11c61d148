/** Repeated keys: found in every chunking, placed, counted; none in arrays or across objects. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../../server/wasm';
import type { JsonExports } from './kernel';
import { DuplicateKeyScan } from './duplicates';
import { runJob } from '../jobs';
import { runDataOp } from '../ops';

const NOTE = '⚠ Duplicate key "a" at line 3, column 3: only its last value is kept.';
/** Where the output keeps both values as written (the kernel) or there is none (validate). */
const READERS_NOTE = '⚠ Duplicate key "a" at line 3, column 3: JSON.parse and most readers keep only its last value.';
const TEXT =
  '{\n  "a": 1,\n  "a": {"a": "x\\"}", "b": [{"b": 1}, {"b": 2}], "c\\u00e9": 0, "cé": 1, "c": 2},\n "b": 3, "b": 4}';

let kernel: JsonExports;
beforeAll(async () => {
  kernel = await loadFreshKernel<JsonExports>('json');
});

describe('duplicate keys', () => {
  it('finds the same keys however the bytes are cut', () => {
    const bytes = new TextEncoder().encode(TEXT);
    for (let size = 1; size <= bytes.length; size++) {
      const scan = new DuplicateKeyScan();
      for (let i = 0; i < bytes.length; i += size) scan.feed(bytes.subarray(i, i + size));
      expect({ size, first: scan.first }).toEqual({
        size,
        first: { key: 'a', byteOffset: 14 },
      });
    }
  });

  it('names the key with its escapes read, and finds none in arrays or apart objects', () => {
    const scan = new DuplicateKeyScan();
    scan.feed(new TextEncoder().encode('[1, 1, {"x\\"y": 1, "x\\"y": 2}]'));
    expect(scan.first).toEqual({ key: 'x"y', byteOffset: 19 });
    const none = new DuplicateKeyScan();
    none.feed(new TextEncoder().encode('[{"a": "a"}, {"a": ["a", "a"]}, "\\\\", {"a": 1}]'));
    expect(none.first).toBeUndefined();
  });

  it('compares keys as read: an escape and the character it stands for are one key', () => {
    const first = (text: string) => {
      const scan = new DuplicateKeyScan();
      scan.feed(new TextEncoder().encode(text));
      return scan.first;
    };
    // Each was two keys to the scan, and the tree kept one of them without a word.
    expect(first('{"a": 1, "\\u0061": 2}')).toEqual({ key: 'a', byteOffset: 9 });
    expect(first('{"c\\u00e9": 1, "cé": 2}')).toEqual({ key: 'cé', byteOffset: 15 });
    expect(first('{"\\\\": 1, "\\u005c": 2}')).toEqual({ key: '\\', byteOffset: 10 });
    expect(first('{"\\ud83d\\ude00": 1, "😀": 2}')?.key).toBe('😀');
    expect(first('{"\\ud800": 1, "\\uD800": 2}')?.key).toBe('\ud800');
    // Not the same: a backslash and a u written out, or two different lone surrogates.
    expect(first('{"\\\\u0061": 1, "a": 2}')).toBeUndefined();
    expect(first('{"\\ud800": 1, "\\udc00": 2, "\\ufffd": 3, "\uFFFD": 4}')).toEqual({ key: '\uFFFD', byteOffset: 40 });
  });

  it('looks at the first bytes only: a key repeated past them is not found', () => {
    const bytes = new TextEncoder().encode('{"a": 1, "b": 2, "a": 3}');
    for (const [limit, found] of [
      [19, false],
      [20, true],
    ] as const) {
      const scan = new DuplicateKeyScan(limit);
      scan.feed(bytes.subarray(0, 10));
      scan.feed(bytes.subarray(10));
      expect({ limit, found: scan.first !== undefined }).toEqual({ limit, found });
    }
  });

  it('is a note beside the spec message that says what became of the values, on the tree path and through the kernel', async () => {
    for (const kind of ['format', 'validate'] as const) {
      // The tree's output holds the last value alone; validate writes none.
      const tree = runDataOp({ kind, indent: 2, sortKeys: false }, TEXT);
      expect(tree).toMatchObject({ ok: true, status: '✅ Valid JSON!', note: kind === 'format' ? NOTE : READERS_NOTE });
      // The kernel copies both values as written: the note said "only its last value is kept" above them.
      const job = await runJob({ kind, indent: 2, sortKeys: false }, TEXT, undefined, undefined, kernel);
      expect(job).toMatchObject({ ok: true, status: '✅ Valid JSON!', note: READERS_NOTE });
      if (kind === 'format') expect(job.output).toMatch(/"a": 1,\n {2}"a": \{/);
      const blob = await runJob({ kind, indent: 2, sortKeys: false }, new Blob([TEXT]), undefined, undefined, kernel);
      expect(blob).toMatchObject({ ok: true, status: '✅ Valid JSON!', note: READERS_NOTE });
      const sorted = await runJob({ kind, indent: 2, sortKeys: true }, TEXT, undefined, undefined, kernel);
      expect(sorted).toMatchObject({ ok: true, note: kind === 'format' ? NOTE : READERS_NOTE });
    }
    expect(runDataOp({ kind: 'minify', sortKeys: false }, '{"a":1,"b":2}')).not.toHaveProperty(
      'note',
      expect.anything(),
    );
  });

  it('is a note on JSON -> YAML and JSON -> CSV too, which keep the last value', () => {
    const text = '[{"a": 1, "b": 2, "a": 3}]';
    const note = '⚠ Duplicate key "a" at line 1, column 19: only its last value is kept.';
    expect(runDataOp({ kind: 'jsonToYaml', indent: 2, sortKeys: false }, text)).toMatchObject({
      ok: true,
      output: '- a: 3\n  b: 2\n',
      note,
    });
    expect(
      runDataOp({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false }, `${text.slice(0, -1)}, {"c": 4}]`),
    ).toMatchObject({
      ok: true,
      note: `${note} The columns are the first object's keys: 1 key only later objects have was left out (c).`,
    });
  });
});
