/** A File/Blob as UTF-8 text in slices: never one string, characters split by a slice edge kept whole. */

/** Bytes read at a time: large enough that slicing costs nothing measurable, small enough to stream. */
export const SLICE_BYTES = 4 << 20;

/** Yields the text of `blob` slice by slice; `onRead` gets the bytes read so far after each. */
export async function* blobTextPieces(
  blob: Blob,
  onRead?: (bytes: number) => void,
  sliceBytes = SLICE_BYTES,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for (let off = 0; off < blob.size; off += sliceBytes) {
    const bytes = new Uint8Array(await blob.slice(off, off + sliceBytes).arrayBuffer());
    yield decoder.decode(bytes, { stream: true });
    onRead?.(Math.min(blob.size, off + sliceBytes));
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
