/**
 * The bitsmith command against the command-line tools people use for the same job (issue 27, part
 * 4): whole processes timed (spawn to exit, stdout to /dev/null), the same input file for both, the
 * cases of a group run in turns so load hits them alike, the median of several runs, and the outputs
 * compared once before timing (a difference is a crash, not a figure). Peers: GNU base64, jq,
 * python3 -m json.tool, Python's zlib.crc32 and crcmod (Debian's /usr/bin/python3), a Python
 * ipaddress loop. A missing peer is skipped with a line saying so. Needs dist/cli (npm run build).
 */
import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineSuite, type BenchCase, type BenchGroup } from './harness';
import { paramsOf, predefinedAlgorithms } from '../src/core/crc/catalogue';
import { reflect } from '../src/core/crc/params';

/** BITSMITH_BIN: a copy of dist/cli elsewhere, so a rebuild during a long run cannot pull it away. */
const BIN = process.env.BITSMITH_BIN ?? fileURLToPath(new URL('../dist/cli/bitsmith.cjs', import.meta.url));
/** Debian's interpreter: the one python3-crcmod installs into (python3 on PATH may be another). */
const DEBIAN_PYTHON = '/usr/bin/python3';

let dir = '';
/**
 * The groups the part being prepared makes (their names start so): with --group, a part none of whose
 * groups is asked for makes no input and runs no output check.
 */
let part = '';
let wanted: (groupName: string) => boolean = () => true;

interface Cmd {
  argv: string[];
  /** A file for stdin (default: none). */
  stdin?: string;
}

/** Runs `cmd` with stdout to `out` (default /dev/null); returns the wall time in ms. Fails on a non-zero exit. */
function run(cmd: Cmd, out = '/dev/null'): number {
  const inFd = cmd.stdin ? openSync(cmd.stdin, 'r') : 'ignore';
  const outFd = openSync(out, 'w');
  const t0 = performance.now();
  const r = spawnSync(cmd.argv[0]!, cmd.argv.slice(1), { stdio: [inFd, outFd, 'pipe'], maxBuffer: 1 << 20 });
  const ms = performance.now() - t0;
  if (typeof inFd === 'number') closeSync(inFd);
  closeSync(outFd);
  if (r.status !== 0) throw new Error(`${cmd.argv.join(' ')} exited ${r.status}: ${r.stderr?.toString().trim()}`);
  return ms;
}

/** Whether two files hold the same bytes (read in chunks: they may be gigabytes). */
function sameBytes(a: string, b: string): boolean {
  const [fa, fb] = [openSync(a, 'r'), openSync(b, 'r')];
  const [ba, bb] = [Buffer.alloc(8 << 20), Buffer.alloc(8 << 20)];
  try {
    for (;;) {
      const na = readSync(fa, ba);
      const nb = readSync(fb, bb);
      if (na !== nb || !ba.subarray(0, na).equals(bb.subarray(0, nb))) return false;
      if (na === 0) return true;
    }
  } finally {
    closeSync(fa);
    closeSync(fb);
  }
}

function readTextFile(path: string): string {
  const fd = openSync(path, 'r');
  const buf = Buffer.alloc(4096);
  const n = readSync(fd, buf);
  closeSync(fd);
  return buf.subarray(0, n).toString();
}

const available = (cmd: string[]) => spawnSync(cmd[0]!, cmd.slice(1), { stdio: 'ignore' }).status === 0;

/**
 * The cases of one group, timed in turns (A, B, A, B, ...) after one untimed run each (page cache,
 * the check of the outputs). `samples` runs each; a case's `measure` returns its own column.
 */
function inTurns(
  cases: { name: string; cmd: Cmd }[],
  samples: number,
  bytes: number | undefined,
  ops?: number,
): BenchCase[] {
  let all: number[][] | undefined;
  const measureAll = () => {
    const cols = cases.map(() => [] as number[]);
    for (let i = 0; i < samples; i++) cases.forEach((c, k) => cols[k]!.push(run(c.cmd)));
    return cols;
  };
  return cases.map((c, k) => ({
    name: c.name,
    ...(bytes !== undefined ? { bytes } : { ops: ops ?? 1 }),
    measure: async () => (all ??= measureAll())[k]!,
  }));
}

/** Checks that every command writes the same bytes as the first; throws naming the one that differs. */
function checkSameOutput(cases: { name: string; cmd: Cmd }[], transform?: (text: string) => string): void {
  if (!wanted(part)) return;
  const paths = cases.map((c, i) => {
    const p = join(dir, `check-${i}.out`);
    run(c.cmd, p);
    return p;
  });
  for (let i = 1; i < paths.length; i++) {
    const same = transform
      ? transform(readTextFile(paths[i]!)) === transform(readTextFile(paths[0]!))
      : sameBytes(paths[0]!, paths[i]!);
    if (!same) throw new Error(`${cases[i]!.name} and ${cases[0]!.name} wrote different outputs`);
  }
  for (const p of paths) rmSync(p);
}

function randomFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(Math.min(size, 16 << 20));
  for (let done = 0; done < size; done += chunk.length)
    writeSync(fd, randomFillSync(chunk), 0, Math.min(chunk.length, size - done));
  closeSync(fd);
}

/**
 * A JSON array of records of about `size` bytes in the forms every peer writes the same way: ASCII
 * strings without escapes, integers below 2^53 and decimals in their shortest form.
 */
function jsonFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  writeSync(fd, '[');
  let written = 1;
  for (let i = 0, parts: string[] = []; written < size; i++) {
    const rec = `{"id": ${i}, "name": "item-${i}", "price": ${i % 997}.25, "tags": ["alpha", "beta", "g${i % 13}"], "active": ${i % 3 === 0}, "meta": {"owner": null, "levels": [${i % 7}, ${i % 11}, -${(i % 5) + 1}], "ratio": 0.${(i % 9) + 1}${(i % 7) + 1}}}`;
    parts.push(i ? ', ' + rec : rec);
    if (parts.length === 4096) {
      const text = parts.join('');
      written += writeSync(fd, text);
      parts = [];
    }
  }
  writeSync(fd, ']\n');
  closeSync(fd);
}

const PY_ZLIB = `import sys, zlib
c = 0
with open(sys.argv[1], 'rb') as f:
    for chunk in iter(lambda: f.read(4 << 20), b''):
        c = zlib.crc32(chunk, c)
print('%08x' % c)`;

/** crcmod's initCrc is the register after init, reflected for reflected algorithms, XORed with xorOut. */
const PY_CRCMOD = `import sys, crcmod
width, poly, init, rev, xorout = int(sys.argv[2]), int(sys.argv[3], 16), int(sys.argv[4], 16), sys.argv[5] == '1', int(sys.argv[6], 16)
fn = crcmod.mkCrcFun((1 << width) | poly, initCrc=init ^ xorout, rev=rev, xorOut=xorout)
c = fn(b'')
with open(sys.argv[1], 'rb') as f:
    for chunk in iter(lambda: f.read(4 << 20), b''):
        c = fn(chunk, c)
print('%0*x' % ((width + 3) // 4, c))`;

/** Every subnet of a network, one "a.b.c.d/p" line each, with the ipaddress module (an int loop: 3x faster than net.subnets()). */
const PY_SPLIT = `import ipaddress, sys
net = ipaddress.ip_network(sys.argv[1])
new = int(sys.argv[2])
start = int(net.network_address)
w = sys.stdout.write
for a in range(start, start + net.num_addresses, 1 << (32 - new)):
    w(f"{ipaddress.IPv4Address(a)}/{new}\\n")`;

const MiB = 1 << 20;
const skip = (what: string) => console.log(`[bench] cli: ${what} is not installed: its group is skipped`);

