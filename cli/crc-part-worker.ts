/**
 * The helper thread of `bitsmith crc check` (./crc-check.ts, ./crc-helper.ts) on a large file: given
 * the work, claims chunks beside the main thread until none is left, then says so.
 */
import { parentPort } from 'node:worker_threads';
import { findCatalogueAlgorithm } from '../src/core/hdl/crc/algorithm';
import { crcOfClaimedChunks, type SharedChunks } from './crc-range';

parentPort!.once('message', async ({ algorithm, work }: { algorithm: string; work: SharedChunks }) => {
  await crcOfClaimedChunks(findCatalogueAlgorithm(algorithm)!, work);
  parentPort!.postMessage('done');
});
