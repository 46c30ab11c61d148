/** The calculator's input rules: CIDR and mask kept in sync, IP box suffixes, mode, reset. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useSubnetStore } from './store';
import { EXAMPLES } from './examples';

const state = () => useSubnetStore.getState();

describe('subnet store', () => {
  beforeEach(() => state().reset());

  it('changing CIDR updates the mask; a valid mask updates CIDR; invalid values leave the other alone', () => {
    state().setCidrText('20');
    expect(state()).toMatchObject({ cidrText: '20', maskText: '255.255.240.0', mode: 'cidr' });
    state().setCidrText('40');
    expect(state()).toMatchObject({ cidrText: '40', maskText: '255.255.240.0' });
    state().setMaskText('255.255.255.252');
    expect(state()).toMatchObject({ maskText: '255.255.255.252', cidrText: '30', mode: 'mask' });
    state().setMaskText('255.0.255.0');
    expect(state()).toMatchObject({ maskText: '255.0.255.0', cidrText: '30', mode: 'mask' });
  });

  it('"ip mask" and "ip/cidr" in the IP box set both fields; editing CIDR then drops the suffix', () => {
    state().setIp('10.0.0.1 255.255.0.0');
    expect(state()).toMatchObject({ ip: '10.0.0.1 255.255.0.0', cidrText: '16', maskText: '255.255.0.0' });
    state().setCidrText('12');
    expect(state()).toMatchObject({ ip: '10.0.0.1', cidrText: '12', maskText: '255.240.0.0' });
    state().setIp('10.0.0.1/8');
    state().setMaskText('255.255.255.0');
    expect(state()).toMatchObject({ ip: '10.0.0.1', cidrText: '24' });
  });

  it('examples load an address and prefix; reset returns to 192.168.1.100 /24, cidr mode, overview tab', () => {
    state().setTab('subnets');
    state().setMode('mask');
    state().loadExample(EXAMPLES.find((e) => e.id === 'small')!);
    expect(state()).toMatchObject({ ip: '192.168.10.37', cidrText: '28', maskText: '255.255.255.240', mode: 'cidr' });
    state().reset();
    expect(state()).toMatchObject({
      ip: '192.168.1.100',
      cidrText: '24',
      maskText: '255.255.255.0',
      mode: 'cidr',
      tab: 'overview',
    });
  });

  it('IPv6: an inline /prefix sets the prefix box (mask left alone); editing the prefix drops it', () => {
    state().setIp('2001:db8::1%eth0/48');
    expect(state()).toMatchObject({ ip: '2001:db8::1%eth0/48', cidrText: '48', maskText: '255.255.255.0' });
    state().setCidrText('64');
    expect(state()).toMatchObject({ ip: '2001:db8::1%eth0', cidrText: '64', maskText: '255.255.255.0' });
    state().setIp('2001:db8::/129');
    expect(state()).toMatchObject({ ip: '2001:db8::/129', cidrText: '64' });
    state().loadExample(EXAMPLES.find((e) => e.id === 'ipv6-site')!);
    expect(state()).toMatchObject({ ip: '2001:db8:abcd::', cidrText: '48', maskText: '255.255.255.0' });
    state().restore({ ip: '2001:db8::/56', cidrText: '56', tab: 'subnets' });
    expect(state()).toMatchObject({ ip: '2001:db8::/56', cidrText: '56', tab: 'subnets', mode: 'cidr' });
  });

  it('IPv6 typed on a fresh page takes /64 (not the IPv4 /24) until a prefix is chosen', () => {
    for (const text of ['2', '2001', '2001:', '2001:db8::1']) state().setIp(text);
    expect(state()).toMatchObject({ ip: '2001:db8::1', cidrText: '64', prefixChosen: false });
    // Back to IPv4 without a choice: /24 again.
    state().setIp('10.0.0.1');
    expect(state()).toMatchObject({ cidrText: '24', maskText: '255.255.255.0' });
    // A chosen prefix stays when the family changes.
    state().setCidrText('20');
    state().setIp('2001:db8::1');
    expect(state()).toMatchObject({ cidrText: '20', prefixChosen: true });
    state().reset();
    state().loadExample(EXAMPLES.find((e) => e.id === 'small')!);
    state().setIp('fe80::1');
    expect(state()).toMatchObject({ cidrText: '64' });
    state().reset();
    state().restore({ ip: '2001:db8::1' });
    expect(state()).toMatchObject({ ip: '2001:db8::1', cidrText: '64' });
  });

  it("an address's inline prefix goes with it: the other family typed after it takes its default", () => {
    state().setIp('2001:db8::/48');
    for (const text of ['1', '192.168.1.10']) state().setIp(text);
    expect(state()).toMatchObject({ ip: '192.168.1.10', cidrText: '24', maskText: '255.255.255.0' });
    state().setIp('10.0.0.1/8');
    state().setIp('2001:db8::1');
    expect(state()).toMatchObject({ cidrText: '64', prefixChosen: false });
    // A shared link of such an address ("?ip=2001:db8::/48&prefix=48") too.
    state().reset();
    state().restore({ ip: '2001:db8::/48', cidrText: '48' });
    state().setIp('10.0.0.1');
    expect(state()).toMatchObject({ cidrText: '24', prefixChosen: false });
    // Once the prefix box took over from the suffix, the prefix is the user's and stays.
    state().setIp('10.0.0.1/8');
    state().setCidrText('20');
    state().setIp('2001:db8::1');
    expect(state()).toMatchObject({ cidrText: '20', prefixChosen: true });
  });

  it("a shared link sets the mask with the prefix, so the Mask field and the Mask toggle keep the link's network", () => {
    state().setMaskText('255.255.255.252');
    state().restore({ ip: '10.1.2.3', cidrText: '16', tab: 'details' });
    expect(state()).toMatchObject({ ip: '10.1.2.3', cidrText: '16', maskText: '255.255.0.0', mode: 'cidr' });
    // A link whose prefix is not a number 0..32 leaves the mask alone (the page shows the CIDR message).
    state().restore({ ip: '10.1.2.3', cidrText: '40' });
    expect(state()).toMatchObject({ cidrText: '40', maskText: '255.255.0.0' });
    // From an IPv6 page (whose default /64 was never chosen), the link's IPv4 prefix still sets the mask.
    state().reset();
    state().setIp('2001:db8::1');
    state().restore({ ip: '192.0.2.7', cidrText: '28' });
    expect(state()).toMatchObject({ cidrText: '28', maskText: '255.255.255.240' });
    // An inline mask in the address wins, as it wins in the result.
    state().restore({ ip: '10.1.2.3 255.0.0.0', cidrText: '8' });
    expect(state()).toMatchObject({ cidrText: '8', maskText: '255.0.0.0' });
  });

  it("a link's split goes to its address family's list, and its host list to the IPv4 list", () => {
    useSubnetStore.setState({ childCidr: null, childPrefix6: null, listKind: 'subnets' });
    state().restore({ ip: '10.0.0.0', cidrText: '8', tab: 'subnets', split: 24, listKind: 'hosts' });
    expect(state()).toMatchObject({ childCidr: 24, childPrefix6: null, listKind: 'hosts', tab: 'subnets' });
    state().restore({ ip: '2001:db8::', cidrText: '48', tab: 'subnets', split: 64 });
    expect(state()).toMatchObject({ childCidr: 24, childPrefix6: 64 });
  });
});
