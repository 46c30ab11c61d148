/** A File/Blob as UTF-8 text in slices: never one string, characters split by a slice edge kept whole. */

import { blobChunks } from '../../blob-chunks';

/** Bytes read at a time: large enough that slicing costs nothing measurable, small enough to stream. */
export const SLICE_BYTES = 4 << 20;

/** Yields the text of `blob` slice by slice; `onRead` gets the bytes read so far after each. */
export async function* blobTextPieces(
  blob: Blob,
  onRead?: (bytes: number) => void,
  sliceBytes = SLICE_BYTES,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let read = 0;
  for await (const bytes of blobChunks(blob, sliceBytes)) {
    const text = decoder.decode(bytes, { stream: true }); // a copy: the chunk's buffer is read into again
    read += bytes.length;
    yield text;
    onRead?.(read);
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
