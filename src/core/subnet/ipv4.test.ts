/**
 * The calculator's arithmetic against an independent reference: bit strings and BigInt for
 * network/broadcast/masks, Node's net.BlockList for range membership and private ranges, regular
 * expressions on the dotted text for class and private rules. Random addresses at every prefix.
 */
import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  calculate,
  cidrFromMask,
  computeSubnet,
  formatIpv4,
  ipClassOf,
  isPrivateIpv4,
  MESSAGES,
  parseCidr,
  parseIpv4,
  parseMask,
  referenceSizes,
  splitIpBox,
} from './ipv4';
import { testRandom } from '../../../tests/cases/seed';

// ---- independent reference -------------------------------------------------------------------
const bitsOf = (ip: string) =>
  ip
    .split('.')
    .map((o) => Number(o).toString(2).padStart(8, '0'))
    .join('');
const fromBits = (bits: string) => {
  const v = BigInt(`0b${bits}`);
  return [24n, 16n, 8n, 0n].map((s) => ((v >> s) & 255n).toString()).join('.');
};
const dotted = (bits: string) => bits.match(/.{8}/g)!.join('.');

function reference(ip: string, cidr: number) {
  const bits = bitsOf(ip);
  const netBits = bits.slice(0, cidr) + '0'.repeat(32 - cidr);
  const bcBits = bits.slice(0, cidr) + '1'.repeat(32 - cidr);
  const maskBits = '1'.repeat(cidr) + '0'.repeat(32 - cidr);
  const total = 1n << BigInt(32 - cidr);
  const usable = total >= 2n ? total - 2n : 0n;
  const first = Number(ip.split('.')[0]);
  const second = Number(ip.split('.')[1]);
  return {
    networkAddress: fromBits(netBits),
    broadcastAddress: fromBits(bcBits),
    // /31 and /32: the block's own addresses; otherwise network+1 .. broadcast-1.
    firstHost: cidr >= 31 ? fromBits(netBits) : fromBits((BigInt(`0b${netBits}`) + 1n).toString(2).padStart(32, '0')),
    lastHost: cidr >= 31 ? fromBits(bcBits) : fromBits((BigInt(`0b${bcBits}`) - 1n).toString(2).padStart(32, '0')),
    totalHosts: Number(total),
    usableHosts: Number(usable),
    subnetMask: fromBits(maskBits),
    wildcardMask: fromBits(maskBits.replace(/[01]/g, (b) => (b === '1' ? '0' : '1'))),
    ipClass: first < 128 ? 'A' : first < 192 ? 'B' : first < 224 ? 'C' : first < 240 ? 'D' : 'E',
    isPrivate: first === 10 || (first === 172 && second >= 16 && second < 32) || /^192\.168\./.test(ip),
    ipBinary: dotted(bits),
    maskBinary: dotted(maskBits),
    networkBinary: dotted(netBits),
  };
}

const privateList = new BlockList();
privateList.addSubnet('10.0.0.0', 8);
privateList.addSubnet('172.16.0.0', 12);
privateList.addSubnet('192.168.0.0', 16);

const EDGE_ADDRESSES = [
  '0.0.0.0',
  '255.255.255.255',
  '9.255.255.255',
  '10.0.0.0',
  '10.255.255.255',
  '11.0.0.0',
  '127.255.255.255',
  '128.0.0.0',
  '172.15.255.255',
  '172.16.0.0',
  '172.31.255.255',
  '172.32.0.0',
  '191.255.255.255',
  '192.0.0.0',
  '192.167.255.255',
  '192.168.0.0',
  '192.168.255.255',
  '192.169.0.0',
  '223.255.255.255',
  '224.0.0.0',
  '239.255.255.255',
  '240.0.0.0',
  '192.168.1.100',
];

