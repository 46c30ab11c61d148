/** Gradient page logic (no React): export size, file names and sizes as shown in the status line. */
import { DEFAULT_EXPORT, MAX_EXPORT_SIDE } from '../../core/gradient/model';
import { parseExportSize } from '../../core/gradient/stops';

/** The export size fields as pixels: 1920 x 1080 when not a number (spec), at most 8192. */
export function exportSize(width: string, height: string): { width: number; height: number } {
  return {
    width: parseExportSize(width, DEFAULT_EXPORT.width, MAX_EXPORT_SIDE),
    height: parseExportSize(height, DEFAULT_EXPORT.height, MAX_EXPORT_SIDE),
  };
}

/** Spec: gradient-{timestamp}.png and gradient-{timestamp}.svg. */
export function exportFileName(extension: 'png' | 'svg', timestamp = Date.now()): string {
  return `gradient-${timestamp}.${extension}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
