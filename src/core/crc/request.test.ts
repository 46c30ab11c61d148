import { describe, expect, it } from 'vitest';
import { bitsFromPoly } from './params';
import {
  checkDataWidth,
  checkParams,
  generateBody,
  generateRequestSchema,
  requestConfig,
  type CustomFields,
} from './request';

const crc16 = bitsFromPoly(16, 0x1021n);
const fields = (over: Partial<CustomFields>): CustomFields => ({
  init: '0',
  xorout: '0',
  refin: false,
  refout: false,
  ...over,
});
const apiIssues = (over: Record<string, unknown>) => {
  const r = generateRequestSchema.safeParse({ poly: crc16, data_width: 8, language: 'verilog', ...over });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the page form', () => {
  it('checks init/xorout against the width, with the page messages', () => {
    expect(checkParams(crc16, fields({ init: '0xFFFF', refin: true }))).toMatchObject({
      ok: true,
      value: { width: 16, init: 0xffffn, refin: true },
    });
    expect(checkParams(crc16, fields({ init: '0x1FFFF' }))).toEqual({
      ok: false,
      error: 'Init does not fit in 16 bits (the CRC width).',
      field: 'init',
    });
    expect(checkParams(crc16, fields({ xorout: 'xyz' }))).toEqual({
      ok: false,
      error: 'XorOut must be a hexadecimal value such as 0xFFFF.',
      field: 'xorout',
    });
    expect(checkParams(crc16, fields({ init: '1'.repeat(41) }))).toEqual({
      ok: false,
      error: 'Init must be a hexadecimal value such as 0xFFFF.',
      field: 'init',
    });
    expect(checkParams(crc16, fields({ init: '', xorout: '  ' }))).toMatchObject({
      ok: true,
      value: { init: 0n, xorout: 0n },
    });
    expect(checkParams([1, ...new Array(67).fill(0)], fields({}))).toEqual({
      ok: false,
      error: 'Select at least one term above x0 (the CRC width is the highest set power).',
    });
  });

  it('checks the data width 1..128', () => {
    expect(checkDataWidth('1')).toEqual({ ok: true, value: 1 });
    expect(checkDataWidth('128')).toEqual({ ok: true, value: 128 });
    expect(checkDataWidth('129')).toEqual({ ok: false, error: 'Data width must be a whole number from 1 to 128.' });
    for (const bad of ['0', '129', '', '8.5', 'abc', '-4', '0x10', ' 16']) expect(checkDataWidth(bad).ok).toBe(false);
  });

  it('builds a request the server schema accepts, with the same parameters', () => {
    const bits = bitsFromPoly(32, 0x04c11db7n);
    const form = fields({ init: '0xffffffff', xorout: '', refin: true, refout: true });
    const body = generateBody(bits, 64, 'vhdl', form);
    expect(body.xorout).toBe('0');
    const parsed = generateRequestSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    const checked = checkParams(bits, form);
    expect(requestConfig(parsed.data!)).toEqual({
      config: { params: checked.ok && checked.value, dataWidth: 64 },
      language: 'vhdl',
    });
  });

  it("is the spec's {poly, data_width, language} when the parameters are the defaults", () => {
    const bits = bitsFromPoly(8, 0x07n);
    for (const form of [fields({}), fields({ init: ' ', xorout: '0x00' })]) {
      expect(Object.keys(generateBody(bits, 8, 'verilog', form)).sort()).toEqual(['data_width', 'language', 'poly']);
    }
    expect(generateBody(bits, 8, 'verilog', fields({ refout: true }))).toMatchObject({ init: '0', refout: true });
  });
});

