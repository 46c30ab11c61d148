// IPv6 in the IP subnet calculator, in Debian's Chromium against the real server (issue 18): the
// results of a /48, the messages of malformed input, the /48 -> /64 split (first, last and a
// random row, jump by row and by address), its export compared line by line with an independent
// rule, URL state restored in a fresh page, a 2^128-row list, VLSM, and axe on every IPv6 view.
import { allViolations } from '../harness/axe';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { describeWith } from '../harness/system';
import { testRandom } from '../cases/seed';

/** Row i (0-based) of 2001:db8:abcd::/48 split into /64s, by hand: the fourth group is i in hex. */
const row64 = (i: number) => (i === 0 ? '2001:db8:abcd::' : `2001:db8:abcd:${i.toString(16)}::`);

async function compareLines(download: Download, want: (i: number) => string) {
  const rl = createInterface({ input: createReadStream(await download.path()), crlfDelay: Infinity });
  let count = 0;
  let mismatch = '';
  rl.on('line', (line) => {
    if (!mismatch && line !== want(count)) mismatch = `line ${count + 1}: ${line} != ${want(count)}`;
    count++;
  });
  await once(rl, 'close');
  return { count, mismatch };
}

describeWith(['chromium'], 'IPv6 in the subnet calculator (Chromium)', () => {
  const app = useSharedApp();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await openPage(app.browser, { viewport: { width: 1280, height: 900 } }));
    await page.goto(`${app.url}/ip-subnet`);
    await page.getByRole('heading', { name: 'IP Subnet Calculator', level: 1 }).waitFor();
  });

  const ipBox = () => page.getByLabel('IP Address');
  const cidrBox = () => page.getByRole('spinbutton', { name: 'CIDR' });
  const field = (name: string) => page.locator(`[data-field="${name}"]`).first();
  const banner = () => page.getByTestId('subnet-error');
  const table = () => page.getByRole('table', { name: 'Subnets', exact: true });
  const highlighted = () => table().locator('.vt-highlight').getByRole('cell').allTextContents();

  it('switches to IPv6 for any RFC 4291 form and shows the exact results of a /48', async () => {
    await ipBox().fill('2001:DB8:ABCD:0012:0000:0000:0000:0001%eth0/48');
    await expect.poll(() => field('network6').textContent()).toBe('2001:db8:abcd::/48');
    expect(await cidrBox().inputValue()).toBe('48');
    expect(await page.getByRole('slider', { name: 'CIDR slider' }).getAttribute('max')).toBe('128');
    expect(await page.locator('.subnet-status').textContent()).toBe('✅ Valid IPv6 address · Prefix: /48');
    expect(await field('last6').textContent()).toBe('2001:db8:abcd:ffff:ffff:ffff:ffff:ffff');
    expect(await field('count6').textContent()).toBe('1,208,925,819,614,629,174,706,176 (2^80)');
    expect(await field('count64').textContent()).toBe('65,536');
    expect(await field('type6').textContent()).toBe('Documentation · 2001:db8::/32');
    expect(await field('zone6').textContent()).toContain('%eth0');
    expect(await field('eui64').textContent()).toBe('021a:2bff:fe3c:4d5e');
    await page.getByLabel('MAC address').fill('00:1a:2b');
    expect(
      await page.getByRole('region', { name: 'EUI-64 interface identifier' }).getByRole('alert').textContent(),
    ).toBe('Invalid MAC address: use six hex bytes, e.g. 00:1a:2b:3c:4d:5e');
    await page.getByLabel('MAC address').fill('00:1a:2b:3c:4d:5e');
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect.poll(() => field('cidrFull6').textContent()).toBe('2001:0db8:abcd:0000:0000:0000:0000:0000/48');
    await expect.poll(() => field('address6').textContent()).toBe('2001:db8:abcd:12::1');
    await expect.poll(() => field('reverseZone6').textContent()).toBe('d.c.b.a.8.b.d.0.1.0.0.2.ip6.arpa');
    // The row's label says what it is: its value is the answer, as on IPv4 (it was "Not globally reachable").
    expect(await field('reach6d').textContent()).toBe('no');
    await page.getByRole('tab', { name: 'Binary' }).click();
    await expect
      .poll(() => field('maskBinary6').getAttribute('aria-label'))
      .toBe('1111111111111111:1111111111111111:1111111111111111:' + Array(5).fill('0'.repeat(16)).join(':'));
    expect(await allViolations(page)).toEqual([]);
  });

  it('names what is wrong in malformed input, never a crash', async () => {
    for (const [input, message] of [
      ['1:2:3:4:5:6:7:8:9', 'Too many groups: an IPv6 address has at most 8 groups of hex digits'],
      ['2001:db8::12345', 'Group "12345" has more than 4 hex digits'],
      ['1::2::3', 'Only one "::" is allowed in an IPv6 address'],
      ['::ffff:192.0.2.300', 'Bad embedded IPv4 address "192.0.2.300" (it must be 4 numbers 0-255, last)'],
      ['2001:db8::/129', 'Prefix must be between 0 and 128'],
    ]) {
      await ipBox().fill(input!);
      await expect.poll(() => banner().textContent(), { message: input }).toBe(message);
      expect(await banner().getAttribute('role')).toBe('alert');
    }
    // The inline "/129" is out of range: the address is valid, the prefix in use is not (as IPv4's
    // "10.0.0.1/33"); it said "❌ Invalid IPv6 address · Prefix: /48", the box's prefix, not in use.
    expect(await page.locator('.subnet-status').textContent()).toBe('✅ Valid IPv6 address · Prefix: invalid');
    // A mask typed as for IPv4: the length it means, and a valid address with an invalid prefix
    // (until 2026-12-02 'Only one "::" is allowed in an IPv6 address' and "Invalid IPv6 address").
    await ipBox().fill('2001:db8::1 ffff:ffff:ffff::');
    await expect
      .poll(() => banner().textContent())
      .toBe('IPv6 takes a prefix length, not a mask: for "ffff:ffff:ffff::" write /48');
    expect(await page.locator('.subnet-status').textContent()).toBe('✅ Valid IPv6 address · Prefix: invalid');
  });

  it('splits a /48 into its 65,536 /64s: first, last and a random row, by row and by address', async () => {
    await ipBox().fill('2001:db8:abcd:12::/48');
    await page.getByRole('tab', { name: 'Subnets' }).click();
    await expect.poll(() => page.getByLabel('Split into').inputValue()).toBe('64');
    await expect
      .poll(() => page.getByTestId('list-summary').textContent())
      .toBe('65,536 subnets of /64 in 2001:db8:abcd::/48');
    await expect.poll(() => table().getAttribute('aria-rowcount')).toBe('65537');
    await expect
      .poll(() => table().getByRole('row').nth(1).getByRole('cell').allTextContents())
      .toEqual(['1', '2001:db8:abcd::/64', '2001:db8:abcd::', '2001:db8:abcd:0:ffff:ffff:ffff:ffff']);
    const jump = async (text: string) => {
      await page.getByLabel('Jump to row or address').fill(text);
      await page.getByRole('button', { name: 'Go' }).click();
    };
    await jump('65536');
    await expect
      .poll(highlighted)
      .toEqual(['65,536', '2001:db8:abcd:ffff::/64', '2001:db8:abcd:ffff::', '2001:db8:abcd:ffff:ffff:ffff:ffff:ffff']);
    const i = Math.floor(testRandom()() * 65_536);
    await jump(`2001:db8:abcd:${i.toString(16)}:1234::5`);
    await expect
      .poll(highlighted)
      .toEqual([(i + 1).toLocaleString('en-US'), `${row64(i)}/64`, row64(i), expect.any(String)]);
    await jump(String(i + 1));
    await expect.poll(async () => (await highlighted())[1]).toBe(`${row64(i)}/64`);
    await jump('2001:db8:abce::');
    await expect
      .poll(() => page.getByRole('search').getByRole('alert').textContent())
      .toBe('2001:db8:abce:: is not in this list');
    // A bad prefix is named, as on the IPv4 tab (it was dropped, and the jump made).
    await jump('2001:db8:abcd:1::/129');
    await expect
      .poll(() => page.getByRole('search').getByRole('alert').textContent())
      .toBe('Prefix must be between 0 and 128');
    expect(await allViolations(page)).toEqual([]);
  });

  it('exports the 65,536 /64s as text from the worker, identical line by line', { timeout: 120_000 }, async () => {
    await page.getByLabel('Export format').selectOption('text');
    await expect.poll(() => page.getByText('Exports are limited to 16,777,216 rows.').count()).toBe(1);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export 65,536 rows' }).click();
    const download = await downloadPromise;
    // "::" as "--", closed by a 0 (it was subnets-2001-db8-abcd---48-as-64.txt).
    expect(download.suggestedFilename()).toBe('subnets-2001-db8-abcd--0-48-as-64.txt');
    expect(await compareLines(download, (i) => `${row64(i)}/64`)).toEqual({ count: 65_536, mismatch: '' });
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Exported' }).textContent())
      .toMatch(/^✅ Exported 65,536 rows/);
  });

  it('writes IPv4-mapped addresses with a dotted IPv4 tail (RFC 5952 section 5): results, list and export', async () => {
    await ipBox().fill('::ffff:a01:203/120');
    // The tests before leave the page on another tab.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => field('network6').textContent()).toBe('::ffff:10.1.2.0/120');
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect.poll(() => field('address6').textContent()).toBe('::ffff:10.1.2.3');
    await expect.poll(() => field('addressFull6').textContent()).toBe('0000:0000:0000:0000:0000:ffff:0a01:0203');
    await ipBox().fill('::ffff:10.1.0.0/112');
    await page.getByRole('tab', { name: 'Subnets' }).click();
    await page.getByLabel('Split into').selectOption('120');
    await expect
      .poll(() => page.getByTestId('list-summary').textContent())
      .toBe('256 subnets of /120 in ::ffff:10.1.0.0/112');
    expect(await table().getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      '1',
      '::ffff:10.1.0.0/120',
      '::ffff:10.1.0.0',
      '::ffff:10.1.0.255',
    ]);
    await page.getByLabel('Export format').selectOption('text');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export 256 rows' }).click();
    expect(await compareLines(await downloadPromise, (i) => `::ffff:10.1.${i}.0/120`)).toEqual({
      count: 256,
      mismatch: '',
    });
  });

  it('cancels a 16,777,216-row export (the limit) and refuses one row more', async () => {
    await ipBox().fill('2001:db8:ab00::/40');
    await page.getByLabel('Split into').selectOption('64');
    await page.getByRole('button', { name: 'Export 16,777,216 rows' }).click();
    await page.getByRole('group', { name: 'Exporting' }).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('.status-line').filter({ hasText: 'Export cancelled' }).count()).toBe(1);
    await page.getByLabel('Split into').selectOption('65');
    await expect.poll(() => page.getByRole('button', { name: 'Export 33,554,432 rows' }).isDisabled()).toBe(true);
    expect(
      await page
        .getByText('Exports are limited to 16,777,216 rows; choose a shorter split (a smaller prefix) to export.')
        .count(),
    ).toBe(1);
    // Back to the /48 the URL test expects.
    await ipBox().fill('2001:db8:abcd:12::/48');
    await page.getByLabel('Split into').selectOption('64');
  });

  it('restores address, prefix and tab from the URL in a fresh page', async () => {
    // The page's own address, written as the last test's edits were drawn: page.url() hears of it later.
    const url = await page.evaluate(() => location.href);
    expect(new URL(url).searchParams.get('tab')).toBe('subnets');
    const fresh = await openPage(app.browser, { viewport: { width: 1280, height: 900 } });
    await fresh.page.goto(url);
    await fresh.page.getByTestId('list-summary').waitFor();
    expect(await fresh.page.getByLabel('IP Address').inputValue()).toBe('2001:db8:abcd:12::/48');
    expect(await fresh.page.getByRole('spinbutton', { name: 'CIDR' }).inputValue()).toBe('48');
    expect(await fresh.page.getByRole('tab', { name: 'Subnets' }).getAttribute('aria-selected')).toBe('true');
    expect(await fresh.page.getByTestId('list-summary').textContent()).toBe(
      '65,536 subnets of /64 in 2001:db8:abcd::/48',
    );
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();
  });

  it('lists the 2^128 /128s of ::/0 exactly and jumps to the last one', async () => {
    await ipBox().fill('::/0');
    await page.getByLabel('Split into').selectOption('128');
    await expect
      .poll(() => page.getByTestId('list-summary').textContent())
      .toBe(
        '340,282,366,920,938,463,463,374,607,431,768,211,456 subnets of /128 in ::/0 (rows 1 to 4,294,967,296 shown; jump to a row or an address to see others)',
      );
    expect(await page.getByRole('button', { name: /^Export 340,282/ }).isDisabled()).toBe(true);
    await page.getByLabel('Jump to row or address').fill('340282366920938463463374607431768211456');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect
      .poll(highlighted)
      .toEqual([
        '340,282,366,920,938,463,463,374,607,431,768,211,456',
        'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128',
        'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
        'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      ]);
  });

  it('plans IPv6 VLSM largest first and lists the free blocks', async () => {
    await ipBox().fill('2001:db8:abcd::/48');
    await page.getByLabel(/Needs per segment/).fill('Lab: 4, Campus: 256, Link: 2 addresses');
    const rows = page.getByRole('table', { name: 'VLSM allocations' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([
      'Campus',
      '256 /64s',
      '2001:db8:abcd::/56',
      '2001:db8:abcd:ff:ffff:ffff:ffff:ffff',
      '256',
    ]);
    expect(await rows.nth(2).locator('td').nth(2).textContent()).toBe('2001:db8:abcd:104::/127');
    expect(await page.getByTestId('vlsm-free').textContent()).toMatch(
      /^Free: [\d,]+ addresses in \d+ blocks: 2001:db8:abcd:104::2\/127, /,
    );
    // A thousands separator inside a count is not a list separator (it made "Campus: 1" and "000").
    await page.getByLabel(/Needs per segment/).fill('Campus: 1,000, Lab: 4');
    await expect.poll(() => rows.nth(0).locator('td').nth(1).textContent()).toBe('1,000 /64s');
    expect(await rows.count()).toBe(2);
    await page.getByLabel(/Needs per segment/).fill('Huge: 70000');
    await expect
      .poll(() => page.getByRole('region', { name: 'VLSM planner' }).getByRole('alert').textContent())
      .toBe('Huge needs 70,000 /64s: more than a /48 can hold');
    expect(await allViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
