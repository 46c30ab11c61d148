/**
 * bitsmith base64 (padding, wrapping, MIME), yaml, csv and subnet against the core functions the
 * pages run for the same options, byte for byte; pipes between processes; bad input exit 1; jq's
 * rounding beside bitsmith's exact numbers.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes as seededBytes, testRandom } from '../cases/seed';
import { loadKernel } from '../../server/wasm';
import { encodeBytes, type Base64Exports } from '../../src/core/base64/kernel';
import { runDataOp, type DataOp } from '../../src/core/data/ops';
import { computeSubnet, parseIpv4 } from '../../src/core/subnet/ipv4';
import { computeIpv6 } from '../../src/core/subnet/ipv6';
import { parseIpv6 } from '../../src/core/subnet/ipv6-parse';
import { csvHeader, formatRow, rowCount, type ListSpec } from '../../src/core/subnet/enumerate';
import { csvHeader6, formatRow6 } from '../../src/core/subnet/ipv6-enumerate';
import { BIN, badInput, bitsmith, file, ok, tmp } from './run';

const rand = testRandom(7);
const randomBytes = (n: number) => seededBytes(rand, n);
const ascii = (b: Uint8Array) => Buffer.from(b).toString('latin1');
/** Runs a shell pipeline in the test folder (bitsmith is `$B`); returns stdout. */
const sh = (script: string) =>
  execFileSync('sh', ['-c', script], {
    cwd: tmp,
    maxBuffer: 1 << 28,
    env: { ...process.env, B: `${process.execPath} ${BIN}` },
  });

let b64: Base64Exports;
beforeAll(async () => {
  b64 = await loadKernel<Base64Exports>('base64');
});

describe('bitsmith base64: padding, wrapping, MIME', () => {
  it('padding follows the page (standard padded, URL-safe not) and can be turned either way', () => {
    for (const size of [1, 2, 3, 100, 65537]) {
      const data = randomBytes(size);
      const src = file(`pad-${size}.bin`, data);
      const std = ascii(encodeBytes(b64, data));
      const url = ascii(encodeBytes(b64, data, 'url'));
      expect(ok(['base64', 'encode', src])).toBe(std);
      expect(ok(['base64', 'encode', '--url-safe', src])).toBe(url);
      expect(ok(['base64', 'encode', '--no-padding', src])).toBe(std.replace(/=+$/, ''));
      expect(ok(['base64', 'encode', '--url-safe', '--padding', src])).toBe(url.padEnd(std.length, '='));
      expect(std.length % 4).toBe(0);
    }
  });

  it('decode refuses missing padding unless --no-padding; URL-safe takes either', () => {
    const data = randomBytes(1001);
    const bare = ascii(encodeBytes(b64, data)).replace(/=+$/, '');
    expect(badInput(['base64', 'decode', '-'], bare)).toBe('bitsmith: Invalid Base64 string');
    expect(bitsmith(['base64', 'decode', '--no-padding', '-'], bare).stdout.equals(data)).toBe(true);
    const url = ascii(encodeBytes(b64, data, 'url'));
    for (const text of [url, url.padEnd(Math.ceil(url.length / 4) * 4, '=')])
      expect(bitsmith(['base64', 'decode', '--url-safe', '-'], text).stdout.equals(data)).toBe(true);
  });

  it('--wrap N and --mime (76 columns, CRLF) break the same text into lines; decode reads them back', () => {
    const data = randomBytes(5000);
    const src = file('wrap.bin', data);
    const flat = ascii(encodeBytes(b64, data));
    const lines = (w: number) => flat.match(new RegExp(`.{1,${w}}`, 'g'))!;
    expect(ok(['base64', 'encode', '--wrap', '64', src])).toBe(lines(64).join('\n') + '\n');
    const mime = ok(['base64', 'encode', '--mime', src]);
    expect(mime).toBe(lines(76).join('\r\n') + '\r\n');
    expect(mime).toBe(execFileSync('base64', ['-w', '76', src]).toString().replace(/\n/g, '\r\n'));
    expect(bitsmith(['base64', 'decode', '-'], mime).stdout.equals(data)).toBe(true);
    expect(badInput(['base64', 'encode', '--wrap', 'x', src])).toBe(
      'bitsmith: --wrap must be a whole number of characters (0: no wrapping).',
    );
  });

  it('streams through pipes: encode | decode gives the bytes back', () => {
    const data = randomBytes(9 << 20);
    const src = file('pipe.bin', data);
    expect(sh(`cat ${src} | $B base64 encode - | $B base64 decode -`).equals(data)).toBe(true);
    ok(['base64', 'encode', src, '-o', 'pipe.b64']);
    ok(['base64', 'decode', 'pipe.b64', '-o', 'pipe.out']);
    expect(readFileSync(join(tmp, 'pipe.out')).equals(data)).toBe(true);
  });
});

