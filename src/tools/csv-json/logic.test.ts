import { describe, expect, it } from 'vitest';
import { conversionOp, delimiterHint, failureMessage, otherFormatHint, usageAction } from './logic';

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
      header: false,
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

  it('names the delimiter the CSV is written with when the chosen one is in no line of it', () => {
    // A European spreadsheet's export (semicolons, decimal commas) and cells copied from a sheet (tabs).
    expect(delimiterHint('csvToJson', 'name;price\nTea;1,50\nCake;3,20', ',')).toBe(';');
    expect(delimiterHint('csvToJson', 'name\tage\r\nAlice\t30\r\nBob\t25\r\n', ',')).toBe('\t');
    expect(delimiterHint('csvToJson', 'a|b\n1|2', ';')).toBe('|');
    expect(delimiterHint('csvToJson', 'a,b\n1,2', ';')).toBe(',');
    // The chosen delimiter is there, or nothing else is consistent: no hint.
    expect(delimiterHint('csvToJson', 'name;price\nTea;1,50\nCake;3,20', ';')).toBeNull();
    expect(delimiterHint('csvToJson', 'a,b;c\n1,2;3', ',')).toBeNull();
    expect(delimiterHint('csvToJson', 'name\nAlice\nBob', ',')).toBeNull();
    expect(delimiterHint('csvToJson', 'a;b', ',')).toBeNull();
    expect(delimiterHint('csvToJson', '', ',')).toBeNull();
    // JSON input, or JSON to CSV (the delimiter is the output's): no hint.
    expect(delimiterHint('csvToJson', '[{"a;b": 1}, {"a;b": 2}]', ',')).toBeNull();
    expect(delimiterHint('jsonToCsv', 'a;b\n1;2', ',')).toBeNull();
  });
});
