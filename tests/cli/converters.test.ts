/**
 * bitsmith base64 (padding, wrapping, MIME), yaml, csv and subnet against the core functions the
 * pages run for the same options, byte for byte; pipes between processes; bad input exit 1; jq's
 * rounding beside bitsmith's exact numbers.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes as seededBytes, testRandom } from '../cases/seed';
import { loadKernel } from '../../server/wasm';
import { encodeBytes, type Base64Exports } from '../../src/core/base64/kernel';
import { runDataOp, type DataOp } from '../../src/core/data/ops';
import { MSG } from '../../src/core/data/messages';
import { computeSubnet, parseIpv4 } from '../../src/core/subnet/ipv4';
import { calculate6, computeIpv6 } from '../../src/core/subnet/ipv6';
import { ipv4Details, ipv6Details } from '../../src/core/subnet/details';
import { ipv4Type } from '../../src/core/subnet/ipv4-registry';
import { multicastInfo, sixToFour, solicitedNode, teredo } from '../../src/core/subnet/ipv6-embedded';
import { parseIpv6 } from '../../src/core/subnet/ipv6-parse';
import { csvHeader, formatRow, rowCount, type ListSpec } from '../../src/core/subnet/enumerate';
import { csvHeader6, formatRow6 } from '../../src/core/subnet/ipv6-enumerate';
import { BIN, badInput, bitsmith, file, ok, tmp, usageError } from './run';

const execFileAsync = promisify(execFile);
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
    expect(usageError(['base64', 'encode', '--wrap', 'x', src])).toBe(
      "error: option '-w, --wrap <cols>' argument 'x' is invalid. It must be a whole number (decimal digits).",
    );
  });

  it('--wrap wider than the kernel counts (2^32 and more) is bad input, never cut down to a narrow width', () => {
    // Before: --wrap 4294967297 wrapped every character onto a line of its own (it reached the kernel as 1).
    for (const cols of ['4294967297', '99999999999'])
      expect(badInput(['base64', 'encode', '--wrap', cols, '-'], 'hello world')).toBe(
        'bitsmith: --wrap must be a whole number of columns from 0 to 4294967295.',
      );
    expect(ok(['base64', 'encode', '--wrap', '4294967295', '-'], 'hello world')).toBe('aGVsbG8gd29ybGQ=\n');
  });

  it('--mime with --wrap, --url-safe or --no-padding is a usage error (MIME fixes lines, alphabet and padding)', () => {
    const src = file('mime.bin', randomBytes(100));
    for (const [args, other] of [
      [['--wrap', '10'], '--wrap'],
      [['--wrap', '0'], '--wrap'],
      [['--wrap', '76'], '--wrap'],
      [['--url-safe'], '--url-safe'],
      [['--no-padding'], '--no-padding'],
    ] as const)
      expect(usageError(['base64', 'encode', '--mime', ...args, src])).toBe(
        `error: --mime is 76 columns of standard Base64 with padding: give --mime or ${other}, not both.`,
      );
    expect(ok(['base64', 'encode', '--mime', '--padding', src])).toBe(ok(['base64', 'encode', '--mime', src]));
  });

  it("--wrap N is what GNU base64 -w N writes, across the kernel's 48 KiB steps and 6 MiB reads, padding as asked", () => {
    // Lengths around the kernel's steps, every remainder mod 3; widths that do and do not divide them.
    const sizes = [1, 2, 58, (48 << 10) - 1, (48 << 10) + 1, (6 << 20) + 2, 13_000_001];
    const big = randomBytes(13_000_001);
    for (const n of sizes) {
      const src = file(`gnu-${n}.bin`, big.subarray(0, n));
      for (const w of n > 1e6 ? [76] : [76, 1, 7]) {
        const gnu = execFileSync('base64', ['-w', String(w), src], { maxBuffer: 1 << 26 }).toString();
        expect(ok(['base64', 'encode', '--wrap', String(w), src]), `${n} bytes, ${w} columns`).toBe(gnu);
        if (n < 100) {
          const bare = gnu
            .replace(/=/g, '')
            .replace(/\n/g, '')
            .match(new RegExp(`.{1,${w}}`, 'g'))!;
          expect(ok(['base64', 'encode', '--no-padding', '--wrap', String(w), src])).toBe(bare.join('\n') + '\n');
        }
      }
    }
    const src = file('gnu-stdin.bin', big);
    const want =
      ascii(encodeBytes(b64, big))
        .match(/.{1,76}/g)!
        .join('\r\n') + '\r\n';
    expect(sh(`cat ${src} | $B base64 encode --mime -`).toString()).toBe(want);
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
    expect(usageError(['csv', 'to-json', '--delimiter', 'x', '-'])).toMatch(/^error: --delimiter must be/);
    // Until 2026-12-01 these two were found on Object.prototype: the cells were joined with
    // "function Object() { [native code] }" or "[object Object]".
    for (const name of ['constructor', '__proto__', 'Constructor'])
      expect(usageError(['csv', 'from-json', '--delimiter', name, '-']), name).toMatch(/^error: --delimiter must be/);
    // Deep nesting is bad input with a sentence, not "Maximum call stack size exceeded".
    const deep = '{"k": '.repeat(3000) + '1' + '}'.repeat(3000);
    expect(badInput(['yaml', 'from-json', '-'], deep)).toBe(
      'bitsmith: JSON nested more than 200 levels deep cannot be converted to YAML',
    );
    expect(badInput(['yaml', 'to-json', '-'], '['.repeat(5000) + ']'.repeat(5000))).toBe(
      'bitsmith: Invalid YAML: YAML is nested too deeply (line 1, column 201)',
    );
    // A value holding itself: it said "Maximum call stack size exceeded".
    expect(badInput(['yaml', 'to-json', '-'], 'a: &a {b: *a}\n')).toBe(
      'bitsmith: Invalid YAML: Alias *a is inside the collection it names (line 1, column 11)',
    );
  });

  it("writes the page's message as the page shows it: a backslash is one backslash, a control character escaped", () => {
    // Until 2026-12-01 every backslash of the message was doubled (the line was JSON-escaped whole):
    // `a: "\q"` said "Invalid escape sequence \\q", and `[\]` "Unexpected token '\\'".
    const badEscape = 'a: "\\q"\n';
    const r = runDataOp({ kind: 'yamlToJson', indent: 2, sortKeys: false }, badEscape);
    expect(r.ok).toBe(false);
    expect(r.status).toContain('Invalid escape sequence \\q');
    expect(badInput(['yaml', 'to-json', '-'], badEscape)).toBe(`bitsmith: ${r.status}`);
    expect(badInput(['json', 'format', '-'], '[\\]')).toBe(
      "bitsmith: Invalid JSON: Unexpected token '\\' (line 1, column 2)",
    );
    // A control character the message quotes still keeps the message on one line.
    expect(badInput(['json', 'format', '-'], '{"a": tru\r\n}')).toBe(
      "bitsmith: Invalid JSON: Unexpected token '\\r' (line 1, column 10)",
    );
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
    // The page's "First row contains headers" unticked: the rows alone.
    const bare = ok(['csv', 'from-json', '--no-header', src]);
    expect(bare).toBe(page({ kind: 'jsonToCsv', delimiter: ',', neutraliseFormulas: false, header: false }, rows));
    expect(bare.startsWith('a,=1+1,')).toBe(true);
    // Keys only later objects have: the page's note on stderr, the CSV as the page writes it.
    const ragged = bitsmith(['csv', 'from-json', '-'], '[{"a": 1}, {"a": 2, "b": 3}]');
    expect([ragged.status, ragged.stdout.toString(), ragged.stderr]).toEqual([
      0,
      'a\n1\n2\n',
      "bitsmith: The columns are the first object's keys: 1 key only later objects have was left out (b).\n",
    ]);
  });

  it('reads JSON, YAML and CSV input that starts with a UTF-8 byte order mark, from a file and a pipe', () => {
    const bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const json = '[{"a": 1, "b": "é"}]';
    const saved = file('bom.json', bom(json));
    for (const input of [[saved], ['-']] as const) {
      const stdin = input[0] === '-' ? bom(json) : undefined;
      expect(ok(['json', 'validate', ...input], stdin)).toBe('✅ Valid JSON!\n');
      expect(ok(['json', 'minify', ...input], stdin)).toBe('[{"a":1,"b":"é"}]\n');
      expect(ok(['yaml', 'from-json', ...input], stdin)).toBe(ok(['yaml', 'from-json', '-'], json));
      expect(ok(['csv', 'from-json', ...input], stdin)).toBe('a,b\n1,é\n');
    }
    expect(ok(['csv', 'to-json', '-'], bom('a\n1\n'))).toBe(ok(['csv', 'to-json', '-'], 'a\n1\n'));
    // An error still says where it is in the text (the mark is not a column).
    expect(badInput(['json', 'validate', '-'], bom('{"a": }'))).toBe(
      "bitsmith: ❌ Invalid JSON: Unexpected token '}' (line 1, column 7)",
    );
  });

  it('refuses YAML and CSV that are not UTF-8 (a Windows-1252 file) instead of turning letters into U+FFFD', () => {
    const latin1 = Buffer.from('name,city\nJosé,Zürich\n', 'latin1');
    // Python's csv and PyYAML refuse such input too ("can't decode byte 0xe9").
    expect(badInput(['csv', 'to-json', '-'], latin1)).toBe(
      'bitsmith: stdin is not UTF-8 text: byte 0xE9 at line 2, column 4 (save it as UTF-8)',
    );
    const saved = file('latin1.yaml', Buffer.from('name: Zoë\ncity: Zürich\n', 'latin1'));
    expect(badInput(['yaml', 'to-json', saved])).toBe(
      `bitsmith: ${saved} is not UTF-8 text: byte 0xEB at line 1, column 9 (save it as UTF-8)`,
    );
    expect(badInput(['yaml', 'from-json', '-'], Buffer.from('{"a": "\xff"}', 'latin1'))).toMatch(
      /byte 0xFF at line 1, column 8/,
    );
    expect(badInput(['csv', 'to-json', '-'], Buffer.from([0xff, 0x0a, 0x41, 0x0a]))).toMatch(
      /byte 0xFF at line 1, column 1 /,
    );
    // A U+FFFD the text itself holds is no error.
    expect(JSON.parse(ok(['csv', 'to-json', '-'], 'a\n\uFFFDé\n'))).toEqual([{ a: '\uFFFDé' }]);
  });

  it('json --sort-keys refuses bytes that are not UTF-8 instead of turning them into U+FFFD', () => {
    // Before: the byte 0xFF became "\uFFFD" without a word with --sort-keys, where the streamed
    // commands copy it as it is; Python's json.tool refuses such input too.
    const latin1 = Buffer.from('{"b": 1, "a": "Jos\xe9"}', 'latin1');
    for (const mode of ['format', 'minify', 'validate'])
      expect(badInput(['json', mode, '--sort-keys', '-'], latin1)).toBe(
        'bitsmith: stdin is not UTF-8 text: byte 0xE9 at line 1, column 19 (save it as UTF-8)',
      );
    const saved = file('latin1.json', latin1);
    expect(badInput(['json', 'format', '--sort-keys', saved])).toMatch(`bitsmith: ${saved} is not UTF-8 text`);
    expect(ok(['json', 'minify', '--sort-keys', '-'], '{"b":1,"a":"\uFFFDé"}')).toBe('{"a":"\uFFFDé","b":1}\n');
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

  it('valid JSON deeper than the limit is not called invalid: the limit and where it was passed', () => {
    const deep = (n: number) => '{"a": '.repeat(n) + '1' + '}'.repeat(n);
    // The kernel (format, minify, validate): 4096 levels; the tree (sort keys, conversions): 500.
    expect(ok(['json', 'validate', '-'], deep(4096))).toBe('✅ Valid JSON!\n');
    for (const args of [
      ['json', 'validate'],
      ['json', 'format'],
    ])
      expect(badInput([...args, '-'], deep(4097))).toBe(
        "bitsmith: JSON nested more than 4096 levels deep is past this tool's limit (line 1, column 24577)",
      );
    expect(JSON.parse(ok(['json', 'format', '--sort-keys', '-'], deep(500)))).toEqual(JSON.parse(deep(500)));
    for (const args of [
      ['json', 'format', '--sort-keys'],
      ['csv', 'from-json'],
    ])
      expect(badInput([...args, '-'], deep(2000)), args.join(' ')).toMatch(
        /^bitsmith: (Error converting JSON to CSV: )?JSON nested more than 500 levels deep is past this tool's limit \(line 1, column 3001\)$/,
      );
  });

  it('YAML whose aliases expand past the longest text is refused in words, not "Invalid string length"', () => {
    // 1 MB, aliasing a 1 MB string 600 times: 600 MB of JSON.
    const yaml = `s: &s ${'x'.repeat(1_000_000)}\nl:\n${'  - *s\n'.repeat(600)}`;
    expect(badInput(['yaml', 'to-json', file('aliases.yaml', yaml)])).toBe(`bitsmith: ${MSG.yamlTooLongForJson}`);
    expect(MSG.yamlTooLongForJson).toMatch(/alias/);
  });

  it('a document too big for the heap is refused with one line, not a crash', () => {
    // A heap of about 120 MB: YAML to JSON (180 heap bytes per input byte) takes about 0.6 MB.
    const yaml = 'rows:\n' + Array.from({ length: 40_000 }, (_, i) => `  - {id: ${i}, name: item-${i}}\n`).join('');
    const run = (args: string[], input?: string) =>
      spawnSync(process.execPath, ['--max-old-space-size=64', BIN, ...args], { input, cwd: tmp, encoding: 'utf8' });
    // A path that is a pipe (/dev/stdin here, as <(command) or a FIFO) has no size to check first.
    const runs = [
      run(['yaml', 'to-json', file('big.yaml', yaml)]),
      run(['yaml', 'to-json', '-'], yaml),
      spawnSync(
        'sh',
        ['-c', `cat big.yaml | "${process.execPath}" --max-old-space-size=64 "${BIN}" yaml to-json /dev/stdin`],
        {
          cwd: tmp,
          encoding: 'utf8',
        },
      ),
    ];
    for (const r of runs) {
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(
        /^bitsmith: (\S+big\.yaml is 1\.3 MB|(stdin|\/dev\/stdin) holds more than 0\.\d MB): YAML to JSON reads the whole document, up to 0\.\d MB here \(NODE_OPTIONS=--max-old-space-size=MB raises it\)\n$/,
      );
    }
  });
});

describe('bitsmith subnet', () => {
  it('takes ADDRESS MASK as two arguments, as ipcalc does, the same as in one', () => {
    // Before: 'error: too many arguments for 'subnet'. Expected 1 argument but got 2.' (exit 2).
    expect(ok(['subnet', '10.1.2.3', '255.255.0.0'])).toBe(ok(['subnet', '10.1.2.3 255.255.0.0']));
    expect(ok(['subnet', '10.1.2.3', '255.255.255.252', '--hosts'])).toBe('10.1.2.1\n10.1.2.2\n');
    // ipcalc's NETMASK is a mask or a prefix length: `ipcalc 10.1.2.3 16` (it was "Invalid subnet mask").
    expect(ok(['subnet', '10.1.2.3', '16'])).toBe(ok(['subnet', '10.1.2.3/16']));
    // IPv6 takes its prefix so too (it said 'Group " 64" is not hexadecimal (0-9, a-f)').
    expect(ok(['subnet', '2001:db8::1', '64'])).toBe(ok(['subnet', '2001:db8::1/64']));
    expect(ok(['subnet', '-'], '2001:db8::1 64\n')).toBe(ok(['subnet', '2001:db8::1/64']));
    expect(usageError(['subnet', '-', '255.255.0.0'])).toBe(
      'error: - reads ADDRESS MASK from stdin: give no MASK argument beside it',
    );
  });

  it("IPv4 and IPv6 results: --json is the core's result, text has the page's labels", () => {
    const v4 = JSON.parse(ok(['subnet', '192.168.1.77/26', '--json'])) as Record<string, unknown>;
    const { error: _error, ...want } = computeSubnet(parseIpv4('192.168.1.77')!, 26);
    expect(v4).toEqual({ ip: '192.168.1.77', ...want, addressType: ipv4Type(parseIpv4('192.168.1.77')!) });
    expect(JSON.parse(ok(['subnet', '10.1.2.3 255.255.0.0', '--json'])).cidr).toBe(16);
    const text = ok(['subnet', '192.168.1.77/26']);
    expect(text).toMatch(/^Network address: +192\.168\.1\.64$/m);
    expect(text).toMatch(/^Usable hosts: +62$/m);
    const v6 = JSON.parse(ok(['subnet', '2001:db8:abcd::1/48', '--json'])) as Record<string, unknown>;
    const r6 = computeIpv6((parseIpv6('2001:db8:abcd::1') as { ok: true; value: { addr: bigint } }).value.addr, 48);
    expect(v6).toEqual(JSON.parse(JSON.stringify(r6, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))));
    expect(ok(['subnet', '2001:db8:abcd::1/48'])).toMatch(/^Prefix \(RFC 5952\): +2001:db8:abcd::\/48$/m);
  });

  /** "Label:   value" lines (values in one column; a label may hold a colon) as [label, value] pairs. */
  const rowsOf = (text: string) => {
    const lines = text.trimEnd().split('\n');
    const column = /^[^:]+:\s+/.exec(lines[0]!)![0].length;
    return lines.map((line) => [line.slice(0, column).trimEnd().replace(/:$/, ''), line.slice(column)]);
  };
  const v6 = (text: string) => {
    const c = calculate6(text, '');
    if (!c.ok) throw new Error(c.error);
    return c;
  };

  it("IPv6 text holds the page's Details rows, with every kind of embedded address", () => {
    const teredoText = '2001:0:4136:e378:8000:63bf:3fff:fdd2/32';
    const sixToFourText = '2002:c000:204:1::1/48';
    const prefixBased = 'ff3e:30:2001:db8::8000:1/128';
    const eui64 = 'fe80::21a:2bff:fe3c:4d5e/64';
    const cases: [string, string[]][] = [
      [teredoText, ['Teredo server', 'Teredo client (external IPv4)', 'Teredo client UDP port', 'Teredo flags']],
      [sixToFourText, ['6to4 gateway (IPv4)', '6to4 SLA ID (subnet)']],
      ['ff02::1/128', ['Multicast flags (0RPT)', 'Multicast group']],
      [prefixBased, ['Multicast flags (0RPT)']],
      ['ff02::1:ff3c:4d5e/128', ['Multicast group']],
      [eui64, ['Solicited-node multicast group', 'MAC in the EUI-64 interface ID']],
      ['2001:db8:abcd:4000::/50', ['Reverse DNS zones (a /50 needs 4 /52 zones)']],
    ];
    const shown = new Map<string, string[][]>();
    for (const [address, labels] of cases) {
      const rows = rowsOf(ok(['subnet', address]));
      shown.set(address, rows);
      // Each line splits at its first ": " into label and value (the reverse zones' label held one).
      expect(
        rows.filter(([label]) => label?.includes(': ')),
        address,
      ).toEqual([]);
      expect(rows, address).toEqual(ipv6Details(v6(address).result).map(([label, , value]) => [label, value]));
      for (const label of labels)
        expect(
          rows.map(([l]) => l),
          address,
        ).toContain(label);
    }
    // The values are the core's, for each kind of address.
    const value = (address: string, label: string) => shown.get(address)!.find(([l]) => l === label)![1];
    const { addr } = v6(teredoText);
    expect(value(teredoText, 'Teredo client (external IPv4)')).toBe(teredo(addr).client);
    expect(teredo(addr).client).toBe('192.0.2.45');
    expect(value(teredoText, 'Teredo client UDP port')).toBe('40000');
    expect(value(sixToFourText, '6to4 gateway (IPv4)')).toBe(sixToFour(v6(sixToFourText).addr).gateway);
    expect(value(sixToFourText, '6to4 gateway (IPv4)')).toBe('192.0.2.4');
    expect(value('ff02::1/128', 'Multicast group')).toBe(multicastInfo(v6('ff02::1/128').addr).group);
    expect(value(prefixBased, 'Multicast flags (0RPT)')).toBe('R=0 · P=1 (prefix-based) · T=1 (transient)');
    expect(value('ff02::1:ff3c:4d5e/128', 'Multicast group')).toBe('Solicited-node');
    expect(value(eui64, 'Solicited-node multicast group')).toBe(solicitedNode(v6(eui64).addr));
    expect(value(eui64, 'MAC in the EUI-64 interface ID')).toBe('00:1a:2b:3c:4d:5e');
    // A zone is shown as the Overview shows it, after the address.
    expect(rowsOf(ok(['subnet', 'fe80::1%eth0/64']))[1]).toEqual([
      'Zone',
      '%eth0 (shown only; not used in the calculation)',
    ]);
  });

  it('IPv4-mapped addresses end in dotted IPv4 (RFC 5952 section 5) in text, --json and --split; the full form stays hex', () => {
    const rows = new Map(rowsOf(ok(['subnet', '::ffff:a01:203/120'])) as [string, string][]);
    expect(rows.get('Address (RFC 5952)')).toBe('::ffff:10.1.2.3');
    expect(rows.get('Prefix (RFC 5952)')).toBe('::ffff:10.1.2.0/120');
    expect(rows.get('Address (full)')).toBe('0000:0000:0000:0000:0000:ffff:0a01:0203');
    expect(rows.get('Last address')).toBe('::ffff:10.1.2.255');
    const json = JSON.parse(ok(['subnet', '::ffff:10.1.2.3/120', '--json'])) as Record<string, string>;
    expect([json.address, json.network, json.cidr, json.addressFull]).toEqual([
      '::ffff:10.1.2.3',
      '::ffff:10.1.2.0',
      '::ffff:10.1.2.0/120',
      '0000:0000:0000:0000:0000:ffff:0a01:0203',
    ]);
    expect(ok(['subnet', '::ffff:10.1.0.0/112', '--split', '113'])).toBe(
      '::ffff:10.1.0.0/113\n::ffff:10.1.128.0/113\n',
    );
    // IPv4-compatible (deprecated) stays hex.
    expect(rowsOf(ok(['subnet', '::10.1.2.3/128']))[0]).toEqual(['Address (RFC 5952)', '::a01:203']);
  });

  it("IPv4 text holds the page's Details rows, then the binary ones", () => {
    const rows = rowsOf(ok(['subnet', '172.16.5.9/20']));
    const r = computeSubnet(parseIpv4('172.16.5.9')!, 20);
    const details = ipv4Details(r, '172.16.5.9').map(([label, , value]) => [label, value]);
    expect(rows.slice(0, details.length)).toEqual(details);
    expect(rows.slice(details.length)).toEqual([
      ['IP binary', r.ipBinary],
      ['Mask binary', r.maskBinary],
      ['Network binary', r.networkBinary],
    ]);
  });

  it('IPv4 text names special-purpose addresses (loopback, CGNAT, documentation) as the page does', () => {
    expect(ok(['subnet', '127.0.0.1/8'])).toMatch(
      /^Address type: +Loopback \(RFC 1122\) · 127\.0\.0\.0\/8\nGlobally reachable \(IANA\): +no$/m,
    );
    expect(ok(['subnet', '100.64.0.1 255.192.0.0'])).toMatch(
      /^Address type: +Shared Address Space \(CGNAT, RFC 6598\) · 100\.64\.0\.0\/10$/m,
    );
    expect(ok(['subnet', '8.8.8.8/24'])).toMatch(/^Address type: +Global unicast\nGlobally reachable \(IANA\): +yes$/m);
  });

  it('IPv6 text says "Globally reachable (IANA)" once: yes, no or N/A, as for IPv4 (it said "Globally reachable (IANA): Globally reachable: N/A")', () => {
    expect(ok(['subnet', '::ffff:0:c000:201/96'])).toMatch(/^Globally reachable \(IANA\): +N\/A$/m);
    expect(ok(['subnet', '2001:db8::/48'])).toMatch(/^Globally reachable \(IANA\): +no$/m);
    expect(ok(['subnet', '2a00:1450::1/64'])).toMatch(/^Globally reachable \(IANA\): +yes$/m);
  });

  it('--json carries the address type the text and the page show', () => {
    expect(JSON.parse(ok(['subnet', '100.64.0.1/10', '--json'])).addressType).toEqual({
      kind: 'shared',
      name: 'Shared Address Space (CGNAT, RFC 6598)',
      block: '100.64.0.0/10',
      globallyReachable: false,
    });
    expect(JSON.parse(ok(['subnet', '192.88.99.1/24', '--json'])).addressType.globallyReachable).toBeNull();
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
    // An IPv4 address with a port is no IPv6 address (that was 'Bad embedded IPv4 address "192.168.1.10"').
    expect(badInput(['subnet', '192.168.1.10:8080/24'])).toBe('bitsmith: Invalid IP address format');
    // A mask for IPv6, as IPv4 takes one: until 2026-12-02 'Only one "::" is allowed in an IPv6 address'.
    expect(badInput(['subnet', '2001:db8::1', 'ffff:ffff:ffff::'])).toBe(
      'bitsmith: IPv6 takes a prefix length, not a mask: for "ffff:ffff:ffff::" write /48',
    );
    expect(badInput(['subnet', '10.0.0.0/16', '--split', '8'])).toBe(
      'bitsmith: --split must be a prefix from 16 to 32 (the network is a /16).',
    );
    expect(usageError(['subnet', '10.0.0.0/16', '--csv'])).toMatch(/^error: --csv goes with --split/);
    expect(usageError(['subnet', '10.0.0.0/16', '--split', '24', '--hosts'])).toMatch(/not both/);
    expect(usageError(['subnet', '10.0.0.0/16', '--split', '24', '--json'])).toMatch(/^error: --json shows/);
    expect(usageError(['subnet', '2001:db8::/64', '--hosts'])).toMatch(/^error: --hosts lists IPv4 hosts/);
  });

  it('- reads the address from stdin, as every command reads -', () => {
    expect(ok(['subnet', '-'], '192.168.1.77/26\n')).toBe(ok(['subnet', '192.168.1.77/26']));
    expect(ok(['subnet', '-', '--json'], '10.1.2.3 255.255.0.0\r\n')).toBe(
      ok(['subnet', '10.1.2.3 255.255.0.0', '--json']),
    );
    expect(ok(['subnet', '-', '--split', '64'], '2001:db8::/62')).toBe(
      ok(['subnet', '2001:db8::/62', '--split', '64']),
    );
    expect(badInput(['subnet', '-'], '')).toBe('bitsmith: stdin holds no address');
    expect(badInput(['subnet', '-'], '10.0.0.0/8\n10.0.0.0/16\n')).toBe(
      'bitsmith: stdin holds more than one line: give one ADDRESS/PREFIX',
    );
  });

  it('an address without its prefix is told so, not that the CIDR is out of range', () => {
    // Before: 'CIDR must be between 0 and 32' (and 'Prefix must be between 0 and 128'), though none was given.
    expect(badInput(['subnet', '10.0.0.1'])).toBe(
      'bitsmith: 10.0.0.1 has no prefix: give ADDRESS/PREFIX (10.0.0.1/32 for the address alone) or ADDRESS MASK',
    );
    expect(badInput(['subnet', ' 2001:db8::1 '])).toBe(
      'bitsmith: 2001:db8::1 has no prefix: give ADDRESS/PREFIX (2001:db8::1/128 for the address alone)',
    );
    expect(badInput(['subnet', 'fe80::1%eth0'])).toBe(
      'bitsmith: fe80::1%eth0 has no prefix: give ADDRESS/PREFIX (fe80::1%eth0/128 for the address alone)',
    );
    expect(badInput(['subnet', '10.0.0.300'])).toBe('bitsmith: Invalid IP address format');
  });

  it('ADDRESS/PREFIX with a MASK too is told the prefix is given twice (IPv4 said the address was invalid)', () => {
    expect(badInput(['subnet', '10.0.0.0/8', '16'])).toBe(
      'bitsmith: The prefix is given twice (/8 and 16): give 10.0.0.0/8 or 10.0.0.0 16',
    );
    expect(badInput(['subnet', '10.0.0.0/8', '255.255.0.0'])).toBe(
      'bitsmith: The prefix is given twice (/8 and 255.255.0.0): give 10.0.0.0/8 or 10.0.0.0 255.255.0.0',
    );
    expect(badInput(['subnet', '2001:db8::/32', '48'])).toBe(
      'bitsmith: The prefix is given twice (/32 and 48): give 2001:db8::/32 or 2001:db8:: 48',
    );
    // A second argument that is no prefix or mask was told 'Prefix must be between 0 and 128'.
    expect(badInput(['subnet', '2001:db8::1/64', 'extra'])).toBe(
      'bitsmith: "extra" is neither a prefix nor a mask: give 2001:db8::1/64 alone',
    );
    expect(badInput(['subnet', '10.0.0.0/8', 'x'])).toBe(
      'bitsmith: "x" is neither a prefix nor a mask: give 10.0.0.0/8 alone',
    );
    expect(ok(['subnet', '10.0.0.0', '16'])).toBe(ok(['subnet', '10.0.0.0/16']));
  });

  it("takes ADDRESS/MASK, as ipcalc and Python's ipaddress do (it said the CIDR was out of range)", () => {
    expect(ok(['subnet', '192.168.1.77/255.255.255.192'])).toBe(ok(['subnet', '192.168.1.77/26']));
    expect(ok(['subnet', '10.0.0.0/255.255.255.252', '--split', '31'])).toBe('10.0.0.0/31\n10.0.0.2/31\n');
    expect(badInput(['subnet', '10.0.0.0/255.0.255.0'])).toBe('bitsmith: Invalid subnet mask');
  });
});

