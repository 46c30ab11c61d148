/**
 * Embedded information, checked against published examples (RFC 4380 / Wikipedia's Teredo example,
 * RFC 3056, RFC 4291) and Python's ipaddress where it has an answer (teredo, sixtofour).
 */
import { describe, expect, it } from 'vitest';
import { computeIpv6, eui64, parseMac } from './ipv6';
import { formatMac, macFromInterfaceId, multicastInfo, reverseZones, solicitedNode, teredo } from './ipv6-embedded';
import { parseIpv6 } from './ipv6-parse';

const a = (text: string) => {
  const p = parseIpv6(text);
  if (!p.ok) throw new Error(p.error);
  return p.value.addr;
};

describe('embedded IPv6 information', () => {
  it('decodes Teredo server, flags, port and client', () => {
    // python3: IPv6Address('2001:0:4136:e378:8000:63bf:3fff:fdd2').teredo
    //   == (IPv4Address('65.54.227.120'), IPv4Address('192.0.2.45'))
    expect(teredo(a('2001:0:4136:e378:8000:63bf:3fff:fdd2'))).toEqual({
      server: '65.54.227.120',
      flags: 0x8000,
      flagsText: '0x8000: cone NAT (C)',
      port: 40000,
      client: '192.0.2.45',
    });
    expect(teredo(a('2001:0:4136:e378:0000:63bf:3fff:fdd2')).flagsText).toBe('0x0000: not cone (C = 0)');
    expect(computeIpv6(a('2001:0:4136:e378:8000:63bf:3fff:fdd2'), 32).embedded.teredo?.port).toBe(40000);
  });

  it('decodes the 6to4 gateway and SLA ID', () => {
    // python3: IPv6Address('2002:c000:204:12::1').sixtofour == IPv4Address('192.0.2.4')
    const e = computeIpv6(a('2002:c000:204:12::1'), 48).embedded;
    expect(e.sixToFour).toEqual({
      gateway: '192.0.2.4',
      slaId: 0x12,
      slaIdHex: '0x0012',
      interfaceId: '0000:0000:0000:0001',
    });
  });

  it('decodes multicast flags and names well-known groups', () => {
    expect(multicastInfo(a('ff02::1'))).toEqual({
      flags: 0,
      r: false,
      p: false,
      t: false,
      scope: 2,
      group: 'All nodes',
    });
    expect(multicastInfo(a('ff02::2')).group).toBe('All routers');
    expect(multicastInfo(a('ff02::1:2')).group).toBe('All DHCP relay agents and servers');
    expect(multicastInfo(a('ff05::1:3')).group).toBe('All DHCP servers (site-local)');
    expect(multicastInfo(a('ff0e::101')).group).toBe('NTP');
    expect(multicastInfo(a('ff05::fb')).group).toBe('mDNSv6');
    expect(multicastInfo(a('ff02::1:ff3c:4d5e')).group).toBe('Solicited-node');
    // ff3e::/32 prefix-based (P, T), ff7e: embedded RP (R, P, T)
    expect(multicastInfo(a('ff3e:30:2001:db8::1'))).toMatchObject({ flags: 3, r: false, p: true, t: true, scope: 14 });
    expect(multicastInfo(a('ff7e:140:2001:db8::1'))).toMatchObject({ r: true, p: true, t: true });
    expect(multicastInfo(a('ff12::101')).group).toBeUndefined(); // transient: not the well-known NTP
    expect(computeIpv6(a('ff02::1'), 128).embedded.solicitedNode).toBeUndefined();
  });

  it('gives the solicited-node group of a unicast address', () => {
    expect(solicitedNode(a('2001:db8::21a:2bff:fe3c:4d5e'))).toBe('ff02::1:ff3c:4d5e');
    expect(computeIpv6(a('fe80::1'), 64).embedded.solicitedNode).toBe('ff02::1:ff00:1');
  });

  it('turns a modified EUI-64 interface identifier back into its MAC', () => {
    expect(macFromInterfaceId(a('fe80::21a:2bff:fe3c:4d5e'))).toBe('00:1a:2b:3c:4d:5e');
    expect(macFromInterfaceId(a('fe80::1'))).toBeNull();
    for (const mac of [0x001a2b3c4d5en, 0x02005e1000ffn, 0xffffffffffffn, 0n])
      expect(macFromInterfaceId(eui64(mac))).toBe(formatMac(mac));
    expect(computeIpv6(a('fe80::5eff:fe10:ff'), 64).embedded.eui64Mac).toBe('02:00:5e:10:00:ff');
  });

  it('accepts MACs written with one-digit octets', () => {
    expect(parseMac('0:1a:2b:3c:4d:5e')).toBe(0x001a2b3c4d5en);
    expect(parseMac('2:0:5e:10:0:ff')).toBe(0x02005e1000ffn);
    expect(parseMac('0-1a-2b-3c-4d-5e')).toBe(0x001a2b3c4d5en);
    expect(parseMac('0:1a-2b:3c:4d:5e')).toBeNull();
    expect(parseMac('0:1a:2b:3c:4d')).toBeNull();
    expect(parseMac('000:1a:2b:3c:4d:5e')).toBeNull();
  });

  it('lists every ip6.arpa zone a prefix needs, and the PTR name of the address', () => {
    const net = a('2001:db8::');
    expect(reverseZones(net, 48).zones).toEqual(['0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa']);
    const z50 = reverseZones(net, 50);
    expect(z50.zonePrefix).toBe(52);
    expect(z50.zones).toEqual([
      '0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
      '1.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
      '2.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
      '3.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    ]);
    expect(reverseZones(net, 49).zones).toHaveLength(8);
    expect(reverseZones(net, 51).zones).toHaveLength(2);
    expect(reverseZones(0n, 0).zones).toEqual(['ip6.arpa']);
    expect(reverseZones(0n, 1).zones).toEqual([
      '0.ip6.arpa',
      '1.ip6.arpa',
      '2.ip6.arpa',
      '3.ip6.arpa',
      '4.ip6.arpa',
      '5.ip6.arpa',
      '6.ip6.arpa',
      '7.ip6.arpa',
    ]);
    // python3: IPv6Address('2001:db8::1').reverse_pointer
    expect(computeIpv6(a('2001:db8::1'), 64).ptrName).toBe(
      '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    );
  });
});
