/**
 * What a page's main thread did while an action ran, from a Chromium trace: each task's time on
 * the CPU and on the wall clock. The CPU time is what the page's code costs; the wall time of
 * the same task (what a PerformanceObserver 'longtask' sees) also counts the time the thread
 * waited for a core, which on a 2-core machine running other tests can double it.
 */
import type { Browser, Page } from 'playwright-core';

export interface MainThreadTask {
  cpuMs: number;
  wallMs: number;
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frames?: { processId: number; url: string }[] } };
}

const CATEGORIES = ['__metadata', 'toplevel', 'disabled-by-default-devtools.timeline'];

/** Runs `action` and returns the tasks of `page`'s main thread longer than `minMs` (wall clock), longest CPU time first. */
export async function traceMainThread(
  browser: Browser,
  page: Page,
  action: () => Promise<unknown>,
  minMs = 1,
): Promise<MainThreadTask[]> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let trace: Buffer;
  try {
    await action();
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const url = page.url();
  const pids = new Set(
    events
      .filter((e) => e.name === 'TracingStartedInBrowser')
      .flatMap((e) => e.args?.data?.frames ?? [])
      .filter((f) => f.url === url)
      .map((f) => f.processId),
  );
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  if (!mainThreads.size) throw new Error(`no main thread of ${url} in the trace`);
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ cpuMs: (e.tdur ?? e.dur ?? 0) / 1000, wallMs: (e.dur ?? 0) / 1000 }))
    .filter((t) => t.wallMs > minMs)
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

/** "12 tasks, longest 8 ms on the CPU (14 ms wall)", for the test's log. */
export function describeTasks(tasks: MainThreadTask[]): string {
  const cpu = Math.max(0, ...tasks.map((t) => t.cpuMs));
  const wall = Math.max(0, ...tasks.map((t) => t.wallMs));
  return `${tasks.length} tasks, longest ${cpu.toFixed(0)} ms on the CPU (longest wall clock ${wall.toFixed(0)} ms)`;
}

/** The longest task's CPU time in ms (0 without tasks). */
export const longestCpuMs = (tasks: MainThreadTask[]) => Math.max(0, ...tasks.map((t) => t.cpuMs));
