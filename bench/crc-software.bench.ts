/**
 * The generated C CRCs (src/core/crc/software) compiled with gcc -O2: slice-by-8 against the
 * byte table (the baseline) and the bit-by-bit loop, on one buffer (64 MiB; 4 MiB with --quick),
 * for a reflected CRC (CRC-32/ISO-HDLC) and an unreflected one (CRC-32/BZIP2). The C program
 * times itself (CLOCK_MONOTONIC around each pass) and prints the CRC so no pass is optimised
 * away; the issue's goal is slice-by-8 at least 3x the byte table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineSuite, type BenchGroup } from './harness';
import { paramsOf, predefinedAlgorithms } from '../src/core/crc/catalogue';
import { generateSoftware, snakeName } from '../src/core/crc/software';

const ALGORITHMS = ['CRC-32/ISO-HDLC', 'CRC-32/BZIP2'];
const VARIANTS = [
  { name: 'slice-by-8', fn: 'update' },
  { name: 'byte table', fn: 'update_bytewise' },
  { name: 'bit by bit', fn: 'update_bitwise' },
] as const;

/** argv: variant index, bytes, samples. Prints one duration in ms per line, then the CRC. */
function benchMain(prefixes: string[]): string {
  const calls = prefixes.map(
    (p) => `    if (algorithm == ${prefixes.indexOf(p)}) {
        ${p}_t s = ${p}_init();
        if (variant == 0) s = ${p}_update(s, buf, len);
        else if (variant == 1) s = ${p}_update_bytewise(s, buf, len);
        else s = ${p}_update_bitwise(s, buf, len);
        return (unsigned long)${p}_finalize(s);
    }`,
  );
  return `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
${prefixes.map((p) => `#include "${p}.h"`).join('\n')}

static unsigned long run(int algorithm, int variant, const unsigned char *buf, size_t len)
{
${calls.join('\n')}
    return 0;
}

int main(int argc, char **argv)
{
    int algorithm, variant, samples, i;
    size_t len, k;
    unsigned char *buf;
    unsigned long crc = 0, x = 88172645u;
    if (argc != 5) return 2;
    algorithm = atoi(argv[1]);
    variant = atoi(argv[2]);
    len = (size_t)strtoul(argv[3], NULL, 10);
    samples = atoi(argv[4]);
    buf = malloc(len);
    if (!buf) return 1;
    for (k = 0; k < len; k++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; buf[k] = (unsigned char)x; }
    for (i = 0; i < samples; i++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        crc ^= run(algorithm, variant, buf, len);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        printf("%.6f\\n", (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
    }
    printf("crc %lx\\n", crc);
    free(buf);
    return 0;
}
`;
}

let dir: string | undefined;

export default defineSuite({
  name: 'crc-software',
  groups({ quick }): BenchGroup[] {
    dir = mkdtempSync(join(tmpdir(), 'bitsmith-crc-bench-'));
    const algorithms = ALGORITHMS.map((name) => predefinedAlgorithms().find((a) => a.name === name)!);
    const sources: string[] = [];
    for (const a of algorithms) {
      for (const f of generateSoftware({ params: paramsOf(a), name: a.name }, 'c')) {
        writeFileSync(join(dir, f.name), f.text);
        if (f.name.endsWith('.c')) sources.push(f.name);
      }
    }
    writeFileSync(join(dir, 'bench.c'), benchMain(algorithms.map((a) => snakeName(a.name))));
    execFileSync('gcc', ['-std=c99', '-O2', '-Wall', '-Wextra', '-Werror', '-o', 'bench', 'bench.c', ...sources], {
      cwd: dir,
    });
    const program = join(dir, 'bench');
    const size = quick ? 4 << 20 : 64 << 20;
    return algorithms.map((a, ai) => ({
      name: `generated C ${a.name}, ${size >> 20} MiB, gcc -O2`,
      baseline: 'byte table',
      cases: VARIANTS.map((v, vi) => {
        // Bit by bit is ~8x slower: an eighth of the buffer keeps the run short (throughput compares).
        const bytes = vi === 2 ? size / 8 : size;
        return {
          name: v.name,
          bytes,
          extra: { function: `${snakeName(a.name)}_${v.fn}` },
          measure: async (samples: number) =>
            execFileSync(program, [String(ai), String(vi), String(bytes), String(samples)], { encoding: 'utf8' })
              .split('\n')
              .filter((l) => /^[\d.]+$/.test(l))
              .map(Number),
        };
      }),
    }));
  },
  teardown() {
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
});
