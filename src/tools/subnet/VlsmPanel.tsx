/** VLSM planning (beyond the spec): split the current network for a list of host counts. */
import { useMemo } from 'react';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { networkRange } from '../../core/subnet/ipv4';
import { parseNeeds, planVlsm } from '../../core/subnet/vlsm';
import { trackToolUsage } from '../../telemetry';
import { useSubnetStore } from './store';
import { count as n } from './ListParts';
import { VlsmFrame } from './ViewParts';
import { tool } from './tool';

const HEADERS = ['Subnet', 'Needed', 'Network', 'First host', 'Last host', 'Broadcast', 'Usable', 'Spare'];

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

  const plan = 'plan' in outcome ? outcome.plan : null;
  return (
    <VlsmFrame
      title="VLSM planner"
      label="Required hosts per subnet (name: count, separated by commas or lines)"
      text={text}
      setText={setText}
      error={'error' in outcome ? outcome.error : null}
      headers={HEADERS}
      rows={(plan?.allocations ?? []).map((a) => [
        a.name,
        n(a.hosts),
        `${a.network}/${a.cidr}`,
        a.firstHost,
        a.lastHost,
        a.broadcast,
        n(a.usable),
        n(a.spare),
      ])}
      free={
        plan && (
          <>
            Left: {n(plan.freeAddresses)} addresses
            {plan.free.length > 0 && (
              <>
                {' '}
                in {plan.free.slice(0, 32).join(', ')}
                {plan.free.length > 32 ? ', …' : ''}
              </>
            )}
          </>
        )
      }
    />
  );
}