describe('the page and the API apply the same rules', () => {
  it('accept and refuse the same init texts', () => {
    const texts = ['0xFFFF', 'ffff', ' 0XfF ', '0', '0x', 'xyz', '0x1FFFF', '10000', '1'.repeat(41), '0x 1', '-1'];
    for (const init of texts) {
      expect(checkParams(crc16, fields({ init })).ok, init).toBe(apiIssues({ init }).length === 0);
    }
  });

  it("say the page's sentences, naming the field (they said 'must be a hexadecimal number such as 0xFFFF')", () => {
    expect(apiIssues({ init: '0x1FFFF' })).toEqual(['init: Init does not fit in 16 bits (the CRC width).']);
    expect(apiIssues({ xorout: 'xyz' })).toEqual(['xorout: XorOut must be a hexadecimal value such as 0xFFFF.']);
    expect(checkParams(crc16, fields({ xorout: 'xyz' }))).toMatchObject({
      error: apiIssues({ xorout: 'xyz' })[0]!.slice(8),
    });
    expect(apiIssues({ init: 'f'.repeat(41) })).toEqual([
      'init: Init must be at most 40 characters.',
      'init: Init does not fit in 16 bits (the CRC width).',
    ]);
    expect(apiIssues({ poly: [1, ...new Array(67).fill(0)] })).toEqual([
      'poly: Polynomial must have a term above x^0.',
    ]);
    expect(apiIssues({ poly: crc16.slice(1) })).toEqual([
      'poly: Polynomial must have exactly 68 coefficients (x^0..x^67).',
    ]);
    // A list of the wrong length is told that alone (it was also told it has no term above x^0).
    expect(apiIssues({ poly: [0, 0, 0] })).toEqual(['poly: Polynomial must have exactly 68 coefficients (x^0..x^67).']);
  });
});

describe('wide data path options', () => {
  it('are validated strictly by the API', () => {
    expect(apiIssues({ data_width: 64, partial_last_word: true, pipeline_stages: 3 })).toEqual([]);
    expect(apiIssues({ data_width: 12, partial_last_word: true })).toEqual([
      'partial_last_word: Partial last word needs a data width that is a multiple of 8.',
    ]);
    // One sentence for every way a number is wrong (zod's said "expected int, received number" for 1.5).
    for (const bad of [4, -1, 1.5, '4', null, true])
      expect(apiIssues({ pipeline_stages: bad }), String(bad)).toEqual([
        'pipeline_stages: Pipeline stages must be a whole number from 0 to 3.',
      ]);
    for (const bad of [0, 1025, 8.5, '1025', null])
      expect(apiIssues({ data_width: bad }), String(bad)).toEqual([
        'data_width: Data width must be a whole number from 1 to 1024.',
      ]);
    // Text of a number the field takes is told it is text (src/core/number-text.ts).
    expect(apiIssues({ pipeline_stages: '2', data_width: '8' })).toEqual([
      'data_width: Data width must be a whole number from 1 to 1024: "8" is text; give the number 8.',
      'pipeline_stages: Pipeline stages must be a whole number from 0 to 3: "2" is text; give the number 2.',
    ]);
    for (const bad of ['true', 1, null]) expect(apiIssues({ partial_last_word: bad }).length, String(bad)).toBe(1);
  });

  it('reach the configuration only when they change the design', () => {
    const bits = bitsFromPoly(32, 0x04c11db7n);
    const plain = generateBody(bits, 64, 'verilog', fields({}), { partialLastWord: false, pipelineStages: 0 });
    expect(Object.keys(plain)).not.toContain('partial_last_word');
    expect(Object.keys(plain)).not.toContain('pipeline_stages');
    const wide = generateBody(bits, 64, 'verilog', fields({}), { partialLastWord: true, pipelineStages: 2 });
    expect(requestConfig(generateRequestSchema.parse(wide)).config).toMatchObject({
      partialLastWord: true,
      pipelineStages: 2,
    });
    const explicit = generateRequestSchema.parse({ ...plain, partial_last_word: false, pipeline_stages: 0 });
    expect(Object.keys(requestConfig(explicit).config).sort()).toEqual(['dataWidth', 'params']);
  });
});
