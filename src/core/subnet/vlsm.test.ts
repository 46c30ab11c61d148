import { describe, expect, it } from 'vitest';
import { deaggregate, parseNeeds, planVlsm, prefixForHosts } from './vlsm';
import { parseIpv4 } from './ipv4';

describe('VLSM planning', () => {
  it('parses named and unnamed needs', () => {
    expect(parseNeeds('Sales: 50, Lab 20\n10')).toEqual({
      needs: [
        { name: 'Sales', hosts: 50 },
        { name: 'Lab', hosts: 20 },
        { name: 'Subnet 3', hosts: 10 },
      ],
    });
    expect(parseNeeds('')).toHaveProperty('error');
    expect(parseNeeds('Sales: lots')).toEqual({
      error: '"Sales: lots" is not a host count (a whole number of at least 1)',
    });
    expect(parseNeeds('0')).toHaveProperty('error');
  });

  it('takes a count followed by "hosts", as the IPv6 planner takes "addresses" (it said "not a host count")', () => {
    expect(parseNeeds('Sales: 50 hosts, Lab 20 Hosts\nLink: 1 host')).toEqual({
      needs: [
        { name: 'Sales', hosts: 50 },
        { name: 'Lab', hosts: 20 },
        { name: 'Link', hosts: 1 },
      ],
    });
    expect(parseNeeds('Sales: 50 users')).toHaveProperty('error');
  });

  it('reads "Campus: 1,000" as one count of 1,000 (it split at the comma), and commas between needs still separate', () => {
    expect(parseNeeds('Campus: 1,000, Lab: 20\nBig: 1,048,574 hosts')).toEqual({
      needs: [
        { name: 'Campus', hosts: 1000 },
        { name: 'Lab', hosts: 20 },
        { name: 'Big', hosts: 1_048_574 },
      ],
    });
    // Only after "Name:", and only groups of exactly three digits: these are lists, as before.
    expect(parseNeeds('10,200')).toEqual({
      needs: [
        { name: 'Subnet 1', hosts: 10 },
        { name: 'Subnet 2', hosts: 200 },
      ],
    });
    expect(parseNeeds('A: 10,20,B: 30')).toEqual({
      needs: [
        { name: 'A', hosts: 10 },
        { name: 'Subnet 2', hosts: 20 },
        { name: 'B', hosts: 30 },
      ],
    });
    expect(parseNeeds('A: 1,0000')).toEqual({ error: '"0000" is not a host count (a whole number of at least 1)' });
  });

  it('quotes at most a short excerpt of a long need or name', () => {
    const bad = parseNeeds(`Sales: ${'x'.repeat(100_000)}`);
    expect(bad).toEqual({
      error: `"Sales: ${'x'.repeat(33)}…" (100,007 characters) is not a host count (a whole number of at least 1)`,
    });
    const needs = parseNeeds(`${'N'.repeat(100_000)}: 300`);
    if (!('needs' in needs)) throw new Error('needs expected');
    const tooBig = planVlsm(parseIpv4('10.0.0.0')!, 24, needs.needs);
    expect('error' in tooBig && tooBig.error.length).toBeLessThan(120);
  });

  it('chooses the smallest block whose usable hosts cover the need', () => {
    expect(prefixForHosts(1)).toBe(30);
    expect(prefixForHosts(2)).toBe(30);
    expect(prefixForHosts(3)).toBe(29);
    expect(prefixForHosts(254)).toBe(24);
    expect(prefixForHosts(255)).toBe(23);
    expect(prefixForHosts(2 ** 31 - 2)).toBe(1);
    expect(prefixForHosts(2 ** 31)).toBe(0);
    expect(prefixForHosts(2 ** 32 - 2)).toBe(0);
    expect(prefixForHosts(2 ** 32 - 1)).toBeNull();
  });

  it('plans a need of more than 2^31 hosts as the whole /0, and says a /1 cannot hold it', () => {
    const r = planVlsm(0, 0, [{ name: 'All', hosts: 3_000_000_000 }]);
    expect('plan' in r && r.plan.allocations[0]).toMatchObject({
      cidr: 0,
      network: '0.0.0.0',
      firstHost: '0.0.0.1',
      lastHost: '255.255.255.254',
      broadcast: '255.255.255.255',
      usable: 2 ** 32 - 2,
      spare: 2 ** 32 - 2 - 3_000_000_000,
    });
    expect(planVlsm(0, 1, [{ name: 'All', hosts: 3_000_000_000 }])).toEqual({
      error: 'All needs 3,000,000,000 hosts: more than a /1 can hold',
    });
    expect(planVlsm(0, 0, [{ name: 'All', hosts: 2 ** 32 - 1 }])).toEqual({
      error: 'All needs 4,294,967,295 hosts: more than a /0 can hold',
    });
  });

  it('allocates largest first from the network start and lists the rest as CIDR blocks', () => {
    const r = planVlsm(parseIpv4('192.168.1.0')!, 24, [
      { name: 'A', hosts: 10 },
      { name: 'B', hosts: 100 },
      { name: 'C', hosts: 50 },
      { name: 'D', hosts: 2 },
    ]);
    if (!('plan' in r)) throw new Error(r.error);
    expect(
      r.plan.allocations.map((a) => [
        a.name,
        `${a.network}/${a.cidr}`,
        a.firstHost,
        a.lastHost,
        a.broadcast,
        a.usable,
        a.spare,
      ]),
    ).toEqual([
      ['B', '192.168.1.0/25', '192.168.1.1', '192.168.1.126', '192.168.1.127', 126, 26],
      ['C', '192.168.1.128/26', '192.168.1.129', '192.168.1.190', '192.168.1.191', 62, 12],
      ['A', '192.168.1.192/28', '192.168.1.193', '192.168.1.206', '192.168.1.207', 14, 4],
      ['D', '192.168.1.208/30', '192.168.1.209', '192.168.1.210', '192.168.1.211', 2, 0],
    ]);
    expect(r.plan.free).toEqual(['192.168.1.212/30', '192.168.1.216/29', '192.168.1.224/27']);
    expect(r.plan.freeAddresses).toBe(44);
  });

  it('reports needs that do not fit', () => {
    expect(planVlsm(parseIpv4('10.0.0.0')!, 24, [{ name: 'Big', hosts: 300 }])).toEqual({
      error: 'Big needs 300 hosts: more than a /24 can hold',
    });
    // One host, not "1 hosts".
    expect(planVlsm(parseIpv4('10.0.0.0')!, 31, [{ name: 'Loopback', hosts: 1 }])).toEqual({
      error: 'Loopback needs 1 host: more than a /31 can hold',
    });
    expect(
      planVlsm(parseIpv4('10.0.0.0')!, 24, [
        { name: 'A', hosts: 200 },
        { name: 'B', hosts: 200 },
      ]),
    ).toEqual({
      error: 'Not enough space: the subnets need 512 addresses, /24 has 256',
    });
  });

  it('deaggregates arbitrary ranges, including the whole space', () => {
    expect(deaggregate(0, 2 ** 32 - 1)).toEqual(['0.0.0.0/0']);
    expect(deaggregate(parseIpv4('10.0.0.1')!, parseIpv4('10.0.0.6')!)).toEqual([
      '10.0.0.1/32',
      '10.0.0.2/31',
      '10.0.0.4/31',
      '10.0.0.6/32',
    ]);
    expect(deaggregate(5, 4)).toEqual([]);
  });
});
