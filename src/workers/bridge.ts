/**
 * A typed, lazily started Comlink worker. The worker starts on the first call, is terminated
 * after `idleMs` without calls (WASM memory never shrinks; terminating gives it back), and is
 * terminated at once when a call's AbortSignal fires, which is the only way to stop a running
 * synchronous WASM call. Calls in flight on a terminated worker reject with an AbortError.
 *
 * `createClient` derives the page's side of a channel from the worker's API type, so each method is
 * written once, in the worker: `client.method(...args)`, or `client.with({ onProgress, signal })
 * .method(...args)` for progress and cancellation. Comlink (proxies, transfers) stays in src/workers.
 */
import * as Comlink from 'comlink';

/** Options of a bridge function: aborting `signal` terminates the worker. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of a bridge function that reports progress: `onProgress(done, total)` by default. */
export interface ProgressOptions<F = (done: number, total: number) => void> extends CallOptions {
  onProgress?: F;
}

/**
 * A page-side callback the worker can call: a Comlink proxy of a wrapper, so the caller's own
 * function object is not marked.
 */
export function callback<A extends unknown[]>(fn: ((...args: A) => void) | undefined) {
  return fn && Comlink.proxy((...args: A) => fn(...args));
}

/** Hands `buffer` to the worker without a copy; it is detached on this side. */
export function transferred(buffer: ArrayBuffer): ArrayBuffer {
  return Comlink.transfer(buffer, [buffer]);
}

interface WorkerBridge<Api> {
  /** Runs `fn` against the worker's API; rejects with an AbortError if `signal` aborts. */
  call<R>(fn: (api: Comlink.Remote<Api>) => Promise<R>, signal?: AbortSignal): Promise<R>;
  /** Stops the worker now (pending calls reject). The next call starts a new one. */
  terminate(): void;
  /**
   * Keeps a worker started while held (a page that will use it is shown): one is started when the
   * page is idle, and again after an idle stop or a cancel, so an action never waits for a start
   * whose task on the page's thread measured 24-66 ms under load. Returns the release.
   */
  hold(): () => void;
}

/** Runs `fn` when the page's thread is idle (soon, where there is no such notion: workers, Node). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2_000 });
  else setTimeout(fn, 0);
}

/** Why calls fail when a worker's script could not be loaded. */
export const WORKER_LOAD_FAILED = 'the worker could not be loaded (reload the page to get the current version)';

function abortError(message = 'Cancelled'): DOMException {
  return new DOMException(message, 'AbortError');
}

export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException ? e.name === 'AbortError' : (e as Error)?.name === 'AbortError';
}

/**
 * The end-to-end tests' way to act while a job surely runs (tests/harness/e2e.ts,
 * holdWorkerResults): while this global is a promise, a worker's answer reaches the page only once
 * it settles. A cancel still ends the call at once. Never set by the app.
 */
const HOLD_GLOBAL = '__bitsmithHoldWorkerResults';

function heldForTests(): Promise<unknown> | undefined {
  return (globalThis as { [HOLD_GLOBAL]?: Promise<unknown> })[HOLD_GLOBAL];
}

