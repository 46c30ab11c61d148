/** IP subnet calculator (spec part 2): exact IPv4 arithmetic, tabs, subnet lists and VLSM. */
import { useMemo, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ToolPage } from '../../components/ToolPage';
import { tool } from './tool';
import { StatusLine } from '../../components/StatusLine';
import { useDebouncedEffect } from '../../lib/useDebouncedEffect';
import { trackToolUsage } from '../../analytics';
import { calculate, formatIpv4 } from '../../core/subnet/ipv4';
import { statusText } from './logic';
import { Inputs } from './Inputs';
import { BinaryTab, DetailsTab, OverviewTab, ReferenceList } from './ResultViews';
import { SubnetsTab } from './SubnetsTab';
import { useSubnetStore, type Tab } from './store';
import './styles.css';

const TABS: [Tab, string][] = [
  ['overview', 'Overview'],
  ['details', 'Details'],
  ['binary', 'Binary'],
  ['subnets', 'Subnets'],
];

const INFO_CARDS = [
  {
    title: 'Input forms',
    text: 'Type an address, then a prefix or a dotted mask, or everything in the IP box: "10.0.0.1/16" or "10.0.0.1 255.255.0.0".',
  },
  {
    title: 'Host counts',
    text: 'Usable hosts are 2^(32-cidr) - 2 (none for /31 and /32); /0 spans all 4,294,967,296 addresses.',
  },
  {
    title: 'Millions of rows',
    text: 'The Subnets tab lists every host or subnet, scrolls through millions of rows and exports them as text or CSV.',
  },
  {
    title: 'VLSM',
    text: 'Plan variable-length subnets: give host counts, get the allocations largest first and the space left.',
  },
];

/** Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern). */
function onTabKey(e: KeyboardEvent<HTMLDivElement>, tab: Tab, setTab: (t: Tab) => void) {
  const i = TABS.findIndex(([id]) => id === tab);
  const next = { ArrowRight: i + 1, ArrowLeft: i - 1 + TABS.length, Home: 0, End: TABS.length - 1 }[e.key];
  const target = next === undefined ? undefined : TABS[next % TABS.length];
  if (!target) return;
  e.preventDefault();
  const [id] = target;
  setTab(id);
  document.getElementById(`subnet-tab-${id}`)?.focus();
}

export default function SubnetPage() {
  const { ip, mode, cidrText, maskText, tab, setTab, setCidrText } = useSubnetStore(
    useShallow((s) => ({
      ip: s.ip,
      mode: s.mode,
      cidrText: s.cidrText,
      maskText: s.maskText,
      tab: s.tab,
      setTab: s.setTab,
      setCidrText: s.setCidrText,
    })),
  );
  // Recomputed only when an input changes (spec: skipped if unchanged).
  const calc = useMemo(() => calculate({ ip, mode, cidrText, maskText }), [ip, mode, cidrText, maskText]);
  const status = statusText({ ip, mode, cidrText, maskText });

  const usageKey = calc.ok ? `${calc.ip}/${calc.result.cidr}` : '';
  useDebouncedEffect(
    () => {
      if (calc.ok)
        trackToolUsage(tool.analyticsName, 'calculate', {
          ip_class: calc.result.ipClass,
          cidr: calc.result.cidr,
          is_private: calc.result.isPrivate,
        });
    },
    [usageKey],
    1000,
    usageKey !== '',
  );

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <Inputs />
      <StatusLine text={status} className="subnet-status" />
      {!calc.ok && (
        <div className="error-banner" role="alert" data-testid="subnet-error">
          {calc.error}
        </div>
      )}
      {calc.ok && (
        <section className="panel" aria-label="Results">
          <div className="tabs" role="tablist" aria-label="Result views" onKeyDown={(e) => onTabKey(e, tab, setTab)}>
            {TABS.map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`subnet-tab-${id}`}
                aria-selected={tab === id}
                aria-controls="subnet-tabpanel"
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="subnet-tabpanel" aria-labelledby={`subnet-tab-${tab}`}>
            {tab === 'overview' && <OverviewTab r={calc.result} ip={formatIpv4(calc.ip)} />}
            {tab === 'details' && <DetailsTab r={calc.result} ip={formatIpv4(calc.ip)} />}
            {tab === 'binary' && <BinaryTab r={calc.result} />}
            {tab === 'subnets' && <SubnetsTab ip={calc.ip} cidr={calc.result.cidr} />}
          </div>
        </section>
      )}
      <ReferenceList cidr={calc.ok ? calc.result.cidr : null} onPick={(c) => setCidrText(String(c))} />
    </ToolPage>
  );
}
