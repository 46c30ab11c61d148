/**
 * Exact IPv4 arithmetic for the subnet calculator (spec part 2, sections 3, 5 and 9).
 * Addresses are unsigned 32-bit integers held in JS numbers (0 .. 2^32-1); every bitwise result
 * is brought back to unsigned with `>>> 0`. Counts that reach 2^32 (/0) are plain numbers.
 * No DOM, no React: shared by the page, the worker, tests and benchmarks.
 */

export const MESSAGES = {
  invalidIp: 'Invalid IP address format',
  invalidCidr: 'CIDR must be between 0 and 32',
  invalidMask: 'Invalid subnet mask',
} as const;

export type IpClass = 'A' | 'B' | 'C' | 'D' | 'E';

/** The spec's subnet result (section 3). `error` is empty when the input is valid. */
export interface SubnetResult {
  networkAddress: string;
  broadcastAddress: string;
  firstHost: string;
  lastHost: string;
  totalHosts: number;
  usableHosts: number;
  cidr: number;
  subnetMask: string;
  wildcardMask: string;
  ipClass: IpClass;
  isPrivate: boolean;
  ipBinary: string;
  maskBinary: string;
  networkBinary: string;
  error: string;
}

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** Parses dotted-quad IPv4 ("192.168.1.10", surrounding spaces allowed); null when invalid. */
export function parseIpv4(text: string): number | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const p of parts) {
    if (!OCTET.test(p)) return null;
    value = value * 256 + Number(p);
  }
  return value;
}

export function formatIpv4(addr: number): string {
  return `${addr >>> 24}.${(addr >>> 16) & 255}.${(addr >>> 8) & 255}.${addr & 255}`;
}

/** Mask of a prefix length: /0 -> 0, /24 -> 0xffffff00, /32 -> 0xffffffff. */
export function maskFromCidr(cidr: number): number {
  return cidr === 0 ? 0 : (0xffffffff << (32 - cidr)) >>> 0;
}

/** Prefix length of a contiguous mask (ones then zeros), or null when not contiguous. */
export function cidrFromMask(mask: number): number | null {
  const inverted = ~mask >>> 0;
  // A contiguous mask's complement is 2^k - 1 (low ones only): adding one clears every bit.
  if ((inverted & (inverted + 1)) !== 0) return null;
  return Math.clz32(inverted);
}

/**
 * Parses a CIDR box value: an integer 0..32, optionally with a leading "/". Leading zeros are
 * allowed ("024", as a number box and Python's ipaddress read it).
 */
