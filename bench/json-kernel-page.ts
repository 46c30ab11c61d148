/**
 * Bundled into the page by json-browser.bench.ts (esbuild): the JSON kernel alone in Chromium
 * against the browser's own JSON and the lossless-json library, on one file's text and bytes,
 * like bench/json-kernel.bench.ts does in Node. Cases run interleaved, round 0 warms up;
 * lossless-json (about 10 MB/s) runs two measured rounds only. The "whole job" cases run the data
 * worker's job on the File (slices, kernel, output Blob) in the page, without the UI and messages.
 */
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';
import { JsonStream, type JsonExports, type JsonKernelMode } from '../src/core/data/json/kernel';
import { instantiateKernel } from '../src/core/wasm/instantiate';
import { runJob } from '../src/core/data/jobs';

export const CHROMIUM_CASES = {
  format: {
    native: 'native JSON.stringify(JSON.parse(s), null, 2)',
    kernel: 'WASM kernel format, bytes -> bytes',
    lossless: 'lossless-json parse + stringify (indent 2)',
    job: 'whole job format, File -> Blob (runJob, as the data worker runs it)',
  },
  minify: {
    native: 'native JSON.stringify(JSON.parse(s))',
    kernel: 'WASM kernel minify, bytes -> bytes',
    lossless: 'lossless-json parse + stringify',
    job: 'whole job minify, File -> Blob (runJob, as the data worker runs it)',
  },
  validate: {
    native: 'native JSON.parse',
    kernel: 'WASM kernel validate, bytes',
    text: 'WASM kernel validate, text (encodeInto)',
  },
} as const;

const LOSSLESS_ROUNDS = 2;

export async function kernelTimes(
  wasm: Uint8Array<ArrayBuffer>,
  file: File,
  rounds: number,
): Promise<Record<string, number[]>> {
  const kernel = await instantiateKernel<JsonExports>(wasm);
  const text = await file.text();
  const bytes = new Uint8Array(await file.arrayBuffer());
  /** Output pieces gathered as the page's Blob pipeline gathers them. */
  const run = (mode: JsonKernelMode, input: Uint8Array | string) => {
    const parts: Uint8Array[] = [];
    const s = new JsonStream(kernel, mode); // 1 MB kernel chunks, as the data worker runs it;
    if (typeof input === 'string') s.pushText(input, (b) => parts.push(b.slice()));
    else s.push(input, (b) => parts.push(b.slice()));
    s.finish();
    return parts;
  };
  const { format, minify, validate } = CHROMIUM_CASES;
  /** The data worker's job on the file (reads, kernel, Blob), without the page and the messages. */
  const job = (kind: 'format' | 'minify') => () =>
    runJob(
      kind === 'format' ? { kind, indent: 2, sortKeys: false } : { kind, sortKeys: false },
      file,
      undefined,
      undefined,
      kernel,
    );
  const cases: Record<string, () => unknown> = {
    [format.native]: () => JSON.stringify(JSON.parse(text), null, 2),
    [format.kernel]: () => run('format', bytes),
    [format.lossless]: () => losslessStringify(losslessParse(text), null, 2),
    [format.job]: job('format'),
    [minify.native]: () => JSON.stringify(JSON.parse(text)),
    [minify.kernel]: () => run('minify', bytes),
    [minify.lossless]: () => losslessStringify(losslessParse(text)),
    [minify.job]: job('minify'),
    [validate.native]: () => JSON.parse(text),
    [validate.kernel]: () => run('validate', bytes),
    [validate.text]: () => run('validate', text),
  };
  const lossless = new Set<string>([format.lossless, minify.lossless]);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let i = 0; i <= rounds; i++) {
    for (const [name, fn] of Object.entries(cases)) {
      if (lossless.has(name) && i > LOSSLESS_ROUNDS) continue;
      const t0 = performance.now();
      await fn();
      if (i > 0) times[name]!.push(performance.now() - t0);
    }
  }
  return times;
}
