import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { runDataOp } from '../ops';
import { typeCsvValue, quoteCell, cellText, csvToJsonText } from './csv';
import { LosslessNumber } from '../json/lossless';
import { CSV_EXAMPLES, JSON_CSV_EXAMPLES } from '../examples';
import { randomNumberLiteral, randomText } from '../../../../tests/cases/testdata';
import { testRandom } from '../../../../tests/cases/seed';
import type { Delimiter } from './csv';

const csvToJson = (text: string, delimiter: Delimiter = ',', header = true) =>
  runDataOp({ kind: 'csvToJson', delimiter, header }, text);
const jsonToCsv = (text: string, delimiter: Delimiter = ',', neutraliseFormulas = false) =>
  runDataOp({ kind: 'jsonToCsv', delimiter, neutraliseFormulas }, text);
const out = (r: ReturnType<typeof runDataOp>) => (r.ok ? r.output : `FAILED: ${r.status}`);

describe('CSV and JSON messages (spec sections 5 and 8)', () => {
  it('empty input', () => {
    expect(csvToJson('  ')).toEqual({ ok: false, status: 'Please enter CSV data to convert' });
    expect(jsonToCsv('\n')).toEqual({ ok: false, status: 'Please enter JSON data to convert' });
  });

  it('JSON must be an array of objects', () => {
    for (const bad of ['{"a":1}', '[1,2]', '[]', '"x"', '[{"a":1}, 2]', '[[1]]', '[null]']) {
      expect(jsonToCsv(bad)).toEqual({ ok: false, status: 'JSON must be an array of objects' });
    }
  });

  it('a first object without keys is an error, not a CSV of one empty line claimed as a row', () => {
    // The header row is the first object's keys: with none the CSV has no columns, and [{}] gave
    // "\n" beside "✅ Converted 1 row to CSV" (a later object's data was dropped without a word).
    const noColumns =
      'Error converting JSON to CSV: the first object has no keys, and the columns are its keys: the CSV would have none';
    for (const text of ['[{}]', '[{}, {}]', '[{}, {"a": 1}]']) {
      expect(jsonToCsv(text)).toEqual({ ok: false, status: noColumns });
    }
  });

  it('invalid JSON and broken CSV get the error prefixes', () => {
    expect(jsonToCsv('[{"a":1},]').status).toMatch(/^Error converting JSON to CSV: .+ \(line 1, column \d+\)$/);
    expect(csvToJson('a,b\n"unterminated,1').status).toMatch(
      /^Error converting CSV to JSON: Quoted field unterminated/,
    );
  });

  it('says on which line a broken quote is, counting the line breaks inside quoted cells, and points at it', async () => {
    // "(row 4)" counted records: with a quoted line break above (a multi-line cell from Excel), the
    // row it named was not the line to look at, and the input was not marked as JSON errors are.
    const csv = 'a,b\n"multi\nline",1\n\n3,"x\n4,5\n';
    const r = csvToJson(csv);
    expect(r.status).toBe('Error converting CSV to JSON: Quoted field unterminated (line 5)');
    expect(!r.ok && r.position).toEqual({ offset: 22, line: 5, column: 3 });
    expect(csvToJson('a,b\n1,2\n"ab"c,2').status).toBe(
      'Error converting CSV to JSON: Trailing quote on quoted field is malformed (line 3)',
    );
    // A file (read in slices, here of 3 bytes) names the same line.
    const { runCsvFileJob } = await import('../jobs/csv');
    const op = { kind: 'csvToJson', delimiter: ',', header: true } as const;
    expect((await runCsvFileJob(op, new Blob([csv]), undefined, 1000, 3)).status).toBe(r.status);
  });

  it('success has a check mark and a row count', () => {
    expect(csvToJson('a\n1\n2').status).toBe('✅ Converted 2 rows to JSON');
    expect(jsonToCsv('[{"a":1}]').status).toBe('✅ Converted 1 row to CSV');
  });
});

