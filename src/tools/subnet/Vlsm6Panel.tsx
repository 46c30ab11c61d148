/** IPv6 VLSM planning: needs as /64 counts or addresses, allocated largest first. */
import { useMemo } from 'react';
import { parseNeeds6, planVlsm6 } from '../../core/subnet/ipv6-vlsm';
import { useSubnetStore } from './store';

const n = (v: bigint) => v.toLocaleString('en-US');

export function Vlsm6Panel({ network, prefix }: { network: bigint; prefix: number }) {
  const text = useSubnetStore((s) => s.vlsm6Text);
  const setText = useSubnetStore((s) => s.setVlsm6Text);
  const outcome = useMemo(() => {
    const parsed = parseNeeds6(text);
    return 'error' in parsed ? parsed : planVlsm6(network, prefix, parsed.needs);
  }, [text, network, prefix]);

  return (
    <section className="panel" aria-label="VLSM planner" style={{ marginTop: '1rem' }}>
      <h2>Plan (VLSM)</h2>
      <label className="field">
        Needs per segment (name: number of /64s, or &quot;n addresses&quot;; separated by commas or lines)
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ minHeight: '4rem' }}
          spellCheck={false}
        />
      </label>
      {'error' in outcome ? (
        <p className="status-line status-error" role="alert">
          {outcome.error}
        </p>
      ) : (
        <>
          {/* Wide on a phone: the table scrolls inside its box, never the page. */}
          <div className="table-scroll" role="region" aria-label="VLSM allocations, scrollable" tabIndex={0}>
            <table className="data-table" aria-label="VLSM allocations" style={{ marginTop: '0.75rem' }}>
              <thead>
                <tr>
                  <th>Segment</th>
                  <th>Needed</th>
                  <th>Prefix</th>
                  <th>Last address</th>
                  <th>/64 networks</th>
                </tr>
              </thead>
              <tbody>
                {outcome.plan.allocations.map((a, i) => (
                  <tr key={i}>
                    <td>{a.name}</td>
                    <td>{a.need}</td>
                    <td>
                      {a.network}/{a.prefix}
                    </td>
                    <td>{a.last}</td>
                    <td>{n(a.count64)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p data-testid="vlsm-free">
            Free: {n(outcome.plan.freeAddresses)} addresses
            {outcome.plan.free.length > 0 && (
              <>
                {' '}
                in {outcome.plan.free.length} blocks: {outcome.plan.free.slice(0, 32).join(', ')}
                {outcome.plan.free.length > 32 ? ', …' : ''}
              </>
            )}
          </p>
        </>
      )}
    </section>
  );
}
