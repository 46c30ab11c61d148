/** Inputs and view state of the subnet calculator. Results are derived (see Page), never stored. */
import { create } from 'zustand';
import { cidrFromMask, formatIpv4, maskFromCidr, parseCidr, parseMask, splitIpBox } from '../../core/subnet/ipv4';
import type { ExportFormat, ListKind } from '../../core/subnet/enumerate';
import { DEFAULT_CIDR, DEFAULT_IP, DEFAULT_MASK, type SubnetExample } from './examples';
import { bareIp } from './logic';
import { looksLikeIpv6, parseIpv6 } from '../../core/subnet/ipv6-parse';
import { keepDraft } from '../../browser/draft';
import { tool } from './tool';

export type Mode = 'cidr' | 'mask';
export type Tab = 'overview' | 'details' | 'binary' | 'subnets';

interface SubnetState {
  ip: string;
  mode: Mode;
  cidrText: string;
  maskText: string;
  /**
   * True once the user has chosen the prefix (CIDR box, slider, mask, an inline "/n", a link).
   * Until then, switching between IPv4 and IPv6 takes the family's default: /24 or /64.
   */
  prefixChosen: boolean;
  /**
   * True while the prefix is the one typed with the address ("2001:db8::/48", "10.0.0.1/8"): it
   * belongs to that address, so the other family typed in its place takes its own default.
   */
  prefixInline: boolean;
  tab: Tab;
  listKind: ListKind;
  /** Chosen prefix of the subnet list (clamped to cidr..32 when shown); null: a default per network. */
  childCidr: number | null;
  exportFormat: ExportFormat;
  vlsmText: string;
  /** IPv6: chosen prefix of the subnet list (clamped to prefix..128); null: a default per network. */
  childPrefix6: number | null;
  vlsm6Text: string;
  macText: string;
  setChildPrefix6(prefix: number): void;
  setVlsm6Text(text: string): void;
  setMacText(text: string): void;
  /** Restores address, prefix, tab and the Subnets tab's list and split from the page URL (shared links). */
  restore(state: { ip: string; cidrText?: string; tab?: Tab; listKind?: ListKind; split?: number }): void;
  setIp(text: string): void;
  setCidrText(text: string): void;
  setMaskText(text: string): void;
  setMode(mode: Mode): void;
  setTab(tab: Tab): void;
  setListKind(kind: ListKind): void;
  setChildCidr(cidr: number): void;
  setExportFormat(format: ExportFormat): void;
  setVlsmText(text: string): void;
  loadExample(example: SubnetExample): void;
  reset(): void;
}

const INPUT_DEFAULTS = {
  ip: DEFAULT_IP,
  mode: 'cidr' as Mode,
  cidrText: String(DEFAULT_CIDR),
  maskText: DEFAULT_MASK,
  prefixChosen: false,
  prefixInline: false,
  tab: 'overview' as Tab,
};

/** The address, prefix and tab: what Reset and a quick example replace, and their Undo puts back. */
export type SubnetInputs = typeof INPUT_DEFAULTS;
export const pickInputs = (s: SubnetInputs): SubnetInputs => ({
  ip: s.ip,
  mode: s.mode,
  cidrText: s.cidrText,
  maskText: s.maskText,
  prefixChosen: s.prefixChosen,
  prefixInline: s.prefixInline,
  tab: s.tab,
});

/** IPv6 prefix used until the user chooses one: one LAN, as SLAAC needs. */
export const DEFAULT_PREFIX6 = 64;

/** A new IP box text and what it implies for the prefix and mask fields. */
function ipPatch(s: SubnetState, ip: string): Partial<SubnetState> {
  const familyChanged = looksLikeIpv6(ip) !== looksLikeIpv6(s.ip);
  // The family's default when it changes with the prefix never chosen, or chosen only as the old
  // address's own suffix (IPv4 typed after "2001:db8::/48" said "CIDR must be between 0 and 32").
  const toDefault = familyChanged && (!s.prefixChosen || s.prefixInline);
  const unchosen = { prefixChosen: false, prefixInline: false };
  // IPv6: an inline "/n" also sets the prefix box (there is no mask).
  if (looksLikeIpv6(ip)) {
    const p = parseIpv6(ip);
    if (p.ok && p.value.prefix !== undefined)
      return { ip, cidrText: String(p.value.prefix), prefixChosen: true, prefixInline: true };
    // Switching from IPv4: /64, not the IPv4 /24.
    return toDefault ? { ip, cidrText: String(DEFAULT_PREFIX6), ...unchosen } : { ip };
  }
  // "10.0.0.1 255.255.0.0" or "10.0.0.1/16" also set the CIDR and mask fields.
  const { cidr } = splitIpBox(ip);
  if (cidr !== undefined)
    return {
      ip,
      cidrText: String(cidr),
      maskText: formatIpv4(maskFromCidr(cidr)),
      prefixChosen: true,
      prefixInline: true,
    };
  // Back from IPv6: the IPv4 default again.
  return toDefault ? { ip, cidrText: String(DEFAULT_CIDR), maskText: DEFAULT_MASK, ...unchosen } : { ip };
}

