/**
 * The calculator's shareable state in the URL: ?ip=2001:db8::/48&prefix=48&tab=subnets. Pure
 * (no DOM) so it is unit-tested; the page reads it once and writes it on change.
 */
import type { Tab } from './store';
import { MAX_LINK_CHARS } from '../../browser/permalink';
import { DEFAULT_CIDR, DEFAULT_IP } from './examples';
import { misspeltParams, paramsDamaged } from '../../core/link-params';
import { paramNames } from '../../browser/link-left-out';

const TABS: Tab[] = ['overview', 'details', 'binary', 'subnets'];
/** The calculator's settings in its link. */
export const LINK_KEYS = ['ip', 'prefix', 'tab'];

export interface UrlState {
  ip: string;
  cidrText?: string;
  tab?: Tab;
}

/** The state in a query string, or null when it carries no address. */
export function readUrlState(search: string): UrlState | null {
  const q = new URLSearchParams(search);
  const ip = q.get('ip');
  if (!ip) return null;
  const prefix = q.get('prefix');
  const tab = q.get('tab') as Tab | null;
  return {
    // Kept whole: a cut address would be a different, silently wrong one (messages quote excerpts).
    ip,
    ...(prefix !== null && /^\d{1,3}$/.test(prefix) ? { cidrText: prefix } : {}),
    ...(tab && TABS.includes(tab) ? { tab } : {}),
  };
}

/**
 * A link with a prefix or tab the page cannot read, or a setting misspelt or given twice (cut short
 * or edited): it is not opened, and the page says so. An empty prefix is one of ours
 * (writeUrlState leaves a pasted file out).
 */
export function subnetLinkDamaged(search: string): boolean {
  const q = new URLSearchParams(search);
  const prefix = q.get('prefix');
  const tab = q.get('tab');
  return (
    (!!prefix && !/^\d{1,3}$/.test(prefix)) ||
    (tab !== null && !TABS.includes(tab as Tab)) ||
    paramsDamaged(paramNames(search), LINK_KEYS)
  );
}

/**
 * The query string for the current inputs (other parameters kept; '' when none is left). The
 * untouched calculator (the default address, prefix and tab) writes none, so a fresh page's
 * address is its bare route; otherwise all three are written (a link without `ip` is not read).
 */
export function writeUrlState(search: string, state: Required<UrlState>): string {
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
  return `?${q.toString()}`;
}
