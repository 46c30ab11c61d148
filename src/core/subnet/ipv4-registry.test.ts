/**
 * IPv4 address types and "globally reachable" against tests/fixtures/ipv4/special-cases.json
 * (written by make_special_cases.py from Python's ipaddress): the edges, inside and neighbours of
 * every IANA IPv4 special-purpose block and multicast scope, and random addresses. Where the
 * registry and Python 3.11 differ, the fixture names the block and why (registryWins).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculate, parseIpv4 } from './ipv4';
import { ipv4Details } from './details';
import { ipv4Type } from './ipv4-registry';

type Case = [string, string | null, boolean | null, boolean, boolean, boolean, boolean, boolean, boolean, boolean];
const fixture = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/ipv4/special-cases.json', import.meta.url), 'utf8'),
) as { registryWins: Record<string, string>; cases: Case[] };

describe('IPv4 special-purpose addresses', () => {
  it('names the block and its reachability as the registry does, and as Python outside registryWins', () => {
    expect(fixture.cases.length).toBeGreaterThan(400);
    for (const [
      address,
      block,
      reach,
      isGlobal,
      ,
      isReserved,
      isLoopback,
      isLinkLocal,
      isMulticast,
      isUnspecified,
    ] of fixture.cases) {
      const t = ipv4Type(parseIpv4(address)!);
      const where = `${address} (${block ?? 'no block'})`;
      expect(t.block, where).toBe(block);
      expect(t.globallyReachable, where).toBe(reach);
      if (block === null || !(block in fixture.registryWins)) expect(t.globallyReachable, where).toBe(isGlobal);
      expect(t.kind === 'loopback', where).toBe(isLoopback);
      expect(t.kind === 'link-local', where).toBe(isLinkLocal);
      expect(t.kind === 'multicast', where).toBe(isMulticast);
      expect(t.kind === 'unspecified', where).toBe(isUnspecified);
      expect(t.kind === 'reserved' || t.kind === 'broadcast', where).toBe(isReserved);
    }
  });

  it('the Details rows name the type instead of leaving loopback, CGNAT or documentation addresses unmarked', () => {
    const rows = (text: string) => {
      const c = calculate({ ip: text, mode: 'cidr', cidrText: '', maskText: '' });
      if (!c.ok) throw new Error(c.error);
      return Object.fromEntries(ipv4Details(c.result, text.split('/')[0]!).map(([, f, v]) => [f, v]));
    };
    expect(rows('127.0.0.1/8')).toMatchObject({
      isPrivate: 'No',
      addressType: 'Loopback (RFC 1122) · 127.0.0.0/8',
      globallyReachable: 'no',
    });
    expect(rows('100.64.1.1/10').addressType).toBe('Shared Address Space (CGNAT, RFC 6598) · 100.64.0.0/10');
    expect(rows('203.0.113.9/30')).toMatchObject({
      addressType: 'Documentation (TEST-NET-3, RFC 5737) · 203.0.113.0/24',
      globallyReachable: 'no',
    });
    expect(rows('8.8.8.8/24')).toMatchObject({ addressType: 'Global unicast', globallyReachable: 'yes' });
    expect(rows('192.88.99.1/24').globallyReachable).toBe('N/A');
    expect(rows('10.1.2.3/8')).toMatchObject({
      isPrivate: 'Yes (RFC 1918)',
      addressType: 'Private-Use (RFC 1918) · 10.0.0.0/8',
    });
  });
});
