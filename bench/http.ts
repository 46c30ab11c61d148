/** HTTP probes shared by the server benchmarks. */

/** p99 of /healthz latencies (ms), probing one request at a time for `ms`. */
export async function healthP99(url: string, ms: number): Promise<number> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  latencies.sort((a, b) => a - b);
  return latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!;
}
