/**
 * Builds one Blob from many byte chunks. Each chunk is copied into a Blob part as it arrives (so a
 * transient view of WASM memory is fine), and the parts are folded into one Blob every
 * `foldBytes`, which keeps the part list short and lets the browser move the bytes out of the
 * heap (Chromium may spill large Blobs to disk).
 */
export class BlobSink {
  private folded: Blob;
  private parts: Blob[] = [];
  private pending = 0;
  /** Bytes pushed so far. */
  size = 0;

  constructor(
    private readonly type: string,
    private readonly foldBytes: number,
  ) {
    this.folded = new Blob([], { type });
  }

  push(bytes: Uint8Array): void {
    this.parts.push(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    this.pending += bytes.length;
    this.size += bytes.length;
    if (this.pending >= this.foldBytes) this.fold();
  }

  /** Everything pushed so far, as one Blob of the sink's type. */
  blob(): Blob {
    this.fold();
    return this.folded;
  }

  private fold(): void {
    this.folded = new Blob([this.folded, ...this.parts], { type: this.type });
    this.parts = [];
    this.pending = 0;
  }
}
