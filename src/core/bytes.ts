/**
 * Byte sizes as the app shows them, in one place. Three styles are in use, chosen by options:
 * - the default, the largest unit that fits (1024-based): "512 B", "2.0 KB", "3.00 MB" (gradient exports);
 * - one fixed unit, `{ unit: 'KB' }`: "1.50 KB" (the Base64 spec's file size, 2 decimals);
 * - decimal megabytes, `{ unit: 'MB', base: 1000 }`: "4.19 MB" below 10 MB and "419 MB" above
 *   (the subnet export sizes: whole megabytes once the decimals no longer mean anything).
 */

export interface ByteFormat {
  /** 'auto' (default): B below 1 KB, KB below 1 MB, MB above. Or always this unit. */
  unit?: 'auto' | 'KB' | 'MB';
  /** Bytes per KB: 1024 (default) or 1000. */
  base?: 1000 | 1024;
}

/** Digits after the point: B none, KB one, MB two when the unit is chosen; two for a fixed KB; MB two below 10. */
function decimals(unit: 'B' | 'KB' | 'MB', value: number, fixed: boolean): number {
  if (unit === 'B') return 0;
  if (!fixed) return unit === 'KB' ? 1 : 2;
  return unit === 'KB' || value < 10 ? 2 : 0;
}

/** `bytes` (a count of bytes; a bigint is fine) as "<value> <unit>". */
export function formatBytes(bytes: number | bigint, { unit = 'auto', base = 1024 }: ByteFormat = {}): string {
  const n = Number(bytes);
  const chosen = unit !== 'auto' ? unit : n < base ? 'B' : n < base * base ? 'KB' : 'MB';
  const value = chosen === 'B' ? n : chosen === 'KB' ? n / base : n / base / base;
  return `${chosen === 'B' ? n : value.toFixed(decimals(chosen, value, unit !== 'auto'))} ${chosen}`;
}
