/**
 * Data converters: the lossless JSON reader/writer (format with exact number literals) against the
 * native JSON.parse + JSON.stringify baseline (which rounds big numbers), JSON -> YAML, and
 * CSV -> JSON through papaparse with the spec's typing rules.
 */
import { defineSuite } from './harness';
import { runDataOp } from '../src/core/data/ops';

function jsonRows(n: number): string {
  const rows = Array.from(
    { length: n },
    (_, i) =>
      `{"id":${i},"big":1234567890123456789${i % 10},"price":${i}.50,"name":"Zürich ${i}","tags":["a","b"],"ok":${i % 2 === 0}}`,
  );
  return `[${rows.join(',')}]`;
}

function csvRows(n: number): string {
  const lines = ['id,name,price,ok,note'];
  for (let i = 0; i < n; i++) lines.push(`${i},"Name, ${i}",${i}.25,${i % 2 === 0},"said ""hi"" ${i}"`);
  return lines.join('\n');
}

export default defineSuite({
  name: 'data',
  groups({ quick }) {
    const rows = quick ? 5_000 : 200_000;
    const json = jsonRows(rows);
    const csv = csvRows(rows);
    const bytes = (s: string) => Buffer.byteLength(s);
    return [
      {
        name: `format JSON ${(bytes(json) / 1e6).toFixed(1)} MB`,
        baseline: 'native JSON.parse + JSON.stringify (rounds numbers)',
        cases: [
          {
            name: 'native JSON.parse + JSON.stringify (rounds numbers)',
            bytes: bytes(json),
            run: () => JSON.stringify(JSON.parse(json), null, 2),
          },
          {
            name: 'lossless format (indent 2)',
            bytes: bytes(json),
            run: () => runDataOp({ kind: 'format', indent: 2, sortKeys: false }, json),
          },
          {
            name: 'lossless format, sort keys',
            bytes: bytes(json),
            run: () => runDataOp({ kind: 'format', indent: 2, sortKeys: true }, json),
          },
          {
            name: 'lossless minify',
            bytes: bytes(json),
            run: () => runDataOp({ kind: 'minify', sortKeys: false }, json),
          },
        ],
      },
      {
        name: `convert ${rows} rows`,
        baseline: 'JSON -> YAML',
        cases: [
          {
            name: 'JSON -> YAML',
            bytes: bytes(json),
            run: () => runDataOp({ kind: 'jsonToYaml', indent: 2, sortKeys: false }, json),
          },
          {
            name: 'CSV -> JSON',
            bytes: bytes(csv),
            run: () => runDataOp({ kind: 'csvToJson', delimiter: ',', header: true }, csv),
          },
          {
            name: 'JSON -> CSV',
            bytes: bytes(json),
            run: () => runDataOp({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false }, json),
          },
        ],
      },
    ];
  },
});
