/** The inputs the comparisons run on, made in the worker so nothing large crosses to the page. */

/** `n` random bytes (crypto.getRandomValues fills at most 64 KiB a call). */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let off = 0; off < n; off += 65_536) crypto.getRandomValues(out.subarray(off, off + 65_536));
  return out;
}

const encoder = new TextEncoder();

/**
 * About `target` bytes (UTF-8) of JSON, one object per line: nesting, escapes, non-ASCII text and
 * numbers. Only what JSON.stringify writes back byte for byte (no exponents, no 17-digit numbers,
 * no \u escapes, no numeric keys), so the kernel's output and the browser's can be compared exactly.
 */
export function roundTripJson(target: number): { text: string; bytes: Uint8Array<ArrayBuffer> } {
  const rows: string[] = [];
  let size = 2;
  for (let i = 0; size < target; i++) {
    const row =
      `{"id":${i},"price":${i % 1000}.${(i % 9) + 1}5,"delta":-${i % 7}.25,"name":"Zürich \\"${i}\\" 日本語 👋",` +
      `"path":"C:\\\\data\\\\${i}\\n","ok":${i % 2 === 0},"none":null,"tags":["alpha","beta","gamma"],` +
      `"geo":{"lat":52.${i % 1000}1,"lon":13.${i % 97}1,"alt":[${i % 5},${i % 3},0.5]},` +
      `"text":"${'Lorem ipsum dolor sit amet, consectetur '.repeat(1 + (i % 3))}"}`;
    rows.push(row);
    size += encoder.encode(row).length + 2;
  }
  const text = `[${rows.join(',\n')}]`;
  return { text, bytes: encoder.encode(text) };
}

/** A PNG's sides for `bytes` of RGBA pixels: as square as powers of two allow (1 MiB: 512 x 512). */
export function imageSize(bytes: number): { width: number; height: number } {
  const pixels = Math.max(1, Math.floor(bytes / 4));
  const width = 2 ** Math.ceil(Math.log2(pixels) / 2);
  return { width, height: Math.max(1, Math.floor(pixels / width)) };
}
