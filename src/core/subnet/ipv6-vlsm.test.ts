import { describe, expect, it } from 'vitest';
import { deaggregate6, parseNeeds6, planVlsm6, prefixForNeed6 } from './ipv6-vlsm';
import { parseIpv6 } from './ipv6-parse';

const ip = (s: string) => {
  const p = parseIpv6(s);
  if (!p.ok) throw new Error(p.error);
  return p.value.addr;
};

describe('IPv6 VLSM planning', () => {
  it('parses needs as /64 counts or addresses', () => {
    expect(parseNeeds6('Campus: 256, Lab 4\nServers: 300 addresses, 1')).toEqual({
      needs: [
        { name: 'Campus', amount: 256n, unit: '/64s' },
        { name: 'Lab', amount: 4n, unit: '/64s' },
        { name: 'Servers', amount: 300n, unit: 'addresses' },
        { name: 'Subnet 4', amount: 1n, unit: '/64s' },
      ],
    });
    expect(parseNeeds6('')).toHaveProperty('error');
    expect(parseNeeds6('Lab: many')).toEqual({
      error: '"Lab: many" is not a need (a whole number of /64s, or "n addresses", at least 1)',
    });
    expect(parseNeeds6('0')).toHaveProperty('error');
  });

  it('reads "Campus: 1,000" as one need of 1,000 /64s (it split at the comma), as the IPv4 planner does', () => {
    expect(parseNeeds6('Campus: 1,000, Servers: 1,500 addresses; Lab: 4')).toEqual({
      needs: [
        { name: 'Campus', amount: 1000n, unit: '/64s' },
        { name: 'Servers', amount: 1500n, unit: 'addresses' },
        { name: 'Lab', amount: 4n, unit: '/64s' },
      ],
    });
    expect(parseNeeds6('4,256')).toEqual({
      needs: [
        { name: 'Subnet 1', amount: 4n, unit: '/64s' },
        { name: 'Subnet 2', amount: 256n, unit: '/64s' },
      ],
    });
  });

  it('says "1 /64", not "1 /64s", of a need that does not fit', () => {
    expect(planVlsm6(ip('2001:db8::'), 72, [{ name: 'Lab', amount: 1n, unit: '/64s' }])).toEqual({
      error: 'Lab needs 1 /64: more than a /72 can hold',
    });
    expect(planVlsm6(ip('2001:db8::'), 72, [{ name: 'Lab', amount: 2n, unit: '/64s' }])).toEqual({
      error: 'Lab needs 2 /64s: more than a /72 can hold',
    });
  });

  it('quotes at most a short excerpt of a long need or name', () => {
    const bad = parseNeeds6(`Lab: ${'x'.repeat(100_000)}`);
    expect('error' in bad && bad.error.length).toBeLessThan(140);
    const needs = parseNeeds6(`${'N'.repeat(100_000)}: 1000`);
    if (!('needs' in needs)) throw new Error('needs expected');
    const tooBig = planVlsm6(ip('2001:db8::'), 64, needs.needs);
    expect('error' in tooBig && tooBig.error.length).toBeLessThan(120);
  });

  it('sizes needs to the smallest aligned prefix', () => {
    expect(prefixForNeed6({ name: '', amount: 1n, unit: '/64s' })).toBe(64);
    expect(prefixForNeed6({ name: '', amount: 256n, unit: '/64s' })).toBe(56);
    expect(prefixForNeed6({ name: '', amount: 257n, unit: '/64s' })).toBe(55);
    expect(prefixForNeed6({ name: '', amount: 300n, unit: 'addresses' })).toBe(119);
    expect(prefixForNeed6({ name: '', amount: 1n, unit: 'addresses' })).toBe(128);
  });

  it('allocates largest first and lists the free blocks', () => {
    const needs = parseNeeds6('Lab: 4, Campus: 256, Link: 2 addresses') as { needs: never[] };
    const r = planVlsm6(ip('2001:db8:abcd::'), 48, needs.needs);
    if (!('plan' in r)) throw new Error(r.error);
    expect(r.plan.allocations.map((a) => `${a.name} ${a.network}/${a.prefix}`)).toEqual([
      'Campus 2001:db8:abcd::/56',
      'Lab 2001:db8:abcd:100::/62',
      'Link 2001:db8:abcd:104::/127',
    ]);
    expect(r.plan.free[0]).toBe('2001:db8:abcd:104::2/127');
    expect(r.plan.free.at(-1)).toBe('2001:db8:abcd:8000::/49');
    expect(r.plan.freeAddresses + r.plan.usedAddresses).toBe(1n << 80n);
  });

  it('refuses needs that do not fit', () => {
    expect(planVlsm6(ip('2001:db8::'), 64, [{ name: 'A', amount: 2n, unit: '/64s' }])).toEqual({
      error: 'A needs 2 /64s: more than a /64 can hold',
    });
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `N${i}`, amount: 128n, unit: '/64s' as const }));
    expect(planVlsm6(ip('2001:db8::'), 56, three)).toHaveProperty('error');
  });

  it('deaggregates any range into aligned blocks', () => {
    expect(deaggregate6(0n, (1n << 128n) - 1n)).toEqual(['::/0']);
    expect(deaggregate6(1n, 6n)).toEqual(['::1/128', '::2/127', '::4/127', '::6/128']);
    expect(deaggregate6(2n, 1n)).toEqual([]);
  });
});
