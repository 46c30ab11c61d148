/**
 * The built bitsmith command (dist/cli/bitsmith.mjs) run as a child process, as a user runs it: its
 * output is byte-identical to the core functions and to POST /api/generate of the real server for the
 * same options; exit codes 0, 1 (one line on stderr) and 2; stdin; binary round trips; the npm package.
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startServer, type RunningServer } from '../harness/server';
import { BIN, badInput, bitsmith, file, http, ok, root, tmp, usageError } from './run';
import { randomBytes as seededBytes, testRandom } from '../cases/seed';
import { loadKernel } from '../../server/wasm';
import { predefinedAlgorithms, paramsOf } from '../../src/core/crc/catalogue';
import { computeCrc, type CrcKernel } from '../../src/core/crc/kernel';
import { tableCrc } from '../../src/core/crc/table';
import { bitsFromPoly } from '../../src/core/crc/params';
import { createCrcGenerator } from '../../src/core/hdl/crc';
import { DEFAULT_UART, uartGenerator } from '../../src/core/hdl/uart';
import { DEFAULT_FIFO_CONFIG, FIFO_PRESETS, fifoDepthProblem, fifoGenerator } from '../../src/core/hdl/fifo';
import { COMPLEX_EXAMPLE, DEFAULT_FSM, fsmGenerator } from '../../src/core/hdl/fsm';
import { encodeBytes, type Base64Exports } from '../../src/core/base64/kernel';
import { runJsonOp } from '../../src/core/data/ops/shared';
import { runJsonBytes, type JsonExports } from '../../src/core/data/json/kernel';
import { packJson } from '../../src/core/packed-json';
import { settingsToParams } from '../../src/browser/permalink';
import { DEFAULT_FORM } from '../../src/tools/uart/logic';

const execFileAsync = promisify(execFile);
const rand = testRandom();
const randomBytes = (n: number) => seededBytes(rand, n);

let server: RunningServer;
let crcKernel: CrcKernel;
beforeAll(async () => {
  server = await startServer();
  crcKernel = await loadKernel<CrcKernel>('crc');
});
afterAll(async () => {
  await server?.stop();
});

describe('bitsmith: version, help and exit codes', () => {
  it('--version prints the package version and exits 0', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(ok(['--version'])).toBe(`${version}\n`);
  });

  it('every command has --help with examples', async () => {
    const commands = [
      [],
      ['crc'],
      ['crc', 'generate'],
      ['crc', 'list'],
      ['crc', 'check'],
      ['crc', 'identify'],
      ['uart'],
      ['fifo'],
      ['fsm'],
      ['base64'],
      ['json'],
      ['yaml'],
      ['csv'],
      ['uart', 'generate'],
      ['fifo', 'generate'],
      ['fsm', 'generate'],
      ['base64', 'encode'],
      ['base64', 'decode'],
      ['json', 'format'],
      ['json', 'minify'],
      ['json', 'validate'],
      ['yaml', 'to-json'],
      ['yaml', 'from-json'],
      ['csv', 'to-json'],
      ['csv', 'from-json'],
      ['subnet'],
    ];
    // All at once (each is a process of its own).
    const outs = await Promise.all(
      commands.map((c) => execFileAsync(process.execPath, [BIN, ...c, '--help'], { encoding: 'utf8' })),
    );
    outs.forEach(({ stdout, stderr }, i) => {
      const c = commands[i]!.join(' ');
      expect(stderr, c).toBe('');
      expect(stdout, c).toContain(`Usage: bitsmith ${c}`.trimEnd());
      expect(stdout, c).toContain('Examples:\n  bitsmith ');
    });
  });

  it('help with a nested path (help crc generate) shows the nested command, as --help does', () => {
    for (const path of [['crc', 'generate'], ['json', 'format'], ['crc']]) {
      expect(ok(['help', ...path]), path.join(' ')).toBe(ok([...path, '--help']));
    }
    // A name the group does not have: a usage error with the group's help, as `help nosuch` gives the root's.
    const r = bitsmith(['help', 'crc', 'nosuch']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Usage: bitsmith crc [options] [command]');
  });

  it('--help after a command it does not have is that usage error, not the help and exit 0', () => {
    // Before: `bitsmith gradient --help` printed the root's help and exited 0, as if gradient were listed.
    expect(usageError(['gradient', '--help'])).toBe("error: unknown command 'gradient'");
    expect(usageError(['gradient', '-h'])).toBe("error: unknown command 'gradient'");
    const r = bitsmith(['base64', 'encdoe', '--help']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("error: unknown command 'encdoe'\n(Did you mean encode?)\n");
    expect(ok(['base64', '--help'])).toContain('Usage: bitsmith base64');
    expect(ok(['base64', 'encode', '--help'])).toContain('Usage: bitsmith base64 encode');
  });

  it('help into a reader that has gone (| head) ends quietly with exit 0', () => {
    // The reader exits before the help is written: the write meets a closed pipe (EPIPE).
    const script = '{ sleep 0.3; "$N" "$BIN" crc identify --help 2>err.txt; echo $? > rc.txt; } | true';
    execFileSync('sh', ['-c', script], { cwd: tmp, env: { ...process.env, N: process.execPath, BIN } });
    expect(readFileSync(join(tmp, 'rc.txt'), 'utf8').trim()).toBe('0');
    expect(readFileSync(join(tmp, 'err.txt'), 'utf8')).toBe('');
  });

  it('--version into a reader that has gone, or onto a full disk, is quiet or one line, never a stack trace', () => {
    // The entry answers --version itself (cli/bitsmith.cjs); its process.stdout.write threw EPIPE.
    for (const flag of ['--version', '-V']) {
      const script = `{ sleep 0.3; "$N" "$BIN" ${flag} 2>v-err.txt; echo $? > v-rc.txt; } | true`;
      execFileSync('sh', ['-c', script], { cwd: tmp, env: { ...process.env, N: process.execPath, BIN } });
      expect(readFileSync(join(tmp, 'v-err.txt'), 'utf8'), flag).toBe('');
      expect(readFileSync(join(tmp, 'v-rc.txt'), 'utf8').trim(), flag).toBe('0');
    }
    const full = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --version > /dev/full`], { encoding: 'utf8' });
    expect(full.stderr).toBe('bitsmith: stdout: no space left on device\n');
    expect(full.status).toBe(1);
  });

  it("usage errors exit 2 with commander's one-line message", () => {
    for (const args of [
      ['crc', 'generate', '--bogus'],
      ['nope'],
      ['json', 'format', '--indent', '3'],
      ['subnet'],
      ['yaml', 'to-json', '--indent', '3'],
      ['csv', 'to-json', '--nope'],
      ['base64', 'decode', '--wrap', '76'],
      ['crc', 'generate'],
      ['crc', 'generate', '--algorithm', 'CRC-32', '--poly', '0x07', '--width', '8'],
    ])
      usageError(args);
  });

  it("a whole-number option takes decimal digits only: anything else is a usage error in commander's form", () => {
    const cases: [string[], string, string][] = [
      [['subnet', '10.0.0.0/8', '--split', 'x'], '--split <prefix>', 'x'],
      [['crc', 'generate', '--algorithm', 'CRC-32', '--data-width', 'x'], '--data-width <bits>', 'x'],
      [['crc', 'generate', '--algorithm', 'CRC-32', '--data-width', '0x10'], '--data-width <bits>', '0x10'],
      [['crc', 'generate', '--algorithm', 'CRC-32', '--data-width', '1e1'], '--data-width <bits>', '1e1'],
      [['crc', 'generate', '--algorithm', 'CRC-32', '--pipeline-stages', 'x'], '--pipeline-stages <n>', 'x'],
      [['crc', 'generate', '--poly', '0x07', '--width', '8.0'], '--width <bits>', '8.0'],
      [['crc', 'identify', '--width', 'x', '00:00', '00:01'], '--width <bits>', 'x'],
      [['base64', 'encode', '--wrap', ' 7'], '-w, --wrap <cols>', ' 7'],
    ];
    for (const [args, flags, value] of cases)
      expect(usageError(args)).toBe(
        `error: option '${flags}' argument '${value}' is invalid. It must be a whole number (decimal digits).`,
      );
    // A prefix may be written as one; a value out of range is still the page's bad input.
    expect(ok(['subnet', '10.0.0.0/30', '--split', '/31'])).toBe('10.0.0.0/31\n10.0.0.2/31\n');
    expect(badInput(['subnet', '10.0.0.0/30', '--split', '33'])).toMatch(/^bitsmith: --split must be a prefix/);
  });

  it('a missing input file is bad input: exit 1, one line', () => {
    expect(badInput(['base64', 'encode', join(tmp, 'missing.bin')])).toMatch(/missing\.bin: no such file$/);
  });

  it('an empty file name (an unset "$IN") is named \'\', as GNU base64 names it', () => {
    // Before: 'bitsmith: : no such file'.
    for (const args of [
      ['base64', 'encode', ''],
      ['json', 'format', ''],
      ['yaml', 'to-json', ''],
      ['crc', 'check', ''],
    ])
      expect(badInput(args), args.join(' ')).toBe("bitsmith: '': no such file");
    expect(badInput(['uart', 'generate', '--config', ''])).toBe("bitsmith: '': no such file");
  });
});

describe('bitsmith crc', () => {
  const api = async (body: unknown) => {
    const r = await http(`${server.url}/api/generate`, body);
    expect(r.status).toBe(200);
    return r.text;
  };
  const crc32Body = {
    poly: bitsFromPoly(32, 0x04c11db7n),
    init: '0xffffffff',
    xorout: '0xffffffff',
    refin: true,
    refout: true,
  };

  it('crc generate: a count of 1 in the header comments is singular ("1 data bit per beat")', () => {
    const header = (args: string[]) =>
      ok(['crc', 'generate', '--poly', '0x1', '--width', '1', ...args, '--testbench'])
        .split('\n')
        .filter((l) => l.startsWith('//'))
        .join('\n');
    const classic = header(['--data-width', '1']);
    expect(classic).toContain('// Parallel CRC: 1-bit register, 1 data bit per clock.');
    expect(classic).toContain('// XOR count: 1 two-input XOR without sharing; deepest equation: 2 terms');
    expect(classic).toContain('//   (register bit 0, 1 XOR level).');
    expect(classic).toContain('//   1-bit CRC, 1 data bit\n');
    const stream = header(['--data-width', '1', '--pipeline-stages', '1']);
    expect(stream).toContain('// Parallel CRC for a wide data path: 1-bit register, 1 data bit per beat,');
    expect(stream).toContain('// XOR count: 1 two-input XOR without sharing (data term 0, feedback 1);');
    expect(stream).toContain('//   1 2:1 multiplexer bit; 5 flip-flops.');
    expect(stream).toContain('//   1-bit CRC, 1 data bit, full words, 1 pipeline stage\n');
    const partial = header(['--data-width', '8', '--partial-last-word']);
    expect(partial).toContain('), 1 multiplexer stage. F_8k (k = data_bytes)');
    expect(partial).toContain('//   1 two-input AND in the feedback; 10 2:1 multiplexer bits; 2 flip-flops.');
  });

  it('crc generate writes the file POST /api/generate answers, byte for byte', async () => {
    const cases: [string[], Record<string, unknown>][] = [
      [
        ['--algorithm', 'CRC-32/ISO-HDLC', '--data-width', '64', '--language', 'verilog'],
        { ...crc32Body, data_width: 64, language: 'verilog' },
      ],
      [
        [
          '--poly',
          '0x04c11db7',
          '--width',
          '32',
          '--init',
          '0xffffffff',
          '--xorout',
          '0xffffffff',
          '--refin',
          '--refout',
          '--language',
          'vhdl',
          '--data-width',
          '32',
        ],
        { ...crc32Body, data_width: 32, language: 'vhdl' },
      ],
      [
        ['--algorithm', 'crc-32', '--data-width', '64', '--partial-last-word', '--pipeline-stages', '2'],
        { ...crc32Body, data_width: 64, language: 'verilog', partial_last_word: true, pipeline_stages: 2 },
      ],
      [
        ['--algorithm', 'CRC-16/ARC', '--data-width', '16', '--language', 'vhdl', '--pipeline-stages', '0'],
        { poly: bitsFromPoly(16, 0x8005n), refin: true, refout: true, data_width: 16, language: 'vhdl' },
      ],
    ];
    for (const [i, [args, body]] of cases.entries()) {
      const out = join(tmp, `crc-${i}.out`);
      ok(['crc', 'generate', ...args, '-o', out]);
      expect(readFileSync(out, 'utf8'), args.join(' ')).toBe(await api(body));
    }
  });

  it('crc generate --testbench adds the core testbench; stdout without -o', () => {
    const dir = join(tmp, 'crc-tb/');
    ok(['crc', 'generate', '--algorithm', 'CRC-8', '--data-width', '16', '--testbench', '-o', dir]);
    const g = createCrcGenerator(crcKernel);
    const config = { params: paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-8/SMBUS')!), dataWidth: 16 };
    const design = g.generate(config, 'verilog');
    const tb = g.testbench(config, 'verilog');
    expect(readdirSync(dir).sort()).toEqual([design.name, tb.name].sort());
    expect(readFileSync(join(dir, tb.name), 'utf8')).toBe(tb.text);
    expect(ok(['crc', 'generate', '--algorithm', 'CRC-8', '--data-width', '16'])).toBe(design.text);
  });

  it('crc generate refuses what the page refuses, with its sentences', () => {
    expect(badInput(['crc', 'generate', '--algorithm', 'CRC-32', '--data-width', '0'])).toMatch(
      /^bitsmith: Data width must be/,
    );
    expect(badInput(['crc', 'generate', '--algorithm', 'CRC-32', '--data-width', '12', '--partial-last-word'])).toBe(
      'bitsmith: Partial last word needs a data width that is a multiple of 8.',
    );
    // Written with its x^8 term, as some tools write it: the message gives the form taken.
    expect(badInput(['crc', 'generate', '--poly', '0x107', '--width', '8'])).toBe(
      'bitsmith: Poly does not fit in 8 bits (the CRC width): without its x^8 term it is 0x07.',
    );
    expect(badInput(['crc', 'generate', '--poly', '0x207', '--width', '8'])).toBe(
      'bitsmith: Poly does not fit in 8 bits (the CRC width).',
    );
    // The API's and the page's sentence (it said "The CRC width must be ...").
    for (const width of ['0', '68'])
      expect(badInput(['crc', 'generate', '--poly', '0x07', '--width', width])).toBe(
        'bitsmith: CRC width must be a whole number from 1 to 67.',
      );
    expect(badInput(['crc', 'generate', '--algorithm', 'NOPE'])).toMatch(/Unknown CRC algorithm "NOPE"/);
    // The catalogue has it, 82 bits wide: not unknown.
    for (const command of ['generate', 'check'])
      expect(badInput(['crc', command, '--algorithm', 'CRC-82/DARC'])).toBe(
        'bitsmith: CRC-82/DARC is 82 bits wide: CRCs up to 67 bits are generated and checked.',
      );
  });

  it('crc generate warns of a polynomial without its x^0 term, and names the normal form of a reflected one', () => {
    // zlib's 0xedb88320 is CRC-32's polynomial reflected: taken as it is, it is another CRC.
    const r = bitsmith(['crc', 'generate', '--poly', '0xedb88320', '--width', '32', '--refin', '--refout']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(
      'bitsmith: warning: the polynomial 0xedb88320 has no x^0 term, which a CRC polynomial has; written reflected, its normal form is 0x04c11db7.\n',
    );
    expect(bitsmith(['crc', 'generate', '--poly', '0x02', '--width', '4']).stderr).toBe(
      'bitsmith: warning: the polynomial 0x2 has no x^0 term, which a CRC polynomial has.\n',
    );
    expect(
      bitsmith([
        'crc',
        'generate',
        '--poly',
        '0x04c11db7',
        '--width',
        '32',
        '--language',
        'c',
        '-o',
        join(tmp, 'crc32-c/'),
      ]).stderr,
    ).toBe('');
  });

  it('crc generate refuses a blank or digitless hexadecimal value, as the API does, never reads it as 0', () => {
    // `--poly "$POLY"` with POLY unset generated the CRC of x^8 (poly 0) with exit 0.
    for (const poly of ['', ' ', '0x'])
      expect(badInput(['crc', 'generate', '--poly', poly, '--width', '8'])).toBe(
        'bitsmith: Poly must be a hexadecimal value such as 0x04C11DB7.',
      );
    for (const [option, label] of [
      ['--init', 'Init'],
      ['--xorout', 'XorOut'],
    ] as const)
      for (const text of ['', '  ', '0X'])
        expect(badInput(['crc', 'generate', '--poly', '0x07', '--width', '8', option, text])).toBe(
          `bitsmith: ${label} must be a hexadecimal value such as 0xFFFF.`,
        );
  });

  it('crc generate: --algorithm with any parameter option is a usage error, as the API refuses both', () => {
    const algorithm = ['crc', 'generate', '--algorithm', 'CRC-32'];
    for (const [args, named] of [
      [['--init', '0x1', '--xorout', '0x0', '--refin'], '--init, --xorout, --refin'],
      [['--xorout', '0x0'], '--xorout'],
      [['--refout'], '--refout'],
      [['--poly', '0x07', '--width', '8'], '--poly, --width'],
    ] as const)
      expect(usageError([...algorithm, ...args])).toBe(
        `error: Give either --algorithm or the parameters (${named}), not both.`,
      );
  });

  it("crc generate: -o naming another language's file is a usage error, never Verilog in a .vhd file", () => {
    const crc32 = ['crc', 'generate', '--algorithm', 'CRC-32'];
    // Without --language the design is Verilog: crc.vhd got Verilog, which a VHDL flow then refused.
    expect(usageError([...crc32, '-o', join(tmp, 'lang', 'crc.vhd')])).toBe(
      'error: -o crc.vhd names a VHDL file, but the language is Verilog: add --language vhdl, or name the file .v.',
    );
    expect(usageError([...crc32, '--language', 'vhdl', '-o', join(tmp, 'lang', 'crc.sv')])).toBe(
      'error: -o crc.sv names a Verilog file, but the language is VHDL: add --language verilog, or name the file .vhd.',
    );
    expect(usageError([...crc32, '--language', 'python', '-o', join(tmp, 'lang', 'crc.rs')])).toBe(
      'error: -o crc.rs names a Rust file, but the language is Python: add --language rust, or name the file .py.',
    );
    // C writes a header and a source: a directory, not a .c file.
    expect(usageError([...crc32, '--language', 'c', '-o', join(tmp, 'lang', 'crc.py')])).toBe(
      'error: -o crc.py names a Python file, but the language is C: add --language python, or give a directory (C writes a .h and a .c file).',
    );
    expect(existsSync(join(tmp, 'lang'))).toBe(false);
    // Matching, or an extension of no language: written as before.
    ok([...crc32, '--language', 'vhdl', '-o', join(tmp, 'lang', 'crc.vhd')]);
    ok([...crc32, '-o', join(tmp, 'lang', 'crc.txt')]);
    // An existing directory is a directory, whatever its name.
    mkdirSync(join(tmp, 'lang', 'rtl.vhd'));
    ok([...crc32, '-o', join(tmp, 'lang', 'rtl.vhd')]);
    expect(readdirSync(join(tmp, 'lang', 'rtl.vhd'))).toEqual(['crc_module.v']);
    ok([...crc32, '--language', 'typescript', '-o', join(tmp, 'lang', 'crc32.ts')]);
  });

  it('crc list shows every catalogue algorithm; --json is GET /api/predefined', async () => {
    const lines = ok(['crc', 'list']).trimEnd().split('\n');
    expect(lines).toHaveLength(predefinedAlgorithms().length);
    expect(lines.find((l) => l.startsWith('CRC-32/ISO-HDLC '))).toContain('check=0xcbf43926');
    // One column for width=, the longest name (CRC-16/ISO-IEC-14443-3-A) included.
    expect(new Set(lines.map((l) => l.indexOf(' width=')))).toEqual(new Set([24]));
    expect(ok(['crc', 'list', '--json'])).toBe((await http(`${server.url}/api/predefined`)).text + '\n');
  });

  it('crc check gives every catalogue algorithm its check value on "123456789"', () => {
    const nine = file('nine.txt', '123456789');
    for (const a of predefinedAlgorithms()) {
      const want = BigInt(a.check)
        .toString(16)
        .padStart(Math.ceil(a.width / 4), '0');
      expect(ok(['crc', 'check', '--algorithm', a.name, nine]), a.name).toBe(`${want}  ${nine}\n`);
    }
  });

  it('crc check streams stdin in chunks to the core CRC of the whole input', () => {
    const data = randomBytes(5 << 20);
    for (const name of ['CRC-32/ISO-HDLC', 'CRC-16/ARC', 'CRC-64/XZ', 'CRC-12/UMTS']) {
      const a = predefinedAlgorithms().find((x) => x.name === name)!;
      const want = computeCrc(crcKernel, paramsOf(a), data)
        .toString(16)
        .padStart(Math.ceil(a.width / 4), '0');
      expect(ok(['crc', 'check', '--algorithm', name, '-'], data), name).toBe(`${want}  -\n`);
    }
  });

  it('crc check of a file of 64 MiB and more (two threads claim its chunks) equals the CRC of the whole', () => {
    // 81 MiB and 12,345 bytes: 4 MiB chunks and a short last one; each MiB a variation of one random MiB.
    const mib = randomBytes(1 << 20);
    const data = new Uint8Array(81 * (1 << 20) + 12_345);
    for (let at = 0; at < data.length; at += mib.length)
      data.set(
        mib.subarray(0, data.length - at).map((v) => v ^ (at >> 20)),
        at,
      );
    const big = file('big.bin', data);
    for (const name of ['CRC-32/ISO-HDLC', 'CRC-64/XZ', 'CRC-12/UMTS', 'CRC-16/IBM-3740', 'CRC-5/USB']) {
      const a = predefinedAlgorithms().find((x) => x.name === name)!;
      // The reference: one stream through the table kernel, which tests/wasm/crc-table.test.ts checks bit-serially.
      const crc = tableCrc(crcKernel, paramsOf(a));
      crc.updateWith(data);
      const want = crc
        .value()
        .toString(16)
        .padStart(Math.ceil(a.width / 4), '0');
      expect(ok(['crc', 'check', '--algorithm', name, big]), name).toBe(`${want}  ${big}\n`);
    }
    expect(ok(['crc', 'check', big])).toBe(`${(zlib.crc32(data) >>> 0).toString(16).padStart(8, '0')}  ${big}\n`);
  });

  it('crc check --check reads its own output back: OK, or FAILED and exit 1', () => {
    const a = file('a.bin', randomBytes(1000));
    const b = file('b.bin', randomBytes(3000));
    const sums = file('sums.txt', ok(['crc', 'check', '--algorithm', 'CRC-32C', a, b]));
    expect(ok(['crc', 'check', '--algorithm', 'CRC-32C', '--check', sums])).toBe(`${a}: OK\n${b}: OK\n`);
    writeFileSync(b, randomBytes(3000));
    const r = bitsmith(['crc', 'check', '--algorithm', 'CRC-32C', '--check', sums]);
    expect(r.status).toBe(1);
    expect(r.stdout.toString()).toBe(`${a}: OK\n${b}: FAILED\n`);
    expect(r.stderr).toBe('bitsmith: WARNING: 1 computed checksum did NOT match\n');
  });

  it('crc check --check takes CRLF lists, reports a file it cannot read and goes on, refuses a list without lines', () => {
    const a = file('crlf-a.bin', randomBytes(100));
    const b = file('crlf-b.bin', randomBytes(200));
    const sums = ok(['crc', 'check', a, b]);
    const crlf = file('crlf.txt', sums.replace(/\n/g, '\r\n'));
    expect(ok(['crc', 'check', '--check', crlf])).toBe(`${a}: OK\n${b}: OK\n`);
    // As sha256sum: the missing file first, the others still checked, exit 1 at the end.
    const missing = join(tmp, 'no-such.bin');
    const withMissing = file('with-missing.txt', `00000000  ${missing}\n${sums}`);
    const r = bitsmith(['crc', 'check', '--check', withMissing]);
    expect(r.stdout.toString()).toBe(`${missing}: FAILED open or read\n${a}: OK\n${b}: OK\n`);
    expect(r.stderr).toBe('bitsmith: WARNING: 1 listed file could not be read\n');
    expect(r.status).toBe(1);
    const empty = file('empty-sums.txt', '');
    expect(badInput(['crc', 'check', '--check', empty])).toBe(
      `bitsmith: ${empty}: no properly formatted CRC lines found`,
    );
  });

  it('crc check --check reads every line form sha256sum --check reads, and judges a list as it does', () => {
    // sha256sum itself is the oracle: the same lists with its values, the same verdicts. A value,
    // one space or a tab, then the name (BSD `md5 -r`) was "improperly formatted" here.
    file('sf-a', randomBytes(100));
    const forms: [string, (v: (name: string) => string) => string][] = [
      ['one space (BSD)', (v) => `${v('sf-a')} sf-a\n`],
      ['a tab', (v) => `${v('sf-a')}\tsf-a\n`],
      ['a tab and the binary mode', (v) => `${v('sf-a')}\t*sf-a\n`],
      ['the binary mode', (v) => `${v('sf-a')} *sf-a\n`],
      // After a BSD line, a name may start with a space; after a GNU line a BSD line is malformed.
      ['BSD, then a name with a leading space', (v) => `${v('sf-a')} sf-a\n${v('sf-a')}  sf-a\n`],
      ['GNU, then BSD', (v) => `${v('sf-a')}  sf-a\n${v('sf-a')} sf-a\n`],
      // A line starting with # is a comment, skipped (it was improperly formatted, exit 1); one
      // after a space is not.
      ['a comment', (v) => `# made on 2026-12-02\n${v('sf-a')}  sf-a\n#\n`],
      ['a space, then #', (v) => ` # not a comment\n${v('sf-a')}  sf-a\n`],
      ['comments alone', () => '# nothing here\n'],
    ];
    const crc = (name: string) => ok(['crc', 'check', name]).slice(0, 8);
    const sha = (name: string) => execFileSync('sha256sum', [name], { cwd: tmp, encoding: 'utf8' }).slice(0, 64);
    for (const [form, list] of forms) {
      const ours = bitsmith(['crc', 'check', '--check', '-'], list(crc));
      const theirs = spawnSync('sha256sum', ['--check', '--strict', '-'], {
        cwd: tmp,
        input: list(sha),
        encoding: 'utf8',
      });
      expect({
        form,
        out: ours.stdout.toString(),
        status: ours.status,
        improper: /improperly/.test(ours.stderr),
      }).toEqual({
        form,
        out: theirs.stdout,
        status: theirs.status,
        improper: /improperly/.test(theirs.stderr),
      });
    }
    // A list on stdin is named as every message names it (it said "-: no properly formatted ...").
    expect(badInput(['crc', 'check', '--check', '-'], 'not a checksum\n')).toBe(
      'bitsmith: stdin: no properly formatted CRC lines found; WARNING: 1 line is improperly formatted',
    );
  });

  it('crc check --check goes on past a malformed line and a list it cannot read, and says so at the end', () => {
    const a = file('mixed-a.bin', randomBytes(100));
    const b = file('mixed-b.bin', randomBytes(200));
    const list = file('mixed.txt', `${ok(['crc', 'check', a])}not a checksum line\n${ok(['crc', 'check', b])}`);
    const gone = join(tmp, 'no-such-list.txt');
    // As sha256sum --strict: every good line and every other list checked, exit 1 at the end.
    const r = bitsmith(['crc', 'check', '--check', gone, list]);
    expect(r.stdout.toString()).toBe(`${a}: OK\n${b}: OK\n`);
    expect(r.stderr.toString()).toMatch(
      new RegExp(`^bitsmith: ${gone}: .+; WARNING: 1 line is improperly formatted\n$`),
    );
    expect(r.status).toBe(1);
  });

  it('crc check --check counts a value with the wrong number of digits as improperly formatted, not FAILED', () => {
    const a = file('digits-a.bin', randomBytes(100));
    const b = file('digits-b.bin', randomBytes(200));
    const [value, name] = ok(['crc', 'check', b]).trimEnd().split('  ') as [string, string];
    // CRC-32 is 8 digits: one digit short, and a leading zero too many.
    const list = file('digits.txt', `${ok(['crc', 'check', a])}${value.slice(1)}  ${name}\n0${value}  ${name}\n`);
    const r = bitsmith(['crc', 'check', '--check', list]);
    expect(r.stdout.toString()).toBe(`${a}: OK\n`);
    expect(r.stderr).toBe('bitsmith: WARNING: 2 lines are improperly formatted\n');
    expect(r.status).toBe(1);
    // A CRC-32 list checked as CRC-16: no line is one of its lines.
    const other = bitsmith(['crc', 'check', '--check', '--algorithm', 'CRC-16/ARC', list]);
    expect(other.stdout.toString()).toBe('');
    expect(other.stderr).toBe(
      `bitsmith: ${list}: no properly formatted CRC lines found; WARNING: 3 lines are improperly formatted\n`,
    );
    expect(other.status).toBe(1);
  });

  it('crc check goes on past a file it cannot read, as sha256sum does: the other lines, then exit 1', () => {
    const a = file('past-a.bin', randomBytes(100));
    const b = file('past-b.bin', randomBytes(200));
    const missing = join(tmp, 'past-missing.bin');
    const r = bitsmith(['crc', 'check', a, missing, b, tmp]);
    expect(r.stdout.toString()).toBe(ok(['crc', 'check', a, b]));
    expect(r.stderr).toBe(`bitsmith: ${missing}: no such file; ${tmp}: is a directory\n`);
    expect(r.status).toBe(1);
    // -o FILE is only replaced when the command succeeds.
    const sums = file('past-sums.txt', 'old\n');
    expect(bitsmith(['crc', 'check', a, missing, '-o', sums]).status).toBe(1);
    expect(readFileSync(sums, 'utf8')).toBe('old\n');
  });

  it('crc check escapes a name with a line break or a backslash as sha256sum does, and --check reads it back', () => {
    const names = ['line\nbreak.bin', 'back\\slash.bin', 'cr\rname.bin'];
    const data = randomBytes(50);
    for (const n of names) file(n, data);
    const crc = (zlib.crc32(data) >>> 0).toString(16).padStart(8, '0');
    const sums = ok(['crc', 'check', ...names]);
    expect(sums).toBe(`\\${crc}  line\\nbreak.bin\n\\${crc}  back\\\\slash.bin\n\\${crc}  cr\\rname.bin\n`);
    const list = file('escaped-sums.txt', sums);
    expect(ok(['crc', 'check', '--check', list])).toBe(
      `\\line\\nbreak.bin: OK\nback\\slash.bin: OK\n\\cr\\rname.bin: OK\n`,
    );
  });
});

describe('bitsmith uart|fifo|fsm generate', () => {
  const fifo = FIFO_PRESETS[1]!.config;
  const cases = [
    { gen: 'uart', config: { ...DEFAULT_UART, baudRate: 115200, parity: 'even' }, g: uartGenerator },
    { gen: 'fifo', config: fifo, g: fifoGenerator },
    { gen: 'fsm', config: COMPLEX_EXAMPLE, g: fsmGenerator },
  ] as const;

  it('--config - names stdin in its messages, as every other message does (it said "bitsmith: -: ...")', () => {
    expect(badInput(['fifo', 'generate', '--config', '-'], '{"fifoDepth": 1}')).toBe(
      'bitsmith: stdin: fifoDepth: FIFO depth must be a whole number from 2 to 131072 words (1 is too small)',
    );
    expect(badInput(['uart', 'generate', '--config', '-'], '[]')).toBe(
      'bitsmith: stdin: the configuration must be an object',
    );
    expect(badInput(['fsm', 'generate', '--config', '-'], '{')).toMatch(/^bitsmith: stdin: neither JSON nor YAML \(/);
    const warned = bitsmith(['uart', 'generate', '--config', '-'], '{"baudRate": 921600, "clockFreq": 20000000}');
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(/^bitsmith: stdin: warning: baud error /);
  });

  it('a --config that is not UTF-8 is refused, as yaml refuses it, not written with U+FFFD in the design', () => {
    // Before: an input's description 'D\xe9part' became 'D\uFFFDpart' in the Verilog comments, without a word.
    const yaml = 'inputs:\n  - name: start\n    width: 1\n    description: "D\xe9part"\n  - name: stop\n    width: 1\n';
    const saved = file('latin1-fsm.yaml', Buffer.from(yaml, 'latin1'));
    expect(badInput(['fsm', 'generate', '--config', saved])).toBe(
      `bitsmith: ${saved} is not UTF-8 text: byte 0xE9 at line 4, column 20 (save it as UTF-8)`,
    );
    expect(badInput(['fsm', 'generate', '--config', '-'], Buffer.from(yaml, 'latin1'))).toMatch(
      /^bitsmith: stdin is not UTF-8 text: byte 0xE9 /,
    );
    expect(ok(['fsm', 'generate', '--config', '-'], yaml.replace('\xe9', 'é'))).toContain('// Départ');
  });

  it('uart: a FIFO depth of 1 is "1 word" in the header comment', () => {
    const one = file('uart-depth1.json', JSON.stringify({ ...DEFAULT_UART, fifoDepth: 1 }));
    expect(ok(['uart', 'generate', '--config', one])).toMatch(/^\/\/ {3}FIFO depth: {4}1 word \(TX and RX\)$/m);
    const two = file('uart-depth2.json', JSON.stringify({ ...DEFAULT_UART, fifoDepth: 2 }));
    expect(ok(['uart', 'generate', '--config', two])).toMatch(/^\/\/ {3}FIFO depth: {4}2 words \(TX and RX\)$/m);
  });

  for (const { gen, config, g } of cases) {
    it(`${gen}: JSON and YAML configurations give the core's design and testbench in both languages`, () => {
      const json = file(`${gen}.json`, JSON.stringify(config));
      const yaml = file(`${gen}.yaml`, stringify({ config }));
      for (const language of ['verilog', 'vhdl'] as const) {
        const dir = join(tmp, `${gen}-${language}`);
        ok([gen, 'generate', '--config', json, '--language', language, '--testbench', '-o', dir]);
        const design = (g.generate as (c: unknown, l: string) => { name: string; text: string })(config, language);
        const tb = (g.testbench as (c: unknown, l: string) => { name: string; text: string })(config, language);
        expect(readFileSync(join(dir, design.name), 'utf8')).toBe(design.text);
        expect(readFileSync(join(dir, tb.name), 'utf8')).toBe(tb.text);
        expect(ok([gen, 'generate', '--config', yaml, '--language', language])).toBe(design.text);
        expect(ok([gen, 'generate', '--config', '-', '--language', language], JSON.stringify(config))).toBe(
          design.text,
        );
      }
    });
  }

  it('-o naming a Verilog or VHDL file writes the design to that file (it was made a directory of that name)', () => {
    const config = { ...DEFAULT_UART, baudRate: 115200 };
    const json = file('uart-o.json', JSON.stringify(config));
    const out = join(tmp, 'o-file', 'my_uart.v');
    ok(['uart', 'generate', '--config', json, '-o', out]);
    expect(statSync(out).isFile()).toBe(true);
    expect(readFileSync(out, 'utf8')).toBe(uartGenerator.generate(config, 'verilog').text);
    // The testbench goes beside it under its own name, as crc generate -o crc.v --testbench does.
    const vhd = join(tmp, 'o-file', 'fifo_rx.vhd');
    ok(['fifo', 'generate', '--config', file('fifo-o.json', '{}'), '--language', 'vhdl', '--testbench', '-o', vhd]);
    expect(readFileSync(vhd, 'utf8')).toBe(fifoGenerator.generate(DEFAULT_FIFO_CONFIG, 'vhdl').text);
    expect(readFileSync(join(tmp, 'o-file', 'fifo_module_tb.vhd'), 'utf8')).toBe(
      fifoGenerator.testbench(DEFAULT_FIFO_CONFIG, 'vhdl').text,
    );
    // Any other name is still a directory, made when missing.
    const dir = join(tmp, 'o-file', 'rtl');
    ok(['uart', 'generate', '--config', json, '-o', dir]);
    expect(readFileSync(join(dir, 'uart_module.v'), 'utf8')).toBe(uartGenerator.generate(config, 'verilog').text);
  });

  it("-o naming the other language's file is a usage error, never Verilog in a .vhd file (as crc generate)", () => {
    for (const gen of ['uart', 'fifo', 'fsm']) {
      const json = file(`${gen}-lang.json`, '{}');
      // Without --language the design is Verilog: my.vhd got Verilog, which a VHDL flow then refused.
      expect(usageError([gen, 'generate', '--config', json, '-o', join(tmp, `${gen}-lang`, 'my.vhd')])).toBe(
        'error: -o my.vhd names a VHDL file, but the language is Verilog: add --language vhdl, or name the file .v.',
      );
      expect(
        usageError([gen, 'generate', '--config', json, '--language', 'vhdl', '-o', join(tmp, `${gen}-lang`, 'my.sv')]),
      ).toBe(
        'error: -o my.sv names a Verilog file, but the language is VHDL: add --language verilog, or name the file .vhd.',
      );
      expect(existsSync(join(tmp, `${gen}-lang`))).toBe(false);
      ok([gen, 'generate', '--config', json, '--language', 'vhdl', '-o', join(tmp, `${gen}-lang`, 'my.vhd')]);
      // An existing directory is a directory, whatever its name.
      mkdirSync(join(tmp, `${gen}-lang`, 'rtl.vhd'));
      ok([gen, 'generate', '--config', json, '-o', join(tmp, `${gen}-lang`, 'rtl.vhd')]);
      expect(readdirSync(join(tmp, `${gen}-lang`, 'rtl.vhd'))).toEqual([expect.stringMatching(/\.v$/)]);
    }
    // A page's link holds its language: -o my.vhd with a VHDL link is VHDL, as the link asks.
    const link = `https://bitsmith.dev/uart-generator?language=vhdl`;
    ok(['uart', 'generate', '--config', link, '-o', join(tmp, 'uart-lang', 'link.vhd')]);
    expect(readFileSync(join(tmp, 'uart-lang', 'link.vhd'), 'utf8')).toBe(
      uartGenerator.generate(DEFAULT_UART, 'vhdl').text,
    );
    expect(usageError(['uart', 'generate', '--config', link, '-o', join(tmp, 'uart-lang', 'link.v')])).toBe(
      'error: -o link.v names a Verilog file, but the language is VHDL: add --language verilog, or name the file .vhd.',
    );
  });

  it("an empty configuration file (or one of YAML comments only) takes the page's defaults, as missing fields do", () => {
    // Until 2026-11-30 it was refused: 'the configuration must be an object'.
    for (const gen of ['uart', 'fifo', 'fsm']) {
      const defaults = ok([gen, 'generate', '--config', file(`${gen}-braces.json`, '{}'), '--testbench']);
      for (const empty of ['/dev/null', file(`${gen}-blank.yaml`, ' \n\n'), file(`${gen}-notes.yaml`, '# to do\n')])
        expect(ok([gen, 'generate', '--config', empty, '--testbench']), `${gen} ${empty}`).toBe(defaults);
    }
    const nothing = file('null.yaml', 'null\n');
    expect(badInput(['uart', 'generate', '--config', nothing])).toBe(
      `bitsmith: ${nothing}: the configuration must be an object`,
    );
  });

  it('a configuration the page refuses is refused with its message', () => {
    expect(badInput(['uart', 'generate', '--config', file('u.json', JSON.stringify({ dataBits: 4 }))])).toMatch(
      /^bitsmith: .*data bits/i,
    );
    expect(badInput(['fifo', 'generate', '--config', file('f.json', JSON.stringify({ dataWidth: 0 }))])).toMatch(
      /^bitsmith: /,
    );
    const noStates = { ...COMPLEX_EXAMPLE, states: [] };
    const sJson = file('s.json', JSON.stringify(noStates));
    expect(badInput(['fsm', 'generate', '--config', sJson])).toBe(
      `bitsmith: ${sJson}: states: ${fsmGenerator.validate(noStates)[0]}`,
    );
    expect(badInput(['fsm', 'generate', '--config', file('bad.yaml', '{: [')])).toMatch(/neither JSON nor YAML/);
  });

  it('a setting given as an option is told it goes in the --config file, with the JSON to put there', () => {
    // It said "required option '--config <file>' not specified", and with --config "unknown option '--baud-rate'".
    expect(usageError(['uart', 'generate', '--baud-rate', '115200'])).toBe(
      `error: unknown option '--baud-rate': baudRate is a setting of the UART page: put it in the --config file ({"baudRate":115200}) or give the page's link`,
    );
    const cfg = file('c.json', '{}');
    expect(usageError(['fifo', 'generate', '--config', cfg, '--enable-ecc'])).toBe(
      `error: unknown option '--enable-ecc': enableECC is a setting of the FIFO page: put it in the --config file ({"enableECC":true}) or give the page's link`,
    );
    expect(usageError(['fsm', 'generate', '--encoding=onehot'])).toMatch(
      /: put it in the --config file \({"encoding":"onehot"}\)/,
    );
    expect(usageError(['uart', 'generate', '--lang', 'vhdl'])).toBe(
      "error: unknown option '--lang' (did you mean --language?)",
    );
    expect(usageError(['uart', 'generate', 'uart.json'])).toBe(
      "error: unexpected argument 'uart.json' (the settings go in the --config file)",
    );
    expect(usageError(['uart', 'generate'])).toBe("error: required option '--config <file>' not specified");
    expect(ok(['uart', 'generate', '--config', cfg])).toContain('module uart');
  });

  it('a misspelt, misplaced or mistyped setting is refused naming the file and the field, never ignored', () => {
    const config = (name: string, value: object) => file(name, JSON.stringify(value));
    const f1 = config('f1.json', { dataWidht: 16 });
    expect(badInput(['fifo', 'generate', '--config', f1])).toBe(
      `bitsmith: ${f1}: dataWidht: unknown setting (did you mean dataWidth?)`,
    );
    const f2 = config('f2.json', { dataWidth: '16' });
    expect(badInput(['fifo', 'generate', '--config', f2])).toBe(
      `bitsmith: ${f2}: dataWidth: Data width must be a whole number from 1 to 1024 bits ("16" is text; give the number 16)`,
    );
    // As POST /api/hdl/*: they said zod's "Invalid input: expected string, received undefined".
    const s0 = config('s0.json', { transitions: [{ from: 'IDLE', condition: 'start' }], fsmType: 'moor' });
    expect(badInput(['fsm', 'generate', '--config', s0])).toBe(
      `bitsmith: ${s0}: fsmType: FSM type must be moore or mealy; transitions.0.to: Transition 1 to state is required (text)`,
    );
    const f3 = config('f3.json', { almostFullThreshold: '80' });
    expect(badInput(['fifo', 'generate', '--config', f3])).toBe(
      `bitsmith: ${f3}: almostFullThreshold: Almost full threshold must be between 50 and 95 percent: "80" is text; give the number 80.`,
    );
    const u1 = config('u1.json', { baudrate: 115200 });
    expect(badInput(['uart', 'generate', '--config', u1])).toBe(
      `bitsmith: ${u1}: baudrate: unknown setting (did you mean baudRate?)`,
    );
    const u2 = config('u2.json', { speed: 115200 });
    expect(badInput(['uart', 'generate', '--config', u2])).toBe(`bitsmith: ${u2}: speed: unknown field`);
    const [first, ...rest] = COMPLEX_EXAMPLE.states;
    const s1 = config('s1.json', { ...COMPLEX_EXAMPLE, states: [{ ...first, nmae: 'X' }, ...rest] });
    expect(badInput(['fsm', 'generate', '--config', s1])).toMatch(
      new RegExp(`^bitsmith: ${s1}: states\\.0\\.nmae: unknown field$`),
    );
    const l1 = config('l1.json', { language: 'vhdl' });
    expect(badInput(['uart', 'generate', '--config', l1])).toBe(
      `bitsmith: ${l1}: language is an option of the command (--language), not a setting`,
    );
  });

  it('uart: the clock and FIFO depth as the page keeps them, text as typed in its boxes, read as the page reads them', () => {
    const config = { ...DEFAULT_UART, clockFreq: 50_000_000, fifoDepth: 16 };
    const expected = uartGenerator.generate(config, 'verilog').text;
    // The page's form (src/tools/uart/logic.ts) holds the boxes' text, and so does its draft.
    const form = file('uart-form.json', JSON.stringify({ ...DEFAULT_FORM, clockFreq: '50,000,000', fifoDepth: '16' }));
    expect(ok(['uart', 'generate', '--config', form])).toBe(expected);
    // YAML's digit groups (YAML 1.1 integers, text to a YAML 1.2 reader) and exponent notation.
    expect(ok(['uart', 'generate', '--config', file('uart-groups.yaml', 'clockFreq: 50_000_000\n')])).toBe(expected);
    expect(ok(['uart', 'generate', '--config', file('uart-exp.yaml', "clockFreq: '5e7'\n")])).toBe(expected);
    // Text the page's box refuses gets the page's message.
    const bad = file('uart-bad-clock.json', JSON.stringify({ clockFreq: '12abc' }));
    expect(badInput(['uart', 'generate', '--config', bad])).toBe(
      `bitsmith: ${bad}: clockFreq: ${uartGenerator.validate({ ...DEFAULT_UART, clockFreq: NaN })[0]}`,
    );
  });

  it('uart: a baud error above 2%, which the page flags, is a warning on stderr beside the files', () => {
    const fast = file('uart-fast.json', JSON.stringify({ baudRate: 921600 }));
    const r = bitsmith(['uart', 'generate', '--config', fast]);
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toBe(uartGenerator.generate({ ...DEFAULT_UART, baudRate: 921600 }, 'verilog').text);
    expect(r.stderr).toBe(
      `bitsmith: ${fast}: warning: baud error 13.03% is above 2% (baud counter 6, actual 1041666.67 baud); pick a clock that divides evenly by baud x oversampling\n`,
    );
    ok(['uart', 'generate', '--config', file('uart-ok.json', JSON.stringify({ baudRate: 115200 }))]);
  });

  it("fsm: the page's warnings (an unreachable state, a transition never taken) are warnings on stderr beside the files", () => {
    const config = {
      ...DEFAULT_FSM,
      transitions: [
        { from: 'IDLE', to: 'IDLE', condition: '' },
        { from: 'IDLE', to: 'RUN', condition: 'start' },
      ],
    };
    const f = file('fsm-warnings.json', JSON.stringify(config));
    const r = bitsmith(['fsm', 'generate', '--config', f]);
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toBe(fsmGenerator.generate(config, 'verilog').text);
    expect(r.stderr).toBe(
      `bitsmith: ${f}: warning: Transition 2 (IDLE → RUN) is never taken: an earlier transition out of IDLE is always true.\n` +
        `bitsmith: ${f}: warning: State RUN is unreachable from the reset state IDLE.\n` +
        `bitsmith: ${f}: warning: State DONE is unreachable from the reset state IDLE.\n`,
    );
    const quiet = bitsmith(['fsm', 'generate', '--config', file('fsm-ok.json', JSON.stringify(DEFAULT_FSM))]);
    expect(quiet.stderr).toBe('');
  });

  it('a configuration with several problems names every one, as the page and the API do', () => {
    const u = file('u-two.json', JSON.stringify({ fifoDepth: 0, clockFreq: 1 }));
    const [clock, depth] = uartGenerator.validate({ ...DEFAULT_UART, fifoDepth: 0, clockFreq: 1 });
    // The page's sentences lose their full stop before "; " (it read ".;" until 2026-12-02).
    expect(clock).toMatch(/\.$/);
    expect(badInput(['uart', 'generate', '--config', u])).toBe(
      `bitsmith: ${u}: clockFreq: ${clock!.slice(0, -1)}; fifoDepth: ${depth}`,
    );
    const f = file('f-two.json', JSON.stringify({ fifoDepth: 0, almostFullThreshold: 99, dataWidht: 8 }));
    expect(badInput(['fifo', 'generate', '--config', f])).toBe(
      `bitsmith: ${f}: fifoDepth: ${fifoDepthProblem(0)}; almostFullThreshold: Almost full threshold must be between 50 and 95 percent; dataWidht: unknown setting (did you mean dataWidth?)`,
    );
  });

  it('a {config: ...} file with any key beside config is refused naming the key, never ignored', () => {
    const wrapped = file('wrapped.json', JSON.stringify({ config: { dataWidth: 16 }, dataWidth: 32, fifoDepht: 4 }));
    expect(badInput(['fifo', 'generate', '--config', wrapped])).toBe(
      `bitsmith: ${wrapped}: dataWidth: unknown field beside config (the settings go inside it)`,
    );
    const draft = file('draft.yaml', stringify({ config: DEFAULT_UART, language: 'vhdl' }));
    expect(badInput(['uart', 'generate', '--config', draft])).toBe(
      `bitsmith: ${draft}: language is an option of the command (--language), not a setting`,
    );
  });

  it("fsm generate reads YAML's unquoted output values (ready: 1) as the page's text, as it reads '1'", () => {
    // They were refused: "states.0.outputs.ready: State 1 outputs ready must be text".
    const numbers = (outputs?: Record<string, string>) =>
      outputs && Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, Number(v)]));
    const config = {
      ...COMPLEX_EXAMPLE,
      states: COMPLEX_EXAMPLE.states.map((s) => ({ ...s, outputs: numbers(s.outputs) })),
      transitions: COMPLEX_EXAMPLE.transitions.map((t) => ({ ...t, outputs: numbers(t.outputs) })),
    };
    const yaml = file('fsm-numbers.yaml', stringify(config));
    expect(readFileSync(yaml, 'utf8')).toMatch(/^ {6}ready: 1$/m);
    expect(ok(['fsm', 'generate', '--config', yaml])).toBe(fsmGenerator.generate(COMPLEX_EXAMPLE, 'verilog').text);
  });

  it('fsm generate takes a permalink of the FSM page (packed lists, or plain JSON from older links)', () => {
    const link = (pack: (v: object) => string) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(COMPLEX_EXAMPLE)) q.set(k, typeof v === 'object' ? pack(v) : String(v));
      return `https://bitsmith.dev/fsm?${q}`;
    };
    const expected = fsmGenerator.generate(COMPLEX_EXAMPLE, 'verilog').text;
    expect(ok(['fsm', 'generate', '--config', link(packJson)])).toBe(expected);
    expect(ok(['fsm', 'generate', '--config', link((v) => JSON.stringify(v))])).toBe(expected);
    expect(badInput(['fsm', 'generate', '--config', 'https://bitsmith.dev/fsm?states=eJy'])).toBe(
      'bitsmith: The link\'s "states" is damaged: copy the link from the FSM page again.',
    );
  });
});

describe("bitsmith uart|fifo generate: the page's Copy link", () => {
  /** The link the page writes for these settings (its own writer: only what differs from the defaults). */
  const pageLink = (path: string, settings: object, defaults: object) =>
    `https://bitsmith.dev${path}?${new URLSearchParams(settingsToParams(settings, defaults))}`;
  const uartDefaults = { ...DEFAULT_FORM, language: 'verilog' };
  const fifoDefaults = { ...DEFAULT_FIFO_CONFIG, language: 'verilog' };

  it("uart: the link gives the page's design, the clock as typed on the page, in the link's language", () => {
    const form = { ...DEFAULT_FORM, baudRate: 115200, parity: 'even' as const, clockFreq: '1.8432e6', fifoDepth: '4' };
    const config = { ...DEFAULT_UART, baudRate: 115200, parity: 'even' as const, clockFreq: 1_843_200, fifoDepth: 4 };
    const link = pageLink('/uart-generator', { ...form, language: 'vhdl' }, uartDefaults);
    expect(ok(['uart', 'generate', '--config', link])).toBe(uartGenerator.generate(config, 'vhdl').text);
    expect(ok(['uart', 'generate', '--config', link, '--language', 'verilog'])).toBe(
      uartGenerator.generate(config, 'verilog').text,
    );
    const tooSlow = pageLink('/uart-generator', { ...form, clockFreq: '12abc' }, uartDefaults);
    expect(badInput(['uart', 'generate', '--config', tooSlow])).toBe(
      `bitsmith: the link: clockFreq: ${uartGenerator.validate({ ...config, clockFreq: NaN })[0]}`,
    );
  });

  it("fifo: the link gives the page's design and testbench, in the link's language", () => {
    const config = {
      ...DEFAULT_FIFO_CONFIG,
      dataWidth: 24,
      fifoDepth: 48,
      writeMode: 'packet' as const,
      enablePacketMode: true,
    };
    const link = pageLink('/fifo-generator', { ...config, language: 'vhdl' }, fifoDefaults);
    const dir = join(tmp, 'fifo-link');
    ok(['fifo', 'generate', '--config', link, '--testbench', '-o', dir]);
    for (const f of [fifoGenerator.generate(config, 'vhdl'), fifoGenerator.testbench(config, 'vhdl')])
      expect(readFileSync(join(dir, f.name), 'utf8')).toBe(f.text);
    expect(ok(['fifo', 'generate', '--config', pageLink('/fifo-generator', fifoDefaults, fifoDefaults)])).toBe(
      fifoGenerator.generate(DEFAULT_FIFO_CONFIG, 'verilog').text,
    );
  });

  it("a damaged link, a setting the page does not have, or another page's link is refused, never read as defaults", () => {
    expect(badInput(['fifo', 'generate', '--config', 'https://bitsmith.dev/fifo-generator?outputRegister=yes'])).toBe(
      'bitsmith: The link\'s "outputRegister" is damaged: copy the link from the FIFO page again.',
    );
    expect(badInput(['uart', 'generate', '--config', 'https://bitsmith.dev/uart-generator?language=cobol'])).toBe(
      'bitsmith: The link\'s "language" is damaged: copy the link from the UART page again.',
    );
    expect(badInput(['fifo', 'generate', '--config', 'https://bitsmith.dev/fifo-generator?dataWidht=16'])).toBe(
      'bitsmith: the link: dataWidht: not a setting of the FIFO page (did you mean dataWidth?)',
    );
    // As on the page: a setting given twice is damage; other sites' parameters are not settings.
    expect(
      badInput(['uart', 'generate', '--config', 'https://bitsmith.dev/uart-generator?baudRate=9600&baudRate=38400']),
    ).toBe('bitsmith: the link: baudRate: given twice, so which value is meant cannot be told');
    expect(ok(['uart', 'generate', '--config', 'https://bitsmith.dev/uart-generator?utm_source=news&ref=hn'])).toBe(
      ok(['uart', 'generate', '--config', 'https://bitsmith.dev/uart-generator']),
    );
    const fsmLink = `https://bitsmith.dev/fsm-generator?moduleName=blink`;
    expect(badInput(['fifo', 'generate', '--config', fsmLink])).toBe(
      "bitsmith: the link is the FSM page's: use bitsmith fsm generate",
    );
  });
});

