import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstNotUtf8InBlob, notUtf8Where, type NotUtf8 } from './utf8';

/** The oracle: the WHATWG decoder's first U+FFFD that the bytes did not spell (EF BF BD). */
function byDecoder(bytes: Uint8Array): NotUtf8 | null {
  const text = new TextDecoder().decode(bytes);
  let at = -1;
  for (let i = text.indexOf('\ufffd'); i >= 0; i = text.indexOf('\ufffd', i + 1)) {
    const off =
      Buffer.byteLength(text.slice(0, i)) + (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
    if (bytes[off] !== 0xef || bytes[off + 1] !== 0xbf || bytes[off + 2] !== 0xbd) {
      at = off;
      break;
    }
  }
  if (at < 0) return null;
  const lineStart = at && bytes.lastIndexOf(0x0a, at - 1) + 1;
  const line = bytes.subarray(0, lineStart).filter((b) => b === 0x0a).length + 1;
  // A U+FEFF that starts a later line is a character (only the file's first is a byte order mark).
  const column =
    new TextDecoder('utf-8', { ignoreBOM: lineStart > 0 }).decode(bytes.subarray(lineStart, at)).length + 1;
  return { byte: bytes[at]!, line, column };
}

describe('first byte that is not UTF-8', () => {
  it('says the byte, line and column of a Windows-1252 letter', () => {
    const bytes = Uint8Array.from(Buffer.from('name\nJos\xe9,1\n', 'latin1'));
    const r = decodeUtf8(bytes);
    expect(r).toEqual({ notUtf8: { byte: 0xe9, line: 2, column: 4 } });
    expect(notUtf8Where({ byte: 0xe9, line: 2, column: 4 })).toBe('byte 0xE9 at line 2, column 4');
    expect(decodeUtf8(Uint8Array.from(Buffer.from('\ufeffé𝄞\n')))).toEqual({ text: 'é𝄞\n' });
  });

  it('finds what the WHATWG decoder replaces, in one piece and in chunks', async () => {
    const pieces = ['a', '\n', 'é', '𝄞', '中', '\ufeff', '\ufffd'].map((s) => [...Buffer.from(s)]);
    const odd = [[0xe9], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90], [0xe2, 0x82], [0x80], [0xff], [0xf0]];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    for (let run = 0; run < 2000; run++) {
      const bytes: number[] = run % 3 ? [] : [0xef, 0xbb, 0xbf];
      for (let i = rand(30); i > 0; i--)
        bytes.push(...(rand(8) ? pieces[rand(pieces.length)]! : odd[rand(odd.length)]!));
      const u8 = Uint8Array.from(bytes);
      const expected = byDecoder(u8);
      const r = decodeUtf8(u8);
      expect('text' in r ? null : r.notUtf8, Buffer.from(u8).toString('hex')).toEqual(expected);
      expect(await firstNotUtf8InBlob(new Blob([u8]), 1 + rand(5)), Buffer.from(u8).toString('hex')).toEqual(expected);
    }
  });
});
