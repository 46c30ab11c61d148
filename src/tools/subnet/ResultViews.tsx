/** Overview, Details and Binary tabs and the /32../8 reference list. */
import { CopyButton } from '../../components/CopyButton';
import { parseIpv4, referenceSizes, type IpClass, type SubnetResult } from '../../core/subnet/ipv4';
import { trackToolUsage } from '../../telemetry';
import { summaryText } from './logic';
import { tool } from './tool';

const n = (v: number) => v.toLocaleString('en-US');
const CLASS_NOTE: Record<IpClass, string> = {
  A: 'Class A',
  B: 'Class B',
  C: 'Class C',
  D: 'Class D (multicast)',
  E: 'Class E (experimental)',
};

function Fields({ items }: { items: [string, keyof SubnetResult | string, string][] }) {
  return (
    <dl className="result-grid">
      {items.map(([label, field, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-field={field}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OverviewTab({ r, ip }: { r: SubnetResult; ip: string }) {
  return (
    <div>
      <Fields
        items={[
          ['Network Address', 'networkAddress', r.networkAddress],
          ['Broadcast Address', 'broadcastAddress', r.broadcastAddress],
          ['First Host', 'firstHost', r.firstHost],
          ['Last Host', 'lastHost', r.lastHost],
          ['Usable Hosts', 'usableHosts', n(r.usableHosts)],
          ['Total Hosts', 'totalHosts', n(r.totalHosts)],
          ['Subnet Mask', 'subnetMask', r.subnetMask],
          ['CIDR', 'cidr', `/${r.cidr}`],
        ]}
      />
      <p className="row" style={{ marginTop: '0.75rem' }}>
        <span className="badge">{CLASS_NOTE[r.ipClass]}</span>
        <span className={`badge ${r.isPrivate ? 'badge-ok' : ''}`}>{r.isPrivate ? 'Private' : 'Public'}</span>
        {r.cidr >= 31 && (
          <span className="hint">
            /{r.cidr}: no usable hosts by the 2^(32-cidr) - 2 rule; first and last host are the block's own addresses.
          </span>
        )}
      </p>
      <CopyButton
        label="Copy summary"
        text={() => summaryText(r, ip)}
        onCopied={() => trackToolUsage(tool.analyticsName, 'copy_result', { cidr: r.cidr })}
      />
    </div>
  );
}

const hex = (ip: string) => `0x${parseIpv4(ip)!.toString(16).toUpperCase().padStart(8, '0')}`;

export function DetailsTab({ r, ip }: { r: SubnetResult; ip: string }) {
  const rows: [string, string, string][] = [
    ['IP address', 'ip', ip],
    ['Network address', 'networkAddress', r.networkAddress],
    ['Broadcast address', 'broadcastAddress', r.broadcastAddress],
    ['First host', 'firstHost', r.firstHost],
    ['Last host', 'lastHost', r.lastHost],
    ['Host range', 'range', `${r.firstHost} - ${r.lastHost}`],
    ['Total hosts', 'totalHosts', n(r.totalHosts)],
    ['Usable hosts', 'usableHosts', n(r.usableHosts)],
    ['CIDR notation', 'cidrNotation', `${r.networkAddress}/${r.cidr}`],
    ['Subnet mask', 'subnetMask', r.subnetMask],
    ['Wildcard mask', 'wildcardMask', r.wildcardMask],
    ['IP class', 'ipClass', CLASS_NOTE[r.ipClass]],
    ['Private address', 'isPrivate', r.isPrivate ? 'Yes (RFC 1918)' : 'No'],
    ['IP as integer', 'ipInteger', String(parseIpv4(ip))],
    ['IP in hex', 'ipHex', hex(ip)],
    ['Mask in hex', 'maskHex', hex(r.subnetMask)],
  ];
  return (
    <table className="data-table" aria-label="Subnet details">
      <tbody>
        {rows.map(([label, field, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td data-field={field}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Bits with the network part and host part styled apart (dots between octets kept). */
function Bits({ bits, cidr }: { bits: string; cidr: number }) {
  let seen = 0;
  let split = bits.length;
  for (let i = 0; i < bits.length; i++) {
    if (bits[i] === '.') continue;
    if (seen === cidr) {
      split = i;
      break;
    }
    seen++;
  }
  return (
    <>
      <span className="bits-net">{bits.slice(0, split)}</span>
      <span className="bits-host">{bits.slice(split)}</span>
    </>
  );
}

export function BinaryTab({ r }: { r: SubnetResult }) {
  const rows: [string, string, string][] = [
    ['IP address', 'ipBinary', r.ipBinary],
    ['Subnet mask', 'maskBinary', r.maskBinary],
    ['Network address', 'networkBinary', r.networkBinary],
  ];
  return (
    <div>
      <table className="binary-table" aria-label="Binary representation">
        <tbody>
          {rows.map(([label, field, bits]) => (
            <tr key={field}>
              <th scope="row">{label}</th>
              <td data-field={field} aria-label={bits}>
                <Bits bits={bits} cidr={r.cidr} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        <span className="bits-net">Network bits ({r.cidr})</span> ·{' '}
        <span className="bits-host">Host bits ({32 - r.cidr})</span>
      </p>
    </div>
  );
}

const REFERENCE = referenceSizes();

export function ReferenceList({ cidr, onPick }: { cidr: number | null; onPick(cidr: number): void }) {
  return (
    <section className="panel" aria-label="Subnet size reference">
      <h2>Subnet sizes /32 to /8</h2>
      <div className="reference-list">
        <table className="data-table">
          <thead>
            <tr>
              <th>CIDR</th>
              <th>Subnet mask</th>
              <th>Addresses</th>
              <th>Usable hosts</th>
              <th>
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {REFERENCE.map((row) => (
              <tr key={row.cidr} className={row.cidr === cidr ? 'current' : ''}>
                <td>/{row.cidr}</td>
                <td>{row.mask}</td>
                <td>{n(row.total)}</td>
                <td>{n(row.usable)}</td>
                <td>
                  <button type="button" onClick={() => onPick(row.cidr)} aria-label={`Use /${row.cidr}`}>
                    Use
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