describe('bitsmith and POST /api/hdl/*', () => {
  const hdlApi = async (gen: string, body: unknown) => {
    const r = await http(`${server.url}/api/hdl/${gen}`, body);
    expect(r.status, `${gen} ${JSON.stringify(body).slice(0, 80)}`).toBe(200);
    return (JSON.parse(r.text) as { files: { name: string; text: string }[] }).files;
  };
  /** The files the command wrote into a fresh directory, by name. */
  const written = (args: string[]) => {
    const dir = mkdtempSync(join(tmp, 'api-'));
    ok([...args, '-o', dir]);
    return readdirSync(dir)
      .sort()
      .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
  };
  const byName = (files: { name: string; text: string }[]) => [...files].sort((a, b) => (a.name < b.name ? -1 : 1));

  it('generate -o DIR writes the files the API answers for the same options, byte for byte', async () => {
    const configs = {
      uart: { ...DEFAULT_UART, baudRate: 115200, parity: 'even' },
      fifo: FIFO_PRESETS[1]!.config,
      fsm: COMPLEX_EXAMPLE,
    };
    for (const [gen, config] of Object.entries(configs)) {
      const path = file(`${gen}-api.json`, JSON.stringify(config));
      for (const language of ['verilog', 'vhdl']) {
        const api = await hdlApi(gen, { ...config, language, testbench: true });
        expect(api).toHaveLength(2);
        expect(written([gen, 'generate', '--config', path, '--language', language, '--testbench'])).toEqual(
          byName(api),
        );
      }
    }
    const crcCases: [string[], Record<string, unknown>][] = [
      [
        ['--algorithm', 'CRC-32/ISO-HDLC', '--data-width', '64', '--partial-last-word', '--pipeline-stages', '2'],
        { algorithm: 'CRC-32/ISO-HDLC', dataWidth: 64, partialLastWord: true, pipelineStages: 2 },
      ],
      [
        ['--poly', '0x1021', '--width', '16', '--init', '0xffff', '--data-width', '16', '--language', 'vhdl'],
        { poly: '0x1021', width: 16, init: '0xffff', dataWidth: 16, language: 'vhdl' },
      ],
    ];
    for (const [args, body] of crcCases)
      expect(written(['crc', 'generate', ...args, '--testbench'])).toEqual(
        byName(await hdlApi('crc', { ...body, testbench: true })),
      );
    for (const language of ['c', 'rust', 'python', 'typescript'])
      expect(written(['crc', 'generate', '--algorithm', 'CRC-16/MODBUS', '--language', language])).toEqual(
        byName(await hdlApi('crc', { algorithm: 'CRC-16/MODBUS', language })),
      );
  });
});

