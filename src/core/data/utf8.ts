/**
 * Where bytes stop being UTF-8 text, for the CLI and the data pages: decoded anyway, a Windows-1252
 * export's é would become U+FFFD in the output without a word.
 */
import { blobChunks } from '../blob-chunks';

/** The first byte that is not UTF-8 (the start of its broken sequence), with its line and column. */
export interface NotUtf8 {
  byte: number;
  line: number;
  /** In UTF-16 code units from 1, as the pages' and the CLI's other positions. */
  column: number;
}

/** The facts both the CLI and the pages say: "byte 0xE9 at line 2, column 4". */
export const notUtf8Where = (bad: NotUtf8) =>
  `byte 0x${bad.byte.toString(16).toUpperCase().padStart(2, '0')} at line ${bad.line}, column ${bad.column}`;

/**
 * Walks bytes as the WHATWG UTF-8 decoder does, chunk after chunk, counting lines and columns;
 * `push` or `end` gives the first byte that is not UTF-8.
 */
class Utf8Scan {
  private line = 1;
  private column = 1;

  /**
   * A leading byte order mark is no column: decoding drops it. `start`: where the first byte is, for
   * bytes that are not the input's first (then `first` is undefined).
   */
  constructor(first: Uint8Array | undefined, start?: { line: number; column: number }) {
    if (start) ({ line: this.line, column: this.column } = start);
    if (first?.[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf) this.column = 0;
  }

  /** Continuation bytes still expected, and the bounds of the next one (they exclude overlongs and surrogates). */
  private needed = 0;
  private lower = 0x80;
  private upper = 0xbf;
  private lead = 0;
  private leadLine = 1;
  private leadColumn = 1;

  push(bytes: Uint8Array): NotUtf8 | null {
    for (const b of bytes) {
      if (this.needed) {
        if (b < this.lower || b > this.upper) return this.bad(this.lead, this.leadLine, this.leadColumn);
        this.lower = 0x80;
        this.upper = 0xbf;
        this.needed--;
        continue;
      }
      if (b >= 0xc2 && b <= 0xf4) {
        this.lead = b;
        this.leadLine = this.line;
        this.leadColumn = this.column;
        this.needed = b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3;
        if (b === 0xe0) this.lower = 0xa0;
        if (b === 0xed) this.upper = 0x9f;
        if (b === 0xf0) this.lower = 0x90;
        if (b === 0xf4) this.upper = 0x8f;
        this.column += b >= 0xf0 ? 2 : 1; // four bytes are a surrogate pair
      } else if (b < 0x80) {
        if (b === 0x0a) {
          this.line++;
          this.column = 1;
        } else this.column++;
      } else return this.bad(b, this.line, this.column);
    }
    return null;
  }

  /** At the end of the bytes: a sequence cut short is not UTF-8. */
  end(): NotUtf8 | null {
    return this.needed ? this.bad(this.lead, this.leadLine, this.leadColumn) : null;
  }

  private bad(byte: number, line: number, column: number): NotUtf8 {
    return { byte, line, column };
  }
}

/** The text of UTF-8 bytes (a leading byte order mark dropped), or where they stop being UTF-8. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { notUtf8: NotUtf8 } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const scan = new Utf8Scan(bytes);
    return { notUtf8: scan.push(bytes) ?? scan.end()! };
  }
}

/**
 * Where the bytes `read()` gives stop being UTF-8, read in chunks (never whole), or null when they
 * are UTF-8 text. `read` is called a second time only for bytes that are not UTF-8: to say where.
 */
export async function firstNotUtf8InChunks(read: () => AsyncIterable<Uint8Array>): Promise<NotUtf8 | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const bytes of read()) decoder.decode(bytes, { stream: true });
    decoder.decode();
    return null;
  } catch {
    // The scan starts on the first 3 bytes (a byte order mark is no column), however small the chunks.
    let scan: Utf8Scan | undefined;
    let head: Uint8Array = new Uint8Array(0);
    for await (const chunk of read()) {
      let bytes = chunk;
      if (!scan) {
        // A copy: a reader may give its next chunk in the same memory.
        const joined = new Uint8Array(head.length + chunk.length);
        joined.set(head);
        joined.set(chunk, head.length);
        head = joined;
        if (head.length < 3) continue;
        scan = new Utf8Scan(head);
        bytes = head;
      }
      const bad = scan.push(bytes);
      if (bad) return bad;
    }
    scan ??= new Utf8Scan(undefined);
    return (head.length < 3 ? scan.push(head) : null) ?? scan.end();
  }
}

/**
 * Where `bytes`, a piece of a longer input whose first byte is at `start` (its first piece when
 * `start` is undefined), stop being UTF-8; a sequence cut at the piece's end counts only when `last`.
 */
export function notUtf8InPiece(
  bytes: Uint8Array,
  start: { line: number; column: number } | undefined,
  last: boolean,
): NotUtf8 | null {
  const scan = new Utf8Scan(start ? undefined : bytes, start);
  return scan.push(bytes) ?? (last ? scan.end() : null);
}

/** Where a File/Blob stops being UTF-8, read in chunks (never whole), or null when it is UTF-8 text. */
export const firstNotUtf8InBlob = (blob: Blob, chunkBytes = 4 << 20): Promise<NotUtf8 | null> =>
  firstNotUtf8InChunks(() => blobChunks(blob, chunkBytes));
