import { describe, expect, it } from 'vitest';
import { conditionToVerilog, conditionToVhdl, evaluateCondition, parseCondition } from './condition';

const widths = { start: 1, stop: 1, count: 4, data: 8, wide: 40 };
const v = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, BigInt(x)]));

describe('condition language', () => {
  it('translates the documented forms to Verilog and VHDL', () => {
    const cases: [string, string, string][] = [
      ['start', 'start', "(start = '1')"],
      ['!stop', '!stop', "(not (stop = '1'))"],
      ['start && !stop', '(start && !stop)', "((start = '1') and (not (stop = '1')))"],
      ['count == 3', "(count == 4'd3)", '(unsigned(count) = 3)'],
      ['count', '(count != 0)', '(unsigned(count) /= 0)'],
      ['data[7]', 'data[7]', "(data(7) = '1')"],
      ['count < data', '(count < data)', '(unsigned(count) < unsigned(data))'],
      ['start == 1', "(start == 1'd1)", "(unsigned'(0 => start) = 1)"],
      ['', "1'b1", 'true'],
      ['1', "1'b1", 'true'],
      [
        'a || b && c'.replace(/a/, 'start').replace(/b/, 'stop').replace(/c/, 'data[0]'),
        '(start || (stop && data[0]))',
        "((start = '1') or ((stop = '1') and (data(0) = '1')))",
      ],
      ['!!start', '!(!start)', "(not (not (start = '1')))"],
      ['!(!stop)', '!(!stop)', "(not (not (stop = '1')))"],
      ['!!!data[2]', '!(!(!data[2]))', "(not (not (not (data(2) = '1'))))"],
      ['!(start && stop)', '!(start && stop)', "(not ((start = '1') and (stop = '1')))"],
      ['!(count == 3)', "!(count == 4'd3)", '(not (unsigned(count) = 3))'],
      ['!count', '!(count != 0)', '(not (unsigned(count) /= 0))'],
      ['!1', "!1'b1", '(not true)'],
      [
        'wide == 0x10000000000',
        "(wide == 41'd1099511627776)",
        `(unsigned(wide) = unsigned'("${'1'.padEnd(41, '0')}"))`,
      ],
    ];
    for (const [text, verilog, vhdl] of cases) {
      const c = parseCondition(text);
      expect(conditionToVerilog(c, widths), text).toBe(verilog);
      expect(conditionToVhdl(c, widths), text).toBe(vhdl);
    }
  });

  it('evaluates like the hardware: priority of && over ||, unsigned comparisons, bit selects', () => {
    const e = (t: string, o: Record<string, number>) => evaluateCondition(parseCondition(t), v(o));
    expect(e('start || stop && count == 3', { start: 1, stop: 0, count: 0 })).toBe(true);
    expect(e('(start || stop) && count == 3', { start: 1, stop: 0, count: 0 })).toBe(false);
    expect(e('data[7] && !data[0]', { data: 0x80 })).toBe(true);
    expect(e('count >= 0b1010', { count: 10 })).toBe(true);
    expect(e('count', { count: 0 })).toBe(false);
    expect(e('!(count != 5)', { count: 5 })).toBe(true);
    expect(e('!count == 3', { count: 3 })).toBe(false);
  });

  it('rejects malformed conditions with a position', () => {
    expect(() => parseCondition('start &&')).toThrow('expected an input name or a number at the end');
    expect(() => parseCondition('start & stop')).toThrow("unexpected '&' at position 7 (write && for and)");
    expect(() => parseCondition('(start')).toThrow("expected ')' at the end");
    expect(() => parseCondition('count == ')).toThrow('expected an input name or a number');
    expect(() => parseCondition('start stop')).toThrow("unexpected 'stop' at position 7");
  });

  it('says what to write instead of an operator or a number of Verilog or VHDL', () => {
    // Until 2026-11-30 `count == 4'd15` said only "unexpected ''' at position 11".
    expect(() => parseCondition("count == 4'd15")).toThrow(
      "unexpected ''' at position 11 (sized numbers such as 4'd15 are not part of the language: write 15, 0xF or 0b1111)",
    );
    expect(() => parseCondition('start | stop')).toThrow("unexpected '|' at position 7 (write || for or)");
    expect(() => parseCondition('~stop')).toThrow("unexpected '~' at position 1 (write ! for not)");
    expect(() => parseCondition('count = 3')).toThrow("unexpected '=' at position 7 (write == to compare)");
    expect(() => parseCondition("state == 2'b1_0")).toThrow(
      "(sized numbers such as 2'b1_0 are not part of the language: write 2, 0x2 or 0b10)",
    );
    expect(() => parseCondition("start == '1'")).toThrow(
      "unexpected ''' at position 10 (numbers are written 15, 0xF or 0b1111, without quotes)",
    );
    expect(() => parseCondition("count == 4'b_")).toThrow("unexpected ''' at position 11 (numbers are written");
    expect(() => parseCondition('count /= 3')).toThrow("unexpected '/' at position 7 (write != for not equal)");
  });

  it('says what to write instead of VHDL\'s bit-string literals (x"F", b"1010")', () => {
    // Until 2026-12-01 `count == x"F"` said only "unexpected '\"' at position 11".
    expect(() => parseCondition('count == x"F"')).toThrow(
      'unexpected \'"\' at position 11 (bit strings such as x"F" are not part of the language: write 15, 0xF or 0b1111)',
    );
    expect(() => parseCondition('count == B"1_010"')).toThrow(
      '(bit strings such as B"1_010" are not part of the language: write 10, 0xA or 0b1010)',
    );
    expect(() => parseCondition('count == o"17"')).toThrow('write 15, 0xF or 0b1111)');
    expect(() => parseCondition('count == "1010"')).toThrow(
      "unexpected '\"' at position 10 (numbers are written 15, 0xF or 0b1111, without quotes)",
    );
    expect(() => parseCondition('"start"')).toThrow(/^unexpected '"' at position 1$/);
  });

  it("says what to write instead of VHDL's word operators (and, or, not, xor)", () => {
    // Until 2026-12-01 `start and stop` said only "unexpected 'and' at position 7", and `not stop`
    // "unexpected 'stop' at position 5", pointing past the word the language lacks.
    expect(() => parseCondition('start and stop')).toThrow("unexpected 'and' at position 7 (write && for and)");
    expect(() => parseCondition('start OR stop')).toThrow("unexpected 'OR' at position 7 (write || for or)");
    expect(() => parseCondition('not stop')).toThrow("unexpected 'not' at position 1 (write ! for not)");
    expect(() => parseCondition('start && Not stop')).toThrow("unexpected 'Not' at position 10 (write ! for not)");
    expect(() => parseCondition('start xor stop')).toThrow(
      "unexpected 'xor' at position 7 (there is no xor: for 1-bit inputs a and b write a != b)",
    );
    // Words that only contain them are names as before.
    expect(parseCondition('constructor')).toEqual({ kind: 'ref', name: 'constructor' });
    expect(parseCondition('android || order')).toEqual({
      kind: 'or',
      left: { kind: 'ref', name: 'android' },
      right: { kind: 'ref', name: 'order' },
    });
  });
});
