import { useEffect, useState } from 'react';
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

/** Plot's font, which the chart keeps (its style sets only the size). */
const FONT = `${FONT_PX}px system-ui, sans-serif`;

/** The width in px of the longest of `texts` in the chart's font, or undefined where it cannot be measured. */
function longest(texts: string[]): number | undefined {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return undefined;
  ctx.font = FONT;
  return Math.max(...texts.map((t) => ctx.measureText(t).width));
}

/** The scale's label, and a shorter one for a chart too narrow for it (a 320 px phone cut its start). */
const AXIS_LABEL = 'ours ÷ theirs (log scale; right of 1: ours is faster) →';
const SHORT_AXIS_LABEL = 'ours ÷ theirs (log scale) →';

const ratioText = (r: ChartRow) => formatRatio(r.ratio);

/** Room in px for a ratio written left of a bar that ends left of 1 ("0.21×" and its gap). */
const LEFT_LABEL_PX = 45;

/**
 * The scale's ends, in log terms 1.6x beyond the values; on the left, with a bar ending left of 1,
 * far enough for its ratio beside it (at least LEFT_LABEL_PX of the `plotWidth` px).
 */
function logDomain(values: number[], plotWidth: number, slower: boolean): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values) * 1.6;
  let left = Math.log(lo / 1.6);
  const f = LEFT_LABEL_PX / plotWidth;
  // (log lo - left) / (log hi - left) >= f, solved for left.
  if (slower && f < 1) left = Math.min(left, (Math.log(lo) - f * Math.log(hi)) / (1 - f));
  return [Math.exp(left), hi];
}

/** Between the labels and the bars: the axis's tick and its padding. */
const LABEL_GAP = 20;

function chart(Plot: PlotModule, rows: ChartRow[], width: number): SVGSVGElement | HTMLElement {
  const values = [1, ...rows.flatMap((r) => (r.ci === null ? [r.ratio] : [r.ratio, r.ci]))];
  const withCi = rows.filter((r) => r.ci !== null);
  // As wide as the longest label, up to 42% of the chart: a fixed 250 px cut 'Subnet enumeration
  // (IPv4 hosts) vs J…' on a 900 px chart with room to spare.
  const room = Math.round(width * 0.42);
  const labels = longest(rows.map((r) => r.label));
  const whole = labels !== undefined && Math.ceil(labels) + LABEL_GAP <= room;
  const marginLeft = whole ? Math.ceil(labels) + LABEL_GAP : room;
  const marginRight = 50;
  // Written from the right end of the bars leftwards: it must fit in the chart's width less that margin.
  const axisLabel = (longest([AXIS_LABEL]) ?? 0) <= width - marginRight ? AXIS_LABEL : SHORT_AXIS_LABEL;
  const svg = Plot.plot({
    width,
    height: 50 + rows.length * 30,
    marginLeft,
    marginRight,
    ariaLabel: 'Ratio of our WASM kernel to the browser, per comparison',
    style: { background: 'transparent', color: 'inherit', fontSize: `${FONT_PX}px` },
    x: {
      type: 'log',
      domain: logDomain(
        values,
        width - marginLeft - marginRight,
        rows.some((r) => r.ratio < 1),
      ),
      label: axisLabel,
      // Plain numbers ("0.7", "2,000"), as the ratios are written: the log scale's default is SI
      // ("700m", milli). A specifier, not a function, so the scale still leaves crowded ticks blank.
      tickFormat: ',~g',
      grid: true,
    },
    y: { label: null, domain: rows.map((r) => r.label) },
    marks: [
      // Coloured by styles.css in the theme's success and error colours: fixed ones (a dark red)
      // measured 2.6:1 on the dark theme's panel, under the 3:1 a graphic needs (WCAG 1.4.11).
      Plot.barX(
        rows.filter((r) => r.ratio >= 1),
        { y: 'label', x1: 1, x2: 'ratio', className: 'bench-bar-faster' },
      ),
      Plot.barX(
        rows.filter((r) => r.ratio < 1),
        { y: 'label', x1: 1, x2: 'ratio', className: 'bench-bar-slower' },
      ),
      Plot.ruleX([1]),
      Plot.tickX(withCi, { y: 'label', x: 'ci', stroke: 'currentColor', strokeWidth: 3 }),
      // Each ratio beside the end of its bar, away from 1: on the bar it was text on the bar's colour.
      Plot.text(
        rows.filter((r) => r.ratio >= 1),
        { y: 'label', x: 'ratio', text: ratioText, textAnchor: 'start', dx: 5, fill: 'currentColor' },
      ),
      Plot.text(
        rows.filter((r) => r.ratio < 1),
        { y: 'label', x: 'ratio', text: ratioText, textAnchor: 'end', dx: -5, fill: 'currentColor' },
      ),
      // Labels that do not fit end in an ellipsis within the left margin (less the tick and its
      // padding), so on a phone they are not cut at the screen's edge. Those that fit, measured in
      // their font, are left whole (Plot's own estimate of their width is not the font's).
      Plot.axisY(whole ? {} : { textOverflow: 'ellipsis', lineWidth: (marginLeft - LABEL_GAP) / FONT_PX }),
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

/**
 * The width a chart gets in `el`: its width now and after every resize (a window narrowed, a
 * phone turned), at most 900 px; 0 before it is measured.
 */
function useChartWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    const measure = () => setWidth(Math.min(900, el.clientWidth || 600));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}

/**
 * A bar per comparison: the visitor's ratio from 1, and our CI's ratio as a thick tick in the text
 * colour (light in the dark theme, where the caption called it black until 2026-11-30).
 */
export function RatioChart({ plot, rows }: { plot: PlotModule | null | 'failed'; rows: ChartRow[] }) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  // Drawn for the width it has, again when that changes: Plot's SVG only scales down (its text
  // with it) and never grows.
  const width = useChartWidth(box);

  useEffect(() => {
    if (!plot || plot === 'failed' || !box || !width || rows.length === 0) return;
    const svg = chart(plot, rows, width);
    box.replaceChildren(svg);
    return () => svg.remove();
  }, [plot, rows, box, width]);

  if (rows.length === 0) return null;
  return (
    <figure className="bench-chart">
      <div ref={setBox} />
      <figcaption>
        {plot === 'failed'
          ? 'The chart could not be loaded; the table above has every figure.'
          : 'Bars: your device (green: our kernel is faster, red: the browser is). Thick ticks: our CI’s ratio.'}
      </figcaption>
    </figure>
  );
}
