/**
 * The result views' parts both address families use: the field grid, the details table, the
 * binary table, the prefix reference and the VLSM planner's frame. ResultViews (IPv4), Ipv6Views,
 * VlsmPanel and Vlsm6Panel give the rows.
 */
import type { CSSProperties, ReactNode } from 'react';

/** [label, data-field, value] */
export type FieldRow = [string, string, string];

const BREAK_ALL: CSSProperties = { wordBreak: 'break-all' };

export function Fields({ items }: { items: FieldRow[] }) {
  return (
    <dl className="result-grid">
      {items.map(([label, field, value]) => (
        <div key={field}>
          <dt>{label}</dt>
          <dd data-field={field}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every field as a table row; `breakAll` lets 39-character addresses wrap anywhere. */
export function DetailsTable({ label, rows, breakAll }: { label: string; rows: FieldRow[]; breakAll?: boolean }) {
  return (
    <table className="data-table" aria-label={label}>
      <tbody>
        {rows.map(([label, field, value]) => (
          <tr key={field}>
            <th scope="row">{label}</th>
            <td data-field={field} style={breakAll ? BREAK_ALL : undefined}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Address, mask and network in bits, the network part apart from the host part. `netChars(bits)`
 * is how many characters of `bits` (separators included) the network part takes.
 */
export function BinaryTable({
  rows,
  prefix,
  bits,
  netChars,
  breakAll,
}: {
  rows: FieldRow[];
  prefix: number;
  /** Bits of an address: 32 or 128. */
  bits: number;
  netChars(bits: string): number;
  breakAll?: boolean;
}) {
  return (
    <div>
      <table className="binary-table" aria-label="Binary representation">
        <tbody>
          {rows.map(([label, field, value]) => (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td data-field={field} aria-label={value} style={breakAll ? BREAK_ALL : undefined}>
                <span className="bits-net">{value.slice(0, netChars(value))}</span>
                <span className="bits-host">{value.slice(netChars(value))}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        <span className="bits-net">Network bits ({prefix})</span> ·{' '}
        <span className="bits-host">Host bits ({bits - prefix})</span>
      </p>
    </div>
  );
}

/** A reference list of prefixes, each with a Use button; the current prefix's row is marked. */
export function ReferenceTable({
  label,
  title,
  headers,
  rows,
  current,
  onPick,
}: {
  label: string;
  title: string;
  headers: string[];
  rows: { prefix: number; cells: ReactNode[] }[];
  current: number | null;
  onPick(prefix: number): void;
}) {
  return (
    <section className="panel" aria-label={label}>
      <h2>{title}</h2>
      <div className="reference-list">
        <table className="data-table">
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h}>{h}</th>
              ))}
              <th>
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ prefix, cells }) => (
              <tr key={prefix} className={prefix === current ? 'current' : ''}>
                <td>/{prefix}</td>
                {cells.map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
                <td>
                  <button type="button" onClick={() => onPick(prefix)} aria-label={`Use /${prefix}`}>
                    Use
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The VLSM planner: the needs box, then the message or the allocations and the space left. */
export function VlsmFrame({
  title,
  label,
  text,
  setText,
  error,
  headers,
  rows,
  free,
}: {
  title: string;
  label: ReactNode;
  text: string;
  setText(text: string): void;
  error: string | null;
  headers: string[];
  rows: ReactNode[][];
  free: ReactNode;
}) {
  return (
    <section className="panel" aria-label="VLSM planner" style={{ marginTop: '1rem' }}>
      <h2>{title}</h2>
      <label className="field">
        {label}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ minHeight: '4rem' }}
          spellCheck={false}
        />
      </label>
      {error !== null ? (
        <p className="status-line status-error" role="alert">
          {error}
        </p>
      ) : (
        <>
          {/* Wide on a phone: the table scrolls inside its box, never the page. */}
          <div className="table-scroll" role="region" aria-label="VLSM allocations, scrollable" tabIndex={0}>
            <table className="data-table" aria-label="VLSM allocations" style={{ marginTop: '0.75rem' }}>
              <thead>
                <tr>
                  {headers.map((h) => (
                    <th key={h}>{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((cells, i) => (
                  <tr key={i}>
                    {cells.map((c, j) => (
                      <td key={j}>{c}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="vlsm-free" data-testid="vlsm-free">
            {free}
          </p>
        </>
      )}
    </section>
  );
}
