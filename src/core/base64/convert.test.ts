/** Whole conversions (the worker's logic) in Node: text modes, messages, and the Blob pipeline. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFreshKernel } from '../../../server/wasm';
import { blobText, convertBlob, convertText, type ConvertOptions, type PartSink } from './convert';
import type { Base64Exports } from './kernel';
import { ENTER_BASE64, ENTER_TEXT, INVALID_BASE64 } from './messages';
import { bytesToText, isValidBase64, textToBytes, wrapLines } from './text';
import { randomBytes, testRandom } from '../../../tests/cases/seed';

let kernel: Base64Exports;
beforeAll(async () => {
  kernel = await loadFreshKernel<Base64Exports>('base64');
});

const opts = (o: Partial<ConvertOptions> = {}): ConvertOptions => ({
  mode: 'encode',
  encoding: 'UTF-8',
  alphabet: 'standard',
  previewLimit: 1024,
  ...o,
});
const blobBytes = async (b: Blob) => Buffer.from(await b.arrayBuffer());

describe('text conversions', () => {
  it('encodes text in each encoding like Buffer, and decodes it back', () => {
    const cases: [string, ConvertOptions['encoding'], BufferEncoding][] = [
      ['Hello, 世界! 🌍', 'UTF-8', 'utf8'],
      ['Ça coûte 5 €?'.replace('€', 'E'), 'Latin-1', 'latin1'],
      ['plain ASCII ~', 'ASCII', 'latin1'],
    ];
    for (const [text, encoding, nodeEnc] of cases) {
      const enc = convertText(kernel, text, opts({ encoding }));
      expect(enc.preview).toBe(Buffer.from(text, nodeEnc).toString('base64'));
      expect(enc.inputLength).toBe(text.length);
      const dec = convertText(kernel, enc.preview, opts({ mode: 'decode', encoding }));
      expect(dec.preview).toBe(text);
      expect(dec.lossy).toBe(false);
    }
  });

  it('gives the spec messages for blank, invalid and unencodable input', () => {
    expect(() => convertText(kernel, ' \n', opts())).toThrow(ENTER_TEXT);
    expect(() => convertText(kernel, '\t ', opts({ mode: 'decode' }))).toThrow(ENTER_BASE64);
    expect(() => convertText(kernel, 'SGVsbG8', opts({ mode: 'decode' }))).toThrow(INVALID_BASE64);
    expect(() => convertText(kernel, 'SGVsbG8é', opts({ mode: 'decode' }))).toThrow(INVALID_BASE64);
    expect(() => convertText(kernel, '世', opts({ encoding: 'Latin-1' }))).toThrow(
      /^Encoding failed: "世" at position 1 is outside the Latin-1 range/,
    );
    expect(() => convertText(kernel, 'é', opts({ encoding: 'ASCII' }))).toThrow(/^Encoding failed: .*ASCII range/);
  });

  it('previews decoded UTF-8 text cut inside a character as text, without the partial character (it was a hex dump)', () => {
    const text = '日本語のテキスト'.repeat(1000); // 24,000 bytes; 16,384 ends one byte into a character
    const dec = convertText(
      kernel,
      Buffer.from(text).toString('base64'),
      opts({ mode: 'decode', previewLimit: 16_384 }),
    );
    expect({ kind: dec.previewKind, lossy: dec.lossy, truncated: dec.truncated }).toEqual({
      kind: 'text',
      lossy: false,
      truncated: true,
    });
    expect(dec.preview).toBe(text.slice(0, 5461));
    expect({ length: dec.outputLength, unit: dec.outputUnit }).toEqual({ length: 24_000, unit: 'bytes' });
    // Bytes that are not UTF-8 at the cut are still binary, and 4-byte characters cut after 1-3 bytes are text.
    for (const cut of [1, 2, 3]) {
      const emoji = Buffer.from('🚀'.repeat(2000)); // 8,000 bytes
      const r = convertText(kernel, emoji.toString('base64'), opts({ mode: 'decode', previewLimit: 4 * 1000 + cut }));
      expect([cut, r.previewKind, r.preview]).toEqual([cut, 'text', '🚀'.repeat(1000)]);
    }
    const bin = Buffer.alloc(8000, 0xff);
    expect(convertText(kernel, bin.toString('base64'), opts({ mode: 'decode' })).previewKind).toBe('hex');
  });

  it('refuses a lone surrogate in UTF-8 rather than encoding U+FFFD in its place, as Python does', () => {
    expect(() => convertText(kernel, 'ab\ud83d', opts())).toThrow(
      'Encoding failed: a lone surrogate (U+D83D) at position 3 is not a character; UTF-8 cannot encode it',
    );
    expect(() => convertText(kernel, '\ude00x', opts())).toThrow(
      /^Encoding failed: a lone surrogate \(U\+DE00\) at position 1 /,
    );
    expect(convertText(kernel, 'a\ud83d\ude00b', opts()).preview).toBe(Buffer.from('a😀b').toString('base64'));
    // Positions count characters: the emoji before it is one (it said 5, counting UTF-16 units).
    expect(() => convertText(kernel, '🚀ab\ud83d', opts())).toThrow(/ lone surrogate \(U\+D83D\) at position 4 /);
  });

  it('strips Unicode and ASCII whitespace before decoding', () => {
    expect(convertText(kernel, ' SGVs\u00a0bG8=\r\n', opts({ mode: 'decode' })).preview).toBe('Hello');
  });

  it('marks binary output that the text encoding cannot show, keeping the exact bytes in the Blob', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const res = convertText(kernel, png, opts({ mode: 'decode' }));
    expect(res.lossy).toBe(true);
    expect((await blobBytes(res.blob)).equals(Buffer.from(png, 'base64'))).toBe(true);
    expect(bytesToText(new Uint8Array([0xe9]), 'Latin-1')).toEqual({ text: 'é', lossy: false });
    expect(bytesToText(new Uint8Array([0xe9]), 'ASCII').lossy).toBe(true);
  });

  it('decodes the payload of a pasted data URL and keeps its media type', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const res = convertText(
      kernel,
      ` data:Image/PNG;base64,${png.slice(0, 40)}\n${png.slice(40)}`,
      opts({ mode: 'decode' }),
    );
    expect(res.mediaType).toBe('image/png');
    expect(res.blob.type).toBe('image/png');
    expect((await blobBytes(res.blob)).equals(Buffer.from(png, 'base64'))).toBe(true);
    const text = convertText(kernel, 'data:text/plain;charset=utf-8;base64,w6k=', opts({ mode: 'decode' }));
    expect([text.preview, text.mediaType]).toEqual(['é', 'text/plain']);
    expect(convertText(kernel, 'data:;base64,QUJD', opts({ mode: 'decode' })).mediaType).toBe('text/plain');
    expect(convertText(kernel, 'QUJD', opts({ mode: 'decode' })).mediaType).toBeUndefined();
    expect(isValidBase64(`data:image/png;base64,${png}`)).toBe(true);
    expect(isValidBase64('data:text/plain,Hello')).toBe(false);
    expect(isValidBase64('data:image/png;base64,')).toBe(false);
    expect(() => convertText(kernel, 'data:image/png;base64,', opts({ mode: 'decode' }))).toThrow(ENTER_BASE64);
    expect(() => convertText(kernel, 'data:text/plain,Hello', opts({ mode: 'decode' }))).toThrow(INVALID_BASE64);
  });

  it('knows a decoded image, PDF or archive by its first bytes, and text as nothing', async () => {
    const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
    const decode = (s: string) => convertText(kernel, s, opts({ mode: 'decode' })).mediaType;
    expect(
      decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
    ).toBe('image/png');
    expect(decode(b64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])))).toBe('image/jpeg');
    expect(decode(b64('GIF89a\x01\x00'))).toBe('image/gif');
    expect(decode(b64('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(decode(b64('%PDF-1.7\n'))).toBe('application/pdf');
    expect(decode(b64(Buffer.from([0x50, 0x4b, 3, 4, 20, 0])))).toBe('application/zip');
    expect(decode(b64('Hello, World!'))).toBeUndefined();
    expect(decode(b64('GIF8'))).toBeUndefined(); // too short to tell
    // A file's output is known the same way.
    const file = await convertBlob(kernel, new Blob([b64('%PDF-1.4 file')]), opts({ mode: 'decode' }));
    expect(file.mediaType).toBe('application/pdf');
  });

  it('keeps a UTF-8 byte order mark in the decoded text, as the download does, and says it is there', async () => {
    const bytes = Buffer.from('\ufeffhello');
    const res = convertText(kernel, bytes.toString('base64'), opts({ mode: 'decode' }));
    expect([res.preview, res.outputLength, res.bom]).toEqual(['\ufeffhello', 6, true]);
    expect((await blobBytes(res.blob)).equals(bytes)).toBe(true);
    expect(await blobText(res.blob, 'decode', 'UTF-8')).toBe('\ufeffhello');
    const file = await convertBlob(kernel, new Blob([bytes.toString('base64')]), opts({ mode: 'decode' }));
    expect([file.preview, file.bom]).toEqual(['\ufeffhello', true]);
    // Without a mark, or in Latin-1 (where its bytes are three visible characters), there is nothing to say.
    expect(convertText(kernel, 'aGVsbG8=', opts({ mode: 'decode' })).bom).toBe(false);
    const latin = convertText(kernel, bytes.toString('base64'), opts({ mode: 'decode', encoding: 'Latin-1' }));
    expect([latin.preview, latin.bom]).toEqual(['\u00ef\u00bb\u00bfhello', false]);
  });

  it('counts a binary output shown as a hex dump in bytes, as its note does', () => {
    const bin = Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7919) & 0xff));
    const res = convertText(kernel, bin.toString('base64'), opts({ mode: 'decode', previewLimit: 16384 }));
    expect(res.previewKind).toBe('hex');
    expect([res.outputLength, res.outputUnit]).toEqual([10_000, 'bytes']);
  });

  it('previews only the beginning of a large output and keeps the whole output in the Blob', async () => {
    const text = 'x'.repeat(10_000);
    const res = convertText(kernel, text, opts({ previewLimit: 100 }));
    expect(res.truncated).toBe(true);
    expect(res.preview).toBe(wrapLines(Buffer.from(text).toString('base64').slice(0, 100)));
    expect(res.outputLength).toBe(Math.ceil(10_000 / 3) * 4);
    expect((await blobBytes(res.blob)).toString('latin1')).toBe(Buffer.from(text).toString('base64'));
  });

  it('wraps copied output every 76 characters', () => {
    const b64 = randomBytes(testRandom(), 200).toString('base64');
    const lines = wrapLines(b64).split('\n');
    expect(lines.join('')).toBe(b64);
    expect(lines.slice(0, -1).every((l) => l.length === 76)).toBe(true);
    expect(textToBytes('é', 'Latin-1')).toEqual(new Uint8Array([0xe9]));
  });
});

describe('file pipeline (Blob in chunks -> Blob)', () => {
  it('encodes and decodes a Blob in small chunks exactly, whitespace in the Base64 file included', async () => {
    const data = randomBytes(testRandom(), 1_000_003);
    const enc = await convertBlob(kernel, new Blob([data]), opts({ previewLimit: 64 }), undefined, 3 * 4099);
    const b64 = await blobBytes(enc.blob);
    expect(b64.toString('latin1')).toBe(data.toString('base64'));
    expect(enc.truncated).toBe(true);
    expect(enc.outputLength).toBe(b64.length);
    const wrapped = b64.toString('latin1').replace(/.{1,76}/g, '$&\r\n');
    const progress: number[] = [];
    const dec = await convertBlob(
      kernel,
      new Blob([wrapped]),
      opts({ mode: 'decode' }),
      (done) => progress.push(done),
      4 * 3001,
    );
    expect((await blobBytes(dec.blob)).equals(data)).toBe(true);
    expect(dec.outputUnit).toBe('bytes');
    expect(dec.previewKind).toBe('hex'); // random bytes are not text
    expect(dec.preview.split('\n')[0]).toBe(
      `00000000  ${[...data.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}  ${[...data.subarray(8, 16)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}  |${[...data.subarray(0, 16)].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('')}|`,
    );
    expect(progress.at(-1)).toBe(wrapped.length);
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1]!)).toBe(true);
  });

  it('gives each of several files converted at once its own output, with the buffer a finished one leaves', async () => {
    const random = testRandom();
    const files = [300_001, 2_000_000, 77, 1_234_567].map((n) => randomBytes(random, n));
    const small = 3 * 4 * 5003; // parts smaller than the files, so each reuses its buffer mid-way
    const once = await Promise.all(files.map((f) => convertBlob(kernel, new Blob([f]), opts(), undefined, small)));
    const again = await Promise.all(
      once.map(async (r) => convertBlob(kernel, r.blob, opts({ mode: 'decode' }), undefined, small)),
    );
    for (const [i, f] of files.entries()) {
      expect((await blobBytes(once[i]!.blob)).toString('latin1')).toBe(f.toString('base64'));
      expect((await blobBytes(again[i]!.blob)).equals(f)).toBe(true);
    }
  });

  it('writes into buffers it takes and never touches one it gave, with a sink that transfers them', async () => {
    // The worker's sink in miniature: two buffers, `take` waits for one to come back, `give`
    // transfers the buffer (detached here, so a late write would throw) and returns it later.
    const free: ArrayBuffer[] = [];
    const waiting: ((b: ArrayBuffer) => void)[] = [];
    let made = 0;
    const release = (b: ArrayBuffer) => (waiting.length ? waiting.shift()!(b) : free.push(b));
    const transferring = (type: string): PartSink => {
      const parts: Blob[] = [];
      return {
        take: async (bytes) => {
          const b =
            free.pop() ??
            (made < 2 ? (made++, new ArrayBuffer(bytes)) : await new Promise<ArrayBuffer>((r) => waiting.push(r)));
          return new Uint8Array(b.byteLength >= bytes ? b : new ArrayBuffer(bytes));
        },
        give: (buffer, length) => {
          const given = buffer.buffer as ArrayBuffer;
          const moved = structuredClone(given, { transfer: [given] });
          parts.push(new Blob([new Uint8Array(moved, 0, length)]));
          setTimeout(() => release(moved), 1);
        },
        finish: async () => new Blob(parts, { type }),
        discard: () => (parts.length = 0),
      };
    };
    const random = testRandom();
    const files = [500_003, 77, 1_000_000].map((n) => randomBytes(random, n));
    const small = 3 * 4 * 5003;
    const encoded = await Promise.all(
      files.map((f) => convertBlob(kernel, new Blob([f]), opts(), undefined, small, transferring)),
    );
    for (const [i, f] of files.entries()) {
      expect((await blobBytes(encoded[i]!.blob)).toString('latin1')).toBe(f.toString('base64'));
      expect(encoded[i]!.blob.type).toBe('text/plain');
    }
    // A failure mid-file hands its buffer back: both are in the pool again and serve the next conversion.
    const bad = new Blob([files[2]!.toString('base64').slice(0, 400_000), '!!!!']);
    await expect(convertBlob(kernel, bad, opts({ mode: 'decode' }), undefined, small, transferring)).rejects.toThrow(
      INVALID_BASE64,
    );
    await new Promise((r) => setTimeout(r, 20)); // the buffers given last come back
    expect([made, free.length]).toEqual([2, 2]);
    const decoded = await convertBlob(
      kernel,
      encoded[2]!.blob,
      opts({ mode: 'decode' }),
      undefined,
      small,
      transferring,
    );
    expect((await blobBytes(decoded.blob)).equals(files[2]!)).toBe(true);
  });

  it('encodes an empty file to empty Base64, as GNU base64 does (it asked for text to encode)', async () => {
    const empty = await convertBlob(kernel, new Blob([]), opts());
    expect([empty.preview, empty.outputLength, empty.blob.size]).toEqual(['', 0, 0]);
  });

  it('rejects empty, blank and invalid files to decode with the spec messages', async () => {
    await expect(convertBlob(kernel, new Blob([]), opts({ mode: 'decode' }))).rejects.toThrow(ENTER_BASE64);
    await expect(convertBlob(kernel, new Blob(['\n \n']), opts({ mode: 'decode' }))).rejects.toThrow(ENTER_BASE64);
    await expect(convertBlob(kernel, new Blob(['QUJD\nRA=\n']), opts({ mode: 'decode' }))).rejects.toThrow(
      INVALID_BASE64,
    );
  });

  it('decodes a text file holding a data URL as the same text pasted: its payload, with its media type', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const files = [
      `data:image/png;base64,${png}\n`,
      `\ufeff data:Image/PNG;name=a.png;base64,${png.slice(0, 40)}\r\n${png.slice(40)}`,
    ];
    for (const text of files) {
      const res = await convertBlob(kernel, new Blob([text]), opts({ mode: 'decode' }), undefined, 8);
      expect(res.mediaType).toBe('image/png');
      expect(res.blob.type).toBe('image/png');
      expect((await blobBytes(res.blob)).equals(Buffer.from(png, 'base64'))).toBe(true);
      expect(res.inputLength).toBe(Buffer.byteLength(text));
    }
    const txt = await convertBlob(
      kernel,
      new Blob(['data:text/plain;charset=utf-8;base64,w6k=']),
      opts({ mode: 'decode' }),
    );
    expect([txt.preview, txt.mediaType]).toEqual(['é', 'text/plain']);
    await expect(convertBlob(kernel, new Blob(['data:image/png;base64,\n']), opts({ mode: 'decode' }))).rejects.toThrow(
      ENTER_BASE64,
    );
    await expect(convertBlob(kernel, new Blob(['data:text/plain,Hello']), opts({ mode: 'decode' }))).rejects.toThrow(
      INVALID_BASE64,
    );
  });

  it('decodes a Base64 text file saved with a byte order mark, as reading it as text does', async () => {
    const b64 = Buffer.from('hello').toString('base64') + '\r\n';
    const files = [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(b64)]), // UTF-8 (Notepad, PowerShell)
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(b64, 'utf16le')]), // Windows PowerShell's ">"
      Buffer.from([0xfe, 0xff, ...Buffer.from(b64, 'utf16le').swap16()]),
    ];
    for (const bytes of files) {
      const res = await convertBlob(kernel, new Blob([bytes]), opts({ mode: 'decode' }), undefined, 8);
      expect(res.preview).toBe('hello');
      expect(res.inputLength).toBe(bytes.length);
    }
    // A byte order mark is only one at the start; a non-ASCII character in UTF-16 is still invalid.
    const inner = Buffer.from('aGVs\ufeffbG8=');
    await expect(convertBlob(kernel, new Blob([inner]), opts({ mode: 'decode' }))).rejects.toThrow(INVALID_BASE64);
    const wide = Buffer.from('\ufeffaGVsbG8é=', 'utf16le');
    await expect(convertBlob(kernel, new Blob([wide]), opts({ mode: 'decode' }))).rejects.toThrow(INVALID_BASE64);
  });
});
