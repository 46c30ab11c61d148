/**
 * The media type of decoded bytes from their first bytes ("magic numbers"), for the download's
 * extension: a decoded PNG is saved as .png, as base64.guru's Base64-to-file names it. Only
 * signatures that text does not start with by accident; anything else is unknown ('').
 */
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** [offset, signature bytes, media type]; null in a signature matches any byte. */
const SIGNATURES: [number, (number | null)[], string][] = [
  [0, [0x89, ...ascii('PNG\r\n\x1a\n')], 'image/png'],
  [0, [0xff, 0xd8, 0xff], 'image/jpeg'],
  [0, ascii('GIF87a'), 'image/gif'],
  [0, ascii('GIF89a'), 'image/gif'],
  [0, [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')], 'image/webp'],
  [0, [...ascii('RIFF'), null, null, null, null, ...ascii('WAVE')], 'audio/wav'],
  [4, ascii('ftypavif'), 'image/avif'],
  [4, ascii('ftypisom'), 'video/mp4'],
  [4, ascii('ftypmp42'), 'video/mp4'],
  [0, ascii('%PDF-'), 'application/pdf'],
  [0, [...ascii('PK'), 3, 4], 'application/zip'],
  [0, [0x1f, 0x8b, 0x08], 'application/gzip'],
  [0, [0, ...ascii('asm')], 'application/wasm'],
  [0, ascii('OggS'), 'audio/ogg'],
  [0, ascii('ID3'), 'audio/mpeg'],
  [0, ascii('wOFF'), 'font/woff'],
  [0, ascii('wOF2'), 'font/woff2'],
  [0, [0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
];

export function sniffMediaType(head: Uint8Array): string {
  for (const [at, sig, type] of SIGNATURES) {
    if (head.length >= at + sig.length && sig.every((b, i) => b === null || head[at + i] === b)) return type;
  }
  return '';
}