describe('bitsmith base64', () => {
  it('random bytes round-trip through encode and decode; encode is the core kernel', async () => {
    const kernel = await loadKernel<Base64Exports>('base64');
    for (const size of [1, 2, 3, 1000, (5 << 20) + 1]) {
      const data = randomBytes(size);
      const encoded = bitsmith(['base64', 'encode', '-'], data).stdout;
      expect(Buffer.from(encoded).equals(Buffer.from(encodeBytes(kernel, data)))).toBe(true);
      const decoded = bitsmith(['base64', 'decode', '-'], encoded).stdout;
      expect(decoded.equals(Buffer.from(data)), `size ${size}`).toBe(true);
    }
  });

  it('files with -o, URL-safe, wrapped lines', async () => {
    const kernel = await loadKernel<Base64Exports>('base64');
    const data = randomBytes(4000);
    const src = file('data.bin', data);
    ok(['base64', 'encode', '--url-safe', src, '-o', join(tmp, 'data.b64')]);
    expect(readFileSync(join(tmp, 'data.b64')).equals(Buffer.from(encodeBytes(kernel, data, 'url')))).toBe(true);
    ok(['base64', 'decode', '--url-safe', join(tmp, 'data.b64'), '-o', join(tmp, 'back.bin')]);
    expect(readFileSync(join(tmp, 'back.bin')).equals(Buffer.from(data))).toBe(true);
    const wrapped = ok(['base64', 'encode', '--wrap', '76', src]);
    expect(wrapped).toBe(execFileSync('base64', ['-w', '76', src]).toString());
    expect(bitsmith(['base64', 'decode', '-'], wrapped).stdout.equals(Buffer.from(data))).toBe(true);
  });

  it("bad Base64 gives the page's message; empty input gives empty output, exit 0, as GNU base64", () => {
    expect(badInput(['base64', 'decode', '-'], 'abc$')).toBe('bitsmith: Invalid Base64 string');
    for (const args of [['encode'], ['encode', '--wrap', '76'], ['encode', '--mime'], ['decode']])
      expect(ok(['base64', ...args, '-'], ''), args.join(' ')).toBe('');
    expect(ok(['base64', 'decode', '-'], ' \n')).toBe(''); // whitespace is ignored: nothing to decode
  });

  it('names the other alphabet when the input is in it, as the page offers it (it said only Invalid Base64 string)', () => {
    expect(badInput(['base64', 'decode', '-'], 'PDw_Pz4-')).toBe(
      'bitsmith: Invalid Base64 string (it has - or _: for URL-safe Base64 add --url-safe)',
    );
    expect(badInput(['base64', 'decode', '--url-safe', '-'], 'PDw/Pz4+')).toBe(
      'bitsmith: Invalid Base64 string (it has + or /: for standard Base64 leave out --url-safe)',
    );
    expect(badInput(['base64', 'decode', '-'], 'abc$')).toBe('bitsmith: Invalid Base64 string');
    // A - or _ among the last characters fails only when the input ends: the hint was missing there.
    for (const input of ['aGk_', 'PDw_Pz4', 'QUJD\nPDw_\nPz4\n'])
      expect(badInput(['base64', 'decode', '-'], input), input).toBe(
        'bitsmith: Invalid Base64 string (it has - or _: for URL-safe Base64 add --url-safe)',
      );
    expect(badInput(['base64', 'decode', '--url-safe', '-'], 'aGk/')).toBe(
      'bitsmith: Invalid Base64 string (it has + or /: for standard Base64 leave out --url-safe)',
    );
    // ... and at the end of a 6 MiB piece, it fails in the next one, which has none: the hint was
    // missing there until 2026-12-02 (the leading newline leaves the piece's last quantum unfinished).
    const piece = 6 << 20;
    const acrossPieces = Buffer.from(`\n${'A'.repeat(piece - 4)}AA-${'A'.repeat(4 * 1000 + 1)}`);
    expect(badInput(['base64', 'decode', file('across.b64', acrossPieces)])).toBe(
      'bitsmith: Invalid Base64 string (it has - or _: for URL-safe Base64 add --url-safe)',
    );
  });

  it('decodes a file holding a data URL to its payload, as the page does (it was Invalid Base64 string)', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const url = `data:image/png;base64,${png.toString('base64')}\n`;
    expect(bitsmith(['base64', 'decode', file('pixel.txt', Buffer.from(url))]).stdout.equals(png)).toBe(true);
    expect(ok(['base64', 'decode', '-'], 'data:text/plain;charset=utf-8;base64,aGVsbG8=')).toBe('hello');
    expect(ok(['base64', 'decode', '--url-safe', '-'], 'data:;base64,aGk')).toBe('hi');
    // Without ;base64 a data URL's payload is not Base64 (the page refuses it too).
    expect(badInput(['base64', 'decode', '-'], 'data:text/plain,aGVsbG8=')).toBe('bitsmith: Invalid Base64 string');
  });
});

