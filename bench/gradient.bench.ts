/**
 * Gradient PNG export inside Debian's Chromium: our WASM rasteriser + PNG encoder against the
 * browser's own canvas (gradient fill + canvas.toBlob('image/png')), same gradient, same size, same
 * page; time and file size. And the WASM rasteriser against the same loops in TypeScript.
 * --quick: 1920x1080 and 3840x2160 only; full adds 7680x4320.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { defineSuite, type BenchCase, type BenchGroup } from './harness';
import { launchBrowser } from '../tests/harness/browser';
import { wasmDir } from '../server/wasm';

const root = fileURLToPath(new URL('..', import.meta.url));
let browser: Browser | undefined;

/** The pure gradient modules bundled for the page (no app, no worker: the bench times the kernel). */
async function pageBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `
        export { instantiateKernel } from './src/core/wasm/instantiate';
        export { encodePng, rasterizeRGBA } from './src/core/gradient/png';
        export { makePlan } from './src/core/gradient/plan';
        export { rasterizeRGBAts } from './src/core/gradient/raster';
        export { defaultGradient } from './src/core/gradient/model';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'G',
    write: false,
    target: 'es2022',
  });
  const [bundle] = out.outputFiles;
  if (!bundle) throw new Error('esbuild returned no bundle');
  return bundle.text;
}

type Kind = 'linear' | 'radial' | 'conic';

const STOPS = [
  { id: 1, color: '#0061ff', position: 0 },
  { id: 2, color: '#60efff', position: 45 },
  { id: 3, color: '#7209b7', position: 100 },
];

async function setup(): Promise<Page> {
  browser = await launchBrowser();
  const page = await (await browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
  await page.setContent('<!doctype html><title>gradient bench</title>');
  await page.addScriptTag({ content: await pageBundle() });
  const wasm = readFileSync(join(wasmDir(), 'png.wasm')).toString('base64');
  await page.evaluate(
    async ({ wasm, stops }) => {
      const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
      // The page's globals: the bundle's exports (G) and the helpers below; untyped scaffolding.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const w = window as unknown as Record<string, any>;
      const G = w.G;
      w.kernel = await G.instantiateKernel(bytes);
      w.gradient = (type: string) => ({ ...G.defaultGradient(), type, angle: 33, position: { x: 30, y: 40 }, stops });
      /** Our export: plan, rasterise + encode in WASM, and the Blob a user downloads. */
      w.ours = (type: string, width: number, height: number) => {
        const chunks = G.encodePng(w.kernel, G.makePlan(w.gradient(type), width, height));
        return new Blob(chunks, { type: 'image/png' });
      };
      w.wasm = (type: string, width: number, height: number) =>
        G.rasterizeRGBA(w.kernel, G.makePlan(w.gradient(type), width, height));
      w.ts = (type: string, width: number, height: number) =>
        G.rasterizeRGBAts(G.makePlan(w.gradient(type), width, height));
      /** The browser's export: the same gradient painted on a canvas, then canvas.toBlob. */
      w.canvas = (type: string, width: number, height: number) => {
        const c = document.createElement('canvas');
        c.width = width;
        c.height = height;
        const ctx = c.getContext('2d')!;
        const cx = width * 0.3,
          cy = height * 0.4;
        let fill: CanvasGradient;
        if (type === 'linear') {
          const a = (33 * Math.PI) / 180,
            dx = Math.sin(a),
            dy = -Math.cos(a);
          const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
          fill = ctx.createLinearGradient(
            width / 2 - dx * half,
            height / 2 - dy * half,
            width / 2 + dx * half,
            height / 2 + dy * half,
          );
        } else if (type === 'radial') {
          fill = ctx.createRadialGradient(
            cx,
            cy,
            0,
            cx,
            cy,
            Math.hypot(Math.max(cx, width - cx), Math.max(cy, height - cy)),
          );
        } else {
          fill = ctx.createConicGradient(((33 - 90) * Math.PI) / 180, cx, cy);
        }
        for (const s of stops) fill.addColorStop(s.position / 100, s.color);
        ctx.fillStyle = fill;
        ctx.fillRect(0, 0, width, height);
        return new Promise<Blob>((resolve, reject) =>
          c.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
        );
      };
    },
    { wasm, stops: STOPS },
  );
  return page;
}

/** A case timed inside the page: `samples` runs after one warm-up; records the file size. */
function exportCase(page: Page, name: string, fn: 'ours' | 'canvas', type: Kind, w: number, h: number): BenchCase {
  const c: BenchCase = {
    name,
    bytes: w * h * 4,
    extra: {},
    async measure(samples) {
      const { times, size } = await page.evaluate(
        async ({ fn, type, w, h, samples }) => {
          const run = (
            window as unknown as Record<typeof fn, (t: string, w: number, h: number) => Blob | Promise<Blob>>
          )[fn];
          const size = (await run(type, w, h)).size;
          const times: number[] = [];
          for (let i = 0; i < samples; i++) {
            const t0 = performance.now();
            await run(type, w, h);
            times.push(performance.now() - t0);
          }
          return { times, size };
        },
        { fn, type, w, h, samples },
      );
      c.extra!.file_bytes = size;
      return times;
    },
  };
  return c;
}

function rasterCase(page: Page, name: string, fn: 'wasm' | 'ts', type: Kind, w: number, h: number): BenchCase {
  return {
    name,
    bytes: w * h * 4,
    async measure(samples) {
      return page.evaluate(
        ({ fn, type, w, h, samples }) => {
          const run = (window as unknown as Record<typeof fn, (t: string, w: number, h: number) => unknown>)[fn];
          run(type, w, h);
          const times: number[] = [];
          for (let i = 0; i < samples; i++) {
            const t0 = performance.now();
            run(type, w, h);
            times.push(performance.now() - t0);
          }
          return times;
        },
        { fn, type, w, h, samples },
      );
    },
  };
}

export default defineSuite({
  name: 'gradient',
  async groups({ quick }) {
    const page = await setup();
    const sizes: [number, number][] = quick
      ? [
          [1920, 1080],
          [3840, 2160],
        ]
      : [
          [1920, 1080],
          [3840, 2160],
          [7680, 4320],
        ];
    const groups: BenchGroup[] = [];
    for (const [w, h] of sizes) {
      for (const type of ['linear', 'radial', 'conic'] as Kind[]) {
        if (quick && type !== 'linear' && w > 1920) continue;
        groups.push({
          name: `PNG export ${type} ${w}x${h}`,
          baseline: 'canvas.toBlob',
          cases: [
            exportCase(page, 'canvas.toBlob', 'canvas', type, w, h),
            exportCase(page, 'wasm png', 'ours', type, w, h),
          ],
        });
      }
    }
    for (const type of ['linear', 'radial', 'conic'] as Kind[]) {
      groups.push({
        name: `rasterise ${type} 1920x1080`,
        baseline: 'ts loops',
        cases: [
          rasterCase(page, 'ts loops', 'ts', type, 1920, 1080),
          rasterCase(page, 'wasm simd', 'wasm', type, 1920, 1080),
        ],
      });
    }
    return groups;
  },
  async teardown() {
    await browser?.close();
  },
});
