import { defineTool } from '../../app/tool';

/**
 * The live benchmark page: a route, the palette and a link from the home page's Fast & Reliable
 * card, found by the tool filters, but no sidebar place (the spec's sidebar stays as specified).
 */
export const tool = defineTool({
  kind: 'unlisted',
  folder: 'benchmarks',
  path: '/benchmarks',
  title: 'Benchmarks',
  description:
    "Our WebAssembly kernels against your browser's own functions, measured on your device: see whether it agrees with our figures.",
  groups: {},
  keywords: ['benchmark', 'performance', 'speed', 'throughput', 'webassembly', 'wasm', 'fast'],
  analyticsName: 'Benchmarks',
  icon: 'bolt',
});
