/**
 * The JSON WASM kernel (assembly/json.ts) on ~30 MB of mixed JSON (19-digit integers, decimals,
 * unicode, escapes, nesting) against native JSON.stringify(JSON.parse(s), null, 2) (which rounds
 * big numbers), the lossless-json library and, for validation, JSON.parse. Kernel cases are
 * measured twice: bytes to bytes (a file's pipeline) and string to string (UTF-8 encode + kernel +
 * decode, what a pasted text costs). Same run, same input: only the ratios matter.
 */
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';
import { defineSuite, type BenchCase } from './harness';
import { loadFreshKernel } from '../server/wasm';
import {
  JsonStream,
  runJsonBytes,
  type JsonExports,
  type JsonKernelIndent,
  type JsonKernelMode,
} from '../src/core/data/json/kernel';

/** Mixed JSON of about `target` bytes: one row per line, nested objects and arrays. */
function mixedJson(target: number): string {
  const rows: string[] = [];
  let size = 2;
  for (let i = 0; size < target; i++) {
    const row =
      `{"id":${i},"big":1234567890123456789${i % 10},"price":${i}.${i % 100}5,"ratio":-${i % 7}.25e-${i % 9},` +
      `"name":"Zürich \\"${i}\\" 👋 日本語","path":"C:\\\\data\\\\${i}\\n","ok":${i % 2 === 0},"none":null,` +
      `"tags":["alpha","beta","\\u00e9t\\u00e9"],"geo":{"lat":52.${i % 1000}1,"lon":13.4${i % 97},"alt":[${i % 5},${i % 3},0.5]},` +
      `"text":"${'Lorem ipsum dolor sit amet, consectetur '.repeat(1 + (i % 3))}"}`;
    rows.push(row);
    size += row.length + 1;
  }
  return `[${rows.join(',\n')}]`;
}

export default defineSuite({
  name: 'json-kernel',
  async groups({ quick }) {
    const kernel = await loadFreshKernel<JsonExports>('json');
    const text = mixedJson(quick ? 1_000_000 : 30_000_000);
    const bytes = new TextEncoder().encode(text);
    const mb = `${(bytes.length / 1e6).toFixed(1)} MB`;
    const n = bytes.length;
    const dec = new TextDecoder();

    // The output pieces are copied into one reused buffer: a fresh 1 MB per call costs 256 page
    // faults, which on this VM took 0 or 3 ms depending on the host (minify's ratio swung 1.5-6x).
    const gathered = new Uint8Array(4 * n + (1 << 20));
    let at = 0;
    const gather = (b: Uint8Array) => {
      gathered.set(b, at);
      at += b.length;
    };

    /** Kernel, bytes in -> output bytes (streamed, gathered as a file's pipeline gathers them). */
    const kernelBytes =
      (mode: JsonKernelMode, indent: JsonKernelIndent = 2) =>
      () => {
        at = 0;
        const s = new JsonStream(kernel, mode, indent); // 1 MB kernel chunks, as the data worker runs it;
        s.push(bytes, gather);
        s.finish();
        return at;
      };
    /**
     * Kernel, string in -> output bytes in pieces: the page's path for a pasted 30 MB (an output
     * over 1 M characters becomes a download, so it is never decoded into one string).
     */
    const kernelTextToBlobParts =
      (mode: JsonKernelMode, indent: JsonKernelIndent = 2) =>
      () => {
        at = 0;
        const s = new JsonStream(kernel, mode, indent); // 1 MB kernel chunks, as the data worker runs it;
        s.pushText(text, gather);
        s.finish();
        return at;
      };
    /** Kernel, string in (encoded piece by piece into its memory) -> string out. */
    const kernelString =
      (mode: JsonKernelMode, indent: JsonKernelIndent = 2) =>
      () =>
        dec.decode(runJsonBytes(kernel, text, mode, indent));

    const native = 'native JSON.stringify(JSON.parse(s), null, 2)';
    const nativeMin = 'native JSON.stringify(JSON.parse(s))';
    const formatCases: BenchCase[] = [
      { name: native, bytes: n, run: () => JSON.stringify(JSON.parse(text), null, 2) },
      { name: 'WASM kernel format, bytes -> bytes', bytes: n, run: kernelBytes('format') },
      {
        name: 'WASM kernel format, string -> download pieces (a paste)',
        bytes: n,
        run: kernelTextToBlobParts('format'),
      },
      { name: 'WASM kernel format, string -> string', bytes: n, run: kernelString('format') },
      {
        name: 'lossless-json parse + stringify (indent 2)',
        bytes: n,
        run: () => losslessStringify(losslessParse(text), null, 2),
      },
    ];
    const minifyCases: BenchCase[] = [
      { name: nativeMin, bytes: n, run: () => JSON.stringify(JSON.parse(text)) },
      { name: 'WASM kernel minify, bytes -> bytes', bytes: n, run: kernelBytes('minify') },
      {
        name: 'WASM kernel minify, string -> download pieces (a paste)',
        bytes: n,
        run: kernelTextToBlobParts('minify'),
      },
      { name: 'WASM kernel minify, string -> string', bytes: n, run: kernelString('minify') },
      { name: 'lossless-json parse + stringify', bytes: n, run: () => losslessStringify(losslessParse(text)) },
    ];
    const validateCases: BenchCase[] = [
      { name: 'native JSON.parse', bytes: n, run: () => JSON.parse(text) },
      { name: 'WASM kernel validate, bytes', bytes: n, run: kernelBytes('validate') },
      { name: 'WASM kernel validate, string (incl. UTF-8 encode)', bytes: n, run: kernelString('validate') },
    ];
    return [
      { name: `format ${mb} (indent 2)`, baseline: native, cases: formatCases },
      { name: `minify ${mb}`, baseline: nativeMin, cases: minifyCases },
      { name: `validate ${mb}`, baseline: 'native JSON.parse', cases: validateCases },
    ];
  },
});
