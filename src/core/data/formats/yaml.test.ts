import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { runDataOp } from '../ops';
import { randomJsonText } from '../../../../tests/cases/testdata';
import { testRandom } from '../../../../tests/cases/seed';

const toYaml = (text: string, indent: 2 | 4 = 2, sortKeys = false) =>
  runDataOp({ kind: 'jsonToYaml', indent, sortKeys }, text);
const toJson = (text: string, indent: 2 | 4 = 2, sortKeys = false) =>
  runDataOp({ kind: 'yamlToJson', indent, sortKeys }, text);
const out = (r: ReturnType<typeof runDataOp>) => (r.ok ? r.output : `FAILED: ${r.status}`);

describe('JSON and YAML messages (spec section 5)', () => {
  it('empty input', () => {
    expect(toYaml(' ')).toEqual({ ok: false, status: 'Please enter JSON to convert' });
    expect(toJson('\n')).toEqual({ ok: false, status: 'Please enter YAML to convert' });
  });

  it('invalid JSON and invalid YAML keep the prefix and add line and column', () => {
    const j = toYaml('{"a": 1,\n "b" 2}');
    expect(j.status).toMatch(/^Invalid JSON: .+ \(line 2, column 6\)$/);
    const y = toJson('a: 1\nb: [1, 2\nc: 3');
    expect(y.status).toMatch(/^Invalid YAML: .+ \(line \d+, column \d+\)$/);
    const dup = toJson('a: 1\na: 2\n');
    expect(dup).toMatchObject({ ok: false, position: { line: 2, column: 1 } });
    expect(dup.status).toMatch(/^Invalid YAML: Map keys must be unique \(line 2, column 1\)$/);
  });

  it('finds a key given twice in any mapping, at the first such key, as the library did', () => {
    const at = (yaml: string) => {
      const r = toJson(yaml);
      return r.ok ? 'ok' : `${r.status}`;
    };
    expect(at('{a: 1, b: 2, a: 3}')).toBe('Invalid YAML: Map keys must be unique (line 1, column 14)');
    // The inner mapping's key comes first in the text, though its mapping is visited later.
    expect(at('x:\n  k: 1\n  k: 2\nx: 3\n')).toBe('Invalid YAML: Map keys must be unique (line 3, column 3)');
    expect(at('1: a\n0x1: b\n')).toBe('Invalid YAML: Map keys must be unique (line 2, column 1)'); // the same number
    expect(at('"1": a\n1: b\n')).toMatch(/^Invalid YAML: Map keys "1" and 1 are the same JSON key/); // not the same value
    expect(at('.nan: a\n.NaN: b\n')).toMatch(/^Invalid YAML: Map keys .nan and .NaN are the same JSON key/);
    expect(at('? [a]\n: 1\n? [a]\n: 2\n')).not.toMatch(/must be unique/); // collections are never the same key
    // An error before the key given twice is the one reported; after it, the key is.
    expect(at('a: [1\nb: 1\nb: 2\n')).not.toMatch(/must be unique/);
    expect(at('b: 1\nb: 2\nc: [1\n')).toBe('Invalid YAML: Map keys must be unique (line 2, column 1)');
  });

  it('reads a list of 130,000 items and a mapping of 40,000 keys (the list was "nested too deeply")', () => {
    const list = Array.from({ length: 130_000 }, (_, i) => i);
    const listYaml = out(toYaml(JSON.stringify(list)));
    expect(JSON.parse(out(toJson(listYaml)))).toEqual(list);
    // 40,000 keys took 16 s (each key was compared with every earlier one): see bench/data.bench.ts.
    const map = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, i]));
    expect(JSON.parse(out(toJson(out(toYaml(JSON.stringify(map))))))).toEqual(map);
  });

  it('says a tab indents a line wherever it does, also in a block scalar or a quoted string, at the tab', () => {
    // The library says so for a key or an item; for the lines of a block scalar or of a quoted
    // string it named something else ("Block scalar values in collections must be indented",
    // "Missing closing \"quote" at the opening quote).
    for (const [yaml, line, column] of [
      ['a: 1\n\tb: 2\n', 2, 1],
      ['a: >\n\tfolded\n', 2, 1],
      ['a: |\n  x\n\ty\n', 3, 1],
      ['a:\n  b: |\n\tz\n', 3, 1],
      ['- |\n\tx\n', 2, 1],
      ['a: 1\nb: "x\n\ty"\n', 3, 1],
      ["a: 'it''s\n\tmore'\n", 2, 1],
    ] as const) {
      expect(toJson(yaml), JSON.stringify(yaml)).toMatchObject({
        ok: false,
        status: `Invalid YAML: Tabs are not allowed as indentation (line ${line}, column ${column})`,
      });
    }
    // A tab after the indentation is no indentation: those stay valid, and other errors keep their words.
    expect(JSON.parse(out(toJson('a: |\n  x\ty\nb: "p\n  \tq"\nc: |\n  \tz\n')))).toEqual({
      a: 'x\ty\n',
      b: 'p q',
      c: '\tz\n',
    });
    expect(toJson('a: "x\n  y\n').status).toMatch(/^Invalid YAML: Missing closing "quote \(line/);
    expect(toJson('a: "x\n\ty\n').status).toMatch(/^Invalid YAML: Missing closing "quote \(line/); // never closed
  });

  it('success has a check mark', () => {
    expect(toYaml('{"a":1}')).toEqual({ ok: true, output: 'a: 1\n', status: '✅ Converted JSON to YAML' });
    expect(toJson('a: 1')).toEqual({
      ok: true,
      output: '{\n  "a": 1\n}',
      status: '✅ Converted YAML to JSON',
      note: undefined,
    });
  });
});

