/**
 * The calculator's shareable state in the URL: ?ip=2001:db8::/48&prefix=48&tab=subnets&split=56,
 * and on the IPv4 Subnets tab `list=hosts`. Pure (no DOM) so it is unit-tested; the page reads it
 * once and writes it on change.
 */
import type { Tab } from './store';
import type { ListKind } from '../../core/subnet/enumerate';
import { looksLikeIpv6 } from '../../core/subnet/ipv6-parse';
import { MAX_LINK_CHARS } from '../../browser/permalink';
import { DEFAULT_CIDR, DEFAULT_IP } from './examples';
import { misspeltParams, paramsDamaged } from '../../core/link-params';
import { paramNames } from '../../browser/link-left-out';

const TABS: Tab[] = ['overview', 'details', 'binary', 'subnets'];
const LISTS: ListKind[] = ['subnets', 'hosts'];
/** The calculator's settings in its link. */
export const LINK_KEYS = ['ip', 'prefix', 'tab', 'list', 'split'];

export interface UrlState {
  ip: string;
  cidrText?: string;
  tab?: Tab;
  /** The Subnets tab's list (IPv4: subnets or host addresses). */
  listKind?: ListKind;
  /** The Subnets tab's split prefix (IPv4 or IPv6, the address's family). */
  split?: number;
}

/** What the page writes: the inputs, and the Subnets tab's choices (null split: none chosen). */
export interface LinkInputs {
  ip: string;
  cidrText: string;
  tab: Tab;
  listKind: ListKind;
  split: number | null;
}

const PREFIX = /^\d{1,3}$/;

/** The state in a query string, or null when it carries no address. */
export function readUrlState(search: string): UrlState | null {
  const q = new URLSearchParams(search);
  const ip = q.get('ip');
  if (!ip) return null;
  const prefix = q.get('prefix');
  const tab = q.get('tab') as Tab | null;
  const list = q.get('list') as ListKind | null;
  const split = q.get('split');
  return {
    // Kept whole: a cut address would be a different, silently wrong one (messages quote excerpts).
    ip,
    ...(prefix !== null && PREFIX.test(prefix) ? { cidrText: prefix } : {}),
    ...(tab && TABS.includes(tab) ? { tab } : {}),
    ...(list && LISTS.includes(list) ? { listKind: list } : {}),
    ...(split !== null && PREFIX.test(split) ? { split: Number(split) } : {}),
  };
}

/**
 * A link with a prefix, tab, list or split the page cannot read (a split longer than the address
 * family's 32 or 128 bits, an IPv6 host list too), or a setting misspelt or given twice (cut short or edited): it is
 * not opened, and the page says so. An empty prefix is one of ours (writeUrlState leaves a pasted
 * file out).
 */
export function subnetLinkDamaged(search: string): boolean {
  const q = new URLSearchParams(search);
  const prefix = q.get('prefix');
  const tab = q.get('tab');
  const list = q.get('list');
  const split = q.get('split');
  const v6 = looksLikeIpv6(q.get('ip') ?? '');
  // IPv6 lists only subnets: its page has no host list to open.
  const lists: string[] = v6 ? ['subnets'] : LISTS;
  return (
    (!!prefix && !PREFIX.test(prefix)) ||
    (tab !== null && !TABS.includes(tab as Tab)) ||
    (list !== null && !lists.includes(list)) ||
    (split !== null && !(PREFIX.test(split) && Number(split) <= (v6 ? 128 : 32))) ||
    paramsDamaged(paramNames(search), LINK_KEYS)
  );
}

/**
 * The query string for the current inputs (other parameters kept; '' when none is left). The
 * untouched calculator (the default address, prefix and tab) writes none, so a fresh page's
 * address is its bare route; otherwise all three are written (a link without `ip` is not read),
 * and on the Subnets tab the split chosen and a host list.
 */
export function writeUrlState(search: string, state: LinkInputs): string {
  const q = new URLSearchParams(search);
  for (const k of misspeltParams(paramNames(search), LINK_KEYS)) q.delete(k);
  if (state.ip === DEFAULT_IP && state.cidrText === String(DEFAULT_CIDR) && state.tab === 'overview') {
    for (const k of LINK_KEYS) q.delete(k);
    const rest = q.toString();
    return rest ? `?${rest}` : '';
  }
  // Text pasted by mistake (a whole file) stays out: no server would accept the link.
  const fits = state.ip.length + state.cidrText.length <= MAX_LINK_CHARS / 2;
  q.set('ip', fits ? state.ip : '');
  q.set('prefix', fits ? state.cidrText : '');
  q.set('tab', state.tab);
  q.delete('list');
  q.delete('split');
  if (state.tab === 'subnets' && fits) {
    if (state.listKind === 'hosts') q.set('list', 'hosts');
    if (state.split !== null) q.set('split', String(state.split));
  }
  return `?${q.toString()}`;
}
