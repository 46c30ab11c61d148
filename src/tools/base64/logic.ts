/** Pure helpers of the Base64 page (formatting, names, the conversion key). */
import type { Mode } from '../../core/base64/convert';
import type { Alphabet } from '../../core/base64/kernel';
import { isValidBase64, splitDataUrl } from '../../core/base64/text';
import { formatBytes } from '../../core/bytes';

/** Bytes of output shown in the output area; the full output is a download. */
export const PREVIEW_LIMIT = 16 * 1024;
/** An input over LONG_TEXT_CHARS (src/browser/long-paste.ts) shows this many lines at most (and PREVIEW_LIMIT characters). */
export const INPUT_PREVIEW_LINES = 300;
/** Outputs up to this size can be copied (read from the Blob in the worker); larger: download. */
export const COPY_LIMIT = 32 << 20;
/** Inputs longer than this are checked for validity in the worker, not on the page's thread. */
export const SYNC_VALIDITY_LIMIT = 1 << 20;
/** The status after Cancel: not an error in the input. */
export const CANCELLED_MESSAGE = 'Conversion cancelled';

export interface FileInfo {
  name: string;
  type: string;
  size: number;
}

/** Spec: size in KB with 2 decimals. */
export function formatKB(bytes: number): string {
  return formatBytes(bytes, { unit: 'KB' });
}

/** Spec: type, or "Unknown" when the browser reports none. */
export function fileTypeLabel(type: string): string {
  return type || 'Unknown';
}

/** Output size relative to input size, in percent (one decimal). */
export function sizeRatio(input: number, output: number): string {
  if (!input || !output) return '0%';
  return `${((output / input) * 100).toFixed(1)}%`;
}

/** The extension a decoded data URL's file gets for its media type (others: `.bin`). */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/wasm': 'wasm',
  'application/javascript': 'js',
  'text/javascript': 'js',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/css': 'css',
  'text/csv': 'csv',
  'text/xml': 'xml',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
  'font/ttf': 'ttf',
  'font/otf': 'otf',
};

/**
 * Download name: `<file>.b64` when encoding; when decoding, the file name without `.b64`/`.txt`,
 * else `.bin`; typed text is `decoded.bin`. The decoded output's media type (a data URL's, or
 * known from its first bytes) gives the extension where the name has none: `decoded.png`,
 * `invoice.b64` -> `invoice.pdf` (`a.png.b64` stays `a.png`).
 */
export function downloadName(mode: Mode, file: FileInfo | null, mediaType = ''): string {
  if (mode === 'encode') return `${file?.name ?? 'encoded'}.b64`;
  const ext = EXTENSIONS[mediaType];
  if (!file) return `decoded.${ext ?? 'bin'}`;
  const stripped = file.name.replace(/\.(b64|base64|txt)$/i, '');
  if (stripped === file.name || !stripped) return `${file.name}.${ext ?? 'bin'}`;
  return ext && !/\.[^.]+$/.test(stripped) ? `${stripped}.${ext}` : stripped;
}

/**
 * The other alphabet when a text that is not Base64 in `alphabet` is Base64 in it and has its
 * marks (- or _ for URL-safe, + or / for standard): a token pasted without ticking URL-safe.
 */
export function otherAlphabet(text: string, alphabet: Alphabet): Alphabet | null {
  const other: Alphabet = alphabet === 'standard' ? 'url' : 'standard';
  const marks = other === 'url' ? /[-_]/ : /[+/]/;
  // A data URL's media type (application/x-font-woff) is not Base64: its marks do not count.
  return marks.test(splitDataUrl(text)?.payload ?? text) && isValidBase64(text, other) ? other : null;
}

/** The RFC 2397 data URL prefix a browser's readAsDataURL would give this file. */
export function dataUrlPrefix(type: string): string {
  return `data:${type || 'application/octet-stream'};base64,`;
}

/**
 * The data URL of a file encoded in either alphabet: its payload is standard Base64 with padding,
 * the only form RFC 2397 (and a browser) reads; `-` and `_` made an image that did not load.
 */
export function dataUrl(type: string, base64: string, alphabet: Alphabet): string {
  if (alphabet === 'standard') return dataUrlPrefix(type) + base64;
  const standard = base64.replaceAll('-', '+').replaceAll('_', '/');
  return dataUrlPrefix(type) + standard + '='.repeat((4 - (standard.length % 4)) % 4);
}