describe('bitsmith json', () => {
  const doc = '{"b": [1, 12345678901234567890, 1.000000000000000000001, "é\\u00e9"], "a": {"x": null, "y": true}}';
  const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

  it("format and minify stream through the page's kernel (plus a final newline), numbers exact", async () => {
    const kernel = await loadKernel<JsonExports>('json');
    for (const indent of ['2', '4', 'tab'] as const) {
      const want = text(runJsonBytes(kernel, doc, 'format', indent === 'tab' ? 'tab' : (Number(indent) as 2 | 4)));
      expect(ok(['json', 'format', '--indent', indent, '-'], doc)).toBe(want + '\n');
    }
    const min = text(runJsonBytes(kernel, doc, 'minify'));
    expect(min).toContain('12345678901234567890,1.000000000000000000001');
    expect(ok(['json', 'minify', file('doc.json', doc)])).toBe(min + '\n');
    expect(ok(['json', 'validate', '-'], doc)).toBe('✅ Valid JSON!\n');
  });

  it('input of several read pieces (files and pipes) gives the kernel output and places errors as the page does', async () => {
    const kernel = await loadKernel<JsonExports>('json');
    const rows = Array.from({ length: 50_000 }, (_, i) => `{"id": ${i}, "n": 1${i}e-3, "s": "é\\u00e9 ${i}"}`);
    const big = `[\n${rows.join(',\n')}\n]`; // about 2.6 MB: three of the command's 1 MiB reads
    expect(big.length).toBeGreaterThan(2 << 20);
    const path = file('big.json', big);
    const want = text(runJsonBytes(kernel, big, 'format', 4)) + '\n';
    expect(ok(['json', 'format', '--indent', '4', path])).toBe(want);
    expect(ok(['json', 'format', '--indent', '4', '-'], big)).toBe(want);
    // An error in the last piece: its line and column, from a file (read again) and from a pipe (counted on the way).
    const bad = big.replace('"id": 45000,', '"id": 45000,,');
    const page = runJsonOp({ kind: 'validate', indent: 2, sortKeys: false }, bad);
    expect(page.status).toContain('line 45002, column');
    expect(badInput(['json', 'validate', file('bad-big.json', bad)])).toBe(`bitsmith: ${page.status}`);
    expect(badInput(['json', 'validate', '-'], bad)).toBe(`bitsmith: ${page.status}`);
    // At the end of the input.
    const cut = big.slice(0, -2);
    const end = runJsonOp({ kind: 'format', indent: 2, sortKeys: false }, cut);
    expect(badInput(['json', 'format', '-'], cut)).toBe(`bitsmith: ${end.status}`);
  });

  it('a leading byte order mark is skipped with --sort-keys too, as without it', () => {
    // Before: 'Invalid JSON: Unexpected token '\uFEFF' (line 1, column 1)' with --sort-keys only.
    const bom = file('bom.json', '\uFEFF{"b": 1, "a": 2}');
    expect(ok(['json', 'format', bom])).toBe('{\n  "b": 1,\n  "a": 2\n}\n');
    expect(ok(['json', 'format', '--sort-keys', bom])).toBe('{\n  "a": 2,\n  "b": 1\n}\n');
    expect(ok(['json', 'minify', '--sort-keys', '-'], readFileSync(bom))).toBe('{"a":2,"b":1}\n');
    expect(ok(['json', 'validate', '--sort-keys', bom])).toBe('✅ Valid JSON!\n');
  });

  it('a file that is not UTF-8 (UTF-16 from PowerShell, Windows-1252) is said to be so, as with --sort-keys', () => {
    // Before: 'Invalid JSON: Unexpected token '\uFFFD' (line 1, column 1)', where --sort-keys, yaml and csv
    // and the page said the file is not UTF-8 text.
    const utf16bom = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a": "é"}', 'utf16le')]);
    const utf16 = Buffer.from('{"a": "é"}', 'utf16le');
    const latin1 = Buffer.from('{"a": "Départ",}', 'latin1'); // the JSON error is after the byte
    const later = Buffer.from(`[\n${'1,\n'.repeat(600_000)}"D\xe9part",,]`, 'latin1'); // in the second piece
    // In the first piece, the JSON error in the second: stdin was looked at only in its last piece.
    const earlier = Buffer.from(`[\n"D\xe9part",\n${'1,\n'.repeat(600_000)},]`, 'latin1');
    // A character's first byte ends stdin's first 1 MiB piece, its bad second byte starts the next.
    const cut = Buffer.concat([
      Buffer.from('["'),
      Buffer.alloc(1048573, 'a'),
      Buffer.from([0xc3, 0x41]),
      Buffer.from('",,]'),
    ]);
    const cases = [
      { name: 'utf16bom.json', bytes: utf16bom, where: 'byte 0xFF at line 1, column 1' },
      { name: 'utf16.json', bytes: utf16, where: 'byte 0xE9 at line 1, column 15' },
      { name: 'latin1.json', bytes: latin1, where: 'byte 0xE9 at line 1, column 9' },
      { name: 'later.json', bytes: later, where: 'byte 0xE9 at line 600002, column 3' },
      { name: 'earlier.json', bytes: earlier, where: 'byte 0xE9 at line 2, column 3' },
      { name: 'cut.json', bytes: cut, where: 'byte 0xC3 at line 1, column 1048576' },
    ];
    for (const { name, bytes, where } of cases) {
      const path = file(name, bytes);
      for (const mode of ['format', 'minify', 'validate']) {
        const sorted = badInput(['json', mode, '--sort-keys', path]);
        expect(sorted, `${name} ${mode} --sort-keys`).toBe(
          `bitsmith: ${path} is not UTF-8 text: ${where} (save it as UTF-8)`,
        );
        expect(badInput(['json', mode, path]), `${name} ${mode}`).toBe(sorted);
        expect(badInput(['json', mode, '-'], bytes), `${name} ${mode} -`).toBe(
          `bitsmith: stdin is not UTF-8 text: ${where} (save it as UTF-8)`,
        );
      }
    }
  });

  it('UTF-8 characters cut by a piece boundary of stdin are UTF-8: the JSON error is said, as for the file', () => {
    // 10 bytes a repeat (1, 2, 3 and 4 bytes a character): piece boundaries fall inside characters.
    const text = `["${'aé€😀'.repeat(120_000)}",,]`;
    const path = file('cut-valid.json', text);
    const error = badInput(['json', 'validate', path]);
    expect(error).toMatch(/^bitsmith: ❌ Invalid JSON: .*line 1, column/);
    expect(badInput(['json', 'validate', '-'], text)).toBe(error);
  });

  it("--sort-keys gives the page's tree output", () => {
    const sorted = runJsonOp({ kind: 'format', indent: 4, sortKeys: true }, doc) as { output: string };
    expect(ok(['json', 'format', '--indent', '4', '--sort-keys', file('doc.json', doc)])).toBe(sorted.output + '\n');
  });

  it('validate and format name the first error with its line and column, exit 1', () => {
    const bad = '{\n  "a": 1,\n  "b": 2 3\n}';
    const page = runJsonOp({ kind: 'validate', indent: 2, sortKeys: false }, bad);
    expect(page.ok).toBe(false);
    expect(page.status).toContain('line 3, column');
    expect(badInput(['json', 'validate', '-'], bad)).toBe(`bitsmith: ${page.status}`);
    expect(badInput(['json', 'validate', file('bad.json', bad)])).toBe(`bitsmith: ${page.status}`);
    expect(badInput(['json', 'format', '-'], bad)).toBe(
      `bitsmith: ${runJsonOp({ kind: 'format', indent: 2, sortKeys: false }, bad).status}`,
    );
    expect(badInput(['json', 'minify', '-'], '  ')).toBe('bitsmith: Please enter JSON to minify');
  });

  it('a byte order mark and nothing else asks for JSON, as with --sort-keys (an empty file saved by Notepad)', () => {
    // Before: 'Invalid JSON: Unexpected end of JSON input (line 1, column 1)' without --sort-keys.
    for (const mode of ['format', 'minify', 'validate'])
      for (const sort of [[], ['--sort-keys']]) {
        expect(badInput(['json', mode, ...sort, '-'], '\ufeff \n')).toBe(`bitsmith: Please enter JSON to ${mode}`);
        expect(badInput(['json', mode, ...sort, file('bom-only.json', '\ufeff')])).toBe(
          `bitsmith: Please enter JSON to ${mode}`,
        );
      }
  });

  it("validate -o FILE holds the verdict of this run, also when it is invalid (never an earlier run's mark)", () => {
    // Before, an invalid document left FILE as it was: a '✅ Valid JSON!' of an earlier run stayed there.
    const verdict = join(tmp, 'verdict.txt');
    const bad = '{"a": 1,}';
    const page = runJsonOp({ kind: 'validate', indent: 2, sortKeys: false }, bad);
    for (const sort of [[], ['--sort-keys']]) {
      expect(ok(['json', 'validate', ...sort, '-', '-o', verdict], '{"a": 1}')).toBe('');
      expect(readFileSync(verdict, 'utf8')).toBe('✅ Valid JSON!\n');
      expect(badInput(['json', 'validate', ...sort, '-', '-o', verdict], bad)).toBe(`bitsmith: ${page.status}`);
      expect(readFileSync(verdict, 'utf8'), sort.join()).toBe(`${page.status}\n`);
      expect(badInput(['json', 'validate', ...sort, '-', '-o', verdict], ' ')).toBe(
        'bitsmith: Please enter JSON to validate',
      );
      expect(readFileSync(verdict, 'utf8')).toBe('Please enter JSON to validate\n');
    }
  });
});

