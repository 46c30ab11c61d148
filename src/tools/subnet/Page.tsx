/** IP subnet calculator (spec part 2): exact IPv4 arithmetic, tabs, subnet lists and VLSM. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ToolPage } from '../../components/ToolPage';
import { TabList, type TabItem } from '../../components/TabList';
import { tool } from './tool';
import { StatusLine } from '../../components/StatusLine';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { trackToolUsage } from '../../telemetry';
import { calculate, formatIpv4 } from '../../core/subnet/ipv4';
import { statusText } from './logic';
import { Inputs } from './Inputs';
import { BinaryTab, DetailsTab, OverviewTab, ReferenceList } from './ResultViews';
import { SubnetsTab } from './SubnetsTab';
import { calculate6 } from '../../core/subnet/ipv6';
import { looksLikeIpv6, parseIpv6, parsePrefix6, splitSuffix6 } from '../../core/subnet/ipv6-parse';
import { Binary6, Details6, Overview6, Reference6 } from './Ipv6Views';
import { Subnets6Tab } from './Subnets6Tab';
import { LINK_KEYS, readUrlState, subnetLinkDamaged, writeUrlState, type LinkInputs } from './url-state';
import { claimLinkKeys, setLinkDamaged } from '../../browser/link-left-out';
import { useSubnetStore, type Tab } from './store';
import './styles.css';

const TABS: TabItem<Tab>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'details', label: 'Details' },
  { id: 'binary', label: 'Binary' },
  { id: 'subnets', label: 'Subnets' },
];
const PANEL_ID = 'subnet-tabpanel';
const tabId = (tab: Tab) => `subnet-tab-${tab}`;

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
    title: 'IPv6',
    text: 'Type an IPv6 address (any RFC 4291 form, e.g. 2001:db8::/48): exact counts, address type, ip6.arpa, EUI-64, /64 splits and planning.',
  },
  {
    title: 'VLSM',
    text: 'Plan variable-length subnets: give host counts, get the allocations largest first and the space left.',
  },
];

/**
 * Spec: valid/invalid IPv6 with the prefix in the status line. As IPv4's, it judges the address
 * without its "/n" and names the typed "/n" as the prefix in use ("2001:db8::/129" said
 * "❌ Invalid IPv6 address · Prefix: /64": a valid address, and the box's prefix, not in use).
 */
function statusText6(ip: string, cidrText: string): string {
  // "2001:db8::1 ffff::" is a valid address with a mask for a prefix: it said "Invalid IPv6 address".
  const { address, suffix } = splitSuffix6(ip);
  const valid = parseIpv6(address).ok;
  const prefix = parsePrefix6(suffix ?? cidrText);
  return `${valid ? '✅ Valid IPv6 address' : '❌ Invalid IPv6 address'} · Prefix: ${prefix === null ? 'invalid' : `/${prefix}`}`;
}

