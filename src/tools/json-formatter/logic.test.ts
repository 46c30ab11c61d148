import { describe, expect, it } from 'vitest';
import { runDataOp } from '../../core/data/ops';
import { ACTION_NAMES, formatterOp, outputFileName } from './logic';

describe('JSON formatter page logic', () => {
  it('reports the spec action names', () => {
    expect(Object.values(ACTION_NAMES)).toEqual(['format_json', 'minify_json', 'validate_json']);
  });

  it('runs Minify without indentation and Format/Validate with the chosen one', () => {
    expect(formatterOp('minify', 4, true)).toEqual({ kind: 'minify', sortKeys: true });
    expect(formatterOp('format', 2, false)).toEqual({ kind: 'format', indent: 2, sortKeys: false });
    expect(formatterOp('validate', 4, false)).toEqual({ kind: 'validate', indent: 4, sortKeys: false });
  });

  it('writes one line when the indentation is 0 (minify)', () => {
    const r = runDataOp(formatterOp('format', 0, true), '{"b": [1, 2], "a": 12345678901234567890}');
    expect(r.ok && r.output).toBe('{"a":12345678901234567890,"b":[1,2]}');
  });

  it('indents with a tab like JSON.stringify(value, null, "\\t"), sorted keys included', () => {
    const text = '{"b": [1, {"d": null, "c": []}], "a": {}}';
    const tab = runDataOp(formatterOp('format', 'tab', false), text);
    expect(tab.ok && tab.output).toBe(JSON.stringify(JSON.parse(text), null, '\t'));
    const sorted = runDataOp(formatterOp('format', 'tab', true), text);
    expect(sorted.ok && sorted.output).toBe(
      '{\n\t"a": {},\n\t"b": [\n\t\t1,\n\t\t{\n\t\t\t"c": [],\n\t\t\t"d": null\n\t\t}\n\t]\n}',
    );
  });

  it('names the download for the output: minified.json for one line, formatted.json indented', () => {
    expect(outputFileName('minify', 2)).toBe('minified.json');
    expect(outputFileName('format', 0)).toBe('minified.json');
    expect(outputFileName('validate', 0)).toBe('minified.json');
    expect(outputFileName('format', 4)).toBe('formatted.json');
    expect(outputFileName('validate', 'tab')).toBe('formatted.json');
  });
});
