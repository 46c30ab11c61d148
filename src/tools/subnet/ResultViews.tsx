/** IPv4 Overview, Details and Binary tabs and the /32../8 reference list (parts: ViewParts). */
import { CopyButton } from '../../components/CopyButton';
import { CLASS_NOTE, ipv4Details } from '../../core/subnet/details';
import { parseIpv4, referenceSizes, type SubnetResult } from '../../core/subnet/ipv4';
import { ipv4Badge, ipv4Type, ipv4TypeText } from '../../core/subnet/ipv4-registry';
import { trackToolUsage } from '../../telemetry';
import { summaryText } from './logic';
import { tool } from './tool';
import { count as n } from './ListParts';
import { BinaryTable, DetailsTable, Fields, ReferenceTable, type FieldRow } from './ViewParts';

export function OverviewTab({ r, ip }: { r: SubnetResult; ip: string }) {
  const type = ipv4Type(parseIpv4(ip)!);
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
        <span className={`badge ${r.isPrivate ? 'badge-ok' : ''}`} data-field="addressBadge" title={ipv4TypeText(type)}>
          {ipv4Badge(type, r.isPrivate)}
        </span>
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

export function DetailsTab({ r, ip }: { r: SubnetResult; ip: string }) {
  return <DetailsTable label="Subnet details" rows={ipv4Details(r, ip)} />;
}

/** Characters of dotted bits up to the end of the network part (dots between octets counted). */
function netChars(bits: string, cidr: number): number {
  let seen = 0;
  for (let i = 0; i < bits.length; i++) {
    if (bits[i] === '.') continue;
    if (seen === cidr) return i;
    seen++;
  }
  return bits.length;
}

export function BinaryTab({ r }: { r: SubnetResult }) {
  const rows: FieldRow[] = [
    ['IP address', 'ipBinary', r.ipBinary],
    ['Subnet mask', 'maskBinary', r.maskBinary],
    ['Network address', 'networkBinary', r.networkBinary],
  ];
  return <BinaryTable rows={rows} prefix={r.cidr} bits={32} netChars={(bits) => netChars(bits, r.cidr)} />;
}

const REFERENCE = referenceSizes();

export function ReferenceList({ cidr, onPick }: { cidr: number | null; onPick(cidr: number): void }) {
  return (
    <ReferenceTable
      label="Subnet size reference"
      title="Subnet sizes /32 to /8"
      headers={['CIDR', 'Subnet mask', 'Addresses', 'Usable hosts']}
      rows={REFERENCE.map((row) => ({ prefix: row.cidr, cells: [row.mask, n(row.total), n(row.usable)] }))}
      current={cidr}
      onPick={onPick}
    />
  );
}
