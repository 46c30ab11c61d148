/**
 * Layout of the state diagram drawn on the page: states on a circle, transitions as straight or
 * bent arrows (bent when two states point at each other), self-loops above their state. Pure.
 */
import type { FsmConfig } from './config';

export interface DiagramNode {
  name: string;
  x: number;
  y: number;
  reset: boolean;
}

export interface DiagramEdge {
  index: number;
  from: string;
  to: string;
  path: string;
  labelX: number;
  labelY: number;
  label: string;
}

export interface Diagram {
  width: number;
  height: number;
  radius: number;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

export const NODE_RADIUS = 30;

const round = (v: number) => Math.round(v * 10) / 10;

export function layoutDiagram(c: FsmConfig): Diagram {
  const n = c.states.length;
  const ring = n <= 1 ? 0 : Math.max(90, (n * (NODE_RADIUS * 2 + 70)) / (2 * Math.PI));
  const margin = NODE_RADIUS + 70;
  const size = 2 * (ring + margin);
  const centre = size / 2;
  const nodes: DiagramNode[] = c.states.map((s, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, n);
    return {
      name: s.name,
      x: round(centre + ring * Math.cos(angle)),
      y: round(centre + ring * Math.sin(angle)),
      reset: s.name === c.resetState,
    };
  });
  const byName = new Map(nodes.map((nd) => [nd.name, nd]));
  const pairs = new Set(c.transitions.map((t) => `${t.from}\u0000${t.to}`));
  const seen = new Map<string, number>();
  const edges: DiagramEdge[] = [];
  c.transitions.forEach((t, index) => {
    const a = byName.get(t.from);
    const b = byName.get(t.to);
    if (!a || !b) return;
    const key = `${t.from}\u0000${t.to}`;
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    const label = t.condition.trim() || '1';
    if (a === b) {
      // Self-loop: an arc above the state (below for states in the lower half), stacked when repeated.
      const dir = a.y > centre + 1 ? 1 : -1;
      const lift = NODE_RADIUS + 28 + repeat * 18;
      const x1 = a.x - 14,
        x2 = a.x + 14,
        y0 = a.y + dir * (NODE_RADIUS - 4);
      edges.push({
        index,
        from: t.from,
        to: t.to,
        label,
        path: `M ${round(x1)} ${round(y0)} C ${round(x1 - 26)} ${round(a.y + dir * lift)}, ${round(x2 + 26)} ${round(a.y + dir * lift)}, ${round(x2)} ${round(y0)}`,
        labelX: a.x,
        labelY: round(a.y + dir * (lift + 4)),
      });
      return;
    }
    const dx = b.x - a.x,
      dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len,
      uy = dy / len;
    const bend = (pairs.has(`${t.to}\u0000${t.from}`) ? 26 : 0) + repeat * 22;
    const sx = a.x + ux * NODE_RADIUS,
      sy = a.y + uy * NODE_RADIUS;
    const ex = b.x - ux * (NODE_RADIUS + 2),
      ey = b.y - uy * (NODE_RADIUS + 2);
    const mx = (sx + ex) / 2 - uy * bend,
      my = (sy + ey) / 2 + ux * bend;
    edges.push({
      index,
      from: t.from,
      to: t.to,
      label,
      path: `M ${round(sx)} ${round(sy)} Q ${round(mx)} ${round(my)} ${round(ex)} ${round(ey)}`,
      labelX: round((sx + ex) / 4 + mx / 2),
      labelY: round((sy + ey) / 4 + my / 2 - 4),
    });
  });
  return { width: round(size), height: round(size), radius: NODE_RADIUS, nodes, edges };
}