describe('CSV to JSON typing rules', () => {
  it('keeps numbers written with a leading zero as text, and every value with Detect numbers off', () => {
    expect(typeCsvValue('02134')).toBe('02134');
    expect(typeCsvValue('0049301234567')).toBe('0049301234567');
    expect(typeCsvValue('-007')).toBe('-007');
    expect(typeCsvValue('0')).toBe(0);
    expect(typeCsvValue('0.5')).toBe(0.5);
    expect(typeCsvValue('-0.25')).toBe(-0.25);
    expect(typeCsvValue('2134')).toBe(2134);
    expect(typeCsvValue('02134', false)).toBe('02134');
    expect(typeCsvValue('42', false)).toBe('42');
    expect(typeCsvValue('true', false)).toBe('true');
    expect(typeCsvValue('null', false)).toBe('null');
    const csv = 'zip,phone,n\n02134,0049301234567,7\n';
    expect(csvToJsonText(csv, { delimiter: ',', header: true }).json).toBe(
      '[\n  {\n    "zip": "02134",\n    "phone": "0049301234567",\n    "n": 7\n  }\n]',
    );
    expect(csvToJsonText(csv, { delimiter: ',', header: true, detectTypes: false }).json).toContain('"n": "7"');
  });

  it('numbers, booleans, null, empty, text', () => {
    expect(typeCsvValue('42')).toBe(42);
    expect(typeCsvValue('-3.5')).toBe(-3.5);
    expect(typeCsvValue('1e3')).toEqual(new LosslessNumber('1e3'));
    expect(typeCsvValue('1.50')).toEqual(new LosslessNumber('1.50'));
    expect(typeCsvValue('true')).toBe(true);
    expect(typeCsvValue('false')).toBe(false);
    expect(typeCsvValue('null')).toBe(null);
    expect(typeCsvValue('')).toBe('');
    expect(typeCsvValue('007')).toBe('007');
    expect(typeCsvValue('+5')).toBe(5);
    expect(typeCsvValue('.5')).toBe(0.5);
    expect(typeCsvValue('0x1F')).toBe('0x1F');
    expect(typeCsvValue('Infinity')).toBe('Infinity');
    expect(typeCsvValue('1,5')).toBe('1,5');
    expect(typeCsvValue('12 apples')).toBe('12 apples');
    expect(typeCsvValue('True')).toBe('True');
    expect(typeCsvValue(' 30 ')).toBe(30);
    expect(typeCsvValue(' true')).toBe(true);
    expect(typeCsvValue(' New York')).toBe(' New York');
  });

  it('writes a number spelt other than JSON spells it (+5, .5, 5.) in its plain form, every digit kept', () => {
    // Until 2026-12-01 such a cell went through Number(): '+9007199254740993' became 9007199254740992,
    // '+12345678901234567890' 12345678901234567000 and '+1e400' stayed text, where '1e400' is a number.
    const json = (cell: string) => out(csvToJson(`v\n${cell}`)).replace(/\s+/g, '');
    expect(json('+9007199254740993')).toBe('[{"v":9007199254740993}]');
    expect(json('+12345678901234567890')).toBe('[{"v":12345678901234567890}]');
    expect(json('.12345678901234567890123')).toBe('[{"v":0.12345678901234567890123}]');
    expect(json('-.30000000000000004441')).toBe('[{"v":-0.30000000000000004441}]');
    expect(json('12345678901234567890.')).toBe('[{"v":12345678901234567890}]');
    expect(json('+0.10000000000000000001')).toBe('[{"v":0.10000000000000000001}]');
    expect(json('+1e400')).toBe('[{"v":1e400}]');
    expect(json('5.e3')).toBe('[{"v":5e3}]');
    expect(json('-.5E-2')).toBe('[{"v":-0.5E-2}]');
    // Still text: no digit at all, a leading zero, a radix prefix, JavaScript's Infinity.
    for (const cell of ['+', '.', '-.', '+.e5', '+007', '+0x10', '+Infinity', '1e', '1.2.3'])
      expect(typeCsvValue(cell), cell).toBe(cell);
  });

  it('writes the typed values into JSON, big numbers exactly', () => {
    expect(JSON.parse(out(csvToJson('n,b,z,e,s\n1,true,null,,x\n2.5,false,0,,y')))).toEqual([
      { n: 1, b: true, z: null, e: '', s: 'x' },
      { n: 2.5, b: false, z: 0, e: '', s: 'y' },
    ]);
    expect(out(csvToJson('id\n12345678901234567890'))).toBe('[\n  {\n    "id": 12345678901234567890\n  }\n]');
  });

  it('skips blank lines, and without headers names columns column_1, column_2 ...', () => {
    expect(JSON.parse(out(csvToJson('a,b\n\n1,2\n   \n3,4\n', ',', false)))).toEqual([
      { column_1: 'a', column_2: 'b' },
      { column_1: 1, column_2: 2 },
      { column_1: 3, column_2: 4 },
    ]);
  });

  it('short rows get empty values, long rows extra column_N keys, duplicate headers are kept apart', () => {
    expect(JSON.parse(out(csvToJson('a,b,a\n1\n1,2,3,4')))).toEqual([
      { a: 1, b: '', a_2: '' },
      { a: 1, b: 2, a_2: 3, column_4: 4 },
    ]);
  });

  it('without headers the first row sets the columns: short rows get empty values, long rows more', () => {
    // A short row came out with fewer keys ({"column_1": 3}), unlike with headers.
    expect(JSON.parse(out(csvToJson('1,2\n3\n4,5,6', ',', false)))).toEqual([
      { column_1: 1, column_2: 2 },
      { column_1: 3, column_2: '' },
      { column_1: 4, column_2: 5, column_3: 6 },
    ]);
  });

  it('a header name that meets a generated name (a_2, column_N) loses no column', () => {
    const cases: [string, Record<string, number>][] = [
      ['a,a,a_2\n1,2,3', { a: 1, a_3: 2, a_2: 3 }],
      ['x,column_3\n1,2,3', { x: 1, column_3: 2, column_3_2: 3 }],
      [',column_1\n1,2', { column_1_2: 1, column_1: 2 }],
    ];
    for (const [csv, row] of cases) {
      const json = out(csvToJson(csv));
      // JSON.parse keeps the last of two equal keys, so count the keys written too.
      expect(json.match(/^ {4}"/gm)?.length, csv).toBe(Object.keys(row).length);
      expect(JSON.parse(json), csv).toEqual([row]);
    }
  });

  it('names 40,000 columns of one name c, c_2 ... c_40000 (each repeat counted from 2 took 60 s)', () => {
    const n = 40_000;
    const json = out(
      csvToJson(`${Array(n).fill('c').join(',')},c_3\n${Array.from({ length: n + 1 }, (_, i) => i).join(',')}`),
    );
    const row = (JSON.parse(json) as Record<string, number>[])[0]!;
    expect(Object.keys(row)).toHaveLength(n + 1);
    expect([row.c, row.c_2, row.c_3, row.c_4, row[`c_${n + 1}`]]).toEqual([0, 1, n, 2, n - 1]);
  });

  it('RFC 4180: quoted delimiters, doubled quotes, quoted line breaks, CRLF, BOM', () => {
    const csv = '\uFEFFname,note\r\n"Smith, J","said ""hi"""\r\n"multi\r\nline",x\r\n';
    expect(JSON.parse(out(csvToJson(csv)))).toEqual([
      { name: 'Smith, J', note: 'said "hi"' },
      { name: 'multi\r\nline', note: 'x' },
    ]);
  });

  it('reads \\r\\n, \\n and a lone \\r as line ends in one file, like Python csv; quoted ones stay text', async () => {
    const { runCsvFileJob } = await import('../jobs/csv');
    const rows = [
      { a: 1, b: 'x' },
      { a: 3, b: 4 },
    ];
    const cases: [string, object[]][] = [
      ['a,b\r\n1,x\n3,4\r\n', rows],
      ['a,b\n1,x\r\n3,4\n', rows],
      ['a,b\r1,x\n3,4', rows],
      [
        'a,b\n"p\r\nq",1\r\n"r\ns",2\n',
        [
          { a: 'p\r\nq', b: 1 },
          { a: 'r\ns', b: 2 },
        ],
      ],
    ];
    const op = { kind: 'csvToJson', delimiter: ',', header: true } as const;
    for (const [csv, want] of cases) {
      expect(JSON.parse(out(csvToJson(csv))), JSON.stringify(csv)).toEqual(want);
      // A file is read in slices (here of 3 bytes, so a \r\n is cut in two).
      const r = await runCsvFileJob(op, new Blob([csv]), undefined, 1000, 3);
      expect(JSON.parse(r.output ?? ''), JSON.stringify(csv)).toEqual(want);
    }
    // A \r\n cut between slices is one line end: a quote error names the same row either way.
    const broken = 'a,b\r\n1,2\r\n"x,3\r\n';
    expect(csvToJson(broken).status).toBe('Error converting CSV to JSON: Quoted field unterminated (line 3)');
    expect((await runCsvFileJob(op, new Blob([broken]), undefined, 1000, 3)).status).toBe(csvToJson(broken).status);
  });

  it('a quote inside an unquoted cell (5" pipe) is text: the line ends after it are still line ends, also in a file', async () => {
    const { runCsvFileJob } = await import('../jobs/csv');
    const want = [
      { size: '5" pipe', note: 'x' },
      { size: 'half "inch"', note: 'y;z' },
      { size: 1, note: 'q "r" s' },
      { size: 3, note: 4 },
    ];
    for (const d of [',', ';'] as const) {
      const body = [`size${d}note`, `5" pipe${d}x`, `half "inch"${d}"y;z"`, `1${d}"q ""r"" s"`, `3${d}4`];
      // CRLF only (a Windows export), and mixed line ends, which are rewritten before papaparse reads them.
      for (const csv of [body.join('\r\n') + '\r\n', body.join('\r\n') + '\n', body.join('\n') + '\r']) {
        const op = { kind: 'csvToJson', delimiter: d, header: true } as const;
        // What Python's csv reads (no \r left in a cell).
        expect(JSON.parse(out(csvToJson(csv, d))), JSON.stringify(csv)).toEqual(want);
        for (const slice of [3, 7, 1 << 20]) {
          const r = await runCsvFileJob(op, new Blob([csv]), undefined, 1000, slice);
          expect(JSON.parse(r.output ?? ''), `${JSON.stringify(csv)} in slices of ${slice}`).toEqual(want);
        }
      }
    }
  });

  it('keeps a quoted empty or blank cell in a one-column file: only blank lines are skipped (Python csv)', async () => {
    const { runCsvFileJob } = await import('../jobs/csv');
    const op = { kind: 'csvToJson', delimiter: ',', header: true } as const;
    const cases: [string, string[]][] = [
      ['h1\n""\n\n" "\n"\n"\n  \nz', ['', ' ', '\n', 'z']],
      ['h1\r\n""\r\n\r\n" "\r\n"\r\n"\r\n  \r\n""', ['', ' ', '\r\n', '']],
      ['h1\n""', ['']],
    ];
    for (const [csv, cells] of cases) {
      const want = cells.map((h1) => ({ h1 }));
      expect(JSON.parse(out(csvToJson(csv))), JSON.stringify(csv)).toEqual(want);
      const r = await runCsvFileJob(op, new Blob([csv]), undefined, 1000, 3);
      expect(JSON.parse(r.output ?? ''), JSON.stringify(csv)).toEqual(want);
    }
  });

  it('the four delimiters', () => {
    for (const d of [',', ';', '\t', '|'] as const) {
      expect(JSON.parse(out(csvToJson(`a${d}b\n"x${d}y"${d}2`, d)))).toEqual([{ a: `x${d}y`, b: 2 }]);
    }
  });
});

describe('JSON to CSV quoting rules', () => {
  it('quotes a cell with the delimiter or a quote, doubling quotes; line breaks are quoted too', () => {
    expect(quoteCell('a,b', ',')).toBe('"a,b"');
    expect(quoteCell('a;b', ',')).toBe('a;b');
    expect(quoteCell('a;b', ';')).toBe('"a;b"');
    expect(quoteCell('say "hi"', ',')).toBe('"say ""hi"""');
    expect(quoteCell('two\nlines', ',')).toBe('"two\nlines"');
    expect(quoteCell(' padded ', ',')).toBe(' padded ');
  });

  it('header from the first object; nested values as JSON text; null as empty', () => {
    const json = '[{"a":1,"b":{"x":[1,2]},"c":null,"d":"q\\"t"},{"a":true,"b":[],"c":"x","e":"ignored"}]';
    expect(out(jsonToCsv(json))).toBe('a,b,c,d\n1,"{""x"":[1,2]}",,"q""t"\ntrue,[],x,');
  });

  it('says which keys of later objects the header row left out, rather than dropping them without a word', () => {
    const note = (json: string) => {
      const r = jsonToCsv(json);
      return r.ok ? r.note : r.status;
    };
    expect(out(jsonToCsv('[{"a":1},{"a":2,"e":3,"f":4},{"e":5,"g":6},{"a":7}]'))).toBe('a\n1\n2\n""\n7');
    expect(note('[{"a":1},{"a":2,"e":3,"f":4},{"e":5,"g":6},{"a":7}]')).toBe(
      "The columns are the first object's keys: 3 keys only later objects have were left out (e, f, g).",
    );
    const many = `[{"a":1},{${Array.from({ length: 8 }, (_, i) => `"k${i}":${i}`).join(',')}}]`;
    expect(note(many)).toBe(
      "The columns are the first object's keys: 8 keys only later objects have were left out (k0, k1, k2, k3, k4 and 3 more).",
    );
    expect(note('[{"a":1},{"x":2}]')).toBe(
      "The columns are the first object's keys: 1 key only later objects have was left out (x).",
    );
    expect(note('[{"a":1,"b":2},{"b":3}]')).toBeUndefined();
  });

  it('writes an empty cell of a one-column row as "", not as a blank line that readers skip', () => {
    // "a\n1\n" lost the last row: papaparse, Python's csv and our own reader skip blank lines.
    const r = jsonToCsv('[{"a": 1}, {"a": ""}, {"a": null}, {"b": 2}]');
    expect(out(r)).toBe('a\n1\n""\n""\n""');
    expect(JSON.parse(out(csvToJson(out(r))))).toEqual([{ a: 1 }, { a: '' }, { a: '' }, { a: '' }]);
    expect(out(jsonToCsv('[{"": 1}]'))).toBe('""\n1'); // an empty key alone is the header line
  });

  it('writes a blank cell of a one-column row (" ", a tab, a no-break space) quoted, so it is read back', () => {
    // Until 2026-12-01 only an empty cell was quoted: a lone " " or tab was a line our reader (and
    // papaparse's greedy skip) takes for a blank line, and the row was lost on reading back.
    const rows = [{ a: ' ' }, { a: '\t' }, { a: '\u00a0' }, { a: '\ufeff' }, { a: '  \t ' }, { a: 'x' }];
    for (const delimiter of [',', ';', '\t', '|'] as Delimiter[]) {
      const csv = out(jsonToCsv(JSON.stringify(rows), delimiter));
      expect(csv.split('\n'), delimiter).toHaveLength(rows.length + 1);
      const back = runDataOp({ kind: 'csvToJson', delimiter, header: true, detectTypes: false }, csv);
      expect(JSON.parse(out(back)), JSON.stringify(csv)).toEqual(rows);
    }
    expect(out(jsonToCsv('[{"a":" "}]'))).toBe('a\n" "');
    expect(out(jsonToCsv('[{" ":1}]'))).toBe('" "\n1'); // a blank key alone is the header line
  });

  it('leaves the header row out when the first row is not to hold headers', () => {
    // "First row contains headers" off wrote the header row all the same.
    const noHeader = (text: string) =>
      runDataOp({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false, header: false }, text);
    expect(out(noHeader('[{"a":1,"b":"x,y"},{"a":2,"c":3}]'))).toBe('1,"x,y"\n2,');
    expect(out(noHeader('[{"a":""}]'))).toBe('""');
    expect(noHeader('[{"a":1},{"a":2}]').status).toBe('✅ Converted 2 rows to CSV');
    expect(out(jsonToCsv('[{"a":1}]'))).toBe('a\n1'); // with headers, as before (the default)
  });

  it('keeps number literals', () => {
    expect(out(jsonToCsv('[{"n":12345678901234567890,"d":1.50}]'))).toBe('n,d\n12345678901234567890,1.50');
  });

  it('neutralises spreadsheet formulas only when asked, and never numbers', () => {
    const json = '[{"f":"=SUM(A1:A2)","p":"+1","m":"-x","at":"@cmd","n":-5,"ok":"a=b"}]';
    expect(out(jsonToCsv(json))).toBe('f,p,m,at,n,ok\n=SUM(A1:A2),+1,-x,@cmd,-5,a=b');
    expect(out(jsonToCsv(json, ',', true))).toBe("f,p,m,at,n,ok\n'=SUM(A1:A2),'+1,'-x,'@cmd,-5,a=b");
    expect(cellText('=1', true)).toBe("'=1");
  });

  it('every example converts', () => {
    for (const text of Object.values(CSV_EXAMPLES)) expect(csvToJson(text).ok).toBe(true);
    for (const text of Object.values(JSON_CSV_EXAMPLES)) expect(jsonToCsv(text).ok).toBe(true);
  });
});

describe('round trip CSV -> JSON -> CSV', () => {
  it('gives back the same CSV on generated data with unicode, quotes, delimiters and newlines in cells', () => {
    const r = testRandom();
    for (let t = 0; t < 200; t++) {
      const d = ([',', ';', '\t', '|'] as const)[t % 4]!;
      const cols = 1 + Math.floor(r() * 4);
      const header = Array.from(
        { length: cols },
        (_, i) => `h${i}${randomText(r, 2).replace(/\s|^(null|true|false)$/g, '')}`,
      );
      const rows = Array.from({ length: 1 + Math.floor(r() * 5) }, () =>
        Array.from({ length: cols }, () => {
          const c = r() < 0.3 ? randomNumberLiteral(r) : randomText(r);
          // The spec itself normalises some cells: 'null' becomes an empty cell, and numbers in
          // other spellings than JSON's (' 7', '007') their plain form. The generator avoids them.
          const cell = c.replace(/\r/g, '').replace(/^null$/, 'nul');
          const typed = typeCsvValue(cell);
          return typeof typed !== 'string' && String(typed) !== cell ? `x${cell}` : cell;
        }),
      );
      // Rows whose only cell is blank are "blank lines" by the spec, and header names must be unique.
      if (cols === 1 && rows.some((row) => row[0]?.trim() === '')) continue;
      if (new Set(header).size !== header.length) continue;
      const csv = [header, ...rows].map((row) => row.map((c) => quoteCell(c, d)).join(d)).join('\n');
      // An independent RFC 4180 reader agrees with what we wrote.
      expect(Papa.parse<string[]>(csv, { delimiter: d }).data).toEqual([header, ...rows]);
      const json = out(csvToJson(csv, d));
      expect(out(jsonToCsv(json, d)), csv).toBe(csv);
    }
  });
});

describe('row-by-row JSON writing', () => {
  it('writes the same text as writing all rows at once', async () => {
    const { csvToRows, csvToJsonText } = await import('./csv');
    const { writeJson } = await import('../json/write');
    // Cells at the edges of the typing rules, headers that meet the generated column_N names.
    const cells = [
      '-0',
      '0',
      '1e5',
      '1E+400',
      ' 30',
      '+5',
      '.5',
      '5.',
      '02134',
      '0x10',
      '12345678901234567890',
      '1.50',
      'true',
      ' false',
      'null',
      'NULL',
      'Infinity',
      'NaN',
      '',
      ' ',
      'é\u{1F44B}',
      '\ud800',
      'a\\b',
      '"q"',
      '\t',
    ];
    const quoted = (c: string) => `"${c.replace(/"/g, '""')}"`;
    const random = [0, 1, 2].map((seed) =>
      Array.from({ length: 40 }, (_, r) =>
        Array.from({ length: 1 + ((r * 7 + seed) % 5) }, (_, i) =>
          quoted(cells[(r * 13 + i * 5 + seed) % cells.length]!),
        ).join(','),
      ).join('\n'),
    );
    const clashes = ['a,column_3\n1,2,3,4', 'column_2,column_1\nx,y,z', 'a,,b\n1,2,3,4,5'];
    for (const text of [...Object.values(CSV_EXAMPLES), 'a\n', 'a,b\n1,2,3\n4', ...random, ...clashes]) {
      for (const header of [true, false]) {
        for (const detectTypes of [true, false]) {
          const options = { delimiter: ',' as const, header, detectTypes };
          expect(csvToJsonText(text, options).json).toBe(writeJson(csvToRows(text, options), { indent: 2 }));
        }
      }
    }
  });
});
