/** IPv6 Overview (with EUI-64 from a MAC), Details and Binary tabs (issue 18). */
import { CopyButton } from '../../components/CopyButton';
import { embeddedRows, ipv6Details, reachText, typeText, zoneText } from '../../core/subnet/details';
import { eui64Address, MAC_MESSAGE, parseMac, type Ipv6Result, type Ipv6Type } from '../../core/subnet/ipv6';
import { IANA_IPV6_SPECIAL_REGISTRY_DATE } from '../../core/subnet/ipv6-registry';
import { parseIpv6 } from '../../core/subnet/ipv6-parse';
import { useSubnetStore } from './store';
import { count as n } from './ListParts';
import { BinaryTable, DetailsTable, Fields, ReferenceTable, type FieldRow } from './ViewParts';

function ReachBadge({ t }: { t: Ipv6Type }) {
  const cls = t.globallyReachable === true ? 'badge-ok' : t.globallyReachable === false ? 'badge-bad' : '';
  return (
    <p className="row" style={{ marginTop: '0.75rem' }}>
      <span className={`badge ${cls}`} data-testid="reach6">
        {reachText(t)}
      </span>
      <span className="hint">
        {t.registry
          ? `IANA IPv6 special-purpose registry (${IANA_IPV6_SPECIAL_REGISTRY_DATE}): ${t.registry.registryName}, ${t.registry.rfc}`
          : t.name === 'Multicast'
            ? 'Multicast: globally reachable at global scope only'
            : t.globallyReachable === null
              ? 'Not allocated for use (reserved by IETF or deprecated)'
              : 'Not in the IANA IPv6 special-purpose registry'}
      </span>
    </p>
  );
}

function summary6(r: Ipv6Result): string {
  return [
    `Address: ${r.address}${r.zone ? `%${r.zone}` : ''}`,
    `Network: ${r.cidr}`,
    `First address: ${r.first}`,
    `Last address: ${r.last}`,
    `Addresses: ${n(r.count)} (2^${128 - r.prefix})`,
    `/64 networks: ${n(r.count64)}`,
    `Type: ${typeText(r)}`,
    `${reachText(r.type)}`,
    `Reverse zone: ${r.reverseZone}`,
  ].join('\n');
}

export function Overview6({ r }: { r: Ipv6Result }) {
  return (
    <div>
      <Fields
        items={[
          ['Network', 'network6', r.cidr],
          ['First Address', 'first6', r.first],
          ['Last Address', 'last6', r.last],
          ['Addresses', 'count6', `${n(r.count)} (2^${128 - r.prefix})`],
          ['/64 Networks', 'count64', r.prefix <= 64 ? n(r.count64) : `none (a /${r.prefix} is smaller than a /64)`],
          ['Address Type', 'type6', typeText(r)],
          ['Prefix', 'prefix6', `/${r.prefix}`],
          ...(r.zone ? ([['Zone', 'zone6', zoneText(r.zone)]] as FieldRow[]) : []),
        ]}
      />
      <ReachBadge t={r.type} />
      <CopyButton label="Copy summary" text={() => summary6(r)} />
      <Embedded r={r} />
      <Eui64 r={r} />
    </div>
  );
}

function Embedded({ r }: { r: Ipv6Result }) {
  const items = embeddedRows(r);
  if (items.length === 0) return null;
  return (
    <section className="panel" aria-label="Embedded information" style={{ marginTop: '1rem' }}>
      <h2>Embedded information</h2>
      <Fields items={items} />
    </section>
  );
}

function Eui64({ r }: { r: Ipv6Result }) {
  const mac = useSubnetStore((s) => s.macText);
  const setMac = useSubnetStore((s) => s.setMacText);
  const parsed = parseMac(mac);
  const net = parseIpv6(r.network);
  const out = parsed !== null && net.ok ? eui64Address(net.value.addr, parsed) : null;
  return (
    <section className="panel" aria-label="EUI-64 interface identifier" style={{ marginTop: '1rem' }}>
      <h2>EUI-64 from a MAC address</h2>
      <label className="field">
        MAC address
        <input type="text" value={mac} onChange={(e) => setMac(e.target.value)} spellCheck={false} autoComplete="off" />
      </label>
      {mac.trim() !== '' && out === null && (
        <p className="status-line status-error" role="alert">
          {MAC_MESSAGE}
        </p>
      )}
      {out && (
        <Fields
          items={[
            ['Interface identifier', 'eui64', out.interfaceId],
            [
              r.prefix <= 64 ? 'SLAAC address in this /64' : 'Address with the /64 of this network',
              'eui64Address',
              out.address,
            ],
          ]}
        />
      )}
    </section>
  );
}

export function Details6({ r }: { r: Ipv6Result }) {
  return <DetailsTable label="IPv6 details" rows={ipv6Details(r)} breakAll />;
}

/** Characters of 128 bits in groups of 16 up to the end of the network part: one ":" follows each full group before it. */
const netChars6 = (prefix: number) => (prefix === 0 ? 0 : prefix + Math.floor((prefix - 1) / 16));

export function Binary6({ r }: { r: Ipv6Result }) {
  const rows: FieldRow[] = [
    ['Address', 'addressBinary6', r.addressBinary],
    ['Netmask', 'maskBinary6', r.maskBinary],
    ['Network', 'networkBinary6', r.networkBinary],
  ];
  return <BinaryTable rows={rows} prefix={r.prefix} bits={128} netChars={() => netChars6(r.prefix)} breakAll />;
}

const COMMON_PREFIXES: [number, string][] = [
  [128, 'one address (host route, loopback)'],
  [127, 'point-to-point link (RFC 6164)'],
  [112, 'small fixed range'],
  [96, 'IPv4-embedding (NAT64, mapped)'],
  [64, 'one LAN segment (SLAAC)'],
  [60, '16 LANs (some ISPs, home)'],
  [56, '256 LANs (typical home or small site)'],
  [48, '65,536 LANs (a site)'],
  [32, 'an ISP allocation'],
];

export function Reference6({ prefix, onPick }: { prefix: number | null; onPick(prefix: number): void }) {
  return (
    <ReferenceTable
      label="IPv6 prefix reference"
      title="Common IPv6 prefixes"
      headers={['Prefix', 'Typical use', '/64 networks', 'Addresses']}
      rows={COMMON_PREFIXES.map(([p, use]) => ({
        prefix: p,
        cells: [use, p <= 64 ? n(1n << BigInt(64 - p)) : '-', `2^${128 - p}`],
      }))}
      current={prefix}
      onPick={onPick}
    />
  );
}
