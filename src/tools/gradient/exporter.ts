/** PNG (WASM worker) and SVG exports of the current gradient. */
import { pngWorker } from '../../workers/png';
import { downloadBlob } from '../../lib/download';
import { gradientSvg } from '../../core/gradient/svg';
import { DEFAULT_EXPORT, MAX_EXPORT_SIDE, type GradientSpec } from '../../core/gradient/model';
import { parseExportSize } from '../../core/gradient/stops';

export function exportSize(width: string, height: string): { width: number; height: number } {
  return {
    width: parseExportSize(width, DEFAULT_EXPORT.width, MAX_EXPORT_SIDE),
    height: parseExportSize(height, DEFAULT_EXPORT.height, MAX_EXPORT_SIDE),
  };
}

/** Renders the PNG in the worker and downloads it as gradient-{timestamp}.png. */
export async function downloadPng(
  g: GradientSpec,
  width: number,
  height: number,
  dither: boolean,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<{ name: string; size: number }> {
  const blob = await pngWorker.gradientPng(g, width, height, dither, { onProgress, signal });
  const name = `gradient-${Date.now()}.png`;
  downloadBlob(name, blob);
  return { name, size: blob.size };
}

/** Builds the SVG and downloads it as gradient-{timestamp}.svg. */
export function downloadSvg(g: GradientSpec, width: number, height: number): { name: string; size: number } {
  const svg = gradientSvg(g, width, height);
  const name = `gradient-${Date.now()}.svg`;
  downloadBlob(name, svg, 'image/svg+xml');
  return { name, size: svg.length };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
