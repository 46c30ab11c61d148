/**
 * The IANA IPv6 Special-Purpose Address Registry (iana-ipv6-special-registry, Last Updated
 * 2025-10-09), every entry with its Source, Destination, Forwardable, Globally Reachable and
 * Reserved-by-Protocol columns, and the "Reserved by IETF" blocks of the IANA IPv6 Address Space
 * registry (what Python's `ipaddress` calls is_reserved). Pure data and lookups, no DOM.
 *
 * Where Python 3.11's `ipaddress` and the registry differ (entries added after it, such as
 * 3fff::/20 and 5f00::/16 in 2024 and 100:0:0:1::/64 in 2025, or 2001:1::1 inside 2001::/23), the
 * registry wins: see docs/subnet.md and tests/fixtures/ipv6/make_registry_cases.py.
 */

/** The registry's "Last Updated" date this table implements. */
export const IANA_IPV6_SPECIAL_REGISTRY_DATE = '2025-10-09';

export interface RegistryEntry {
  /** "2001:db8::/32" */
  block: string;
  /** The calculator's short name ("Documentation"). */
  name: string;
  /** The registry's name ("Documentation"). */
  registryName: string;
  rfc: string;
  source: boolean;
  destination: boolean;
  forwardable: boolean;
  /** null: the registry says N/A (Teredo, 6to4: it depends on the embedded IPv4 address). */
  globallyReachable: boolean | null;
  reservedByProtocol: boolean;
}

const T = true;
const F = false;
type Row = [string, string, string, string, boolean, boolean, boolean, boolean | null, boolean];

// block, short name, registry name, RFC, source, destination, forwardable, globally reachable, reserved-by-protocol
const ROWS: Row[] = [
  ['::1/128', 'Loopback', 'Loopback Address', 'RFC 4291', F, F, F, F, T],
  ['::/128', 'Unspecified', 'Unspecified Address', 'RFC 4291', T, F, F, F, T],
  ['::ffff:0:0/96', 'IPv4-mapped', 'IPv4-mapped Address', 'RFC 4291', F, F, F, F, T],
  ['64:ff9b::/96', 'NAT64', 'IPv4-IPv6 Translat.', 'RFC 6052', T, T, T, T, F],
  ['64:ff9b:1::/48', 'Local-use NAT64', 'IPv4-IPv6 Translat.', 'RFC 8215', T, T, T, F, F],
  ['100::/64', 'Discard-only', 'Discard-Only Address Block', 'RFC 6666', T, T, T, F, F],
  ['100:0:0:1::/64', 'Dummy prefix', 'Dummy IPv6 Prefix', 'RFC 9780', F, F, F, F, F],
  ['2001::/23', 'IETF protocol assignments', 'IETF Protocol Assignments', 'RFC 2928', F, F, F, F, F],
  ['2001::/32', 'Teredo', 'TEREDO', 'RFC 4380, RFC 8190', T, T, T, null, F],
  ['2001:1::1/128', 'PCP anycast', 'Port Control Protocol Anycast', 'RFC 7723', T, T, T, T, F],
  ['2001:1::2/128', 'TURN anycast', 'Traversal Using Relays around NAT Anycast', 'RFC 8155', T, T, T, T, F],
  ['2001:1::3/128', 'DNS-SD SRP anycast', 'DNS-SD Service Registration Protocol Anycast', 'RFC 9665', T, T, T, T, F],
  ['2001:2::/48', 'Benchmarking', 'Benchmarking', 'RFC 5180', T, T, T, F, F],
  ['2001:3::/32', 'AMT', 'AMT', 'RFC 7450', T, T, T, T, F],
  ['2001:4:112::/48', 'AS112-v6', 'AS112-v6', 'RFC 7535', T, T, T, T, F],
  ['2001:10::/28', 'ORCHID (deprecated)', 'Deprecated (previously ORCHID)', 'RFC 4843', F, F, F, F, F],
  ['2001:20::/28', 'ORCHIDv2', 'ORCHIDv2', 'RFC 7343', T, T, T, T, F],
  [
    '2001:30::/28',
    'Drone Remote ID (DET)',
    'Drone Remote ID Protocol Entity Tags (DETs) Prefix',
    'RFC 9374',
    T,
    T,
    T,
    T,
    F,
  ],
  ['2001:db8::/32', 'Documentation', 'Documentation', 'RFC 3849', F, F, F, F, F],
  ['2002::/16', '6to4', '6to4', 'RFC 3056', T, T, T, null, F],
  ['2620:4f:8000::/48', 'AS112 direct delegation', 'Direct Delegation AS112 Service', 'RFC 7534', T, T, T, T, F],
  ['3fff::/20', 'Documentation', 'Documentation', 'RFC 9637', F, F, F, F, F],
  ['5f00::/16', 'SRv6 SIDs', 'Segment Routing (SRv6) SIDs', 'RFC 9602', T, T, T, F, F],
  ['fc00::/7', 'Unique local', 'Unique-Local', 'RFC 4193, RFC 8190', T, T, T, F, F],
  ['fe80::/10', 'Link-local unicast', 'Link-Local Unicast', 'RFC 4291', T, T, F, F, T],
];

export const SPECIAL_REGISTRY: RegistryEntry[] = ROWS.map(
  ([block, name, registryName, rfc, source, destination, forwardable, globallyReachable, reservedByProtocol]) => ({
    block,
    name,
    registryName,
    rfc,
    source,
    destination,
    forwardable,
    globallyReachable,
    reservedByProtocol,
  }),
);

/**
 * "Reserved by IETF" in the IANA IPv6 Address Space registry (RFC 4291 and others), as Python's
 * `ipaddress` lists them for is_reserved. fec0::/10 (the deprecated site-local block, RFC 3879) is
 * apart: Python does not count it.
 */
export const RESERVED_BY_IETF = [
  '::/8',
  '100::/8',
  '200::/7',
  '400::/6',
  '800::/5',
  '1000::/4',
  '4000::/3',
  '6000::/3',
  '8000::/3',
  'a000::/3',
  'c000::/3',
  'e000::/4',
  'f000::/5',
  'f800::/6',
  'fe00::/9',
];