/** The page's result for an action, plus the final newline the command adds when missing. */
function page(op: DataOp, text: string): string {
  const r = runDataOp(op, text);
  if (!r.ok) throw new Error(r.status);
  return r.output.endsWith('\n') ? r.output : r.output + '\n';
}

describe('bitsmith yaml and csv: the converter pages', () => {
  const yaml = 'name: BitSmith\nbig: 12345678901234567890\nlist:\n  - 1.50\n  - true\n  - ~\nnested: {b: 2, a: "x"}\n';
  const json = '{"z": [1, 2.50, 12345678901234567890], "a": {"y": null, "x": "text: with colon"}}';

  it('yaml to-json and from-json equal the page for indent and sort keys', () => {
    expect(ok(['yaml', 'to-json', '-'], yaml)).toBe(page({ kind: 'yamlToJson', indent: 2, sortKeys: false }, yaml));
    expect(ok(['yaml', 'to-json', '--indent', '4', '--sort-keys', file('a.yaml', yaml)])).toBe(
      page({ kind: 'yamlToJson', indent: 4, sortKeys: true }, yaml),
    );
    expect(ok(['yaml', 'from-json', '-'], json)).toBe(page({ kind: 'jsonToYaml', indent: 2, sortKeys: false }, json));
    expect(ok(['yaml', 'from-json', '--indent', '4', '--sort-keys', '-'], json)).toBe(
      page({ kind: 'jsonToYaml', indent: 4, sortKeys: true }, json),
    );
    expect(ok(['yaml', 'to-json', '-'], yaml)).toContain('12345678901234567890');
  });

  it("yaml and csv refuse what the page refuses, with the page's message", () => {
    const badYaml = 'a: [1, 2\nb: 3\n';
    const r = runDataOp({ kind: 'yamlToJson', indent: 2, sortKeys: false }, badYaml);
    expect(r.ok).toBe(false);
    expect(badInput(['yaml', 'to-json', '-'], badYaml)).toBe(`bitsmith: ${r.status}`);
    expect(badInput(['yaml', 'from-json', '-'], ' ')).toBe('bitsmith: Please enter JSON to convert');
    expect(badInput(['csv', 'from-json', '-'], '{"a": 1}')).toBe('bitsmith: JSON must be an array of objects');
    expect(badInput(['csv', 'to-json', '-'], '')).toBe('bitsmith: Please enter CSV data to convert');
    expect(badInput(['csv', 'to-json', '--delimiter', 'x', '-'], 'a,b')).toMatch(/^bitsmith: --delimiter must be/);
  });

  it('csv to-json and from-json equal the page for delimiter, headers, types and formula neutralising', () => {
    const csv = 'name;amount;formula\n"Smith; J";0012;=SUM(A1:A2)\nLee;3.50;@cmd\n';
    for (const [args, op] of [
      [[], { delimiter: ';', header: true, detectTypes: true }],
      [['--no-header'], { delimiter: ';', header: false, detectTypes: true }],
      [['--no-detect-types'], { delimiter: ';', header: true, detectTypes: false }],
    ] as const)
      expect(ok(['csv', 'to-json', '--delimiter', 'semicolon', ...args, '-'], csv), args.join(' ')).toBe(
        page({ kind: 'csvToJson', ...op }, csv),
      );
    const rows = '[{"name": "a", "cell": "=1+1", "n": 12345678901234567890}, {"name": "b,c", "cell": "+cmd", "n": 2}]';
    const src = file('rows.json', rows);
    expect(ok(['csv', 'from-json', src])).toBe(
      page({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false }, rows),
    );
    const safe = ok(['csv', 'from-json', '--neutralise-formulas', '-d', 'tab', src]);
    expect(safe).toBe(page({ kind: 'jsonToCsv', delimiter: '\t', neutraliseFormulas: true }, rows));
    expect(safe).toContain("'=1+1");
    expect(safe).toContain('12345678901234567890');
  });

  it('csv to-json | csv from-json through a pipe', () => {
    const csv = 'a,b\n1,x\n2,"y, z"\n';
    expect(sh(`printf '${csv.replace(/\n/g, '\\n')}' | $B csv to-json - | $B csv from-json -`).toString()).toBe(
      page(
        { kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false },
        page({ kind: 'csvToJson', delimiter: ',', header: true, detectTypes: true }, csv),
      ),
    );
  });
});

