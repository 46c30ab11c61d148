/** PNG (WASM worker) and SVG exports of the current gradient. */
import { pngWorker } from '../../workers/png/client';
import { downloadBlob } from '../../browser/download';
import { gradientSvg } from '../../core/gradient/svg';
import type { GradientSpec } from '../../core/gradient/model';
import { exportFileName } from './logic';

/** Renders the PNG in the worker and downloads it as gradient-{timestamp}.png. */
export async function downloadPng(
  g: GradientSpec,
  width: number,
  height: number,
  dither: boolean,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<{ name: string; size: number }> {
  const blob = await pngWorker.with({ onProgress, signal }).gradientPng(g, width, height, dither);
  const name = exportFileName('png');
  downloadBlob(name, blob);
  return { name, size: blob.size };
}

/** Builds the SVG and downloads it as gradient-{timestamp}.svg. */
export function downloadSvg(g: GradientSpec, width: number, height: number): { name: string; size: number } {
  const svg = gradientSvg(g, width, height);
  const name = exportFileName('svg');
  downloadBlob(name, svg, 'image/svg+xml');
  return { name, size: svg.length };
}