describe('progress', () => {
  it('a progress line on stderr when it is a terminal (cleared at the end), none in a pipe', async () => {
    // Input that arrives 1.5 s late: work that lasts, whatever the machine's speed. script(1) gives
    // the command a terminal; both run at once.
    const slow = (out: string) => `(printf '[1,'; sleep 1.5; printf '2]') | $B json format - -o ${out}`;
    const env = { ...process.env, B: `${process.execPath} ${BIN}` };
    const [tty, pipe] = await Promise.all([
      execFileAsync('script', ['-qc', slow('tty.json'), '/dev/null'], { cwd: tmp, env }),
      execFileAsync('sh', ['-c', `${slow('pipe.json')} 2>&1`], { cwd: tmp, env }),
    ]);
    expect(tty.stdout).toBe('\rformat: 0 MiB\r\x1b[K');
    expect(pipe.stdout).toBe('');
    for (const out of ['tty.json', 'pipe.json']) expect(readFileSync(join(tmp, out), 'utf8')).toBe('[\n  1,\n  2\n]\n');
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

describe('bitsmith csv to-json --help', () => {
  it('says what --no-header gives: objects with column_1, column_2, ... keys (the spec), not arrays', () => {
    const help = ok(['csv', 'to-json', '--help']);
    expect(help).not.toContain('else of arrays');
    expect(help.replace(/\s+/g, ' ')).toContain('column_1, column_2');
    expect(JSON.parse(ok(['csv', 'to-json', '--no-header', '-'], 'a,b\n'))).toEqual([{ column_1: 'a', column_2: 'b' }]);
  });
});

describe('bitsmith csv to-json: CSV written with another delimiter', () => {
  it("says on stderr which delimiter the input looks written with, as the page's hint does", () => {
    const r = bitsmith(['csv', 'to-json', '-'], 'name;age\nBob;3\n');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(
      'bitsmith: The input looks like semicolon-separated values: --delimiter semicolon reads its columns.\n',
    );
    expect(ok(['csv', 'to-json', '--delimiter', 'semicolon', '-'], 'name;age\nBob;3\n')).toContain('"age": 3');
  });
});

describe('bitsmith json: repeated keys', () => {
  it('warns on stderr of the first repeated key, placed, and keeps the output and exit 0', () => {
    // stdin, placed as it passes, and a file, read again to place it
    const doc = `[${'{"k": 1},\n'.repeat(60_000)}{"id": 1,\n "é": 2, "id": 3, "x": [{"id": 4}]}]`;
    const path = file('repeated.json', doc);
    const note = (outcome: string) => `bitsmith: ⚠ Duplicate key "id" at line 60002, column 10: ${outcome}\n`;
    for (const input of ['-', path]) {
      for (const [args, outcome] of [
        // Written as they are (or not at all): it said "only its last value is kept" above both.
        [['json', 'validate', input], 'JSON.parse and most readers keep only its last value.'],
        [['json', 'format', input], 'JSON.parse and most readers keep only its last value.'],
        [['json', 'minify', input, '--sort-keys'], 'only its last value is kept.'],
      ] as const) {
        const r = bitsmith([...args], input === '-' ? doc : undefined);
        expect({ args, status: r.status, stderr: r.stderr }).toEqual({ args, status: 0, stderr: note(outcome) });
        if (args[1] === 'format') expect(r.stdout.toString()).toMatch(/"id": 1,\n {4}"é": 2,\n {4}"id": 3,/);
        if (args[1] === 'validate') expect(r.stdout.toString()).toBe('✅ Valid JSON!\n');
      }
    }
    expect(ok(['json', 'validate', '-'], '{"a": {"b": 1}, "b": {"a": 2}}')).toBe('✅ Valid JSON!\n');
    for (const args of [
      ['yaml', 'from-json', '-'],
      ['csv', 'from-json', '-'],
    ]) {
      const r = bitsmith(args, '[{"a": 1,\n  "a": 2}]');
      expect({ args, status: r.status, stderr: r.stderr }).toEqual({
        args,
        status: 0,
        stderr: 'bitsmith: ⚠ Duplicate key "a" at line 2, column 3: only its last value is kept.\n',
      });
    }
    // A key written with an escape is the same key: the second of them was dropped without a word.
    const r = bitsmith(['json', 'minify', '--sort-keys', '-'], '{"a": 1, "\\u0061": 2}');
    expect([r.stdout.toString(), r.stderr]).toEqual([
      '{"a":2}\n',
      'bitsmith: ⚠ Duplicate key "a" at line 1, column 10: only its last value is kept.\n',
    ]);
  });
});
