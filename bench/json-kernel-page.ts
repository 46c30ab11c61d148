/**
 * Bundled into the page by json-browser.bench.ts (esbuild): the JSON kernel alone in Chromium,
 * validating a file's bytes and its text, against JSON.parse of the text. Runs interleaved;
 * round 0 warms up.
 */
import { JsonStream, type JsonExports } from '../src/core/data/json-kernel';
import { instantiateKernel } from '../src/core/wasm/instantiate';

export type ValidateCase = 'parse' | 'bytes' | 'text';

export async function validateTimes(
  wasm: Uint8Array<ArrayBuffer>,
  file: File,
  rounds: number,
): Promise<Record<ValidateCase, number[]>> {
  const kernel = await instantiateKernel<JsonExports>(wasm);
  const text = await file.text();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const run = (c: ValidateCase) => {
    if (c === 'parse') return void JSON.parse(text);
    const s = new JsonStream(kernel, 'validate');
    if (c === 'bytes') s.push(bytes);
    else s.pushText(text);
    s.finish();
  };
  const times: Record<ValidateCase, number[]> = { parse: [], bytes: [], text: [] };
  for (let i = 0; i <= rounds; i++) {
    for (const c of ['parse', 'bytes', 'text'] as const) {
      const t0 = performance.now();
      run(c);
      if (i > 0) times[c].push(performance.now() - t0);
    }
  }
  return times;
}
