import { describe, expect, it } from 'vitest';
import { JSON_TREE_MAX_DEPTH, readJson } from './read';
import { writeJson } from './write';
import { runDataOp } from '../ops';
import { MSG } from '../messages';
import { randomJsonText } from '../../../../tests/cases/testdata';
import { testRandom } from '../../../../tests/cases/seed';

const format = (text: string, indent: 0 | 2 | 4 = 2, sortKeys = false) =>
  runDataOp({ kind: 'format', indent, sortKeys }, text);

describe('JSON formatter messages (spec section 5)', () => {
  it('asks for input per action when empty or blank', () => {
    expect(runDataOp({ kind: 'format', indent: 2, sortKeys: false }, '')).toEqual({
      ok: false,
      status: 'Please enter JSON to format',
    });
    expect(runDataOp({ kind: 'minify', sortKeys: false }, '  \n')).toEqual({
      ok: false,
      status: 'Please enter JSON to minify',
    });
    expect(runDataOp({ kind: 'validate', indent: 2, sortKeys: false }, '\t')).toEqual({
      ok: false,
      status: 'Please enter JSON to validate',
    });
  });

  it('reports invalid JSON with the spec prefix, the detail and the line and column', () => {
    const r = format('{\n  "a": 1,\n  "b": }');
    expect(r.ok).toBe(false);
    expect(r.status).toMatch(/^Invalid JSON: .+ \(line 3, column 8\)$/);
    if (!r.ok) expect(r.position).toEqual({ offset: 19, line: 3, column: 8 });
  });

  it('Validate prefixes a cross mark; the status is never a success for bad JSON', () => {
    const r = runDataOp({ kind: 'validate', indent: 2, sortKeys: false }, '[1,]');
    expect(r.status.startsWith('❌ Invalid JSON: ')).toBe(true);
    expect(runDataOp({ kind: 'minify', sortKeys: false }, '{').status.startsWith('Invalid JSON: ')).toBe(true);
  });

  it('valid JSON gives ✅ Valid JSON! and the formatted output for every action', () => {
    for (const op of [
      { kind: 'format', indent: 2, sortKeys: false },
      { kind: 'validate', indent: 2, sortKeys: false },
    ] as const) {
      expect(runDataOp(op, '{"a":[1,{"b":null}]}')).toEqual({
        ok: true,
        status: MSG.validJson,
        output: '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}',
      });
    }
    expect(runDataOp({ kind: 'minify', sortKeys: false }, '{ "a" : [ 1 , 2 ] }')).toEqual({
      ok: true,
      status: '✅ Valid JSON!',
      output: '{"a":[1,2]}',
    });
  });

  it('indentation 4 and 0 (0 means minified)', () => {
    expect(format('{"a":{"b":[]}}', 4).ok && format('{"a":{"b":[]}}', 4)).toMatchObject({
      output: '{\n    "a": {\n        "b": []\n    }\n}',
    });
    expect(format('{ "a" : { "b" : [ ] } }', 0)).toMatchObject({ output: '{"a":{"b":[]}}' });
  });
});

