/**
 * What a page's main thread did while an action ran, from a Chromium trace: each task's time on
 * the CPU and on the wall clock. The CPU time is what the page's code costs (less the test
 * harness's own work in the same task); the wall time of the same task (what a
 * PerformanceObserver 'longtask' sees) also counts the time the thread waited for a core, which
 * on a 2-core machine running other tests can double it.
 */
import type { Browser, Page } from 'playwright-core';

export interface MainThreadTask {
  /** On the CPU, less the test harness's work (see pageWork). */
  cpuMs: number;
  wallMs: number;
  /** Where its CPU time went, e.g. "Layout 12 ms, FunctionCall 6 ms" (for a failure's log). */
  parts: string;
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    worldName?: string;
    chrome_mojo_event_info?: { mojo_interface_tag?: string };
    data?: { frames?: { processId: number; url: string }[] };
  };
}

/** No main-thread task may take longer on the CPU while a tool converts a large input. */
export const MAX_TASK_CPU_MS = 50;

/**
 * Vitest options of a test that bounds main-thread tasks: one retry. On this 2-core machine, with
 * the simulators beside the browser, a task's CPU time has single outliers (a 22-26 ms task once
 * measured 64 ms in CI); work moved onto the main thread fails both tries.
 */
export const MAIN_THREAD_TEST = { retry: 1 } as const;

const CATEGORIES = ['__metadata', 'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];

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
    // The action saw the DOM change; the frame that lays it out and paints it comes next: trace it too.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // Without the query: a page that keeps its settings in the link changes it while it runs.
  const withoutQuery = (href: string) => href.split(/[?#]/)[0];
  const url = withoutQuery(page.url());
  const pids = new Set(
    events
      .filter((e) => e.name === 'TracingStartedInBrowser')
      .flatMap((e) => e.args?.data?.frames ?? [])
      .filter((f) => withoutQuery(f.url) === url)
      .map((f) => f.processId),
  );
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  if (!mainThreads.size) throw new Error(`no main thread of ${url} in the trace`);
  const onMain = events.filter((e) => e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`));
  return onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 > minMs)
    .map((e) => pageWork(e, onMain))
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

const cpuMs = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

/** The harness's own work: a DevTools command's handling (the page's handlers it dispatches count)... */
const isDevToolsCommand = (e: TraceEvent) =>
  e.name === 'Receive mojo message' &&
  e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession';
/** ...and Playwright's injected scripts, with all they call. */
const isPlaywrightScript = (e: TraceEvent) => !!e.args?.worldName?.startsWith('__playwright');

/** A sub-event's name in a task's breakdown; a mojo message with its interface, to say who sent it. */
const partName = (e: TraceEvent) => {
  const tag = e.name === 'Receive mojo message' ? e.args?.chrome_mojo_event_info?.mojo_interface_tag : undefined;
  return tag ? `${e.name} (${tag})` : e.name;
};

/**
 * A task's CPU time less the test harness's share of it (setInputFiles' file handling, Playwright's
 * click checks: measured up to 52 ms under load), with where the rest went: each sub-event's self
 * time (its time minus its children's), summed by name.
 */
function pageWork(task: TraceEvent, events: TraceEvent[]): MainThreadTask {
  const inside = events
    .filter((e) => e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && end(e) <= end(task))
    .sort((a, b) => a.ts - b.ts || end(b) - end(a));
  const self = new Map<TraceEvent, number>(inside.map((e) => [e, cpuMs(e)]));
  const inPlaywright = new Set<TraceEvent>();
  const open: TraceEvent[] = [];
  for (const e of inside) {
    while (open.length && end(open.at(-1)!) <= e.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent, self.get(parent)! - cpuMs(e));
    if (isPlaywrightScript(e) || (parent && inPlaywright.has(parent))) inPlaywright.add(e);
    open.push(e);
  }
  let harnessMs = 0;
  const byName = new Map<string, number>();
  for (const [e, ms] of self) {
    if (inPlaywright.has(e) || isDevToolsCommand(e)) harnessMs += ms;
    else byName.set(partName(e), (byName.get(partName(e)) ?? 0) + ms);
  }
  const parts = [...byName]
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
  if (harnessMs >= 0.5) parts.push(`and the test harness's ${harnessMs.toFixed(0)} ms, not counted`);
  return { cpuMs: cpuMs(task) - harnessMs, wallMs: (task.dur ?? 0) / 1000, parts: parts.join(', ') };
}

/** "12 tasks, longest 8 ms on the CPU: Layout 5 ms, FunctionCall 2 ms (longest wall clock 14 ms)", for the test's log. */
export function describeTasks(tasks: MainThreadTask[]): string {
  const cpu = Math.max(0, ...tasks.map((t) => t.cpuMs));
  const wall = Math.max(0, ...tasks.map((t) => t.wallMs));
  const parts = tasks.find((t) => t.cpuMs === cpu)?.parts;
  return `${tasks.length} tasks, longest ${cpu.toFixed(0)} ms on the CPU${parts ? `: ${parts}` : ''} (longest wall clock ${wall.toFixed(0)} ms)`;
}

/** The longest task's CPU time in ms (0 without tasks). */
export const longestCpuMs = (tasks: MainThreadTask[]) => Math.max(0, ...tasks.map((t) => t.cpuMs));
