/** The CRC page's server API: the catalogue (GET /api/predefined) and generation (POST /api/generate). */
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { POLY_BITS, polyWidth } from '../../core/crc/params';
import type { generateBody } from '../../core/crc/request';

function isAlgorithmList(v: unknown): v is PredefinedAlgorithm[] {
  return (
    Array.isArray(v) &&
    v.every((a) => a && typeof a.name === 'string' && Array.isArray(a.poly) && a.poly.length === POLY_BITS)
  );
}

/**
 * An entry as the spec gives it ({name, poly}) completed: the width from the polynomial, the
 * parameters a Custom polynomial starts with, no aliases. Our server's full entries are kept as sent.
 */
function completed(a: Pick<PredefinedAlgorithm, 'name' | 'poly'> & Partial<PredefinedAlgorithm>): PredefinedAlgorithm {
  return {
    width: polyWidth(a.poly),
    init: '0x0',
    refin: false,
    refout: false,
    xorout: '0x0',
    check: '',
    residue: '',
    ...a,
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

/** How long Generate waits for the server (its answers take well under a second). */
export const GENERATE_TIMEOUT_MS = 30_000;

/**
 * The server's answer to a generate request, or null when it could not be reached (offline) or
 * did not answer within GENERATE_TIMEOUT_MS (a hung server or proxy left 'Generating...' for good).
 */
export function postGenerate(body: ReturnType<typeof generateBody>): Promise<Response | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), GENERATE_TIMEOUT_MS);
  return fetch('/api/generate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  })
    .catch(() => null)
    .finally(() => clearTimeout(timer));
}
