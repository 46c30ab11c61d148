/** Repeated keys: found in every chunking, placed, counted; none in arrays or across objects. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../../server/wasm';
import type { JsonExports } from './kernel';
import { DuplicateKeyScan } from './duplicates';
import { runJob } from '../jobs';
import { runDataOp } from '../ops';

const NOTE = '⚠ Duplicate key "a" at line 3, column 3: only its last value is kept.';
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

  it('is a note beside the spec message, on the tree path and through the kernel', async () => {
    for (const kind of ['format', 'validate'] as const) {
      const tree = runDataOp({ kind, indent: 2, sortKeys: false }, TEXT);
      expect(tree).toMatchObject({ ok: true, status: '✅ Valid JSON!', note: NOTE });
      const job = await runJob({ kind, indent: 2, sortKeys: false }, TEXT, undefined, undefined, kernel);
      expect(job).toMatchObject({ ok: true, status: '✅ Valid JSON!', note: NOTE });
      const blob = await runJob({ kind, indent: 2, sortKeys: false }, new Blob([TEXT]), undefined, undefined, kernel);
      expect(blob).toMatchObject({ ok: true, status: '✅ Valid JSON!', note: NOTE });
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
