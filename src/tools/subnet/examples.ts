/**
 * Defaults and quick examples. The spec leaves its default `{ip}` open: BitSmith uses
 * 192.168.1.100 with 255.255.255.0 (/24), a typical home LAN address.
 */
export const DEFAULT_IP = '192.168.1.100';
export const DEFAULT_CIDR = 24;
export const DEFAULT_MASK = '255.255.255.0';

export interface SubnetExample {
  id: string;
  label: string;
  ip: string;
  cidr: number;
}

/** Spec examples (home /24, small /28, medium /16, large /20, point-to-point /30) plus a /8. */
export const EXAMPLES: SubnetExample[] = [
  { id: 'home', label: 'Home network', ip: '192.168.1.100', cidr: 24 },
  { id: 'small', label: 'Small office', ip: '192.168.10.37', cidr: 28 },
  { id: 'medium', label: 'Medium business', ip: '172.16.45.10', cidr: 16 },
  { id: 'large', label: 'Large enterprise', ip: '10.20.30.40', cidr: 20 },
  { id: 'p2p', label: 'Point-to-point link', ip: '203.0.113.9', cidr: 30 },
  { id: 'class-a', label: 'Whole 10.0.0.0/8', ip: '10.0.0.0', cidr: 8 },
  { id: 'ipv6-site', label: 'IPv6 site', ip: '2001:db8:abcd::', cidr: 48 },
];
