/** The CRC page's server API: the catalogue (GET /api/predefined) and generation (POST /api/generate). */
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { POLY_BITS, polyWidth } from '../../core/crc/params';
import type { generateBody } from '../../core/crc/request';

function isAlgorithmList(v: unknown): v is PredefinedAlgorithm[] {
  return Array.isArray(v) && v.every((a) => a && typeof a.name === 'string' && Array.isArray(a.poly));
}

/**
 * The spec's poly is "at most 68 used": a shorter array is padded with 0 and entries beyond x^67
 * are left out, so the page's 68 bits come from any such list.
 */
const polyBits = (poly: readonly unknown[]): number[] =>
  Array.from({ length: POLY_BITS }, (_, i) => (poly[i] === 1 ? 1 : 0));

/**
 * An entry as the spec gives it ({name, poly}) completed: the width from the polynomial, the
 * parameters a Custom polynomial starts with, no aliases. Our server's full entries are kept as sent.
 */
function completed(a: Pick<PredefinedAlgorithm, 'name' | 'poly'> & Partial<PredefinedAlgorithm>): PredefinedAlgorithm {
  const poly = polyBits(a.poly);
  return {
    width: polyWidth(poly),
    init: '0x0',
    refin: false,
    refout: false,
    xorout: '0x0',
    check: '',
    residue: '',
    ...a,
    poly,
    aliases: Array.isArray(a.aliases) ? a.aliases : [],
  };
}

/** The server's catalogue; rejects on an HTTP error or an answer of the wrong shape. */
export async function fetchPredefined(): Promise<PredefinedAlgorithm[]> {
  const r = await fetch('/api/predefined');
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const list: unknown = await r.json();
  if (!isAlgorithmList(list)) throw new Error('Unexpected response');
  return list.map(completed);
}

/** How long Generate waits for the server's whole answer (it takes well under a second). */
export const GENERATE_TIMEOUT_MS = 30_000;

/**
 * The server's whole answer to a generate request, or why there is none: `unreachable` (offline,
 * or the connection failed) or `timeout` (no complete answer within GENERATE_TIMEOUT_MS: a hung
 * server or proxy, including one that sends the headers and then stalls the body).
 */
export type GenerateAnswer = { status: number; ok: boolean; body: Blob } | { failed: 'unreachable' | 'timeout' };

export async function postGenerate(body: ReturnType<typeof generateBody>): Promise<GenerateAnswer> {
  // One signal for the request and the body read: the timeout covers the whole answer.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, GENERATE_TIMEOUT_MS);
  try {
    const r = await fetch('/api/generate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    return { status: r.status, ok: r.ok, body: await r.blob() };
  } catch {
    return { failed: timedOut ? 'timeout' : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