describe('subnet arithmetic vs an independent reference', () => {
  const rand = testRandom();
  const randomIps = Array.from({ length: 120 }, () => formatIpv4(Math.floor(rand() * 2 ** 32)));

  for (let cidr = 0; cidr <= 32; cidr++) {
    it(`/${cidr}: network, broadcast, hosts, masks, class, private, binary`, () => {
      for (const ip of [...EDGE_ADDRESSES, ...randomIps]) {
        const got = computeSubnet(parseIpv4(ip)!, cidr);
        const want = reference(ip, cidr);
        expect({ ...got, error: undefined, cidr: undefined }).toEqual({ ...want, error: undefined, cidr: undefined });
        expect(got.cidr).toBe(cidr);
        // Membership of the range by Node's BlockList: inside, and the neighbours outside.
        const block = new BlockList();
        block.addSubnet(got.networkAddress, cidr);
        expect(block.check(ip)).toBe(true);
        expect(block.check(got.firstHost) && block.check(got.lastHost) && block.check(got.broadcastAddress)).toBe(true);
        if (got.networkAddress !== '0.0.0.0')
          expect(block.check(formatIpv4(parseIpv4(got.networkAddress)! - 1))).toBe(false);
        if (got.broadcastAddress !== '255.255.255.255')
          expect(block.check(formatIpv4(parseIpv4(got.broadcastAddress)! + 1))).toBe(false);
        expect(got.isPrivate).toBe(privateList.check(ip));
      }
    });
  }

  it('counts: /0 has 2^32 addresses, /31 and /32 have no usable hosts (spec rule)', () => {
    expect(computeSubnet(0, 0).totalHosts).toBe(4294967296);
    expect(computeSubnet(0, 0).usableHosts).toBe(4294967294);
    expect(computeSubnet(0x0a000001, 8).usableHosts).toBe(16777214);
    expect(computeSubnet(0x0a000001, 30).usableHosts).toBe(2);
    expect(computeSubnet(0x0a000001, 31)).toMatchObject({
      totalHosts: 2,
      usableHosts: 0,
      firstHost: '10.0.0.0',
      lastHost: '10.0.0.1',
    });
    expect(computeSubnet(0x0a000001, 32)).toMatchObject({
      totalHosts: 1,
      usableHosts: 0,
      firstHost: '10.0.0.1',
      lastHost: '10.0.0.1',
    });
  });

  it('class of every first octet and private flag of random addresses in and around the ranges', () => {
    for (let o = 0; o < 256; o++) expect(ipClassOf(o * 2 ** 24)).toBe(reference(`${o}.0.0.0`, 8).ipClass);
    for (let i = 0; i < 20000; i++) {
      const a = Math.floor(rand() * 2 ** 32);
      expect(isPrivateIpv4(a)).toBe(privateList.check(formatIpv4(a)));
    }
  });
});

