import { useEffect, useRef, useState } from 'react';
import type * as PlotNamespace from '@observablehq/plot';
import { formatRatio } from './logic';

type PlotModule = typeof PlotNamespace;

export interface ChartRow {
  label: string;
  /** The visitor's ratio (ours over theirs). */
  ratio: number;
  /** Our CI's ratio for the same comparison, if any. */
  ci: number | null;
}

/** The chart's font size in px (its style below): Plot measures label widths in ems of it. */
const FONT_PX = 12;
const FASTER = '#15803d';
const SLOWER = '#b91c1c';

function chart(Plot: PlotModule, rows: ChartRow[], width: number): SVGSVGElement | HTMLElement {
  const values = [1, ...rows.flatMap((r) => (r.ci === null ? [r.ratio] : [r.ratio, r.ci]))];
  const withCi = rows.filter((r) => r.ci !== null);
  const marginLeft = Math.min(250, Math.round(width * 0.42));
  const svg = Plot.plot({
    width,
    height: 50 + rows.length * 30,
    marginLeft,
    marginRight: 50,
    ariaLabel: 'Ratio of our WASM kernel to the browser, per comparison',
    style: { background: 'transparent', color: 'inherit', fontSize: `${FONT_PX}px` },
    x: {
      type: 'log',
      domain: [Math.min(...values) / 1.6, Math.max(...values) * 1.6],
      label: 'ours ÷ theirs (log scale; right of 1: ours is faster)',
      grid: true,
    },
    y: { label: null, domain: rows.map((r) => r.label) },
    marks: [
      Plot.barX(rows, { y: 'label', x1: 1, x2: 'ratio', fill: (r: ChartRow) => (r.ratio >= 1 ? FASTER : SLOWER) }),
      Plot.ruleX([1]),
      Plot.tickX(withCi, { y: 'label', x: 'ci', stroke: 'currentColor', strokeWidth: 3 }),
      Plot.text(rows, {
        y: 'label',
        x: 'ratio',
        text: (r: ChartRow) => formatRatio(r.ratio),
        textAnchor: 'start',
        dx: 5,
        fill: 'currentColor',
      }),
      // Labels end in an ellipsis within the left margin (less the tick and its padding), so on
      // a phone they are not cut at the screen's edge.
      Plot.axisY({ textOverflow: 'ellipsis', lineWidth: (marginLeft - 20) / FONT_PX }),
    ],
  });
  // One image for assistive technology (the table above holds every figure): Plot names each
  // mark's <g> with aria-label, which ARIA does not allow on a <g> without a role.
  svg.setAttribute('role', 'img');
  for (const g of svg.querySelectorAll('g[aria-label]')) g.removeAttribute('aria-label');
  return svg;
}

/**
 * Observable Plot, imported when the page opens (its own chunk, so the app's first load does not
 * grow) rather than when the first result arrives: parsing it during a run would be a long task
 * on the page's thread. 'failed' when it could not be loaded (offline before it was cached).
 */
export function usePlot(): PlotModule | null | 'failed' {
  const [plot, setPlot] = useState<PlotModule | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    let warmUp: ReturnType<typeof setTimeout> | undefined;
    import('@observablehq/plot').then(
      (m) => {
        // A first chart costs ~30 ms (cold code), later ones ~8 ms: draw one now, unseen, in a task of its own.
        warmUp = setTimeout(() => {
          chart(m, WARM_UP_ROWS, 600);
          if (live) setPlot(m);
        });
      },
      () => live && setPlot('failed'),
    );
    return () => {
      live = false;
      clearTimeout(warmUp);
    };
  }, []);
  return plot;
}

const WARM_UP_ROWS: ChartRow[] = [
  { label: 'a', ratio: 2, ci: 3 },
  { label: 'b', ratio: 0.5, ci: null },
];

/** A bar per comparison: the visitor's ratio from 1, and our CI's ratio as a black tick. */
export function RatioChart({ plot, rows }: { plot: PlotModule | null | 'failed'; rows: ChartRow[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!plot || plot === 'failed' || !el || rows.length === 0) return;
    const svg = chart(plot, rows, Math.min(900, el.clientWidth || 600));
    el.replaceChildren(svg);
    return () => svg.remove();
  }, [plot, rows]);

  if (rows.length === 0) return null;
  return (
    <figure className="bench-chart">
      <div ref={box} />
      <figcaption>
        {plot === 'failed'
          ? 'The chart could not be loaded; the table above has every figure.'
          : 'Bars: your device (green: our kernel is faster, red: the browser is). Black ticks: our CI’s ratio.'}
      </figcaption>
    </figure>
  );
}
