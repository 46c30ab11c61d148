/** Gradient page logic (no React): export size and file names (sizes: formatBytes in src/core/bytes). */
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