export function createWorkerBridge<Api>(startWorker: () => Worker, idleMs = 30_000): WorkerBridge<Api> {
  let worker: Worker | undefined;
  let remote: Comlink.Remote<Api> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<(e: unknown) => void>();
  let holders = 0;
  let warming = false;

  /** Stops the worker and rejects the calls in flight with `reason`. */
  function stop(reason: unknown) {
    clearTimeout(idleTimer);
    worker?.terminate();
    worker = undefined;
    remote = undefined;
    for (const reject of [...pending]) reject(reason);
    pending.clear();
  }

  function terminate() {
    stop(abortError());
    warm();
  }

  /** A fresh worker (no WASM memory grown yet) while a page holds the bridge. */
  function warm() {
    if (holders === 0 || worker || warming) return;
    warming = true;
    whenIdle(() => {
      warming = false;
      if (holders > 0) ensure();
    });
  }

  function hold(): () => void {
    holders++;
    warm();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      holders--;
      // Nobody will use a warm worker now: it goes like one left idle after a call.
      if (holders === 0 && worker && pending.size === 0) {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(terminate, idleMs);
      }
    };
  }

  function ensure(): Comlink.Remote<Api> {
    if (!remote) {
      const started = startWorker();
      // A plain Event, not an ErrorEvent: the script itself could not be loaded (a deploy replaced
      // its hashed file, or the network is down). It will never answer, so its calls fail now
      // instead of waiting for ever; no new worker is warmed (it would fail the same way).
      started.addEventListener('error', (e) => {
        if (worker === started && !(e instanceof ErrorEvent)) stop(new Error(WORKER_LOAD_FAILED));
      });
      worker = started;
      remote = Comlink.wrap<Api>(worker);
    }
    return remote;
  }

  function call<R>(fn: (api: Comlink.Remote<Api>) => Promise<R>, signal?: AbortSignal): Promise<R> {
    if (signal?.aborted) return Promise.reject(abortError());
    clearTimeout(idleTimer);
    const api = ensure();
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => terminate();
      const settle = () => {
        pending.delete(reject);
        signal?.removeEventListener('abort', onAbort);
        if (pending.size === 0 && worker) idleTimer = setTimeout(terminate, idleMs);
      };
      pending.add(reject);
      signal?.addEventListener('abort', onAbort, { once: true });
      fn(api).then(
        (v) => {
          const done = () => (settle(), resolve(v));
          const held = heldForTests();
          if (held) void held.then(done);
          else done();
        },
        (e) => (settle(), reject(e)),
      );
    });
  }

  return { call, terminate, hold };
}

/** A worker method's parameters without its trailing progress callback (all of them when it has none). */
type Head<P extends unknown[]> = P extends [...infer H, ((...a: never[]) => void)?] ? H : P;
/** The same, every parameter required: the callback goes right after them, so none may be left out. */
type RequiredHead<P extends unknown[]> =
  Required<P> extends [...infer H, infer L] ? (L extends (...a: never[]) => void ? H : Required<P>) : Required<P>;

type Methods<Api, Full extends boolean> = {
  [K in keyof Api]: Api[K] extends (...args: infer P) => infer R
    ? (...args: Full extends true ? RequiredHead<P> : Head<P>) => Promise<Awaited<R>>
    : never;
};

/** The page's side of a worker: its API's methods, each returning a promise. */
export type WorkerClient<Api> = Methods<Api, false> & {
  /**
   * The same methods with progress and cancellation: `onProgress` is passed to the method as its
   * last argument (a Comlink proxy), and aborting `signal` terminates the worker.
   */
  with(options: ProgressOptions): Methods<Api, true>;
  /** Keeps the worker started while a page that uses it is shown; returns the release. */
  hold(): () => void;
};

/** Marks ArrayBuffer arguments as transferred: the worker gets them without a copy, detached here. */
const transferBuffers = (args: unknown[]) => args.map((a) => (a instanceof ArrayBuffer ? transferred(a) : a));

/** A client for the worker `startWorker` starts, typed by the worker's exposed API. */
export function createClient<Api extends object>(startWorker: () => Worker, idleMs?: number): WorkerClient<Api> {
  const bridge = createWorkerBridge<Api>(startWorker, idleMs);
  const methods = ({ onProgress, signal }: ProgressOptions = {}) =>
    new Proxy({} as Methods<Api, boolean>, {
      get(_, name) {
        if (typeof name !== 'string' || name === 'then') return undefined;
        return (...args: unknown[]) =>
          bridge.call((api) => {
            const method = (api as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!;
            return method(...transferBuffers(args), ...(onProgress ? [callback(onProgress)] : []));
          }, signal);
      },
    });
  const plain = methods();
  return new Proxy(plain, {
    get: (target, name) => (name === 'with' ? methods : name === 'hold' ? bridge.hold : Reflect.get(target, name)),
  }) as WorkerClient<Api>;
}
