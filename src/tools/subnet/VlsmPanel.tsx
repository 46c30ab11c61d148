/** VLSM planning (beyond the spec): split the current network for a list of host counts. */
import { useMemo } from 'react';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { networkRange } from '../../core/subnet/ipv4';
import { parseNeeds, planVlsm } from '../../core/subnet/vlsm';
import { trackToolUsage } from '../../telemetry';
import { useSubnetStore } from './store';
import { tool } from './tool';

const n = (v: number) => v.toLocaleString('en-US');

export function VlsmPanel({ ip, cidr }: { ip: number; cidr: number }) {
  const text = useSubnetStore((s) => s.vlsmText);
  const setText = useSubnetStore((s) => s.setVlsmText);
  const network = networkRange(ip, cidr).network;
  const outcome = useMemo(() => {
    const parsed = parseNeeds(text);
    return 'error' in parsed ? parsed : planVlsm(network, cidr, parsed.needs);
  }, [text, network, cidr]);

  useDebouncedEffect(
    () => {
      if ('plan' in outcome)
        trackToolUsage(tool.analyticsName, 'vlsm_plan', { subnets: outcome.plan.allocations.length, cidr });
    },
    [outcome],
    1500,
  );

  return (
    <section className="panel" aria-label="VLSM planner" style={{ marginTop: '1rem' }}>
      <h2>VLSM planner</h2>
      <label className="field">
        Required hosts per subnet (name: count, separated by commas or lines)
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
                  <th>Subnet</th>
                  <th>Needed</th>
                  <th>Network</th>
                  <th>First host</th>
                  <th>Last host</th>
                  <th>Broadcast</th>
                  <th>Usable</th>
                  <th>Spare</th>
                </tr>
              </thead>
              <tbody>
                {outcome.plan.allocations.map((a, i) => (
                  <tr key={i}>
                    <td>{a.name}</td>
                    <td>{n(a.hosts)}</td>
                    <td>
                      {a.network}/{a.cidr}
                    </td>
                    <td>{a.firstHost}</td>
                    <td>{a.lastHost}</td>
                    <td>{a.broadcast}</td>
                    <td>{n(a.usable)}</td>
                    <td>{n(a.spare)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p data-testid="vlsm-free">
            Left: {n(outcome.plan.freeAddresses)} addresses
            {outcome.plan.free.length > 0 && (
              <>
                {' '}
                in {outcome.plan.free.slice(0, 32).join(', ')}
                {outcome.plan.free.length > 32 ? ', …' : ''}
              </>
            )}
          </p>
        </>
      )}
    </section>
  );
}
