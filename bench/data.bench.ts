/**
 * Data converters: the lossless JSON reader/writer (format with exact number literals) against the
 * native JSON.parse + JSON.stringify baseline (which rounds big numbers), JSON -> YAML, and
 * CSV -> JSON through papaparse with the spec's typing rules.
 */
import YAML from 'yaml';
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
    const keys = quick ? 20_000 : 200_000;
    const mapping = Array.from({ length: keys }, (_, i) => `key${i}: ${i}\n`).join('');
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
      {
        // Until 2026-12-03 the keys were checked by the library's uniqueKeys, each against every
        // earlier one: 20,000 keys took 4.8 s, 40,000 16.5 s.
        name: `YAML -> JSON, one mapping of ${keys} keys`,
        baseline: 'the yaml library alone (YAML.parse, keys not checked)',
        cases: [
          {
            name: 'the yaml library alone (YAML.parse, keys not checked)',
            bytes: bytes(mapping),
            run: () => YAML.parse(mapping, { uniqueKeys: false }),
          },
          {
            name: 'YAML -> JSON (keys checked, comments counted)',
            bytes: bytes(mapping),
            run: () => runDataOp({ kind: 'yamlToJson', indent: 2, sortKeys: false }, mapping),
          },
        ],
      },
    ];
  },
});
