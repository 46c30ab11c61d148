/**
 * IPv6 core against Python's `ipaddress` (tests/fixtures/ipv6/cases.json, written by
 * make_cases.py next to it): every field of 10,000+ cases over prefixes 0..128 and every type.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculate6, computeIpv6, eui64Address, parseMac } from './ipv6';
import { formatIpv6, parseIpv6, V6_MESSAGES } from './ipv6-parse';

const fixture = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/ipv6/cases.json', import.meta.url), 'utf8'),
) as { fields: string[]; cases: (string | number)[][] };

describe('IPv6 against Python ipaddress', () => {
  it('has at least 10,000 cases spanning every prefix and type', () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(10_000);
    const col = (name: string) => fixture.cases.map((c) => c[fixture.fields.indexOf(name)]);
    expect(new Set(col('prefix')).size).toBe(129);
    const types = new Set(col('type'));
    for (const t of [
      'Unspecified',
      'Loopback',
      'IPv4-mapped',
      'NAT64',
      'Multicast',
      'Link-local unicast',
      'Unique local',
      'Documentation',
      'Teredo',
      '6to4',
      'Global unicast',
      'Reserved by IETF',
    ])
      expect(types, t).toContain(t);
  });

  it('matches every field of every case', () => {
    let compared = 0;
    for (const c of fixture.cases) {
      const want = Object.fromEntries(fixture.fields.map((f, i) => [f, c[i]]));
      const calc = calculate6(String(want.input), String(want.prefix));
      if (!calc.ok) throw new Error(`${String(want.input)}: ${calc.error}`);
      const r = calc.result;
      const got = {
        input: want.input,
        prefix: r.prefix,
        address: r.address,
        addressFull: r.addressFull,
        network: r.network,
        networkFull: r.networkFull,
        last: r.last,
        netmask: r.netmask,
        count: r.count.toString(),
        count64: r.count64.toString(),
        type: r.type.name,
        scope: r.type.scope ?? '',
        ipv4: r.type.ipv4 ?? '',
        reverseName: r.reverseName,
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, String(want.input)).toEqual(want);
      // Derived views agree with the same address.
      expect(BigInt(`0b${r.addressBinary.replaceAll(':', '')}`)).toBe(calc.addr);
      expect(r.first).toBe(r.network);
      expect(r.cidr).toBe(`${r.network}/${r.prefix}`);
      compared++;
    }
    expect(compared).toBe(fixture.cases.length);
  });
});

describe('RFC 5952 text', () => {
  it.each([
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // tie: leftmost run
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'], // longest run wins
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // one zero group stays
    ['2001:DB8::0001', '2001:db8::1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['1:0:0:0:0:0:0:0', '1::'],
    // RFC 5952 section 5: IPv4-mapped (::ffff:0:0/96) ends in dotted IPv4, as Python 3.13 writes it.
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1'],
    ['::ffff:a01:203', '::ffff:10.1.2.3'],
    ['::ffff:0:0', '::ffff:0.0.0.0'],
    ['::ffff:ffff:ffff', '::ffff:255.255.255.255'],
    // Other IPv4-embedding blocks stay hex: IPv4-compatible (deprecated), IPv4-translated, NAT64.
    ['::192.0.2.1', '::c000:201'],
    ['::ffff:0:c000:201', '::ffff:0:c000:201'],
    ['64:ff9b::192.0.2.1', '64:ff9b::c000:201'],
    ['1::ffff:c000:201', '1::ffff:c000:201'],
  ])('%s -> %s', (input, canonical) => {
    const p = parseIpv6(input);
    expect(p.ok && formatIpv6(p.value.addr)).toBe(canonical);
  });
});

describe('IPv6 parsing rejects malformed input with its message', () => {
  it.each([
    ['1:2:3:4:5:6:7:8:9', V6_MESSAGES.tooManyGroups],
    ['1:2:3:4::5:6:7:8', V6_MESSAGES.tooManyGroups],
    ['1:2:3:4:5:6:7:1.2.3.4', V6_MESSAGES.tooManyGroups],
    ['1:2:3:4:5:6:7', V6_MESSAGES.tooFewGroups],
    ['2001:db8::12345', V6_MESSAGES.groupTooLong('12345')],
    ['02001:db8::1', V6_MESSAGES.groupTooLong('02001')],
    ['1::2::3', V6_MESSAGES.twoDoubleColons],
    ['::1::', V6_MESSAGES.twoDoubleColons],
    ['::ffff:192.0.2.256', V6_MESSAGES.badIpv4('192.0.2.256')],
    ['::ffff:192.0.2', V6_MESSAGES.badIpv4('192.0.2')],
    ['::1.2.3.4:5', V6_MESSAGES.badIpv4('1.2.3.4')],
    ['1.2.3.4::', V6_MESSAGES.badIpv4('1.2.3.4')],
    ['::ffff:01.2.3.4', V6_MESSAGES.badIpv4('01.2.3.4')],
    ['2001:db8::/129', V6_MESSAGES.prefix],
    ['2001:db8::/-1', V6_MESSAGES.prefix],
    ['2001:db8::/', V6_MESSAGES.prefix],
    ['2001:db8::/6x', V6_MESSAGES.prefix],
    ['2001:dg8::1', V6_MESSAGES.badGroup('dg8')],
    [':1:2:3:4:5:6:7', V6_MESSAGES.emptyGroup],
    ['1:2:3:4:5:6:7:', V6_MESSAGES.emptyGroup],
    [':::', V6_MESSAGES.emptyGroup],
    ['fe80::1%', V6_MESSAGES.badZone],
    ['', V6_MESSAGES.empty],
    // Python's ipaddress refuses these too; they were read as ::/64 and zone "a%b".
    ['::1//64', V6_MESSAGES.twoSlashes],
    ['::1/ /64', V6_MESSAGES.twoSlashes],
    ['::1/64/64', V6_MESSAGES.twoSlashes],
    ['fe80::1%a%b', V6_MESSAGES.zonePercent],
    ['fe80::1%%', V6_MESSAGES.zonePercent],
    // A mask as IPv4 is written: until 2026-12-02 'Only one "::" is allowed', 'Bad embedded IPv4
    // address "1 255.255.255.0"' and 'Prefix must be between 0 and 128'.
    ['2001:db8::1 ffff:ffff:ffff::', 'IPv6 takes a prefix length, not a mask: for "ffff:ffff:ffff::" write /48'],
    ['2001:db8::1/ffff:ffff::', 'IPv6 takes a prefix length, not a mask: for "ffff:ffff::" write /32'],
    [
      '2001:db8::1 / ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      V6_MESSAGES.mask('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 128),
    ],
    ['2001:db8::1 255.255.255.0', V6_MESSAGES.mask('255.255.255.0', null)],
    ['2001:db8::1/ffff:0:ffff::', V6_MESSAGES.mask('ffff:0:ffff::', null)],
  ])('%s', (input, message) => {
    expect(parseIpv6(input)).toEqual({ ok: false, error: message });
  });

  it('reads a prefix after "/ " as the prefix (it was read as two slashes)', () => {
    for (const text of ['2001:db8::1/ 64', '2001:db8::1 / 64', '2001:db8::1 /64', '2001:db8::1 64'])
      expect(parseIpv6(text), text).toMatchObject({ ok: true, value: { prefix: 64 } });
  });

  it('rejects a prefix box out of range and never throws on junk', () => {
    expect(calculate6('2001:db8::1', '129')).toEqual({ ok: false, error: V6_MESSAGES.prefix });
    for (const junk of [':', '::g', '%%', '/', 'ffff:'.repeat(20), '::ffff:1.2.3.4.5', '1:2:3:4:5:6:7:8%eth0/200'])
      expect(parseIpv6(junk).ok).toBe(false);
  });

  it('quotes at most a short excerpt of a long input', () => {
    for (const junk of [
      'f'.repeat(10_000),
      `${'0'.repeat(100_000)}::1`,
      `::${'g'.repeat(100_000)}`,
      `::1.2.3.${'4'.repeat(100_000)}`,
      `::/${'6'.repeat(100_000)}`,
      `fe80::1%${'%'.repeat(100_000)}`,
    ]) {
      const p = parseIpv6(junk);
      expect(p.ok).toBe(false);
      if (!p.ok) expect(p.error.length).toBeLessThan(160);
    }
    expect(parseIpv6(`${'0'.repeat(100_000)}::1`)).toEqual({
      ok: false,
      error: `Group "${'0'.repeat(40)}…" (100,000 characters) has more than 4 hex digits`,
    });
  });

  it('reads a prefix with leading zeros as Python does: /0064 is /64 (it said the prefix was not 0 to 128)', () => {
    for (const text of ['2001:db8::1/0064', '2001:db8::1 0064', '[2001:db8::1]/000064'])
      expect(parseIpv6(text), text).toMatchObject({ ok: true, value: { prefix: 64 } });
    expect(calculate6('2001:db8::1', '0064').ok).toBe(true);
    expect(parseIpv6('2001:db8::1/0129')).toEqual({ ok: false, error: V6_MESSAGES.prefix });
  });

  it('accepts spaces around an inline prefix', () => {
    expect(parseIpv6('2001:db8:: / 48')).toEqual({ ok: true, value: { addr: 0x20010db8n << 96n, prefix: 48 } });
  });

  it('takes a prefix after a space, as the IPv4 box takes a bit count (it said the group "1 64" was not hex)', () => {
    expect(parseIpv6('2001:db8::1 64')).toEqual({ ok: true, value: { addr: (0x20010db8n << 96n) | 1n, prefix: 64 } });
    expect(parseIpv6('fe80::1%eth0  10')).toMatchObject({ ok: true, value: { prefix: 10, zone: 'eth0' } });
    expect(parseIpv6('2001:db8::1 129')).toEqual({ ok: false, error: V6_MESSAGES.prefix });
  });

  it('takes an address in brackets, as a URL writes it (it said the group "[2001" was not hex)', () => {
    expect(parseIpv6('[2001:db8::1]')).toEqual({ ok: true, value: { addr: (0x20010db8n << 96n) | 1n } });
    expect(parseIpv6(' [2001:db8::]/48 ')).toEqual({ ok: true, value: { addr: 0x20010db8n << 96n, prefix: 48 } });
    // A port after the brackets is not part of the address: refused, and said so (it said 'Group
    // "[2001" is not hexadecimal'), never read as a ninth group.
    expect(parseIpv6('[2001:db8::1]:8080')).toEqual({ ok: false, error: V6_MESSAGES.port });
    expect(V6_MESSAGES.port).toBe('A port (after "]:") is not part of an address: leave it out');
  });

  it('keeps the zone and an inline prefix', () => {
    expect(parseIpv6(' FE80::1%eth0/64 ')).toEqual({
      ok: true,
      value: { addr: (0xfe80n << 112n) | 1n, prefix: 64, zone: 'eth0' },
    });
    const c = calculate6('fe80::1%eth0', '64');
    expect(c.ok && [c.result.zone, c.result.cidr, c.result.type.name]).toEqual([
      'eth0',
      'fe80::/64',
      'Link-local unicast',
    ]);
  });
});

describe('results beyond the fixture', () => {
  it('counts /64s, writes 2^128 exactly and names the reverse zone', () => {
    const r = computeIpv6(0x20010db8n << 96n, 48);
    expect(r.count64).toBe(65_536n);
    expect(r.reverseZone).toBe('0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
    expect(computeIpv6(0n, 0).count.toLocaleString('en-US')).toBe(
      '340,282,366,920,938,463,463,374,607,431,768,211,456',
    );
    expect(computeIpv6(0n, 0).reverseZone).toBe('ip6.arpa');
    expect(computeIpv6(0x20010db8n << 96n, 50).reverseZone).toBe('0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
    expect(computeIpv6(1n, 128).count64).toBe(0n);
  });

  it('names multicast scopes and embedded IPv4', () => {
    const t = (s: string) => {
      const p = parseIpv6(s);
      return p.ok ? computeIpv6(p.value.addr, 128).type : null;
    };
    expect(t('ff02::1')).toMatchObject({ name: 'Multicast', block: 'ff00::/8', scope: 'link-local' });
    expect(t('ff0e::1')?.scope).toBe('global');
    expect(t('ff05::1:3')?.scope).toBe('site-local');
    expect(t('2002:c000:204::1')?.ipv4).toBe('192.0.2.4');
    expect(t('2001:0:4136:e378:8000:63bf:3fff:fdd2')?.ipv4).toBe('192.0.2.45');
    expect(t('64:ff9b::198.51.100.7')?.ipv4).toBe('198.51.100.7');
  });

  it('derives the modified EUI-64 identifier from a MAC (RFC 4291 appendix A)', () => {
    for (const mac of ['00:1A:2B:3C:4D:5E', '00-1a-2b-3c-4d-5e', '001a.2b3c.4d5e', '001a2b3c4d5e'])
      expect(parseMac(mac)).toBe(0x001a2b3c4d5en);
    expect(parseMac('00:1a:2b:3c:4d')).toBeNull();
    expect(parseMac('00:1a-2b:3c:4d:5e')).toBeNull();
    const e = eui64Address(0x20010db8n << 96n, 0x001a2b3c4d5en);
    expect(e).toEqual({ interfaceId: '021a:2bff:fe3c:4d5e', address: '2001:db8::21a:2bff:fe3c:4d5e' });
    // The universal/local bit is flipped, not set: 02:... becomes 00:...
    expect(eui64Address(0xfe80n << 112n, 0x02005e1000ffn).address).toBe('fe80::5eff:fe10:ff');
  });
});
