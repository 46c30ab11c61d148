// The Base64 worker's part sink: makes each transferred output part into a Blob and sends the
// buffer back. Copying a part into a Blob costs ~4 ms per MiB here (page faults in the copy); on
// this thread it overlaps the converting worker's reading of the file instead of stalling it.
import { BlobSink } from '../../core/blob-sink';
import { FOLD_BYTES } from '../../core/base64/convert';

import type { PartMessage, PartReply } from './part-messages';

const sinks = new Map<number, BlobSink>();

self.onmessage = ({ data }: MessageEvent<PartMessage>) => {
  const sink = sinks.get(data.id) ?? new BlobSink(data.type, FOLD_BYTES);
  sinks.set(data.id, sink);
  if ('buffer' in data) {
    sink.push(new Uint8Array(data.buffer, 0, data.length));
    self.postMessage({ buffer: data.buffer } satisfies PartReply, [data.buffer]);
    return;
  }
  sinks.delete(data.id);
  if (data.end === 'finish') self.postMessage({ id: data.id, blob: sink.blob() } satisfies PartReply);
};