describe('bitsmith subnet', () => {
  it("IPv4 and IPv6 results: --json is the core's result, text has the page's labels", () => {
    const v4 = JSON.parse(ok(['subnet', '192.168.1.77/26', '--json'])) as Record<string, unknown>;
    const { error: _error, ...want } = computeSubnet(parseIpv4('192.168.1.77')!, 26);
    expect(v4).toEqual({ ip: '192.168.1.77', ...want });
    expect(JSON.parse(ok(['subnet', '10.1.2.3 255.255.0.0', '--json'])).cidr).toBe(16);
    const text = ok(['subnet', '192.168.1.77/26']);
    expect(text).toMatch(/^Network address: +192\.168\.1\.64$/m);
    expect(text).toMatch(/^Usable hosts: +62$/m);
    const v6 = JSON.parse(ok(['subnet', '2001:db8:abcd::1/48', '--json'])) as Record<string, unknown>;
    const r6 = computeIpv6((parseIpv6('2001:db8:abcd::1') as { ok: true; value: { addr: bigint } }).value.addr, 48);
    expect(v6).toEqual(JSON.parse(JSON.stringify(r6, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))));
    expect(ok(['subnet', '2001:db8:abcd::1/48'])).toMatch(/^Prefix \(RFC 5952\): +2001:db8:abcd::\/48$/m);
  });

  it("--split and --hosts stream the page's export lines, text and CSV (the TypeScript reference)", () => {
    const cases: [string[], ListSpec][] = [
      [
        ['172.16.0.0/12', '--split', '22'],
        { kind: 'subnets', network: parseIpv4('172.16.0.0')!, cidr: 12, childCidr: 22 },
      ],
      [['192.168.0.0/22', '--hosts'], { kind: 'hosts', network: parseIpv4('192.168.0.0')!, cidr: 22, childCidr: 22 }],
    ];
    for (const [args, spec] of cases)
      for (const format of ['text', 'csv'] as const) {
        const rows = Array.from({ length: rowCount(spec) }, (_, i) => formatRow(spec, format, i) + '\n').join('');
        const want = (format === 'csv' ? csvHeader(spec.kind) : '') + rows;
        expect(ok(['subnet', ...args, ...(format === 'csv' ? ['--csv'] : [])]), args.join(' ')).toBe(want);
      }
    const spec6 = {
      network: (parseIpv6('2001:db8::') as { ok: true; value: { addr: bigint } }).value.addr,
      prefix: 52,
      childPrefix: 64,
    };
    const rows6 = Array.from({ length: 4096 }, (_, i) => formatRow6(spec6, 'csv', BigInt(i)) + '\n').join('');
    expect(ok(['subnet', '2001:db8::/52', '--split', '64', '--csv'])).toBe(csvHeader6 + rows6);
  });

  it('10.0.0.0/8 --split 32 streams all 16,777,216 lines through a pipe; a reader that stops early ends it quietly', () => {
    const split = '$B subnet 10.0.0.0/8 --split 32';
    const out = sh(`${split} | head -n 1; ${split} | tail -n 1; ${split} | wc -l`).toString();
    expect(out.split(/\s+/).filter(Boolean)).toEqual(['10.0.0.0/32', '10.255.255.255/32', '16777216']);
  });

  it("bad addresses and prefixes: exit 1 with the page's message", () => {
    expect(badInput(['subnet', '10.0.0.300/8'])).toBe('bitsmith: Invalid IP address format');
    expect(badInput(['subnet', '10.0.0.1/33'])).toBe('bitsmith: CIDR must be between 0 and 32');
    expect(badInput(['subnet', '2001::db8::1/48'])).toMatch(/^bitsmith: Only one "::"/);
    expect(badInput(['subnet', '10.0.0.0/16', '--split', '8'])).toBe(
      'bitsmith: --split must be a prefix from 16 to 32 (the network is a /16).',
    );
    expect(badInput(['subnet', '10.0.0.0/16', '--csv'])).toMatch(/--csv goes with --split/);
  });
});

describe('bitsmith json keeps numbers jq rounds', () => {
  it('jq . prints 12345678901234567890 as 12345678901234567000; bitsmith json format keeps every digit', () => {
    const doc = '{"id": 12345678901234567890, "x": 1.000000000000000000001}';
    const jq = execFileSync('jq', ['.'], { input: doc }).toString();
    expect(jq).toContain('12345678901234567000');
    expect(jq).not.toContain('12345678901234567890');
    const ours = ok(['json', 'format', '-'], doc);
    expect(ours).toBe('{\n  "id": 12345678901234567890,\n  "x": 1.000000000000000000001\n}\n');
  });
});