describe('bitsmith -o FILE', () => {
  /** A folder of its own holding one precious file (mode 600); returns the folder and the file. */
  const precious = (name: string) => {
    const dir = mkdtempSync(join(tmp, `${name}-`));
    const target = join(dir, 'keep.txt');
    writeFileSync(target, 'precious\n', { mode: 0o600 });
    return { dir, target };
  };
  const kept = ({ dir, target }: { dir: string; target: string }) => {
    expect(JSON.stringify(readFileSync(target, 'latin1').slice(0, 20))).toBe('"precious\\n"');
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['keep.txt']); // no half-written file left beside it
  };

  it('a command that fails half-way leaves the file -o names as it was', () => {
    // Bad input found after megabytes were written: the end of a 30 MB Base64 text, of a JSON file.
    const b64 = file(
      'bad-end.b64',
      Buffer.concat([Buffer.from(randomBytes(22_500_000)).toString('base64'), '!!'].map((s) => Buffer.from(s))),
    );
    const json = file('bad-end.json', `[${'{"a": 1, "b": [true, null]},'.repeat(200_000)} oops]`);
    const failing: [string[], string][] = [
      [['base64', 'decode', b64], 'bitsmith: Invalid Base64 string'],
      [['json', 'format', json], 'bitsmith: Invalid JSON: Unexpected token'],
      [['yaml', 'to-json', '-'], 'bitsmith: Invalid YAML'],
      [['base64', 'encode', join(tmp, 'no-such-input')], 'bitsmith: '],
    ];
    for (const [args, message] of failing) {
      const place = precious(args[1]!);
      expect(badInput([...args, '-o', place.target], 'a: [b\n')).toContain(message);
      kept(place);
    }
  });

  it('a command stopped by Ctrl-C keeps the file; the hidden file it left is removed by the next -o to that file', async () => {
    // Ctrl-C ends the process before its exit handlers run: .keep.txt.<pid>.bitsmith-tmp stayed for good.
    const place = precious('interrupted');
    const child = spawn(process.execPath, [BIN, 'base64', 'encode', '-', '-o', place.target], { stdio: 'pipe' });
    // stdin stays open: the command waits for the rest. The write is awaited: one still pending at the
    // kill failed with EPIPE, an unhandled error that turned CI red after every test had passed.
    await new Promise((done, fail) =>
      child.stdin.write(Buffer.alloc(1 << 20, 1), (error) => (error ? fail(error) : done(undefined))),
    );
    const hidden = `.keep.txt.${child.pid}.bitsmith-tmp`;
    await expect.poll(() => readdirSync(place.dir), { timeout: 10_000 }).toContain(hidden);
    const exited = new Promise((done) => child.on('exit', (_, signal) => done(signal)));
    child.kill('SIGINT');
    expect(await exited).toBe('SIGINT');
    expect(readFileSync(place.target, 'utf8')).toBe('precious\n');
    // A hidden file of a process still running is left alone: only the stopped one's goes.
    const running = join(place.dir, `.keep.txt.${process.pid}.bitsmith-tmp`);
    writeFileSync(running, 'another run, still writing');
    ok(['base64', 'encode', place.target, '-o', place.target]);
    expect(readdirSync(place.dir).sort()).toEqual([basename(running), 'keep.txt']);
    unlinkSync(running);
  });

  it('a successful command replaces the file, keeping its permissions; -o may name the input', () => {
    const place = precious('replace');
    ok(['base64', 'encode', place.target, '-o', place.target]);
    expect(readFileSync(place.target, 'utf8')).toBe(Buffer.from('precious\n').toString('base64'));
    expect(statSync(place.target).mode & 0o777).toBe(0o600);
    expect(readdirSync(place.dir)).toEqual(['keep.txt']);
  });

  it('-o refuses a file the user may not write, as > does (it was replaced: a rename needs only the folder)', () => {
    // As root every file is writable: the command then runs as nobody, from a copy nobody can read
    // (a clean clone lives in a private folder), in a folder everyone may write.
    const place = mkdtempSync(join(tmpdir(), 'bitsmith-read-only-'));
    try {
      chmodSync(place, 0o777);
      cpSync(dirname(BIN), join(place, 'cli'), { recursive: true });
      const target = join(place, 'ro.txt');
      writeFileSync(target, 'precious\n', { mode: 0o444 });
      const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
      const run = (...cmd: string[]) => {
        const all = [...asUser, ...cmd];
        return spawnSync(all[0]!, all.slice(1), { cwd: place, encoding: 'utf8' });
      };
      expect(run('sh', '-c', 'echo new > ro.txt').status).not.toBe(0); // the shell's verdict
      const r = run(process.execPath, join(place, 'cli', basename(BIN)), 'crc', 'list', '-o', 'ro.txt');
      expect({ status: r.status, stderr: r.stderr }).toEqual({
        status: 1,
        stderr: 'bitsmith: ro.txt: permission denied\n',
      });
      expect(readFileSync(target, 'utf8')).toBe('precious\n');
      expect(statSync(target).uid).toBe(process.getuid?.());
      expect(readdirSync(place).sort()).toEqual(['cli', 'ro.txt']);
    } finally {
      rmSync(place, { recursive: true, force: true });
    }
  });

  it('a generator whose second file cannot be written leaves the first as it was', () => {
    const dir = mkdtempSync(join(tmp, 'two-files-'));
    writeFileSync(join(dir, 'uart_module.v'), 'precious\n');
    mkdirSync(join(dir, 'uart_module_tb.v')); // the testbench's place is taken by a directory
    expect(badInput(['uart', 'generate', '--config', '-', '--testbench', '-o', `${dir}/`], '{}')).toBe(
      `bitsmith: ${join(dir, 'uart_module_tb.v')}: is a directory`,
    );
    expect(readFileSync(join(dir, 'uart_module.v'), 'utf8')).toBe('precious\n');
    expect(readdirSync(dir).sort()).toEqual(['uart_module.v', 'uart_module_tb.v']);
  });

  it('-o takes any name the file system takes: 250 bytes, and 240 bytes of two-byte letters', () => {
    const dir = mkdtempSync(join(tmp, 'long-'));
    for (const name of ['a'.repeat(246) + '.txt', 'é'.repeat(120) + '.txt']) {
      ok(['crc', 'list', '-o', join(dir, name)]);
      expect(readFileSync(join(dir, name), 'utf8')).toBe(ok(['crc', 'list']));
    }
    expect(readdirSync(dir)).toHaveLength(2); // no hidden file left beside them
  });

  it('a symbolic link keeps pointing at its file, which is replaced; a device is written in place', () => {
    const place = precious('link');
    symlinkSync('keep.txt', join(place.dir, 'link.txt'));
    ok(['json', 'minify', '-', '-o', join(place.dir, 'link.txt')], '{ "a": [1, 2] }');
    expect(lstatSync(join(place.dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(place.target, 'utf8')).toBe('{"a":[1,2]}\n');
    ok(['json', 'minify', '-', '-o', '/dev/null'], '[1]');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('-o naming the file the testbench is written to is refused in one line, before anything is written', () => {
    // Before: 'bitsmith: crc_module_tb.v: not a directory' (both files were opened at the same hidden name).
    const dir = mkdtempSync(join(tmp, 'same-name-'));
    const target = join(dir, 'crc_module_tb.v');
    expect(badInput(['crc', 'generate', '--algorithm', 'CRC-32C', '--testbench', '-o', target])).toBe(
      `bitsmith: ${target}: crc_module_tb.v, the testbench, is written beside the design under that name: name the design otherwise or give a directory`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('-o /dev/stdout and /dev/stderr write into the pipe they name', () => {
    // Before: 'bitsmith: /dev: no such directory' (the link's real path, pipe:[...], was opened).
    const r = spawnSync(process.execPath, [BIN, 'subnet', '10.0.0.0/30', '-o', '/dev/stdout'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(ok(['subnet', '10.0.0.0/30']));
    const e = spawnSync(process.execPath, [BIN, 'crc', 'list', '-o', '/dev/stderr'], { encoding: 'utf8' });
    expect(e.status).toBe(0);
    expect(e.stderr).toBe(ok(['crc', 'list']));
  });

  it('a symbolic link to a file not there yet makes that file, as > does in a shell, and keeps pointing at it', () => {
    // Before, the link itself was replaced by a regular file and its target never made.
    const dir = mkdtempSync(join(tmp, 'dangling-'));
    mkdirSync(join(dir, 'sub'));
    symlinkSync('sub/made.json', join(dir, 'link.json'));
    symlinkSync('link.json', join(dir, 'chain.json'));
    ok(['json', 'minify', '-', '-o', join(dir, 'chain.json')], '{ "a": 1 }');
    expect(lstatSync(join(dir, 'chain.json')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'sub/made.json'), 'utf8')).toBe('{"a":1}\n');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['made.json']);
  });

  it('a target that cannot be written is named in one line', () => {
    expect(badInput(['json', 'minify', '-', '-o', join(tmp, 'no/such/dir/x.json')], '[1]')).toBe(
      `bitsmith: ${join(tmp, 'no/such/dir')}: no such directory`,
    );
    expect(badInput(['json', 'minify', '-', '-o', tmp], '[1]')).toBe(`bitsmith: ${tmp}: is a directory`);
  });

  it('-o with an empty name ("$UNSET") is a usage error on every command, never stdout or the current directory', () => {
    const commands = [
      ['crc', 'list'],
      ['crc', 'check', 'nine.txt'],
      ['crc', 'generate', '--algorithm', 'CRC-32C'],
      ['crc', 'identify', ...['010300000001:0a84', '010300010001:cad5']],
      ['uart', 'generate', '--config', 'x.json'],
      ['base64', 'encode', 'nine.txt'],
      ['json', 'format', 'x.json'],
      ['yaml', 'from-json', 'x.json'],
      ['csv', 'to-json', 'x.csv'],
      ['subnet', '10.0.0.0/8'],
    ];
    for (const args of commands)
      expect(usageError([...args, '-o', ''])).toMatch(
        /^error: option '-o, --output <(file|dir)>' argument '' is invalid\. It must be a path \(or - for stdout\)\.$/,
      );
  });

  it('an endless input read whole (a configuration, a --check list) is refused at the heap guard, not read until memory runs out', () => {
    for (const args of [
      ['uart', 'generate', '--config', '/dev/zero'],
      ['crc', 'check', '--check', '/dev/zero'],
    ]) {
      const r = spawnSync(process.execPath, ['--max-old-space-size=64', BIN, ...args], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.stderr, args.join(' ')).toMatch(
        /^bitsmith: \/dev\/zero holds more than [\d.]+ MB: --(config|check) reads the whole document, up to [\d.]+ MB here \(NODE_OPTIONS=--max-old-space-size=MB raises it\)\n$/,
      );
      expect(r.status, args.join(' ')).toBe(1);
    }
  });

  it("an input that cannot be opened says the system's words once, without Node's errno code", () => {
    const plain = file('not-a-dir.txt', 'x');
    symlinkSync('loop-b', join(tmp, 'loop-a'));
    symlinkSync('loop-a', join(tmp, 'loop-b'));
    for (const cmd of [
      ['base64', 'encode'],
      ['crc', 'check'],
      ['yaml', 'to-json'],
    ])
      expect(badInput([...cmd, join(plain, 'x')]), cmd.join(' ')).toBe(
        `bitsmith: ${join(plain, 'x')}: not a directory`,
      );
    expect(badInput(['json', 'format', 'loop-a'])).toBe('bitsmith: loop-a: too many symbolic links encountered');
  });

  it('stdin that is a directory (< dir) is named stdin and refused, never taken for empty input', () => {
    // Before: '-: is a directory' from some commands, 'Please enter JSON to format' and the like from others.
    for (const args of [
      'base64 encode',
      'json format',
      'json format --sort-keys -',
      'yaml to-json',
      'csv to-json',
      'crc check',
      'uart generate --config -',
      'subnet -',
    ]) {
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} < "${tmp}"`], { encoding: 'utf8' });
      expect(r.stderr, args).toBe('bitsmith: stdin: is a directory\n');
      expect(r.status, args).toBe(1);
    }
  });

  it("a full disk behind stdout is one line naming stdout, not Node's errno text", () => {
    for (const args of ['crc list', 'base64 encode -', 'uart generate --config -']) {
      const r = spawnSync('sh', ['-c', `echo '{}' | "${process.execPath}" "${BIN}" ${args} > /dev/full`], {
        encoding: 'utf8',
      });
      expect(r.stderr, args).toBe('bitsmith: stdout: no space left on device\n');
      expect(r.status, args).toBe(1);
    }
  });

  it('a file where a directory is needed, or a directory that is not there, is named as such', () => {
    const plain = file('plain-file.txt', 'kept\n');
    expect(badInput(['json', 'minify', '-', '-o', join(plain, 'x.json')], '[1]')).toBe(
      `bitsmith: ${plain}: not a directory`,
    );
    // -o DIR of the generators: an existing file, or a file on the way to it.
    for (const target of [plain, join(plain, 'rtl/')])
      expect(badInput(['crc', 'generate', '--algorithm', 'CRC-32C', '--language', 'c', '-o', target])).toBe(
        `bitsmith: ${plain}: not a directory`,
      );
    expect(badInput(['uart', 'generate', '--config', '-', '-o', join(plain, 'rtl/')], '{}')).toBe(
      `bitsmith: ${plain}: not a directory`,
    );
    // One output file named as a directory (trailing /) that is not there.
    const gone = join(tmp, 'no-such-dir/');
    expect(badInput(['crc', 'list', '-o', gone])).toBe(`bitsmith: ${gone}: no such directory`);
    expect(readFileSync(plain, 'utf8')).toBe('kept\n');
  });

  it('a directory that cannot be made (under /proc) is one line, not an endless loop at full CPU', () => {
    // Node's mkdirSync(recursive) looped for ever when mkdir answered ENOENT under an existing parent.
    for (const [args, input, said] of [
      [['fifo', 'generate', '--config', '-', '-o', '/proc/x.v'], '{}', '/proc/x.v: cannot be created here'],
      [['uart', 'generate', '--config', '-', '-o', '/proc/x/rtl/'], '{}', '/proc/x: cannot be created here'],
      [
        ['crc', 'generate', '--algorithm', 'CRC-32C', '--language', 'c', '-o', '/proc/x/'],
        '',
        '/proc/x/: cannot be created here',
      ],
      [['crc', 'generate', '--algorithm', 'CRC-32C', '-o', '/proc/x.v'], '', '/proc/x.v: cannot be created here'],
    ] as const) {
      const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 20_000 });
      expect(r.stderr, args.join(' ')).toBe(`bitsmith: ${said} (no such file or directory)\n`);
      expect(r.status, args.join(' ')).toBe(1);
    }
  });
});

describe('the npm package', () => {
  it('npm pack holds the command only; a global install of it works offline', () => {
    const dest = mkdtempSync(join(tmpdir(), 'bitsmith-pack-'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { cwd: root, encoding: 'utf8' }),
    ) as { filename: string; files: { path: string }[] }[];
    const paths = packed[0]!.files.map((f) => f.path);
    expect(paths).toContain('dist/cli/bitsmith.cjs');
    expect(paths).toContain('dist/cli/bitsmith.mjs');
    expect(paths).toContain('dist/cli/crc-part-worker.mjs');
    expect(paths).toContain('dist/cli/wasm/crc.wasm');
    expect(paths).toContain('dist/cli/wasm/base64.relaxed.wasm');
    expect(paths).toContain('LICENSE');
    expect(paths.every((p) => p.startsWith('dist/cli/') || ['package.json', 'README.md', 'LICENSE'].includes(p))).toBe(
      true,
    );
    const prefix = mkdtempSync(join(tmpdir(), 'bitsmith-prefix-'));
    execFileSync(
      'npm',
      ['install', '-g', '--prefix', prefix, join(dest, packed[0]!.filename), '--offline', '--no-audit', '--no-fund'],
      { cwd: dest, stdio: 'pipe' },
    );
    const installed = join(prefix, 'bin', 'bitsmith');
    expect(execFileSync(installed, ['--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const out = execFileSync(installed, ['crc', 'generate', '--algorithm', 'CRC-16/ARC', '--data-width', '8'], {
      encoding: 'utf8',
      cwd: prefix,
    });
    const g = createCrcGenerator(crcKernel);
    const config = { params: paramsOf(predefinedAlgorithms().find((a) => a.name === 'CRC-16/ARC')!), dataWidth: 8 };
    expect(out).toBe(g.generate(config, 'verilog').text);
    // The converters and their WASM kernels work from the installed copy too.
    const run = (args: string[], input?: string) =>
      execFileSync(installed, args, { encoding: 'utf8', cwd: prefix, input });
    expect(run(['base64', 'encode', '--url-safe', '-'], '\xfb\xff')).toBe('w7vDvw');
    expect(run(['subnet', '10.0.0.0/30', '--split', '31'])).toBe('10.0.0.0/31\n10.0.0.2/31\n');
    expect(run(['yaml', 'to-json', '-'], 'a: 12345678901234567890\n')).toBe('{\n  "a": 12345678901234567890\n}\n');
    expect(run(['crc', 'check', '-'], '123456789')).toBe('cbf43926  -\n');
    // A large file takes crc check's helper thread, whose entry the installed copy must find.
    const big = new Uint8Array((65 << 20) + 3).fill(7);
    writeFileSync(join(prefix, 'big.bin'), big);
    expect(run(['crc', 'check', 'big.bin'])).toBe(
      `${(zlib.crc32(big) >>> 0).toString(16).padStart(8, '0')}  big.bin\n`,
    );
  });

  it('npx bitsmith runs the built command inside the repository', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(execFileSync('npx', ['--offline', 'bitsmith', '--version'], { cwd: root, encoding: 'utf8' })).toBe(
      `${version}\n`,
    );
  });
});