describe('YAML features', () => {
  it('resolves anchors, aliases and merge keys (<<: *anchor)', () => {
    const src =
      'base: &b\n  host: localhost\n  port: 80\nlist: &l [1, 2]\nsvc:\n  <<: *b\n  port: 8080\n  items: *l\nmulti:\n  <<: [*b, {extra: true}]\n';
    expect(JSON.parse(out(toJson(src)))).toEqual({
      base: { host: 'localhost', port: 80 },
      list: [1, 2],
      svc: { host: 'localhost', port: 8080, items: [1, 2] },
      multi: { host: 'localhost', port: 80, extra: true },
    });
  });

  it('several documents become an array and are reported', () => {
    const r = toJson('a: 1\n---\nb: 2\n---\n- 3\n');
    expect(JSON.parse(out(r))).toEqual([{ a: 1 }, { b: 2 }, [3]]);
    expect(r.ok && r.note).toMatch(/3 YAML documents/);
  });

  it('says how many .inf and .nan values became null (JSON has no spelling for them)', () => {
    // They became null without a word: a threshold of .inf read back as null, 'no value'.
    const r = toJson('max: .inf\nmin: -.Inf\nbad: .nan\nok: 1\n');
    expect(out(r)).toBe('{\n  "max": null,\n  "min": null,\n  "bad": null,\n  "ok": 1\n}');
    expect(r.ok && r.note).toBe('3 values (.inf, -.inf or .nan) have no JSON spelling and became null.');
    const one = toJson('a: .inf\n---\nb: 2\n');
    expect(one.ok && one.note).toBe(
      'The input holds 2 YAML documents (separated by ---); the JSON is an array with one element per document. 1 value (.inf, -.inf or .nan) has no JSON spelling and became null.',
    );
    expect(toJson('a: 1\n').ok && (toJson('a: 1\n') as { note?: string }).note).toBeUndefined();
  });

  it('says how many comments the JSON leaves out (JSON has none), not counting a # inside a string', () => {
    // They were dropped without a word: a configuration's explanations gone after a round trip.
    const r = toJson('# top\na: 1 # why\n# before b\nb: |\n  # text, not a comment\nc: "#no" # yes\n...\n# after\n');
    expect(JSON.parse(out(r))).toEqual({ a: 1, b: '# text, not a comment\n', c: '#no' });
    expect(r.ok && r.note).toBe('5 comments have no place in JSON and are not in the output.');
    const one = toJson('a: 1\n---\n# one\nb: [1, {c: 2} # flow\n ]\n');
    expect(one.ok && one.note).toBe(
      'The input holds 2 YAML documents (separated by ---); the JSON is an array with one element per document. 2 comments have no place in JSON and are not in the output.',
    );
    expect((toJson('a: 1 # only\n') as { note?: string }).note).toBe(
      '1 comment has no place in JSON and is not in the output.',
    );
    expect((toJson('a: "# no"\nb: x#y\n') as { note?: string }).note).toBeUndefined();
  });

  it('says which tags JSON has no place for: the values are kept without them (CloudFormation !Ref, ...)', () => {
    // They were dropped without a word: `!Ref Bucket` became the string "Bucket".
    const r = toJson('a: !Ref Bucket\nb: !GetAtt Role.Arn\nc: !Sub [x, {y: 1}]\nd: !Ref Other\ne: !!custom z\n');
    expect(JSON.parse(out(r))).toEqual({ a: 'Bucket', b: 'Role.Arn', c: ['x', { y: 1 }], d: 'Other', e: 'z' });
    expect(r.ok && r.note).toBe(
      '5 values are written without their tags (!Ref, !GetAtt, !Sub, !!custom), which JSON has no place for.',
    );
    const one = toJson('# c\na: !<tag:example.com,2000:x> q\n');
    expect(one.ok && one.note).toBe(
      '1 comment has no place in JSON and is not in the output. 1 value is written without its tag (!<tag:example.com,2000:x>), which JSON has no place for.',
    );
    // The tags JSON can do without say nothing: core types, !!binary, !!set, the non-specific !.
    expect(
      (toJson('a: !!str 1\nb: !!binary aGk=\nc: !!set {x}\nd: ! 12\ne: !!int 3\n') as { note?: string }).note,
    ).toBe(undefined);
  });

  it('keeps YAML number literals JSON can spell and converts the others', () => {
    expect(
      out(
        toJson(
          'a: 12345678901234567890\nb: 0.10000000000000000001\nc: 1.50\nd: 0x1F\ne: 0o17\nf: +5\ng: .5\nh: .inf\ni: "12"\nj: 1e400',
          2,
        ),
      ),
    ).toBe(
      '{\n  "a": 12345678901234567890,\n  "b": 0.10000000000000000001,\n  "c": 1.50,\n  "d": 31,\n  "e": 15,\n  "f": 5,\n  "g": 0.5,\n  "h": null,\n  "i": "12",\n  "j": 1e400\n}',
    );
  });

  it('writes a YAML number JSON spells otherwise (.5, 5., +5) from its text, every digit kept', () => {
    // Until 2026-12-01 these went through a JavaScript number: .12345678901234567890123 became
    // 0.12345678901234568 and 12345678901234567890. became 12345678901234567000.
    const yaml =
      'a: .12345678901234567890123\nb: -.30000000000000004441\nc: 12345678901234567890.\nd: +.5\ne: 5.e3\nf: +9007199254740993.\n';
    expect(out(toJson(yaml)).replace(/\s+/g, '')).toBe(
      '{"a":0.12345678901234567890123,"b":-0.30000000000000004441,"c":12345678901234567890,"d":0.5,"e":5e3,"f":9007199254740993}',
    );
    // So in a %YAML 1.1 document, whose other forms still take their 1.1 reading.
    expect(out(toJson(`%YAML 1.1\n---\n${yaml}g: 0755\n`)).replace(/\s+/g, '')).toBe(
      '{"a":0.12345678901234567890123,"b":-0.30000000000000004441,"c":12345678901234567890,"d":0.5,"e":5e3,"f":9007199254740993,"g":493}',
    );
  });

  it('reads the numbers of a %YAML 1.1 document as YAML 1.1 does (PyYAML): octal 0755, 1:30, 1_000', () => {
    const yaml =
      '%YAML 1.1\n---\na: 0755\nb: 1:30\nc: 1_000\nd: 0b11\ne: 190:20:30.15\nf: 0xFFFFFFFFFFFFFFFFFF\ng: 1_000.5\nh: 12345678901234567890\nj: 1.50\n';
    // What PyYAML's safe_load gives, written by Python's json.dumps (1.50 keeps its literal here).
    expect(out(toJson(yaml, 2))).toBe(
      '{\n  "a": 493,\n  "b": 90,\n  "c": 1000,\n  "d": 3,\n  "e": 685230.15,\n  "f": 4722366482869645213695,\n  "g": 1000.5,\n  "h": 12345678901234567890,\n  "j": 1.50\n}',
    );
    // Without the directive, YAML 1.2: 0755 is decimal, the others are text.
    expect(JSON.parse(out(toJson('a: 0755\nb: 1:30\nc: 1_000\n')))).toEqual({ a: 755, b: '1:30', c: '1_000' });
  });

  it('reads a scalar with an explicit !!float, !!int, !!bool or !!null tag as that type, or says it is not one', () => {
    // YAML 1.2 section 10.3: a tag names the type whatever the scalar looks like; PyYAML reads
    // `!!float 1` as 1.0. The library found no !!float whose pattern matched "1" and warned, and
    // the JSON had the string "1".
    expect(
      JSON.parse(out(toJson('a: !!float 1\nb: !!float "2"\nc: !!float -3\nd: !!float 1.5\ne: !!int "7"'))),
    ).toEqual({ a: 1, b: 2, c: -3, d: 1.5, e: 7 });
    expect(out(toJson('a: !!float 12345678901234567890\nb: !!float 0x10\n'))).toBe(
      '{\n  "a": 12345678901234567890,\n  "b": 16\n}',
    );
    expect(JSON.parse(out(toJson('a: !!bool "true"\nb: !!null ""\nc: !!str 1\nd: !custom x\n')))).toEqual({
      a: true,
      b: null,
      c: '1',
      d: 'x',
    });
    // A value the tag cannot name is an error at the tag (was the value as a string, without a word).
    for (const [yaml, detail, column] of [
      ['a: 1\nb: !!float abc\n', 'abc is not a !!float', 4],
      ['a: 1\nb: !!int 1.5\n', '1.5 is not an !!int', 4],
      ['a: 1\nb: [!!bool yes]\n', 'yes is not a !!bool', 5],
      ['a: 1\nb: !!null x\n', 'x is not a !!null', 4],
      ['a: 1\nb: !!int\n', 'An empty value is not an !!int', 4],
      ['a: 1\nb: !!float ""\n', 'An empty value is not a !!float', 4],
    ] as const) {
      const r = toJson(yaml);
      expect(r).toMatchObject({ ok: false, position: { line: 2, column } });
      expect(r.status).toBe(`Invalid YAML: ${detail} (line 2, column ${column})`);
    }
    // In a %YAML 1.1 document the tags are YAML 1.1's: !!bool yes is true.
    expect(JSON.parse(out(toJson('%YAML 1.1\n---\na: !!bool yes\nb: !!float 1\n')))).toEqual({ a: true, b: 1 });
  });

  it('writes JSON number literals unchanged into YAML, and quotes strings that would change type', () => {
    const y = out(toYaml('{"big":12345678901234567890,"dec":1.50,"s":"123","t":"true","n":"null","e":""}'));
    expect(y).toBe('big: 12345678901234567890\ndec: 1.50\ns: "123"\nt: "true"\n"n": "null"\ne: ""\n');
  });

  it('quotes strings a YAML 1.1 reader or a merge key would change: yes, on, 1:30, 0755, 2001-12-14, <<', () => {
    const strings = [
      'yes',
      'No',
      'ON',
      'off',
      'y',
      'N',
      '1:30',
      '190:20:30',
      '2001-12-14',
      '2001-12-14 21:59:43.10 -5',
    ];
    strings.push('1_000', '0b101', '0755', '1.5_0', '._5', '0x_1F', '=', '<<', 'yesterday', 'a:b', 'plain text');
    const json = JSON.stringify({ v: strings, '<<': { a: 1 }, '=': 2, on: 'off' });
    const y = out(toYaml(json));
    // The yaml library's YAML 1.1 schema reads as PyYAML and Go's yaml.v2 do (merge keys included).
    expect(YAML.parse(y, { version: '1.1' })).toEqual(JSON.parse(json));
    expect(JSON.parse(out(toJson(y)))).toEqual(JSON.parse(json));
    expect(y).toContain('  - yesterday\n  - a:b\n  - plain text\n');
  });

  it('escapes characters YAML does not allow (DEL, C1 controls, U+FFFE, U+FFFF) or YAML 1.1 takes as line breaks', () => {
    const strings = ['a\x7fb', '\x80', 'x\x9f', '\ufffe', 'end\uffff', 'ok \xa0 é\u{1F44B}', 'tab\tq"\\'];
    strings.push('a\x85b', 'a\u2028b', '\u2029', 'multi\nline \u2028\n');
    const json = JSON.stringify({ v: strings, 'k\x7f': 1, '\uffff': ['\x81 y'] });
    for (const indent of [2, 4] as const) {
      const y = out(toYaml(json, indent));
      // YAML 1.2 c-printable (section 5.1), which PyYAML also checks: anything else must be escaped.
      expect(y).not.toMatch(/[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u);
      // Line breaks to YAML 1.1 readers (PyYAML), and a tab PyYAML fails on outside quotes.
      expect(y).not.toMatch(/[\x85\u2028\u2029]/);
      expect(y).toContain('"tab\\tq\\"\\\\"');
      expect(YAML.parse(y)).toEqual(JSON.parse(json));
      expect(JSON.parse(out(toJson(y)))).toEqual(JSON.parse(json));
    }
  });

  it('indentation 4 and sort keys', () => {
    expect(out(toYaml('{"b":{"d":1,"c":[1]},"a":2}', 4, true))).toBe('a: 2\nb:\n    c:\n        - 1\n    d: 1\n');
    expect(out(toJson('b: 1\na: {d: 1, c: 2}', 4, true))).toBe(
      '{\n    "a": {\n        "c": 2,\n        "d": 1\n    },\n    "b": 1\n}',
    );
  });

  it('non-string keys become JSON keys', () => {
    expect(JSON.parse(out(toJson('1: one\ntrue: yes\nnull: x\n[a, b]: c\n')))).toEqual({
      1: 'one',
      true: 'yes',
      null: 'x',
      '["a","b"]': 'c',
    });
  });

  it('.inf, -.inf and .nan keys are Infinity, -Infinity and NaN, as JavaScript and Python name them (all were "NaN")', () => {
    const r = toJson('.inf: a\n-.inf: b\n.nan: c\nv: [.inf, -.inf, .nan]\n');
    expect(out(r)).toBe(
      '{\n  "Infinity": "a",\n  "-Infinity": "b",\n  "NaN": "c",\n  "v": [\n    null,\n    null,\n    null\n  ]\n}',
    );
    expect(r.ok && r.note).toBe('3 values (.inf, -.inf or .nan) have no JSON spelling and became null.');
    // A key the JSON spells like another is still an error, not the key twice (two .nan keys were
    // one, the first value lost).
    expect(toJson('.nan: a\n.nan: b\n').status).toBe(
      'Invalid YAML: Map keys .nan and .nan are the same JSON key "NaN" (line 2, column 1)',
    );
    expect(toJson('.inf: a\nInfinity: b\n').status).toBe(
      'Invalid YAML: Map keys .inf and Infinity are the same JSON key "Infinity" (line 2, column 1)',
    );
  });

  it('says when a document is nested too deeply, instead of throwing', () => {
    const objects = (n: number) => '{"k": '.repeat(n) + '1' + '}'.repeat(n);
    const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(toYaml(objects(200)).ok).toBe(true);
    expect(toYaml(arrays(200), 4, true).ok).toBe(true);
    for (const json of [objects(201), arrays(201), objects(1500), `[1, {"a": ${arrays(600)}}]`]) {
      expect(toYaml(json)).toEqual({
        ok: false,
        status: 'JSON nested more than 200 levels deep cannot be converted to YAML',
      });
    }
    const indented = Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i)}- `).join('\n');
    expect(toJson(arrays(200)).ok).toBe(true);
    for (const yaml of [arrays(201), arrays(5000), indented]) {
      expect(toJson(yaml).status).toMatch(/^Invalid YAML: YAML is nested too deeply \(line \d+, column \d+\)$/);
    }
  });

  it('an alias to an anchor not set before it is placed at the alias (was line 1, column 1)', () => {
    const r = toJson('a: &x 1\nb: *x\nc: *y\n');
    expect(r).toMatchObject({ ok: false, position: { line: 3, column: 4 } });
    expect(r.status).toBe(
      'Invalid YAML: Unresolved alias (the anchor must be set before the alias): y (line 3, column 4)',
    );
    // An anchor set after its alias does not count; the second document does not see the first's.
    expect(toJson('a: *z\nb: &z 1\n')).toMatchObject({ ok: false, position: { line: 1, column: 4 } });
    expect(toJson('a: &w 1\n---\nb: 2\nc: [1, *w]\n')).toMatchObject({ ok: false, position: { line: 4, column: 8 } });
  });

  it('an alias inside the collection it names is refused at the alias (it said "Maximum call stack size exceeded")', () => {
    const r = toJson('a: &a {b: *a}\n');
    expect(r).toMatchObject({ ok: false, position: { line: 1, column: 11 } });
    expect(r.status).toBe('Invalid YAML: Alias *a is inside the collection it names (line 1, column 11)');
    for (const [yaml, line, column] of [
      ['x: 1\na: &a [1, *a]\n', 2, 11],
      ['a: &a\n  b:\n    - *a\n', 3, 7],
      ['a: &a {x: 1, <<: *a}\n', 1, 18], // a merge key merging its own mapping
    ] as const)
      expect(toJson(yaml), yaml).toMatchObject({ ok: false, position: { line, column } });
    // Aliases beside their anchor, or to an anchor set again inside it, are fine.
    expect(toJson('a: &a {x: 1}\nb: *a\nc: [*a, *a]\n')).toMatchObject({ ok: true });
    expect(toJson('a: &a [1, &a [2], *a]\n')).toMatchObject({ ok: true });
  });

  it('a merge key whose source is not a mapping is placed at that source (was line 1, column 1)', () => {
    for (const [yaml, line, column] of [
      ['a: &s 1\nb:\n  <<: *s\n', 3, 7],
      ['a: {x: 1}\nb:\n  <<: [{y: 2}, 3]\n', 3, 16],
      ['l: &l [1]\nm:\n  x: 1\n  <<: *l\n', 4, 7],
      ['---\na: 1\n---\nb: {<<: text}\n', 4, 9],
    ] as const) {
      const r = toJson(yaml);
      expect(r, JSON.stringify(yaml)).toMatchObject({ ok: false, position: { line, column } });
      expect(r.status).toBe(`Invalid YAML: Merge sources must be maps or map aliases (line ${line}, column ${column})`);
    }
  });

  it('keys that are one JSON key (1 and "1", true and "true") are an error at the second, not a duplicate key in the JSON', () => {
    const r = toJson('a: 0\n1: x\n"1": y\n');
    expect(r).toMatchObject({ ok: false, position: { line: 3, column: 1 } });
    expect(r.status).toBe('Invalid YAML: Map keys 1 and "1" are the same JSON key "1" (line 3, column 1)');
    expect(toJson("m:\n  true: a\n  'true': b\n").status).toBe(
      'Invalid YAML: Map keys true and \'true\' are the same JSON key "true" (line 3, column 3)',
    );
    expect(toJson('- {null: a, "null": b}').status).toMatch(
      /^Invalid YAML: Map keys null and "null" .+ \(line 1, column 13\)$/,
    );
    expect(toJson('? [1, 2]\n: a\n"[1,2]": b\n').status).toMatch(/same JSON key "\[1,2\]" \(line 3, column 1\)$/);
    // Keys that stay apart in JSON, a merge key and a quoted "<<" are fine.
    expect(JSON.parse(out(toJson('1: a\n1.0: b\n"01": c\n<<: {x: 1}\n"<<": d\n')))).toEqual({
      1: 'a',
      '1.0': 'b',
      '01': 'c',
      x: 1,
      '<<': 'd',
    });
  });

  it('!!binary is its Base64 text, as yq writes it (was a one-line array of byte values at any indentation)', () => {
    expect(out(toJson('a: !!binary aGVsbG8=\nb: !!binary |\n  R0lGODlhAQAB\n  AAAAACw=\n', 4))).toBe(
      '{\n    "a": "aGVsbG8=",\n    "b": "R0lGODlhAQABAAAAACw="\n}',
    );
    expect(out(toJson('- !!binary ""\n- !!binary /w==\n', 2, true))).toBe('[\n  "",\n  "/w=="\n]');
  });

  it('a date or !!binary key is the text its value would be (it was that text quoted again: "\\"2001-...\\"")', () => {
    const json = out(toJson('%YAML 1.1\n---\n2001-12-14: a\n? !!binary aGVsbG8=\n: b\nc: 2001-12-14\n'));
    expect(JSON.parse(json)).toEqual({
      '2001-12-14T00:00:00.000Z': 'a',
      'aGVsbG8=': 'b',
      c: '2001-12-14T00:00:00.000Z',
    });
  });

  it('!!binary that is not Base64 is an error at the tag, as in the browser (Node\'s Buffer made it "" or dropped letters)', () => {
    for (const [yaml, text] of [
      ['a: 1\nb: !!binary "@@@"\n', '@@@'],
      ['a: 1\nb: !!binary aGVsbG8=!\n', 'aGVsbG8=!'],
      ['a: 1\nb: !!binary aGVsb\n', 'aGVsb'],
    ] as const) {
      expect(toJson(yaml), yaml).toMatchObject({
        ok: false,
        status: `Invalid YAML: ${text} is not a !!binary (Base64) (line 2, column 4)`,
      });
    }
    // Base64 as MIME and atob take it: lines, spaces, padding left off.
    expect(JSON.parse(out(toJson('a: !!binary aGVsbG8\nb: !!binary "aGVs bG8="\n')))).toEqual({
      a: 'aGVsbG8=',
      b: 'aGVsbG8=',
    });
  });

  it('a merged key that is one JSON key with a key of the mapping or another merged key is an error, not a key twice', () => {
    expect(toJson('<<: {"1": a}\n1: b\n').status).toBe(
      'Invalid YAML: Map keys "1" (merged by <<) and 1 are the same JSON key "1" (line 2, column 1)',
    );
    expect(toJson('d: &d {"1": a}\nx:\n  1: b\n  <<: *d\n').status).toBe(
      'Invalid YAML: Map keys 1 and "1" (merged by <<) are the same JSON key "1" (line 4, column 3)',
    );
    expect(toJson('<<: [{1: a}, {"1": b}]\n').status).toBe(
      'Invalid YAML: Map keys 1 (merged by <<) and "1" (merged by <<) are the same JSON key "1" (line 1, column 1)',
    );
    expect(toJson('x: &x {true: 1}\ny:\n  <<: *x\n  "true": 2\n')).toMatchObject({
      ok: false,
      position: { line: 4, column: 3 },
    });
    // A nested merge is followed; the same key merged or overridden stays one key.
    expect(toJson('a: &a {"1": a}\nb: &b {<<: *a}\nc: {<<: *b, 1: c}\n').status).toMatch(
      /same JSON key "1" \(line 3, column 13\)$/,
    );
    expect(JSON.parse(out(toJson('a: &a {x: 1, 1: a}\nb: {<<: [*a, *a], x: 2, 1: b}\n')))).toEqual({
      a: { x: 1, 1: 'a' },
      b: { x: 2, 1: 'b' },
    });
  });

  it('an alias bomb is stopped, not expanded', () => {
    let src = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++)
      src += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const r = toJson(src);
    expect(r).toMatchObject({ ok: false, position: { line: 7 } }); // the first alias past the limit
    expect(r.status).toMatch(
      /^Invalid YAML: Aliases would write out more than 4,000,000 values \(an alias bomb\) \(line 7, column \d+\)$/,
    );
  });

  it('a chain of anchors each used once converts (the library refused 14 links as an attack, at line 1, column 1)', () => {
    let nested = 'x0: &x0 {v: 1}\n';
    let merged = 'x0: &x0 {v0: 0}\n';
    for (let i = 1; i <= 40; i++) {
      nested += `x${i}: &x${i} {prev: *x${i - 1}}\n`;
      merged += `x${i}: &x${i} {<<: *x${i - 1}, v${i}: ${i}}\n`;
    }
    let x = (JSON.parse(out(toJson(nested))) as { x40: unknown }).x40;
    for (let i = 0; i < 40; i++) x = (x as { prev: unknown }).prev;
    expect(x).toEqual({ v: 1 });
    const { x40 } = JSON.parse(out(toJson(merged))) as { x40: object };
    expect(Object.keys(x40).length).toBe(41);
  });
});

describe('round trip JSON -> YAML -> JSON', () => {
  it('gives back the same minified JSON on generated data (unicode, quotes, newlines, big numbers)', () => {
    const r = testRandom();
    for (let i = 0; i < 300; i++) {
      const json = randomJsonText(r, 4);
      const minified = out(runDataOp({ kind: 'minify', sortKeys: false }, json));
      for (const indent of [2, 4] as const) {
        const yaml = out(toYaml(json, indent));
        // An independent reader agrees on the values (up to number precision).
        expect(YAML.parse(yaml, { merge: false })).toEqual(JSON.parse(json));
        const back = out(toJson(yaml, indent));
        expect(out(runDataOp({ kind: 'minify', sortKeys: false }, back)), yaml).toBe(minified);
      }
    }
  });

  it('keeps strings the YAML writer would change on reading: a leading U+FEFF, a block starting with a space', () => {
    for (const json of ['"\\ufeffid"', '["\\ufeff"]', '{"k": "\\ufeffv"}', '"  indented\\nlines"', '"\\n x\\ny"']) {
      for (const indent of [2, 4] as const) {
        const back = out(toJson(out(toYaml(json, indent)), indent));
        expect(JSON.parse(back), `${json} at indent ${indent}`).toEqual(JSON.parse(json));
      }
    }
  });

  it('keeps a line of one space in a long double-quoted string (the library wrote it as a backslash)', () => {
    // yaml 2.9.1 folds a double-quoted string of 40 characters or more at its line breaks, and a line
    // of one space came out as "\\ ": an escaped backslash and a space. Until 2026-12-01 the YAML read
    // back (here, by PyYAML, by yq) as another string: "first line\n\\\nsecond ...".
    const long = 'word '.repeat(20);
    for (const s of [`first line\n \nsecond ${long}\u0001`, `x\n \n${long}\r`, `${long}\n \nend\r`, `\n \n${long}\t`]) {
      for (const json of [JSON.stringify(s), JSON.stringify({ k: s }), JSON.stringify([[s]])]) {
        for (const indent of [2, 4] as const) {
          const yaml = out(toYaml(json, indent));
          expect(YAML.parse(yaml), yaml).toEqual(JSON.parse(json));
          expect(JSON.parse(out(toJson(yaml)))).toEqual(JSON.parse(json));
        }
      }
    }
    // A string the library writes as a block keeps its block.
    expect(out(toYaml(JSON.stringify({ k: `a\n \n${long}` })))).toMatch(/^k: >-\n|^k: \|-\n/);
  });

  it('writes the mapping or list under a key of over 1024 characters so that it reads back, at indent 4 too', () => {
    // Such a key is written `? key` (YAML's implicit keys stop at 1024 characters), and yaml 2.9.1 put
    // the value's first line after its ':' at a column the next lines did not keep at indent 4: our
    // YAML -> JSON refused the mapping ("Nested mappings are not allowed in compact mappings") and
    // read the list [1, 2] as other values. Until 2026-12-01.
    const key = 'k'.repeat(1100);
    for (const value of [{ a: 1, b: 2 }, [1, 2], { a: { b: [1, 2] } }, [[1, 2], [3]], {}, []]) {
      for (const json of [JSON.stringify({ [key]: value }), JSON.stringify({ x: { [key]: value } })]) {
        for (const indent of [2, 4] as const) {
          const yaml = out(toYaml(json, indent));
          expect(YAML.parse(yaml), yaml).toEqual(JSON.parse(json));
          expect(JSON.parse(out(toJson(yaml))), yaml).toEqual(JSON.parse(json));
        }
      }
    }
    // A short key is written as before.
    expect(out(toYaml('{"k": {"a": 1}}', 4))).toBe('k:\n    a: 1\n');
  });

  it('writes a document that is one string of several lines double-quoted, not as a block at column 0', () => {
    // `|-` with its lines at column 0 is YAML 1.2, but PyYAML (and so yq) stops at the second line:
    // "expected '<document start>', but found '<scalar>'".
    expect(out(toYaml('"a\\nb"'))).toBe('"a\\nb"\n');
    expect(out(toYaml('"\\n日本語\\n"', 4))).toBe('"\\n日本語\\n"\n');
    // Inside a collection the block is indented, as before.
    expect(out(toYaml('{"k": "a\\nb"}'))).toBe('k: |-\n  a\n  b\n');
    for (const json of ['"a\\nb"', '"\\n日本語\\n"', '"x\\n\\n"'])
      expect(JSON.parse(out(toJson(out(toYaml(json)))))).toBe(JSON.parse(json));
  });
});
