import { describe, expect, it } from 'vitest';
import { calculate, parseIpv4 } from '../../core/subnet/ipv4';
import { bareIp, defaultChildCidr, exportFileName, invalidInputs, statusText, summaryText } from './logic';

const inputs = { ip: '192.168.1.100', mode: 'cidr', cidrText: '24', maskText: '255.255.255.0' } as const;

describe('subnet page logic', () => {
  it('states whether the IP is valid, with the mask of the field in use', () => {
    expect(statusText(inputs)).toBe('✅ Valid IP address · Mask: 255.255.255.0 (/24)');
    expect(statusText({ ...inputs, ip: '300.1.1.1' })).toBe('❌ Invalid IP address · Mask: 255.255.255.0 (/24)');
    const mask = { ...inputs, mode: 'mask' } as const;
    expect(statusText({ ...mask, maskText: '255.255.240.0' })).toBe('✅ Valid IP address · Mask: 255.255.240.0 (/20)');
    expect(statusText({ ...mask, maskText: '255.0.255.0' })).toBe('✅ Valid IP address · Mask: invalid');
    // A bad suffix typed in the IP box is the mask in use (the box below still held /24).
    expect(statusText({ ...inputs, ip: '10.0.0.1/33' })).toBe('✅ Valid IP address · Mask: invalid');
    expect(statusText({ ...inputs, ip: '10.0.0.1 255.0.255.0' })).toBe('✅ Valid IP address · Mask: invalid');
    expect(statusText({ ...inputs, ip: '10.0.0.1/16' })).toBe('✅ Valid IP address · Mask: 255.255.0.0 (/16)');
    expect(statusText({ ...inputs, ip: '10.0.0.1/8' })).toBe('✅ Valid IP address · Mask: 255.0.0.0 (/8)');
  });

  it('names the inputs the status line reports as invalid (marked and pointed at the line)', () => {
    const none = { ip: false, cidr: false, mask: false };
    expect(invalidInputs(inputs)).toEqual(none);
    expect(invalidInputs({ ...inputs, ip: '300.1.1.1' })).toEqual({ ...none, ip: true });
    expect(invalidInputs({ ...inputs, cidrText: '40' })).toEqual({ ...none, cidr: true });
    const mask = { ...inputs, mode: 'mask' } as const;
    expect(invalidInputs({ ...mask, maskText: '255.0.255.0' })).toEqual({ ...none, mask: true });
    // The IP box's own suffix is the mask in use: the box is wrong, not the field below it.
    expect(invalidInputs({ ...inputs, ip: '10.0.0.1/33' })).toEqual({ ...none, ip: true });
    expect(invalidInputs({ ...inputs, ip: '10.0.0.1/16', cidrText: '40' })).toEqual(none);
    expect(invalidInputs({ ...inputs, ip: '2001:db8::1', cidrText: '129' })).toEqual({ ...none, cidr: true });
    expect(invalidInputs({ ...inputs, ip: '2001:db8::/48', cidrText: '129' })).toEqual(none);
    expect(invalidInputs({ ...inputs, ip: '2001:db8:::1' })).toEqual({ ...none, ip: true });
  });

  it('copies a summary of the result', () => {
    const calc = calculate(inputs);
    if (!calc.ok) throw new Error(calc.error);
    const text = summaryText(calc.result, '192.168.1.100');
    expect(text.split('\n')).toEqual([
      'IP address: 192.168.1.100',
      'Network: 192.168.1.0/24',
      'Broadcast: 192.168.1.255',
      'First host: 192.168.1.1',
      'Last host: 192.168.1.254',
      'Total hosts: 256',
      'Usable hosts: 254',
      'Subnet mask: 255.255.255.0',
      'Wildcard mask: 0.0.0.255',
      'Class: C',
      'Private: yes',
      'Address type: Private-Use (RFC 1918) · 192.168.0.0/16',
    ]);
    // Counts are copied grouped, as the Overview shows them (and as the IPv6 summary copies them).
    const big = calculate({ ...inputs, ip: '10.20.30.40', cidrText: '8' });
    if (!big.ok) throw new Error(big.error);
    const lines = summaryText(big.result, '10.20.30.40').split('\n');
    expect(lines.filter((l) => l.includes('hosts:'))).toEqual(['Total hosts: 16,777,216', 'Usable hosts: 16,777,214']);
  });

  it('drops an inline "/n" or mask from the IP box', () => {
    expect(bareIp('10.0.0.1/16')).toBe('10.0.0.1');
    expect(bareIp('10.0.0.1 255.255.0.0')).toBe('10.0.0.1');
    expect(bareIp(' 10.0.0.1 ')).toBe(' 10.0.0.1 ');
  });

  it('lists /24s of large networks, else 4 subnets, by default', () => {
    expect([8, 21, 22, 30, 31, 32].map(defaultChildCidr)).toEqual([24, 24, 24, 32, 32, 32]);
  });

  it('names exports after the network, the list kind and the format', () => {
    const network = parseIpv4('10.1.2.3')!;
    expect(exportFileName({ kind: 'hosts', network, cidr: 8, childCidr: 8 }, 'text')).toBe('hosts-10.0.0.0-8.txt');
    const subnets = exportFileName({ kind: 'subnets', network, cidr: 8, childCidr: 24 }, 'csv');
    expect(subnets).toBe('subnets-10.0.0.0-8-as-24.csv');
  });
});
