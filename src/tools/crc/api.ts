/** The CRC page's server API: the catalogue (GET /api/predefined) and generation (POST /api/generate). */
import type { PredefinedAlgorithm } from '../../core/crc/catalogue';
import { POLY_BITS } from '../../core/crc/params';
import type { generateBody } from '../../core/crc/request';

function isAlgorithmList(v: unknown): v is PredefinedAlgorithm[] {
  return (
    Array.isArray(v) &&
    v.every((a) => a && typeof a.name === 'string' && Array.isArray(a.poly) && a.poly.length === POLY_BITS)
  );
}

/** The server's catalogue; rejects on an HTTP error or an answer of the wrong shape. */
export async function fetchPredefined(): Promise<PredefinedAlgorithm[]> {
  const r = await fetch('/api/predefined');
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const list: unknown = await r.json();
  if (!isAlgorithmList(list)) throw new Error('Unexpected response');
  return list;
}

/** The server's answer to a generate request, or null when it could not be reached (offline). */
export function postGenerate(body: ReturnType<typeof generateBody>): Promise<Response | null> {
  return fetch('/api/generate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
}
