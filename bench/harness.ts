/**
 * Benchmark harness. A `bench/*.bench.ts` file default-exports `defineSuite(...)`: cases that run
 * here in Node (`run`), or that measure themselves elsewhere (`measure`, e.g. inside Chromium) and
 * return sample durations. One case per suite is the baseline; every result carries its ratio to
 * that baseline measured in the same run (throughput ratio: > 1 means faster than the baseline).
 */

export interface BenchContext {
  /** `--quick`: small sizes and few samples (CI), never a timing assertion. */
  quick: boolean;
  /**
   * `--group=TEXT`: only the groups whose name holds TEXT are measured. A suite whose groups cost
   * much to prepare (inputs, output checks) asks it first, to prepare only those; it also answers
   * true for a beginning of TEXT (the name of a part of several groups).
   */
  wants: (groupName: string) => boolean;
}

export interface BenchCase {
  name: string;
  /** Bytes processed per run (gives bytes/s) or operations per run (gives ops/s). */
  bytes?: number;
  ops?: number;
  /** One run, timed by the harness. */
  run?: () => unknown | Promise<unknown>;
  /** Self-timed: returns the durations of its samples in ms. */
  measure?: (samples: number) => Promise<number[]>;
  /** Extra figures to record (e.g. output size). */
  extra?: Record<string, number | string>;
}

export interface BenchGroup {
  /** Group title; ratios are computed within a group. */
  name: string;
  baseline: string;
  cases: BenchCase[];
}

export interface BenchSuite {
  name: string;
  groups: (ctx: BenchContext) => BenchGroup[] | Promise<BenchGroup[]>;
  /** Called once after all groups (close browsers, servers). */
  teardown?: () => unknown | Promise<unknown>;
}

export function defineSuite(suite: BenchSuite): BenchSuite {
  return suite;
}

export interface BenchResult {
  suite: string;
  group: string;
  name: string;
  baseline: string;
  samples: number;
  median_ms: number;
  min_ms: number;
  ops_per_s?: number;
  bytes_per_s?: number;
  /** Throughput relative to the group's baseline in this run (baseline = 1). */
  ratio_to_baseline: number;
  extra?: Record<string, number | string>;
  /** Set when `--compare` measured this case's suite again because a gated case failed (best kept). */
  attempt?: number;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const upper = s[m];
  if (upper === undefined) return NaN; // no samples
  return s.length % 2 ? upper : (s[m - 1]! + upper) / 2;
}

/** Times `run` until `samples` samples (after one warm-up) or the time budget is spent. */
export async function timeRuns(run: () => unknown, samples: number, budgetMs: number): Promise<number[]> {
  await run(); // warm-up: JIT, WASM instantiation, page faults
  const out: number[] = [];
  const started = performance.now();
  while (out.length < samples && (out.length < 3 || performance.now() - started < budgetMs)) {
    const t0 = performance.now();
    await run();
    out.push(performance.now() - t0);
  }
  return out;
}
