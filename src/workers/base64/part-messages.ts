/** The messages between the Base64 worker and its part sink (part-sink.worker.ts). */

/** To the sink: a part of conversion `id` in a transferred buffer, or that conversion's end or failure. */
export type PartMessage =
  | { id: number; type: string; buffer: ArrayBuffer; length: number }
  | { id: number; type: string; end: 'finish' | 'discard' };

/** From the sink: a buffer to reuse, or conversion `id`'s Blob. */
export type PartReply = { buffer: ArrayBuffer } | { id: number; blob: Blob };

/** Why a file conversion failed when the sink died (shown as "Encoding failed: …" / "Decoding failed: …"). */
export const SINK_STOPPED = 'the worker that assembles the output stopped (the browser may be out of memory)';