export function parseCidr(text: string): number | null {
  const t = text.trim().replace(/^\//, '');
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= 32 ? n : null;
}

/** Parses a dotted mask that must be contiguous; null for malformed or non-contiguous masks. */
export function parseMask(text: string): number | null {
  const m = parseIpv4(text);
  return m === null || cidrFromMask(m) === null ? null : m;
}

/** Spec: class by first octet: <=127 A, <=191 B, <=223 C, <=239 D (multicast), else E. */
export function ipClassOf(addr: number): IpClass {
  const first = addr >>> 24;
  if (first <= 127) return 'A';
  if (first <= 191) return 'B';
  if (first <= 223) return 'C';
  if (first <= 239) return 'D';
  return 'E';
}

/** Spec private ranges: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16. */
export function isPrivateIpv4(addr: number): boolean {
  const a = addr >>> 24;
  const b = (addr >>> 16) & 255;
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** 32 bits as four dot-separated octets: "11000000.10101000.00000001.00000000". */
function toBinary(addr: number): string {
  const bits = addr.toString(2).padStart(32, '0');
  return `${bits.slice(0, 8)}.${bits.slice(8, 16)}.${bits.slice(16, 24)}.${bits.slice(24)}`;
}

/** Numeric facts of a network; the rows of the enumeration use the same rules. */
interface NetworkRange {
  network: number;
  broadcast: number;
  firstHost: number;
  lastHost: number;
  /** 2^(32-cidr): up to 2^32 for /0. */
  total: number;
  /** Spec: 2^(32-cidr) - 2, minimum 0 (so /31 and /32 have none). */
  usable: number;
}

/**
 * Network range of `addr`/`cidr`. For /31 and /32 the spec counts no usable hosts; there the
 * first and last host are the block's own addresses (network and broadcast), as RFC 3021
 * point-to-point links and host routes use them.
 */
export function networkRange(addr: number, cidr: number): NetworkRange {
  const mask = maskFromCidr(cidr);
  const network = (addr & mask) >>> 0;
  const total = 2 ** (32 - cidr);
  const broadcast = network + total - 1;
  const small = cidr >= 31;
  return {
    network,
    broadcast,
    firstHost: small ? network : network + 1,
    lastHost: small ? broadcast : broadcast - 1,
    total,
    usable: usableHosts(cidr),
  };
}

export function usableHosts(cidr: number): number {
  return Math.max(0, 2 ** (32 - cidr) - 2);
}

/** The full result for a valid address and prefix. */
export function computeSubnet(addr: number, cidr: number): SubnetResult {
  const r = networkRange(addr, cidr);
  const mask = maskFromCidr(cidr);
  return {
    networkAddress: formatIpv4(r.network),
    broadcastAddress: formatIpv4(r.broadcast),
    firstHost: formatIpv4(r.firstHost),
    lastHost: formatIpv4(r.lastHost),
    totalHosts: r.total,
    usableHosts: r.usable,
    cidr,
    subnetMask: formatIpv4(mask),
    wildcardMask: formatIpv4(~mask >>> 0),
    ipClass: ipClassOf(addr),
    isPrivate: isPrivateIpv4(addr),
    ipBinary: toBinary(addr),
    maskBinary: toBinary(mask),
    networkBinary: toBinary(r.network),
    error: '',
  };
}

/** The part of the IP box after the address: "/24", " 255.255.0.0" or nothing. */
interface IpBoxInput {
  ip: string;
  /** Prefix given inline ("10.0.0.1/16" or "10.0.0.1 255.255.0.0"), when present and valid. */
  cidr?: number;
  /** Set when an inline suffix is present but invalid. */
  suffixError?: string;
}

/**
 * Splits the IP box: "10.0.0.1", "10.0.0.1/16", "10.0.0.1 255.255.0.0", "10.0.0.1 16", "10.0.0.1 /16" or
 * "10.0.0.1/255.255.0.0" (a dotted suffix after "/" is a mask, as ipcalc and Python's ipaddress
 * read it). The address part is validated by the caller.
 */
export function splitIpBox(text: string): IpBoxInput {
  const t = text.trim();
  const m = /^(\S+?)\s*\/\s*(\S*)$/.exec(t) ?? /^(\S+)\s+(\S+)$/.exec(t);
  if (!m) return { ip: t };
  const [, ip = '', suffix = ''] = m; // both groups always match
  // After a space, digits alone are a prefix length, as ipcalc reads its NETMASK ("10.0.0.1 24").
  if (!suffix.includes('.') && (t.includes('/') || /^\d+$/.test(suffix))) {
    const cidr = parseCidr(suffix);
    return cidr === null ? { ip, suffixError: MESSAGES.invalidCidr } : { ip, cidr };
  }
  const mask = parseMask(suffix);
  return mask === null ? { ip, suffixError: MESSAGES.invalidMask } : { ip, cidr: cidrFromMask(mask)! };
}

/** What the calculator shows for the current inputs: a result, or the spec's error message. */
type Calculation = { ok: true; result: SubnetResult; ip: number } | { ok: false; error: string };

interface CalculatorInput {
  ip: string;
  mode: 'cidr' | 'mask';
  cidrText: string;
  maskText: string;
}

/** Validates the inputs in the spec's order (IP, then CIDR or mask per mode) and computes. */
export function calculate(input: CalculatorInput): Calculation {
  const box = splitIpBox(input.ip);
  const ip = parseIpv4(box.ip);
  if (ip === null) return { ok: false, error: MESSAGES.invalidIp };
  if (box.suffixError) return { ok: false, error: box.suffixError };
  let cidr: number | null | undefined = box.cidr;
  if (cidr === undefined) {
    if (input.mode === 'cidr') {
      cidr = parseCidr(input.cidrText);
      if (cidr === null) return { ok: false, error: MESSAGES.invalidCidr };
    } else {
      const mask = parseMask(input.maskText);
      if (mask === null) return { ok: false, error: MESSAGES.invalidMask };
      cidr = cidrFromMask(mask)!;
    }
  }
  return { ok: true, result: computeSubnet(ip, cidr), ip };
}

/** Reference list of sizes /32 down to /8 (spec section 9). */
export function referenceSizes(): { cidr: number; mask: string; total: number; usable: number }[] {
  const rows = [];
  for (let cidr = 32; cidr >= 8; cidr--) {
    rows.push({ cidr, mask: formatIpv4(maskFromCidr(cidr)), total: 2 ** (32 - cidr), usable: usableHosts(cidr) });
  }
  return rows;
}
