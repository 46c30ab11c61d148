// IPv6 in the subnet calculator as a network engineer checks it (compared with Python's ipaddress,
// sipcalc, CyberChef and ipcalc), in Debian's Chromium against the real server: input Python
// refuses is refused with a short message, long input never widens the page, a fresh page takes
// /64 for IPv6, and no subnet view scrolls sideways at 375 px.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { ruleViolations, seriousViolations } from '../harness/axe';
import { describeWith } from '../harness/system';

describeWith(['chromium'], 'IPv6 subnet calculator checks (Chromium)', () => {
  const app = useSharedApp();
  let page: Page;
  let errors: string[];

  /** A fresh context (no draft, no link) on /ip-subnet. */
  async function freshPage(width: number) {
    const opened = await openPage(app.browser, { viewport: { width, height: 900 } });
    await opened.page.goto(`${app.url}/ip-subnet`);
    await opened.page.getByRole('heading', { name: 'IP Subnet Calculator', level: 1 }).waitFor();
    return opened;
  }

  beforeAll(async () => {
    ({ page, errors } = await freshPage(1280));
  });
  afterAll(() => expect(errors).toEqual([]));

  const ipBox = (p = page) => p.getByLabel('IP Address');
  const field = (name: string, p = page) => p.locator(`[data-field="${name}"]`).first();
  const banner = (p = page) => p.getByTestId('subnet-error');
  /** Horizontal overflow of the page in px (0 when nothing scrolls sideways). */
  const overflow = (p: Page) =>
    p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('takes /64 for IPv6 typed on a fresh page, says so, and shows no IPv4 mask', async () => {
    await ipBox().fill('2001:db8::1');
    await expect.poll(() => field('network6').textContent()).toBe('2001:db8::/64');
    expect(await page.getByRole('spinbutton', { name: 'CIDR' }).inputValue()).toBe('64');
    expect(await page.getByTestId('subnet-prefix-note').textContent()).toBe(
      'IPv6: /64 (one LAN) until you choose a prefix',
    );
    const mask = page.getByLabel('Subnet Mask');
    expect(await mask.isDisabled()).toBe(true);
    expect(await mask.inputValue()).toBe('ffff:ffff:ffff:ffff::');
    // A chosen prefix stays, and the note goes.
    await page.getByRole('spinbutton', { name: 'CIDR' }).fill('56');
    await expect.poll(() => field('network6').textContent()).toBe('2001:db8::/56');
    expect(await page.getByTestId('subnet-prefix-note').count()).toBe(0);
    expect(await mask.inputValue()).toBe('ffff:ffff:ffff:ff00::');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => mask.inputValue()).toBe('255.255.255.0');
  });

  it("an address's own /prefix goes with it: typing the other family after it takes that family's default", async () => {
    const cidr = page.getByRole('spinbutton', { name: 'CIDR' });
    // It said "CIDR must be between 0 and 32" of an IPv4 address typed after 2001:db8::/48.
    await ipBox().fill('2001:db8::/48');
    await expect.poll(() => field('network6').textContent()).toBe('2001:db8::/48');
    await ipBox().fill('192.168.1.10');
    await expect.poll(() => field('networkAddress').textContent()).toBe('192.168.1.0');
    expect(await cidr.inputValue()).toBe('24');
    expect(await banner().count()).toBe(0);
    // And an IPv6 address typed after 10.0.0.1/8 was a /8.
    await ipBox().fill('10.0.0.1/8');
    await expect.poll(() => field('networkAddress').textContent()).toBe('10.0.0.0');
    await ipBox().fill('2001:db8::1');
    await expect.poll(() => field('network6').textContent()).toBe('2001:db8::/64');
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('shows the prefix box as the one in use for IPv6, also after a mask was typed for IPv4', async () => {
    // It kept "Mask" pressed (and disabled) and "CIDR" unpressed, while the prefix box gave the result.
    const mode = (name: string) =>
      page.getByRole('group', { name: 'Input mode' }).getByRole('button', { name, exact: true });
    await page.getByLabel('Subnet Mask').fill('255.255.0.0');
    await expect.poll(() => mode('Mask').getAttribute('aria-pressed')).toBe('true');
    await ipBox().fill('2001:db8::1');
    await expect.poll(() => field('network6').textContent()).toBe('2001::/16');
    expect(await mode('CIDR').getAttribute('aria-pressed')).toBe('true');
    expect(await mode('Mask').getAttribute('aria-pressed')).toBe('false');
    // Back to IPv4, the mask is in use again.
    await ipBox().fill('10.1.2.3');
    await expect.poll(() => mode('Mask').getAttribute('aria-pressed')).toBe('true');
    expect(await mode('CIDR').getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('names every IANA special-purpose block and shows its "globally reachable" as a badge', async () => {
    for (const [input, type, reach] of [
      ['100::1', 'Discard-only · 100::/64', 'Not globally reachable'],
      ['64:ff9b:1::1', 'Local-use NAT64 · 64:ff9b:1::/48', 'Not globally reachable'],
      ['5f00::1', 'SRv6 SIDs · 5f00::/16', 'Not globally reachable'],
      ['::ffff:0:c000:201', 'IPv4-translated · ::ffff:0:0:0/96 · IPv4 192.0.2.1', 'Globally reachable: N/A'],
      ['3fff::1', 'Documentation · 3fff::/20', 'Not globally reachable'],
      ['2001:2::1', 'Benchmarking · 2001:2::/48', 'Not globally reachable'],
      ['2001:1::1', 'PCP anycast · 2001:1::1/128', 'Globally reachable'],
      ['2a00:1450::1', 'Global unicast · 2000::/3', 'Globally reachable'],
    ]) {
      await ipBox().fill(input!);
      await expect.poll(() => field('type6').textContent(), { message: input }).toBe(type);
      expect(await page.getByTestId('reach6').textContent(), input).toBe(reach);
    }
  });

  it('shows what an address embeds: Teredo, 6to4, multicast, solicited-node, EUI-64 both ways', async () => {
    const section = () => page.getByRole('region', { name: 'Embedded information' });
    const embedded = async () =>
      Object.fromEntries(
        await section()
          .locator('dd')
          .evaluateAll((dds) => dds.map((d) => [d.getAttribute('data-field'), d.textContent])),
      ) as Record<string, string>;
    await ipBox().fill('2001:0:4136:e378:8000:63bf:3fff:fdd2/32');
    await expect.poll(() => field('teredoServer').textContent()).toBe('65.54.227.120');
    expect(await embedded()).toMatchObject({
      teredoClient: '192.0.2.45',
      teredoPort: '40000',
      teredoFlags: '0x8000: cone NAT (C)',
    });
    await ipBox().fill('2002:c000:204:12::1/48');
    await expect.poll(() => field('sixToFourSla').textContent()).toBe('0x0012 (18)');
    expect(await field('sixToFourGateway').textContent()).toBe('192.0.2.4');
    await ipBox().fill('ff02::1:2');
    await expect.poll(() => field('mcastGroup').textContent()).toBe('All DHCP relay agents and servers');
    expect(await field('mcastFlags').textContent()).toBe('R=0 · P=0 · T=0 (well-known)');
    await ipBox().fill('ff3e:30:2001:db8::1');
    await expect.poll(() => field('mcastFlags').textContent()).toBe('R=0 · P=1 (prefix-based) · T=1 (transient)');
    await ipBox().fill('fe80::21a:2bff:fe3c:4d5e');
    await expect.poll(() => field('eui64Mac').textContent()).toBe('00:1a:2b:3c:4d:5e');
    expect(await field('solicitedNode').textContent()).toBe('ff02::1:ff3c:4d5e');
    // A MAC written with one-digit octets.
    await page.getByLabel('MAC address').fill('0:1a:2b:3c:4d:5e');
    await expect.poll(() => field('eui64').textContent()).toBe('021a:2bff:fe3c:4d5e');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('gives the PTR name of the address and every reverse zone of a non-nibble prefix', async () => {
    await ipBox().fill('2001:db8::1/50');
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect
      .poll(() => field('ptrName6').textContent())
      .toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
    expect((await field('reverseZones6').textContent())!.split(' ')).toEqual([
      '0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
      '1.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
      '2.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
      '3.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa',
    ]);
    await page.getByRole('tab', { name: 'Overview' }).click();
  });

  it('keeps a long address in a permalink whole', async () => {
    const ip = `fe80::1%${'z'.repeat(300)}`;
    const linked = await openPage(app.browser, { viewport: { width: 1280, height: 900 } });
    await linked.page.goto(`${app.url}/ip-subnet?ip=${encodeURIComponent(ip)}&prefix=64&tab=overview`);
    await linked.page.getByRole('heading', { name: 'IP Subnet Calculator', level: 1 }).waitFor();
    await expect.poll(() => ipBox(linked.page).inputValue()).toBe(ip);
    expect(linked.errors).toEqual([]);
    await linked.page.context().close();
  });

  it('refuses what Python refuses, naming the problem', async () => {
    for (const [input, message] of [
      ['::1//64', 'Only one "/" is allowed: write the prefix once, as in 2001:db8::/48'],
      ['::1/ /64', 'Only one "/" is allowed: write the prefix once, as in 2001:db8::/48'],
      ['fe80::1%a%b', 'Only one "%" is allowed: the zone after it cannot contain another "%"'],
    ]) {
      await ipBox().fill(input!);
      await expect.poll(() => banner().textContent(), { message: input }).toBe(message);
    }
  });

  it('says of a bad /prefix after a valid address that the prefix is invalid, as IPv4 does', async () => {
    // It said "❌ Invalid IPv6 address · Prefix: /64": the address was fine, and /64 was not in use.
    const status = page.locator('.subnet-status');
    for (const input of ['2001:db8::/129', '2001:db8::1%eth0/']) {
      await ipBox().fill(input);
      await expect.poll(() => banner().textContent(), { message: input }).toBe('Prefix must be between 0 and 128');
      expect(await status.textContent(), input).toBe('✅ Valid IPv6 address · Prefix: invalid');
    }
    await ipBox().fill('2001:zz::/129');
    await expect.poll(() => status.textContent()).toBe('❌ Invalid IPv6 address · Prefix: invalid');
  });

  it("names the typed /prefix beside an invalid address, as IPv4 does, not the prefix box's", async () => {
    // "2001:zz::/48" said "Prefix: /64" (the box's); "10.0.0.300/16" says "Mask: 255.255.0.0 (/16)".
    const status = page.locator('.subnet-status');
    await page.getByRole('spinbutton', { name: 'CIDR' }).fill('64');
    await ipBox().fill('2001:zz::/48');
    await expect.poll(() => status.textContent()).toBe('❌ Invalid IPv6 address · Prefix: /48');
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('quotes a short excerpt of a 100,000-character input and never widens the page', async () => {
    const small = await freshPage(375);
    for (const input of [`${'0'.repeat(100_000)}::1`, `2001:db8::${'g'.repeat(100_000)}`]) {
      await ipBox(small.page).fill(input);
      await expect.poll(() => banner(small.page).count()).toBe(1);
      const text = (await banner(small.page).textContent())!;
      expect(text).toContain('(100,');
      expect(text.length).toBeLessThan(160);
      expect(await overflow(small.page)).toBeLessThanOrEqual(0);
    }
    expect(await seriousViolations(small.page)).toEqual([]);
    expect(small.errors).toEqual([]);
    await small.page.context().close();
  });

  it('never scrolls sideways at 375 px, in any view, IPv6 and IPv4', async () => {
    const small = await freshPage(375);
    // A network written in all 8 groups ("2 subnets of /128 in 2001:db8:abcd:…/127") too.
    const inputs = [
      '2001:db8:abcd:12::1/48',
      'fe80::1%eth0',
      '2001:db8::/127',
      '2001:db8:abcd:1234:5678:9abc:def0:1234/127',
      '10.0.0.0/8',
      '192.168.1.100',
    ];
    for (const input of inputs) {
      await ipBox(small.page).fill(input);
      for (const tab of ['Overview', 'Details', 'Binary', 'Subnets']) {
        await small.page.getByRole('tab', { name: tab }).click();
        await small.page.getByRole('tab', { name: tab, selected: true }).waitFor();
        if (tab === 'Subnets') await small.page.getByRole('region', { name: 'VLSM planner' }).waitFor();
        expect(await overflow(small.page), `${input} ${tab}`).toBeLessThanOrEqual(0);
      }
    }
    expect(await seriousViolations(small.page)).toEqual([]);
    expect(small.errors).toEqual([]);
    await small.page.context().close();
  });

  it("asks a phone for a keyboard with ':', '/' and letters in the IP box, not the decimal pad", async () => {
    // inputmode="decimal" gives a phone digits and "." only: no IPv6, no "/24", no "ip mask".
    const small = await freshPage(375);
    const mode = await ipBox(small.page).getAttribute('inputmode');
    expect(mode === null || mode === 'text' || mode === 'url', `inputmode=${mode}`).toBe(true);
    await small.page.context().close();
  });

  it('has a header text in every table header cell', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('region', { name: 'Subnet size reference' }).waitFor();
    expect(await ruleViolations(page, ['empty-table-header'])).toEqual([]);
    await ipBox().fill('2001:db8::/48');
    await page.getByRole('region', { name: 'IPv6 prefix reference' }).waitFor();
    expect(await ruleViolations(page, ['empty-table-header'])).toEqual([]);
  });
});
