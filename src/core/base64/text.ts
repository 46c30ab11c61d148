/**
 * Text side of the Base64 tool: characters to bytes and back for the three text encodings,
 * the validity rule for typed input, and copy wrapping. Pure (no DOM, no WASM).
 */
import type { Alphabet } from './kernel';
import { loneSurrogate } from '../lone-surrogate';

export type TextEncodingName = 'UTF-8' | 'Latin-1' | 'ASCII';
export const TEXT_ENCODINGS: TextEncodingName[] = ['UTF-8', 'Latin-1', 'ASCII'];

/** Spec: output for copy is wrapped every 76 characters. */
const COPY_WRAP = 76;

/** Characters of a string as bytes in the chosen encoding; throws with a reason on characters it cannot hold. */
export function textToBytes(text: string, encoding: TextEncodingName): Uint8Array {
  if (encoding === 'UTF-8') {
    // TextEncoder writes U+FFFD for half a surrogate pair without a word; Python refuses it.
    const lone = loneSurrogate(text);
    if (lone)
      throw new Error(
        `a lone surrogate (U+${lone.code}) at position ${lone.position} is not a character; UTF-8 cannot encode it`,
      );
    return new TextEncoder().encode(text);
  }
  const max = encoding === 'ASCII' ? 0x7f : 0xff;
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > max) {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      throw new Error(`"${ch}" at position ${i + 1} is outside the ${encoding} range; choose UTF-8`);
    }
    out[i] = c;
  }
  return out;
}

interface DecodedText {
  text: string;
  /** Some bytes could not be shown in the chosen encoding (UTF-8: shown as U+FFFD; ASCII: bytes above 0x7F shown as Latin-1). */
  lossy: boolean;
}

/**
 * Bytes as text in the chosen encoding. Never throws: binary data is shown as well as it can be.
 * A UTF-8 byte order mark stays (U+FEFF), as the download keeps it: the text shown and copied is
 * what was decoded, as in CyberChef.
 */
export function bytesToText(bytes: Uint8Array, encoding: TextEncodingName): DecodedText {
  if (encoding === 'UTF-8') {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), lossy: false };
    } catch {
      return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), lossy: true };
    }
  }
  const lossy = encoding === 'ASCII' && bytes.some((b) => b > 0x7f);
  return { text: latin1(bytes), lossy };
}

/** Each byte as the code point of the same value (TextDecoder's "latin1" is really windows-1252). */
function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  }
  return s;
}

/** ASCII bytes (Base64 text) to a string. */
export function asciiToString(bytes: Uint8Array): string {
  return latin1(bytes);
}

/** Spec: whitespace is stripped before decoding. */
export function stripWhitespace(text: string): string {
  return text.replace(/\s+/g, '');
}

/** `data:<type>[;param=value]...;base64,` (RFC 2397), the start of a data URL with a Base64 payload. */
const DATA_URL = /^\s*data:([^,;]*)((?:;[^,;=]+=[^,;]*)*);base64,/i;

/**
 * A pasted data URL (`data:image/png;base64,iVBOR...`): its media type (lower case, without
 * parameters; RFC 2397's text/plain when it names none) and its Base64 payload; null for any other text.
 */
export function splitDataUrl(text: string): { mediaType: string; payload: string } | null {
  const m = DATA_URL.exec(text.slice(0, 1024));
  if (!m) return null;
  return { mediaType: m[1]!.trim().toLowerCase() || 'text/plain', payload: text.slice(m[0].length) };
}

/**
 * The spec's validity rule: (after stripping whitespace) length a multiple of 4, only letters,
 * digits, "+" and "/", up to two trailing "=". Empty input is not valid Base64 to decode.
 * URL-safe (beyond the spec): "-" and "_" instead, and the padding may be left out.
 * A data URL's prefix is not part of its Base64: the rule applies to the payload.
 */
export function isValidBase64(text: string, alphabet: Alphabet = 'standard'): boolean {
  const s = stripWhitespace(splitDataUrl(text)?.payload ?? text);
  if (s.length === 0) return false;
  if (alphabet === 'standard') return s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(s)) return false;
  return s.includes('=') ? s.length % 4 === 0 : s.length % 4 !== 1;
}

/** Inserts a line break every `width` characters (copying Base64 output). */
export function wrapLines(text: string, width = COPY_WRAP): string {
  if (text.length <= width) return text;
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += width) lines.push(text.slice(i, i + width));
  return lines.join('\n');
}

/** Classic hex dump (offset, 16 bytes in hex, printable ASCII) for previews of binary data. */
export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let off = 0; off < bytes.length; off += 16) {
    const row = bytes.subarray(off, off + 16);
    let hex = '';
    let text = '';
    for (let i = 0; i < 16; i++) {
      const b = row[i]; // none past the end of the last row
      hex += (b === undefined ? '  ' : b.toString(16).padStart(2, '0')) + (i === 7 ? '  ' : ' ');
      if (b !== undefined) text += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    }
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex} |${text}|`);
  }
  return lines.join('\n');
}
