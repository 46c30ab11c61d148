/** IPv6 VLSM planning: needs as /64 counts or addresses, allocated largest first. */
import { useMemo } from 'react';
import { parseNeeds6, planVlsm6 } from '../../core/subnet/ipv6-vlsm';
import { useSubnetStore } from './store';
import { count as n } from './ListParts';
import { VlsmFrame } from './ViewParts';

const HEADERS = ['Segment', 'Needed', 'Prefix', 'Last address', '/64 networks'];

export function Vlsm6Panel({ network, prefix }: { network: bigint; prefix: number }) {
  const text = useSubnetStore((s) => s.vlsm6Text);
  const setText = useSubnetStore((s) => s.setVlsm6Text);
  const outcome = useMemo(() => {
    const parsed = parseNeeds6(text);
    return 'error' in parsed ? parsed : planVlsm6(network, prefix, parsed.needs);
  }, [text, network, prefix]);

  const plan = 'plan' in outcome ? outcome.plan : null;
  return (
    <VlsmFrame
      title="Plan (VLSM)"
      label='Needs per segment (name: number of /64s, or "n addresses"; separated by commas or lines)'
      text={text}
      setText={setText}
      error={'error' in outcome ? outcome.error : null}
      headers={HEADERS}
      rows={(plan?.allocations ?? []).map((a) => [a.name, a.need, `${a.network}/${a.prefix}`, a.last, n(a.count64)])}
      free={
        plan && (
          <>
            Free: {n(plan.freeAddresses)} addresses
            {plan.free.length > 0 && (
              <>
                {' '}
                in {plan.free.length} blocks: {plan.free.slice(0, 32).join(', ')}
                {plan.free.length > 32 ? ', …' : ''}
              </>
            )}
          </>
        )
      }
    />
  );
}
