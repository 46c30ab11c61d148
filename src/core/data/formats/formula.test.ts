import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { runDataOp } from '../ops';
import { OWASP_PAYLOADS } from '../../../../tests/cases/csv-injection';
import { looksLikeFormula, neutraliseFormula } from './formula';

const HARMLESS = ['a=b', '1-2', 'user@example.com', '', 'plain', '/path?a=1', '0.5'];

describe('formula neutralisation', () => {
  it.each(OWASP_PAYLOADS)('neutralises %j', (payload) => {
    expect(looksLikeFormula(payload)).toBe(true);
    expect(neutraliseFormula(payload)).toBe(`'${payload}`);
  });

  it.each(HARMLESS)('leaves %j alone', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });

  it('the CSV tool option neutralises every payload, newlines included, and keeps them one cell', () => {
    const json = JSON.stringify(OWASP_PAYLOADS.map((v) => ({ v })));
    const result = runDataOp({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: true }, json);
    if (!result.ok) throw new Error(result.status);
    const cells = Papa.parse<string[]>(result.output, { header: false }).data.slice(1);
    expect(cells.map((row) => row[0])).toEqual(OWASP_PAYLOADS.map((p) => `'${p}`));
  });
});