export const useSubnetStore = create<SubnetState>()((set) => ({
  ...INPUT_DEFAULTS,
  listKind: 'subnets',
  childCidr: null,
  exportFormat: 'text',
  vlsmText: 'Sales: 50, Engineering: 100, Lab: 20, Link: 2',
  childPrefix6: null,
  vlsm6Text: 'Campus: 256, Branch: 16, Lab: 4, Servers: 300 addresses',
  macText: '00:1a:2b:3c:4d:5e',
  setChildPrefix6: (childPrefix6) => set({ childPrefix6 }),
  setVlsm6Text: (vlsm6Text) => set({ vlsm6Text }),
  setMacText: (macText) => set({ macText }),
  restore: ({ ip, cidrText, tab, listKind, split }) =>
    set((s) => {
      // The link's prefix sets the mask too, as the CIDR box does, so the Mask field (and the Mask toggle) show its
      // network; an inline "/n" or mask in the address wins, as it wins in the result.
      const cidr = cidrText === undefined || splitIpBox(ip).cidr !== undefined ? null : parseCidr(cidrText);
      const patch = ipPatch(s, ip);
      return {
        ...patch,
        mode: 'cidr',
        // The link's prefix is the address's own when the address carries it ("2001:db8::/48").
        ...(cidrText === undefined ? {} : { cidrText, prefixChosen: true, prefixInline: patch.prefixInline ?? false }),
        ...(cidr === null ? {} : { maskText: formatIpv4(maskFromCidr(cidr)) }),
        ...(tab ? { tab } : {}),
        ...(listKind ? { listKind } : {}),
        // The split is of the address's family: IPv4's list and IPv6's keep their own.
        ...(split === undefined ? {} : looksLikeIpv6(ip) ? { childPrefix6: split } : { childCidr: split }),
      };
    }),
  setIp: (ip) => set((s) => ipPatch(s, ip)),
  setCidrText: (cidrText) =>
    set((s) => {
      const cidr = parseCidr(cidrText);
      return {
        cidrText,
        mode: 'cidr',
        prefixChosen: true,
        prefixInline: false,
        ip: bareIp(s.ip),
        ...(cidr === null ? {} : { maskText: formatIpv4(maskFromCidr(cidr)) }),
      };
    }),
  setMaskText: (maskText) =>
    set((s) => {
      const mask = parseMask(maskText);
      return {
        maskText,
        mode: 'mask',
        prefixChosen: true,
        prefixInline: false,
        ip: bareIp(s.ip),
        ...(mask === null ? {} : { cidrText: String(cidrFromMask(mask)) }),
      };
    }),
  setMode: (mode) => set({ mode }),
  setTab: (tab) => set({ tab }),
  setListKind: (listKind) => set({ listKind }),
  setChildCidr: (childCidr) => set({ childCidr }),
  setExportFormat: (exportFormat) => set({ exportFormat }),
  setVlsmText: (vlsmText) => set({ vlsmText }),
  loadExample: (e) =>
    set({
      ip: e.ip,
      cidrText: String(e.cidr),
      ...(looksLikeIpv6(e.ip) ? {} : { maskText: formatIpv4(maskFromCidr(e.cidr)) }),
      mode: 'cidr',
      // The example's prefix belongs to its address: typing the other family takes that family's default.
      prefixChosen: false,
      prefixInline: false,
    }),
  reset: () => set({ ...INPUT_DEFAULTS }),
}));

// The link (?ip=&prefix=&tab=&list=&split=, url-state.ts) wins over this draft when both are there.
keepDraft(useSubnetStore, tool.path, (s) => ({
  ...pickInputs(s),
  listKind: s.listKind,
  childCidr: s.childCidr,
  exportFormat: s.exportFormat,
  vlsmText: s.vlsmText,
  childPrefix6: s.childPrefix6,
  vlsm6Text: s.vlsm6Text,
  macText: s.macText,
}));