/** Reads the link's settings from the URL once, then keeps the URL in step (shared links). */
function useUrlSync({ ip, cidrText, tab, listKind, split }: LinkInputs) {
  const restore = useSubnetStore((s) => s.restore);
  const restored = useRef(false);
  // A link with a prefix or tab it cannot read is not opened at all (the page keeps what it had).
  const [damaged] = useState(() => subnetLinkDamaged(location.search));
  useEffect(() => {
    setLinkDamaged(damaged);
    return () => setLinkDamaged(false);
  }, [damaged]);
  useEffect(() => claimLinkKeys(LINK_KEYS), []); // its settings in the link, for Copy link
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const state = damaged ? null : readUrlState(location.search);
    if (state) restore(state);
  }, [restore, damaged]);
  useEffect(() => {
    if (!restored.current) return;
    const search = writeUrlState(location.search, { ip, cidrText, tab, listKind, split });
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}`);
  }, [ip, cidrText, tab, listKind, split]);
}

export default function SubnetPage() {
  const { ip, mode, cidrText, maskText, tab, listKind, childCidr, childPrefix6, setTab, setCidrText } = useSubnetStore(
    useShallow((s) => ({
      ip: s.ip,
      mode: s.mode,
      cidrText: s.cidrText,
      maskText: s.maskText,
      tab: s.tab,
      listKind: s.listKind,
      childCidr: s.childCidr,
      childPrefix6: s.childPrefix6,
      setTab: s.setTab,
      setCidrText: s.setCidrText,
    })),
  );
  // Recomputed only when an input changes (spec: skipped if unchanged).
  const v6 = looksLikeIpv6(ip);
  const calc = useMemo(() => calculate({ ip, mode, cidrText, maskText }), [ip, mode, cidrText, maskText]);
  const calc6 = useMemo(() => (v6 ? calculate6(ip, cidrText) : null), [v6, ip, cidrText]);
  const status = v6 ? statusText6(ip, cidrText) : statusText({ ip, mode, cidrText, maskText });
  // IPv6 lists only subnets; each family keeps its own split.
  useUrlSync({ ip, cidrText, tab, listKind: v6 ? 'subnets' : listKind, split: v6 ? childPrefix6 : childCidr });

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
    usageKey !== '' && !v6,
  );
  const usageKey6 = calc6?.ok ? `${calc6.result.cidr}` : '';
  useDebouncedEffect(
    () => {
      if (calc6?.ok)
        trackToolUsage(tool.analyticsName, 'calculate', {
          family: 'ipv6',
          cidr: calc6.result.prefix,
          type: calc6.result.type.name,
        });
    },
    [usageKey6],
    1000,
    usageKey6 !== '',
  );
  const ok = v6 ? !!calc6?.ok : calc.ok;
  const error = v6 ? (calc6 && !calc6.ok ? calc6.error : '') : !calc.ok ? calc.error : '';

  return (
    <ToolPage tool={tool} infoCards={INFO_CARDS}>
      <Inputs />
      {/* While the banner says what is wrong, the line is shown and not announced: one mistake, one alert. */}
      <StatusLine text={status} className="subnet-status" quiet={!ok} />
      {/* Always there: an alert inserted with its text is not reliably announced. */}
      <div className={ok ? undefined : 'error-banner'} role="alert" data-testid={ok ? undefined : 'subnet-error'}>
        {ok ? '' : error}
      </div>
      {ok && (
        <section className="panel" aria-label="Results">
          <TabList
            className="tabs"
            aria-label="Result views"
            tabs={TABS}
            selected={tab}
            onSelect={setTab}
            tabId={tabId}
            panelId={() => PANEL_ID}
          />
          <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)}>
            {calc6?.ok && tab === 'overview' && <Overview6 r={calc6.result} />}
            {calc6?.ok && tab === 'details' && <Details6 r={calc6.result} />}
            {calc6?.ok && tab === 'binary' && <Binary6 r={calc6.result} />}
            {calc6?.ok && tab === 'subnets' && <Subnets6Tab addr={calc6.addr} prefix={calc6.result.prefix} />}
            {!v6 && calc.ok && tab === 'overview' && <OverviewTab r={calc.result} ip={formatIpv4(calc.ip)} />}
            {!v6 && calc.ok && tab === 'details' && <DetailsTab r={calc.result} ip={formatIpv4(calc.ip)} />}
            {!v6 && calc.ok && tab === 'binary' && <BinaryTab r={calc.result} />}
            {!v6 && calc.ok && tab === 'subnets' && <SubnetsTab ip={calc.ip} cidr={calc.result.cidr} />}
          </div>
        </section>
      )}
      {v6 && <Reference6 prefix={calc6?.ok ? calc6.result.prefix : null} onPick={(p) => setCidrText(String(p))} />}
      {!v6 && <ReferenceList cidr={calc.ok ? calc.result.cidr : null} onPick={(c) => setCidrText(String(c))} />}
    </ToolPage>
  );
}
