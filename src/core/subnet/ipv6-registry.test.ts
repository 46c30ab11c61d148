/**
 * Address types and "globally reachable" against tests/fixtures/ipv6/registry-cases.json (written
 * by make_registry_cases.py from Python's ipaddress): the edges and inside of every IANA
 * special-purpose block. The calculator follows the registry; where Python 3.11 differs, the
 * fixture names the block and why (registryWins).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ipv6Type } from './ipv6';
import { parseIpv6 } from './ipv6-parse';
import { IANA_IPV6_SPECIAL_REGISTRY_DATE, SPECIAL_REGISTRY } from './ipv6-registry';

const fixture = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/ipv6/registry-cases.json', import.meta.url), 'utf8'),
) as { registryDate: string; fields: string[]; registryWins: Record<string, string>; cases: unknown[][] };

const addr = (text: string) => {
  const p = parseIpv6(text);
  if (!p.ok) throw new Error(p.error);
  return p.value.addr;
};

describe('IANA IPv6 special-purpose registry', () => {
  it('implements the registry of the fixture, every entry', () => {
    expect(IANA_IPV6_SPECIAL_REGISTRY_DATE).toBe(fixture.registryDate);
    expect(SPECIAL_REGISTRY.map((e) => e.block)).toEqual(
      expect.arrayContaining([
        '::1/128',
        '::/128',
        '::ffff:0:0/96',
        '64:ff9b::/96',
        '64:ff9b:1::/48',
        '100::/64',
        '100:0:0:1::/64',
        '2001::/23',
        '2001::/32',
        '2001:1::1/128',
        '2001:1::2/128',
        '2001:1::3/128',
        '2001:2::/48',
        '2001:3::/32',
        '2001:4:112::/48',
        '2001:10::/28',
        '2001:20::/28',
        '2001:30::/28',
        '2001:db8::/32',
        '2002::/16',
        '2620:4f:8000::/48',
        '3fff::/20',
        '5f00::/16',
        'fc00::/7',
        'fe80::/10',
      ]),
    );
  });

  it('classifies every fixture address as the registry says, and is_reserved as Python does', () => {
    const col = (name: string) => fixture.fields.indexOf(name);
    let differFromPython = 0;
    for (const c of fixture.cases) {
      const text = String(c[col('address')]);
      const t = ipv6Type(addr(text));
      const want = {
        type: c[col('type')],
        block: c[col('block')],
        scope: c[col('scope')],
        ipv4: c[col('ipv4')],
        globallyReachable: c[col('globallyReachable')],
        reservedByIetf: c[col('pythonIsReserved')],
      };
      const got = {
        type: t.name,
        block: t.block,
        scope: t.scope ?? '',
        ipv4: t.ipv4 ?? '',
        globallyReachable: t.globallyReachable,
        reservedByIetf: t.reservedByIetf,
      };
      expect(got, text).toEqual(want);
      if (t.globallyReachable !== c[col('pythonIsGlobal')]) differFromPython++;
    }
    expect(fixture.cases.length).toBeGreaterThan(400);
    // Python 3.11 and the registry do differ (newer entries, 2001::/23 exceptions): see registryWins.
    expect(differFromPython).toBeGreaterThan(0);
  });

  it.each([
    ['100::1', 'Discard-only', '100::/64', false],
    ['64:ff9b:1::1', 'Local-use NAT64', '64:ff9b:1::/48', false],
    ['5f00::1', 'SRv6 SIDs', '5f00::/16', false],
    ['::ffff:0:c000:201', 'IPv4-translated', '::ffff:0:0:0/96', null],
    ['3fff::1', 'Documentation', '3fff::/20', false],
    ['2001:2::1', 'Benchmarking', '2001:2::/48', false],
    ['2001:1::1', 'PCP anycast', '2001:1::1/128', true],
    ['2001:1::4', 'IETF protocol assignments', '2001::/23', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo', '2001::/32', null],
    ['2620:4f:8000::1', 'AS112 direct delegation', '2620:4f:8000::/48', true],
    ['100:0:0:1::1', 'Dummy prefix', '100:0:0:1::/64', false],
    ['2a00::1', 'Global unicast', '2000::/3', true],
    ['ff02::1', 'Multicast', 'ff00::/8', false],
    ['ff0e::1', 'Multicast', 'ff00::/8', true],
    ['4000::1', 'Reserved by IETF', '4000::/3', null],
  ])('%s is %s (%s), globally reachable %s', (text, name, block, reachable) => {
    expect(ipv6Type(addr(text))).toMatchObject({ name, block, globallyReachable: reachable });
  });
});
