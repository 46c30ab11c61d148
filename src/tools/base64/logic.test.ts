import { describe, expect, it } from 'vitest';
import { dataUrl, dataUrlPrefix, downloadName, fileTypeLabel, formatKB, otherAlphabet, sizeRatio } from './logic';
import { examplesFor } from './examples';

describe('Base64 page logic', () => {
  it('formats file details as the spec says', () => {
    expect(formatKB(1536)).toBe('1.50 KB');
    expect(formatKB(0)).toBe('0.00 KB');
    expect(fileTypeLabel('')).toBe('Unknown');
    expect(fileTypeLabel('image/png')).toBe('image/png');
    expect(sizeRatio(3, 4)).toBe('133.3%');
    expect(sizeRatio(0, 0)).toBe('0%');
  });

  it('names downloads .b64 when encoding and restores the name when decoding', () => {
    expect(downloadName('encode', { name: 'a.png', type: 'image/png', size: 1 })).toBe('a.png.b64');
    expect(downloadName('encode', null)).toBe('encoded.b64');
    expect(downloadName('decode', { name: 'a.png.b64', type: '', size: 1 })).toBe('a.png');
    expect(downloadName('decode', { name: 'blob', type: '', size: 1 })).toBe('blob.bin');
    expect(downloadName('decode', null)).toBe('decoded.bin');
    expect(dataUrlPrefix('')).toBe('data:application/octet-stream;base64,');
  });

  it('writes a data URL in the standard alphabet with padding, whichever alphabet encoded it', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0xfe, 0x00]);
    for (const n of [3, 4, 5]) {
      const want = `data:image/png;base64,${bytes.subarray(0, n).toString('base64')}`;
      expect(dataUrl('image/png', bytes.subarray(0, n).toString('base64url'), 'url')).toBe(want);
      expect(dataUrl('image/png', bytes.subarray(0, n).toString('base64'), 'standard')).toBe(want);
    }
  });

  it("offers the other alphabet only for its marks in the Base64, not in a data URL's media type", () => {
    expect(otherAlphabet('PDw_Pz4-', 'standard')).toBe('url');
    expect(otherAlphabet('PDw/Pz4+', 'url')).toBe('standard');
    expect(otherAlphabet('SGVsbG8', 'standard')).toBe(null); // unpadded, but no - or _
    // The "-" is the media type's: the payload is unpadded Base64, not URL-safe Base64.
    expect(otherAlphabet('data:application/x-foo;base64,SGVsbG8', 'standard')).toBe(null);
    expect(otherAlphabet('data:application/x-foo;base64,PDw_Pz4-', 'standard')).toBe('url');
  });

  it('names a decoded data URL after its media type', () => {
    expect(downloadName('decode', null, 'image/png')).toBe('decoded.png');
    expect(downloadName('decode', null, 'image/jpeg')).toBe('decoded.jpg');
    expect(downloadName('decode', null, 'text/plain')).toBe('decoded.txt');
    expect(downloadName('decode', null, 'application/x-unknown')).toBe('decoded.bin');
    expect(downloadName('decode', { name: 'invoice.b64', type: '', size: 1 }, 'application/pdf')).toBe('invoice.pdf');
    expect(downloadName('decode', { name: 'a.png.b64', type: '', size: 1 }, 'image/png')).toBe('a.png');
    expect(downloadName('decode', { name: 'blob', type: '', size: 1 }, 'image/gif')).toBe('blob.gif');
  });

  it('has the five examples per mode, and the decode examples are valid Base64', () => {
    expect(examplesFor('encode').map((e) => e.id)).toEqual(['simple', 'unicode', 'special', 'multiline', 'json']);
    expect(examplesFor('decode').map((e) => e.id)).toEqual(['simple', 'unicode', 'multiline', 'json', 'image']);
    const encodeTexts = new Map(examplesFor('encode').map((e) => [e.id, e.text]));
    for (const ex of examplesFor('decode')) {
      if (encodeTexts.has(ex.id)) expect(Buffer.from(ex.text, 'base64').toString('utf8')).toBe(encodeTexts.get(ex.id));
    }
  });
});