describe('lossless JSON', () => {
  it('keeps number literals byte for byte', () => {
    const src = '[12345678901234567890,0.10000000000000000001,1.50,1E400,-0,2.5e-3,9007199254740993]';
    expect(format(src, 0)).toMatchObject({ output: src });
    expect(format(src, 2)).toMatchObject({
      output:
        '[\n  12345678901234567890,\n  0.10000000000000000001,\n  1.50,\n  1E400,\n  -0,\n  2.5e-3,\n  9007199254740993\n]',
    });
  });

  it('matches JSON.stringify(JSON.parse(x), null, n) on generated documents with safe numbers', () => {
    const r = testRandom();
    for (let i = 0; i < 300; i++) {
      const text = randomJsonText(r)
        .replace(/-?\d[\d.eE+-]*/g, (m) => String(Number(m)))
        .replace(/Infinity/g, '1');
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch {
        continue; // the number replacement may touch text inside strings; such cases are skipped
      }
      for (const indent of [0, 2, 4] as const) {
        const got = format(text, indent);
        // JSON.parse reorders integer-like keys; we keep document order, so compare values then.
        expect(JSON.parse(got.ok ? got.output : 'x')).toEqual(expected);
        if (!/"\d+":/.test(text)) expect(got).toMatchObject({ output: JSON.stringify(expected, null, indent) });
      }
    }
  });

  it('formatting is idempotent and minify(format(x)) keeps all literals', () => {
    const r = testRandom();
    for (let i = 0; i < 200; i++) {
      const text = randomJsonText(r);
      const min = runDataOp({ kind: 'minify', sortKeys: false }, text);
      expect(min.ok).toBe(true);
      if (!min.ok) continue;
      const pretty = format(min.output, 4);
      expect(pretty.ok && runDataOp({ kind: 'minify', sortKeys: false }, pretty.output)).toMatchObject({
        output: min.output,
      });
    }
  });

  it('keeps key order including integer-like keys, and duplicate keys resolve like JSON.parse', () => {
    expect(format('{"b":1,"2":2,"a":3,"1":4}', 0)).toMatchObject({ output: '{"b":1,"2":2,"a":3,"1":4}' });
    expect(format('{"a":1,"b":2,"a":3}', 0)).toMatchObject({ output: '{"a":3,"b":2}' });
  });

  it('sort keys orders every object by key, recursively, leaving arrays in order', () => {
    expect(format('{"b":{"z":1,"y":[{"d":1,"c":2}]},"a":0}', 0, true)).toMatchObject({
      output: '{"a":0,"b":{"y":[{"c":2,"d":1}],"z":1}}',
    });
  });

  it('sort keys orders by code point, as jq -S and Python sort_keys do (U+FF01 before U+1F600)', () => {
    const json = '{"😀":1,"！":2,"a":{"\uffff":1,"😀":2,"\ud7ff":3},"ab":4,"":5}';
    // jq -S -c . and python3 json.dumps(sort_keys=True, ensure_ascii=False) give this text.
    expect(runDataOp({ kind: 'minify', sortKeys: true }, json)).toMatchObject({
      output: '{"":5,"a":{"\ud7ff":3,"\uffff":1,"😀":2},"ab":4,"！":2,"😀":1}',
    });
    const yaml = runDataOp({ kind: 'jsonToYaml', indent: 2, sortKeys: true }, json);
    expect(yaml.ok && yaml.output.split('\n').map((l) => l.split(':')[0])).toEqual([
      '""',
      'a',
      '  \ud7ff',
      '  "\\uffff"',
      '  😀',
      'ab',
      '！',
      '😀',
      '',
    ]);
    expect(runDataOp({ kind: 'yamlToJson', indent: 2, sortKeys: true }, '😀: 1\n！: 2\n')).toMatchObject({
      output: '{\n  "！": 2,\n  "😀": 1\n}',
    });
  });

  it('string escapes are decoded and re-encoded like JSON.stringify', () => {
    expect(format('["\\u00e9\\n\\"\\\\\\/", "\\ud83d\\ude00"]', 0)).toMatchObject({ output: '["é\\n\\"\\\\/","😀"]' });
  });

  it('rejects what JSON.parse rejects, with a position', () => {
    const bad = [
      '{',
      '[1,2,]',
      '{"a":1,}',
      "{'a':1}",
      '01',
      '1.',
      '.5',
      '+1',
      'NaN',
      '[1] [2]',
      '"\t"',
      '"\\x"',
      'tru',
      '{"a" 1}',
      '[1 2]',
      '\u00a0[]',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text)).toThrow();
      const r = readJson(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.position.line).toBe(1);
    }
  });

  it('places a misspelt true, false or null at the character the message names, as the kernel does', () => {
    for (const [text, token, offset] of [
      ['{"a":tru}', '}', 8],
      ['[falsy]', 'y', 5],
      ['[nul,1]', ',', 4],
      ['{"a": nulL}', 'L', 9],
      ['[t]', ']', 2],
    ] as const) {
      const r = readJson(text);
      expect(r, text).toMatchObject({ ok: false, detail: `Unexpected token '${token}'`, position: { offset } });
    }
    expect(readJson('[tru')).toMatchObject({
      ok: false,
      detail: 'Unexpected end of JSON input',
      position: { offset: 4 },
    });
  });

  it("places an escaped character beyond U+FFFF at that character, as the kernel does (was the string's opening quote)", () => {
    // JSON.parse gives no position for it ("Unexpected token"), so the reader's own place counts.
    for (const [text, offset] of [
      ['["xy\\😀"]', 5],
      ['{"a": 1, "b": "\\n\\😀 x"}', 18],
      ['{"k\\"\\𝄞": 1}', 6],
    ] as const) {
      const r = readJson(text);
      expect(r, text).toMatchObject({ ok: false, position: { offset } });
      if (!r.ok) expect(r.detail).toMatch(/^Unexpected token /);
    }
    // The escapes JSON.parse places itself keep their place.
    expect(readJson('["ab\\q"]')).toMatchObject({
      ok: false,
      detail: 'Bad escaped character in JSON',
      position: { offset: 5 },
    });
  });

  it('names a character beyond U+FFFF whole, not its first half (V8 names a lone surrogate, shown as \ufffd)', () => {
    for (const [text, offset] of [
      ['[😀]', 1],
      ['{"a": 😀}', 6],
      ['[1, t😀]', 5],
      ['\ufeff[𝄞]', 2],
    ] as const) {
      const token = text.includes('😀') ? '😀' : '𝄞';
      expect(readJson(text), text).toMatchObject({
        ok: false,
        detail: `Unexpected token '${token}'`,
        position: { offset },
      });
      expect(format(text, 2, true).status).toMatch(
        new RegExp(`^Invalid JSON: Unexpected token '${token}' \\(line 1`, 'u'),
      );
    }
  });

  it('writes Maps, plain objects and Infinity like JSON.stringify would', () => {
    expect(writeJson({ a: [Infinity, undefined, () => 1], b: undefined }, { indent: 0 })).toBe(
      '{"a":[null,null,null]}',
    );
  });

  it('deep nesting is reported at the bracket past the limit, not a crash, and the limit is written back', () => {
    const deep = (n: number) => '[{"a":'.repeat(n) + '1' + '}]'.repeat(n);
    const r = readJson(deep(50_000));
    expect(r).toMatchObject({
      ok: false,
      tooDeep: JSON_TREE_MAX_DEPTH,
      position: { offset: 6 * (JSON_TREE_MAX_DEPTH / 2) },
    });
    const limit = readJson(deep(JSON_TREE_MAX_DEPTH / 2));
    if (!limit.ok) throw new Error(limit.detail);
    expect(writeJson(limit.value, { indent: 2, sortKeys: true })).toBe(
      JSON.stringify(JSON.parse(deep(JSON_TREE_MAX_DEPTH / 2)), null, 2),
    );
    // Invalid as well as deep: invalid, in JSON.parse's words, at the end (it said column 501,
    // where the limit was passed).
    expect(readJson('['.repeat(100_000))).toMatchObject({
      ok: false,
      detail: 'Unexpected end of JSON input',
      position: { offset: 100_000, line: 1, column: 100_001 },
    });
    expect(readJson(`${'['.repeat(600)}\n`)).toMatchObject({ position: { line: 2, column: 1 } });
  });
});

describe('error detail', () => {
  it('drops the quoted source V8 puts in some messages (it can be long and span lines)', () => {
    const r = format('{\n  "a": 1,\n  "b": ,\n}');
    expect(r.status).toBe("Invalid JSON: Unexpected token ',' (line 3, column 8)");
    const long = format(`[${'1,'.repeat(100)}]`);
    expect(long.status).not.toContain('is not valid JSON');
  });
});
