/** The CRC catalogue as GET /api/predefined answers it (generation runs in services/hdl-jobs.ts). */
import { predefinedAlgorithms, type PredefinedAlgorithm } from '../../src/core/crc/catalogue';

let predefined: PredefinedAlgorithm[] | undefined;
let predefinedJson: string | undefined;

/** The catalogue in API shape, built once. */
function listPredefined(): PredefinedAlgorithm[] {
  return (predefined ??= predefinedAlgorithms());
}

/** The same list serialised once (it never changes while the server runs). */
export function predefinedBody(): string {
  return (predefinedJson ??= JSON.stringify(listPredefined()));
}