export default defineSuite({
  name: 'cli',
  async groups({ quick, wants }) {
    wanted = wants;
    if (!existsSync(BIN)) throw new Error('dist/cli/bitsmith.cjs is missing: run npm run build');
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-cli-bench-'));
    const node = process.execPath;
    const bitsmith = (...args: string[]): Cmd => ({ argv: [node, BIN, ...args] });
    const samples = quick ? 3 : 5;
    const groups: BenchGroup[] = [];
    const add = (name: string, cases: { name: string; cmd: Cmd }[], bytes?: number, n = samples, ops?: number) =>
      wants(name) &&
      groups.push({ name, baseline: cases[cases.length - 1]!.name, cases: inTurns(cases, n, bytes, ops) });

    part = 'base64';
    // ---- base64: the same file; GNU -w 0 writes one line as bitsmith does, plain base64 wraps at 76
    const size = quick ? 32 * MiB : 1024 * MiB;
    const bin = join(dir, 'data.bin');
    if (wants('base64') || wants('crc check')) randomFile(bin, size);
    const label = `${size / MiB} MiB`;
    if (available(['base64', '--version'])) {
      const b64 = join(dir, 'data.b64');
      if (wants(part)) run({ argv: ['base64', bin] }, b64);
      const enc = [
        { name: 'bitsmith base64 encode', cmd: bitsmith('base64', 'encode', bin) },
        { name: 'GNU base64 -w 0', cmd: { argv: ['base64', '-w', '0', bin] } },
      ];
      checkSameOutput(enc);
      add(`base64 encode ${label}`, enc, size);
      const wrapped = [
        { name: 'bitsmith base64 encode --wrap 76', cmd: bitsmith('base64', 'encode', '--wrap', '76', bin) },
        { name: 'GNU base64', cmd: { argv: ['base64', bin] } },
      ];
      checkSameOutput(wrapped);
      add(`base64 encode ${label}, 76-column lines`, wrapped, size);
      const dec = [
        { name: 'bitsmith base64 decode', cmd: bitsmith('base64', 'decode', b64) },
        { name: 'GNU base64 -d', cmd: { argv: ['base64', '-d', b64] } },
      ];
      checkSameOutput(dec);
      add(`base64 decode ${label} (76-column lines)`, dec, size);
    } else skip('GNU base64');

    // ---- json format: bitsmith --indent 2 writes what jq . writes, --indent 4 what json.tool writes
    const jsonSize = quick ? 2_000_000 : 200_000_000;
    const doc = join(dir, 'doc.json');
    const jsonLabel = `${Math.round(jsonSize / 1e6)} MB`;
    const [vsJqName, vsPythonName] = [`json format ${jsonLabel} vs jq`, `json format ${jsonLabel} vs python3`];
    if (wants(vsJqName) || wants(vsPythonName)) jsonFile(doc, jsonSize);
    part = vsJqName;
    if (available(['jq', '--version'])) {
      const vsJq = [
        { name: 'bitsmith json format --indent 2', cmd: bitsmith('json', 'format', '--indent', '2', doc) },
        { name: 'jq .', cmd: { argv: ['jq', '.', doc] } },
      ];
      checkSameOutput(vsJq);
      add(vsJqName, vsJq, jsonSize, 3);
    } else skip('jq');
    const vsPython = [
      { name: 'bitsmith json format --indent 4', cmd: bitsmith('json', 'format', '--indent', '4', doc) },
      { name: 'python3 -m json.tool', cmd: { argv: ['python3', '-m', 'json.tool', doc] } },
    ];
    part = vsPythonName;
    checkSameOutput(vsPython);
    add(`json format ${jsonLabel} vs python3 -m json.tool`, vsPython, jsonSize, 3);

    // ---- crc check: CRC-32/ISO-HDLC vs zlib.crc32; other catalogue algorithms vs crcmod
    part = 'crc check';
    const value = (text: string) => text.trim().split(/\s+/)[0]!;
    const crc32 = [
      { name: 'bitsmith crc check', cmd: bitsmith('crc', 'check', bin) },
      { name: "Python's zlib.crc32", cmd: { argv: [DEBIAN_PYTHON, '-c', PY_ZLIB, bin] } },
    ];
    checkSameOutput(crc32, value);
    add(`crc check CRC-32/ISO-HDLC ${label}`, crc32, size);
    if (available([DEBIAN_PYTHON, '-c', 'import crcmod._crcfunext'])) {
      for (const name of quick
        ? ['CRC-32/ISCSI', 'CRC-64/XZ']
        : ['CRC-32/ISCSI', 'CRC-16/ARC', 'CRC-64/XZ', 'CRC-8/SMBUS']) {
        const a = predefinedAlgorithms().find((x) => x.name === name)!;
        const p = paramsOf(a);
        const init = p.refin ? reflect(p.init, p.width) : p.init;
        const hex = (v: bigint) => v.toString(16);
        const cases = [
          { name: 'bitsmith crc check', cmd: bitsmith('crc', 'check', '--algorithm', name, bin) },
          {
            name: 'crcmod (C extension)',
            cmd: {
              argv: [
                DEBIAN_PYTHON,
                '-c',
                PY_CRCMOD,
                bin,
                String(p.width),
                hex(p.poly),
                hex(init),
                p.refin ? '1' : '0',
                hex(p.xorout),
              ],
            },
          },
        ];
        checkSameOutput(cases, value);
        add(`crc check ${name} ${label}`, cases, size);
      }
    } else skip("crcmod's C extension for /usr/bin/python3 (python3-crcmod)");

    // ---- subnet --split: every /32 of a /8 (16,777,216 lines); quick: of a /15
    part = 'subnet';
    const net = quick ? '10.0.0.0/15' : '10.0.0.0/8';
    const lines = 2 ** (32 - Number(net.split('/')[1]));
    const split = [
      { name: 'bitsmith subnet --split 32', cmd: bitsmith('subnet', net, '--split', '32') },
      { name: 'Python ipaddress loop', cmd: { argv: ['python3', '-c', PY_SPLIT, net, '32'] } },
    ];
    checkSameOutput(split);
    add(`subnet ${net} --split 32 (${lines.toLocaleString('en-US')} lines)`, split, undefined, 3, lines);

    // ---- start-up: bitsmith --version against a bare Node start (the floor any Node command has)
    const startup = [
      { name: 'bitsmith --version', cmd: bitsmith('--version') },
      { name: 'node -e 0', cmd: { argv: [node, '-e', '0'] } },
    ];
    add('start-up', startup, undefined, quick ? 5 : 15);
    return groups;
  },
  teardown() {
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
});
