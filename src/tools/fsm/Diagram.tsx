import { useMemo } from 'react';
import { layoutDiagram } from '../../core/hdl/fsm/diagram';
import type { FsmConfig } from '../../core/hdl/fsm/config';

/** Up to `max` characters: the name's start and end around an ellipsis, so that WAIT_FOR_ACK and
 * WAIT_FOR_REQ stay apart (the names of a machine often share a prefix). */
function clipMiddle(name: string, max: number): string {
  if (name.length <= max) return name;
  const head = Math.ceil((max - 1) / 2);
  return `${name.slice(0, head)}…${name.slice(name.length - (max - 1 - head))}`;
}

/** The state diagram: states on a circle, arrows labelled with their conditions (whole on hover). */
export function StateDiagram({ config }: { config: FsmConfig }) {
  const d = useMemo(() => layoutDiagram(config), [config]);
  const summary = `State diagram: ${d.nodes.length} states, ${d.edges.length} transitions, starting in ${config.resetState}`;
  return (
    <svg
      className="fsm-diagram"
      viewBox={`0 0 ${d.width} ${d.height}`}
      role="img"
      aria-label={summary}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>{summary}</title>
      <defs>
        <marker
          id="fsm-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" className="fsm-arrowhead" />
        </marker>
      </defs>
      {d.edges.map((e) => (
        <g key={e.index} className="fsm-edge">
          <title>{e.label}</title>
          <path d={e.path} markerEnd="url(#fsm-arrow)" />
          <text x={e.labelX} y={e.labelY} textAnchor="middle">
            {e.label.length > 28 ? `${e.label.slice(0, 27)}…` : e.label}
          </text>
        </g>
      ))}
      {d.nodes.map((n, i) => (
        <g key={i} className={`fsm-node${n.reset ? ' fsm-node-reset' : ''}`} data-state={n.name}>
          <title>{n.name}</title>
          <circle cx={n.x} cy={n.y} r={d.radius} />
          {n.reset && <circle cx={n.x} cy={n.y} r={d.radius - 4} />}
          <text x={n.x} y={n.y + 4} textAnchor="middle">
            {clipMiddle(n.name, 9)}
          </text>
        </g>
      ))}
    </svg>
  );
}
