import { callback, createWorkerBridge, type ProgressOptions } from './bridge';
import type { SubnetWorkerApi } from '../../workers/subnet.worker';
import type { ExportFormat, ListSpec } from '../core/subnet/enumerate';
import type { ListSpec6 } from '../core/subnet/ipv6-enumerate';

/** The subnet enumeration worker, started on first use. */
const bridge = createWorkerBridge<SubnetWorkerApi>(
  () => new Worker(new URL('../../workers/subnet.worker.ts', import.meta.url), { type: 'module', name: 'subnet' }),
);

export const subnetWorker = {
  /** The whole list as a Blob; `onProgress(rowsDone, rowsTotal)` at most every 100 ms and at the end. */
  exportList(spec: ListSpec, format: ExportFormat, { onProgress, signal }: ProgressOptions = {}): Promise<Blob> {
    return bridge.call((api) => api.exportList(spec, format, callback(onProgress)), signal);
  },
  /** IPv6 subnets as a Blob, with the same progress and cancel. */
  exportList6(spec: ListSpec6, format: ExportFormat, { onProgress, signal }: ProgressOptions = {}): Promise<Blob> {
    return bridge.call((api) => api.exportList6(spec, format, callback(onProgress)), signal);
  },
};
