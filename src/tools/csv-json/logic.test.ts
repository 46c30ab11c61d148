import { describe, expect, it } from 'vitest';
import { conversionOp, failureMessage, otherFormatHint, usageAction } from './logic';

describe('CSV and JSON page logic', () => {
  const options = { delimiter: ';', header: false, detectTypes: false, neutraliseFormulas: true } as const;

  it('runs each direction with its own options', () => {
    expect(conversionOp({ direction: 'csvToJson', ...options })).toEqual({
      kind: 'csvToJson',
      delimiter: ';',
      header: false,
      detectTypes: false,
    });
    expect(conversionOp({ direction: 'jsonToCsv', ...options })).toEqual({
      kind: 'jsonToCsv',
      delimiter: ';',
      neutraliseFormulas: true,
    });
  });

  it('words failures and usage as the spec does', () => {
    expect(failureMessage('csvToJson', 'out of memory')).toBe('Error converting CSV to JSON: out of memory');
    expect(failureMessage('jsonToCsv', 'x')).toBe('Error converting JSON to CSV: x');
    expect([usageAction('csvToJson'), usageAction('jsonToCsv')]).toEqual(['csv_to_json', 'json_to_csv']);
  });

  it('hints at the other format only when the input looks like it', () => {
    expect(otherFormatHint('csvToJson', '[{"a": 1}]', ',')).toBe('JSON');
    expect(otherFormatHint('csvToJson', 'a,b\n1,2', ',')).toBeNull();
    expect(otherFormatHint('jsonToCsv', 'a;b\n1;2\n3;4', ';')).toBe('CSV');
    expect(otherFormatHint('jsonToCsv', 'a;b\n1;2\n3;4', ',')).toBeNull();
  });
});
