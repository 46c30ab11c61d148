import { describe, expect, it } from 'vitest';
import { otherFormatHint, swapped, usageAction } from './logic';

describe('JSON and YAML page logic', () => {
  it('Swap flips the direction and exchanges input and output', () => {
    const ok = { ok: true, status: '✅', output: 'a: 1\n', preview: 'a: 1\n', outputLength: 5 };
    const s = swapped({ direction: 'jsonToYaml', input: { text: '{"a": 1}', file: null }, result: ok });
    expect(s).toMatchObject({ direction: 'yamlToJson', input: { text: 'a: 1\n', file: null }, status: '' });
    expect(s.result).toMatchObject({ ok: true, output: '{"a": 1}', outputLength: 8 });
    expect(swapped({ direction: 'yamlToJson', input: { text: '', file: null }, result: null })).toMatchObject({
      direction: 'jsonToYaml',
      input: { text: '' },
      result: null,
    });
  });

  it('keeps big outputs and inputs as Blobs when swapping', async () => {
    const big = new Blob(['b: 2\n']);
    const file = new File(['{"b": 2}'], 'in.json');
    const result = { ok: true, status: '', outputBlob: big, preview: '', outputLength: 5 };
    const s = swapped({ direction: 'jsonToYaml', input: { text: '', file }, result });
    expect(s.input.file?.name).toBe('output.yaml');
    expect(await s.input.file?.text()).toBe('b: 2\n');
    expect(s.result).toMatchObject({ outputBlob: file, outputLength: file.size });
  });

  it('hints at the other format only when the input looks like it', () => {
    expect(otherFormatHint('jsonToYaml', 'name: x\nlist:\n  - 1')).toBe('YAML');
    expect(otherFormatHint('jsonToYaml', '{"name": "x"}')).toBeNull();
    expect(otherFormatHint('yamlToJson', '{"name": "x"}')).toBe('JSON');
    expect(otherFormatHint('yamlToJson', 'name: x')).toBeNull();
  });

  it('reports the spec action names', () => {
    expect([usageAction('jsonToYaml'), usageAction('yamlToJson')]).toEqual(['json_to_yaml', 'yaml_to_json']);
  });
});
