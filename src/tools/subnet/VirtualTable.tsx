/**
 * A table of any number of rows (up to 2^32) that renders only the visible ones; `cellsAt(i)`
 * computes row i on demand. Browsers cap element heights (~33M px in Chromium), so beyond
 * MAX_SCROLL_PX the scrollbar is scaled: dragging it moves proportionally, while the wheel, a
 * finger and the keyboard move by true rows, keeping the row position (not scrollTop) as the source of truth.
 */
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';

const MAX_SCROLL_PX = 8_000_000;

export interface VirtualTableHandle {
  /** Scrolls so that row `i` (0-based) is at the top and highlights it. */
  scrollToRow(i: number): void;
}

interface VirtualTableProps {
  label: string;
  rowCount: number;
  columns: string[];
  /** CSS grid-template-columns of header and rows. */
  template: string;
  cellsAt(i: number): (string | number)[];
  rowHeight?: number;
  height?: number;
  handle?: Ref<VirtualTableHandle>;
}

export function VirtualTable({
  label,
  rowCount,
  columns,
  template,
  cellsAt,
  rowHeight = 28,
  height: maxHeight = 420,
  handle,
}: VirtualTableProps) {
  // Short lists get a short table.
  const height = Math.min(maxHeight, Math.max(1, rowCount) * rowHeight);
  const scroller = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState(0);
  const [highlight, setHighlight] = useState(-1);
  const posRef = useRef(0);
  const expectedScrollTop = useRef(0);

  const visible = Math.floor(height / rowHeight);
  const maxPos = Math.max(0, rowCount - height / rowHeight);
  const spacer = Math.min(rowCount * rowHeight, MAX_SCROLL_PX);
  /** The scrollbar no longer moves by real rows. */
  const scaled = rowCount * rowHeight > MAX_SCROLL_PX;
  const travel = Math.max(0, spacer - height);

  /** Puts the scrollbar at row position `p` (DOM and refs only). */
  const syncScroll = useCallback(
    (p: number) => {
      posRef.current = p;
      const el = scroller.current;
      if (el) {
        const top = maxPos > 0 ? (p / maxPos) * travel : 0;
        expectedScrollTop.current = top;
        el.scrollTop = top;
      }
    },
    [maxPos, travel],
  );

  /** Moves to row position `p` (fractional rows) and syncs the scrollbar. */
  const moveTo = useCallback(
    (p: number) => {
      const clamped = Math.min(maxPos, Math.max(0, p));
      setPos(clamped);
      syncScroll(clamped);
    },
    [maxPos, syncScroll],
  );

  // New list: back to the top with no highlight (state adjusted during render; the DOM in an effect).
  const [list, setList] = useState({ rowCount, cellsAt });
  if (list.rowCount !== rowCount || list.cellsAt !== cellsAt) {
    setList({ rowCount, cellsAt });
    setHighlight(-1);
    setPos(0);
  }
  useLayoutEffect(() => syncScroll(0), [rowCount, cellsAt, syncScroll]);

  // Scrollbar drags and native scrolling: derive the row from scrollTop unless we set it ourselves.
  const onScroll = () => {
    const el = scroller.current!;
    if (Math.abs(el.scrollTop - expectedScrollTop.current) < 1) return;
    expectedScrollTop.current = el.scrollTop;
    const p = travel > 0 ? (el.scrollTop / travel) * maxPos : 0;
    posRef.current = p;
    setPos(p);
  };

  // Wheel moves by real rows even when the scrollbar is scaled (needs a non-passive listener).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey) return;
      e.preventDefault();
      const px = e.deltaMode === 1 ? e.deltaY * rowHeight : e.deltaMode === 2 ? e.deltaY * height : e.deltaY;
      moveTo(posRef.current + px / rowHeight);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    // A finger too (phones): native touch scrolling would move the scaled scrollbar, hundreds of rows per
    // swipe. Only a scaled list takes over; an unscaled one keeps native scrolling and its fling.
    let lastY: number | null = null;
    const onTouchStart = (e: TouchEvent) => {
      lastY = scaled && e.touches.length === 1 ? e.touches[0]!.clientY : null;
    };
    const onTouchMove = (e: TouchEvent) => {
      if (lastY === null || e.touches.length !== 1) return;
      e.preventDefault();
      const y = e.touches[0]!.clientY;
      moveTo(posRef.current + (lastY - y) / rowHeight);
      lastY = y;
    };
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
    };
  }, [moveTo, rowHeight, height, scaled]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: visible - 1,
      PageUp: 1 - visible,
      // Shift+Space pages up, as in any scrolling box.
      ' ': e.shiftKey ? 1 - visible : visible - 1,
    };
    const by = step[e.key];
    if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(maxPos);
    else if (by !== undefined) moveTo(Math.round(posRef.current) + by);
    else return;
    e.preventDefault();
  };

  useImperativeHandle(
    handle,
    () => ({
      scrollToRow(i) {
        setHighlight(i);
        moveTo(i);
      },
    }),
    [moveTo],
  );

  const first = Math.floor(pos);
  const offset = (pos - first) * rowHeight;
  const rows = [];
  for (let i = first; i < Math.min(rowCount, first + visible + 2); i++) {
    rows.push(
      <div
        role="row"
        aria-rowindex={i + 2}
        key={i}
        className={`vt-row${i % 2 ? ' vt-odd' : ''}${i === highlight ? ' vt-highlight' : ''}`}
        style={{ gridTemplateColumns: template, height: rowHeight }}
      >
        {cellsAt(i).map((c, j) => (
          <span role="cell" key={j}>
            {c}
          </span>
        ))}
      </div>,
    );
  }

  return (
    <div className="vt" role="table" aria-label={label} aria-rowcount={rowCount + 1}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="vt-row vt-head" style={{ gridTemplateColumns: template }}>
          {columns.map((c) => (
            <span role="columnheader" key={c}>
              {c}
            </span>
          ))}
        </div>
      </div>
      <div
        ref={scroller}
        role="rowgroup"
        className="vt-scroller"
        style={{ height }}
        tabIndex={0}
        aria-label={`${label}: use arrow keys, Page Up/Down, Home and End to scroll`}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        data-testid="vt-scroller"
      >
        <div className="vt-spacer" style={{ height: Math.max(spacer, height) }}>
          <div className="vt-window" style={{ height }}>
            <div style={{ transform: `translateY(${-offset}px)` }}>{rows}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
