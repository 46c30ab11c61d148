/**
 * Times one comparison: make the input, run each side once (warm-up, and the outputs the check
 * compares), check, then timed samples with the two sides interleaved so a burst of load from
 * elsewhere hits both. Ratios come from medians measured in the same run.
 */
import { comparisonInfo, inputSize, MiB, type ComparisonId, type ComparisonResult } from './catalogue';
import { prepare, type Kernels } from './comparisons';

export type Progress = (done: number, total: number) => void;

/** A sample lasts at least this long: the subnet fill does 8 MiB in 0.3 ms. */
const MIN_SAMPLE_MS = 20;

/**
 * How much timing a size gets: each sample runs a side `reps` times (at least 8 MiB of input) and
 * at least MIN_SAMPLE_MS, `samples` samples; from 64 MiB one run is the sample (no warm-up).
 */
export function timingPlan(bytes: number): { reps: number; samples: number; warmUp: boolean } {
  return {
    reps: Math.max(1, Math.round((8 * MiB) / bytes)),
    samples: Math.max(1, Math.min(5, Math.round((64 * MiB) / bytes))),
    warmUp: bytes < 64 * MiB,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Runs comparison `id` at the chosen size; `onProgress(stepsDone, steps)` after every step. */
export async function runComparison(
  id: ComparisonId,
  kernels: Kernels,
  chosenBytes: number,
  onProgress?: Progress,
): Promise<ComparisonResult> {
  const info = comparisonInfo(id);
  const bytes = inputSize(id, chosenBytes);
  const { reps, samples, warmUp } = timingPlan(bytes);
  const sides = 2;
  const steps = 1 + sides + 1 + (warmUp ? samples * sides : 0);
  let done = 0;
  const step = () => onProgress?.(++done, steps);

  const p = await prepare(id, kernels, bytes);
  step();
  /** Mean time of one run over `reps` runs, or more until MIN_SAMPLE_MS passed (the clock ticks in 0.1 ms). */
  const timed = async (run: () => unknown, reps: number) => {
    const t0 = performance.now();
    let n = 0;
    do {
      await run();
      n++;
    } while (n < reps || performance.now() - t0 < MIN_SAMPLE_MS);
    return (performance.now() - t0) / n;
  };

  // First run of each side: its output is what the check compares; timed when it is the sample.
  const t0 = performance.now();
  const ours = await p.ours();
  const oursFirst = performance.now() - t0;
  step();
  const theirsRun = p.theirs;
  const t1 = performance.now();
  const theirs = theirsRun ? await theirsRun() : undefined;
  const theirsFirst = performance.now() - t1;
  step();
  const check = theirsRun ? await p.check(ours, theirs) : { same: false, detail: 'not available in this browser' };
  step();

  const oursMs: number[] = warmUp ? [] : [oursFirst];
  const theirsMs: number[] = warmUp ? [] : [theirsFirst];
  if (warmUp) {
    for (let i = 0; i < samples; i++) {
      oursMs.push(await timed(p.ours, reps));
      step();
      if (theirsRun) theirsMs.push(await timed(theirsRun, reps));
      step();
    }
  }
  const mbPerS = (ms: number[]) => bytes / MiB / (median(ms) / 1000);
  return {
    id,
    bytes,
    ours: { name: info.ours, mbPerS: mbPerS(oursMs) },
    theirs: theirsRun ? { name: info.theirs, mbPerS: mbPerS(theirsMs) } : null,
    same: check.same,
    check: check.detail,
    samples: oursMs.length,
  };
}