describe('parsing and validation (spec messages)', () => {
  it('accepts four dotted numbers 0-255 and rejects everything else', () => {
    expect(parseIpv4('192.168.1.100')).toBe(0xc0a80164);
    expect(parseIpv4(' 0.0.0.0 ')).toBe(0);
    expect(parseIpv4('255.255.255.255')).toBe(0xffffffff);
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '1.2.3.-1',
      'a.b.c.d',
      '1..2.3',
      '01.2.3.4',
      '1.2.3.1e2',
      '1.2.3.4/',
    ]) {
      expect(parseIpv4(bad), bad).toBeNull();
    }
  });

  it('masks: every contiguous mask maps to its prefix; non-contiguous masks are rejected', () => {
    for (let c = 0; c <= 32; c++) {
      const mask = c === 0 ? 0 : Number((0xffffffffn << BigInt(32 - c)) & 0xffffffffn);
      expect(cidrFromMask(mask)).toBe(c);
      expect(parseMask(formatIpv4(mask))).toBe(mask);
    }
    for (const bad of ['255.0.255.0', '255.255.255.1', '0.255.255.255', '255.255.254.255', '255.255.255', 'x']) {
      expect(parseMask(bad), bad).toBeNull();
    }
  });

  it('CIDR box: 0..32 with an optional slash', () => {
    expect(parseCidr('0')).toBe(0);
    expect(parseCidr('/32')).toBe(32);
    for (const bad of ['33', '-1', '', '2.5', 'abc', '100', '0033']) expect(parseCidr(bad), bad).toBeNull();
    // Leading zeros are the same number, as Python's ipaddress reads them ('/024' was 'CIDR must be between 0 and 32').
    expect(parseCidr('024')).toBe(24);
    expect(parseCidr('/0032')).toBe(32);
  });

  it('calculate() returns the verbatim spec messages', () => {
    const base = { ip: '192.168.1.100', mode: 'cidr' as const, cidrText: '24', maskText: '255.255.255.0' };
    expect(calculate({ ...base, ip: '300.1.1.1' })).toEqual({ ok: false, error: 'Invalid IP address format' });
    expect(calculate({ ...base, cidrText: '33' })).toEqual({ ok: false, error: 'CIDR must be between 0 and 32' });
    expect(calculate({ ...base, mode: 'mask', maskText: '255.0.255.0' })).toEqual({
      ok: false,
      error: 'Invalid subnet mask',
    });
    expect(calculate({ ...base, mode: 'mask', maskText: '255.255.240.0' })).toMatchObject({
      ok: true,
      result: { cidr: 20, networkAddress: '192.168.0.0' },
    });
    expect(MESSAGES).toEqual({
      invalidIp: 'Invalid IP address format',
      invalidCidr: 'CIDR must be between 0 and 32',
      invalidMask: 'Invalid subnet mask',
    });
  });

  it('IP box accepts "ip mask" and "ip/cidr", which override the CIDR and mask fields', () => {
    expect(splitIpBox('10.0.0.1 255.255.0.0')).toEqual({ ip: '10.0.0.1', cidr: 16 });
    expect(splitIpBox('10.0.0.1/12')).toEqual({ ip: '10.0.0.1', cidr: 12 });
    expect(splitIpBox('10.0.0.1 / 12')).toEqual({ ip: '10.0.0.1', cidr: 12 });
    expect(splitIpBox('10.0.0.1 255.0.255.0')).toMatchObject({ suffixError: 'Invalid subnet mask' });
    expect(splitIpBox('10.0.0.1/40')).toMatchObject({ suffixError: 'CIDR must be between 0 and 32' });
    // "ip/mask", as ipcalc and Python's ipaddress read it: a dotted suffix after "/" is a mask.
    expect(splitIpBox('10.0.0.1/255.255.0.0')).toEqual({ ip: '10.0.0.1', cidr: 16 });
    expect(splitIpBox('10.0.0.1 / 255.255.255.252')).toEqual({ ip: '10.0.0.1', cidr: 30 });
    expect(splitIpBox('10.0.0.1/255.0.255.0')).toMatchObject({ suffixError: 'Invalid subnet mask' });
    // "ip prefix", as ipcalc reads its NETMASK argument (a dotted mask or a prefix length); it said
    // "Invalid subnet mask" of a prefix.
    expect(splitIpBox('10.0.0.1 12')).toEqual({ ip: '10.0.0.1', cidr: 12 });
    expect(splitIpBox('10.0.0.1 0')).toEqual({ ip: '10.0.0.1', cidr: 0 });
    expect(splitIpBox('10.0.0.1 33')).toMatchObject({ suffixError: 'CIDR must be between 0 and 32' });
    expect(splitIpBox('10.0.0.1 0xffff0000')).toMatchObject({ suffixError: 'Invalid subnet mask' });
    const base = { mode: 'cidr' as const, cidrText: '24', maskText: '255.255.255.0' };
    expect(calculate({ ...base, ip: '10.1.2.3 255.255.0.0' })).toMatchObject({
      ok: true,
      result: { cidr: 16, networkAddress: '10.1.0.0', broadcastAddress: '10.1.255.255' },
    });
  });

  it('IP box takes "ip prefix" with a space, as ipcalc takes a mask given as a bit count (it said the mask was invalid)', () => {
    expect(splitIpBox('10.0.0.1 16')).toEqual({ ip: '10.0.0.1', cidr: 16 });
    expect(splitIpBox('10.0.0.1  0')).toEqual({ ip: '10.0.0.1', cidr: 0 });
    expect(splitIpBox('10.0.0.1 33')).toMatchObject({ suffixError: 'CIDR must be between 0 and 32' });
    expect(splitIpBox('10.0.0.1 abc')).toMatchObject({ suffixError: 'Invalid subnet mask' });
  });

  it('reference list /32 .. /8 with host counts', () => {
    const rows = referenceSizes();
    expect(rows).toHaveLength(25);
    expect(rows[0]).toEqual({ cidr: 32, mask: '255.255.255.255', total: 1, usable: 0 });
    expect(rows[8]).toEqual({ cidr: 24, mask: '255.255.255.0', total: 256, usable: 254 });
    expect(rows[24]).toEqual({ cidr: 8, mask: '255.0.0.0', total: 16777216, usable: 16777214 });
  });
});
