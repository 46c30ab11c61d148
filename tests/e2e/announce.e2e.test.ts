// A retry that ends with the same message as before is announced again (WCAG 4.1.3): the live
// region goes empty, then back to the message. One retry per tool family, in Chromium.
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { watchAnnouncements, watchPageAnnouncements } from '../harness/announce';
import { describeWith } from '../harness/system';

describeWith(['chromium'], 'a repeated message is announced again', () => {
  const app = useSharedApp();

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const p = await openPage(app.browser);
    await p.page.goto(app.url + path);
    await p.page.locator('main h1').first().waitFor();
    return p;
  }

  /** Does `retry` once, then again while watching `region`: the second time is announced. */
  async function announcedAgain(region: Locator, retry: () => Promise<unknown>, message: string | RegExp) {
    await retry();
    await expect.poll(() => region.textContent()).toMatch(message);
    const shown = (await region.textContent()) ?? '';
    const announced = await watchAnnouncements(region);
    await retry();
    await expect.poll(announced).toEqual(['', shown]);
  }

  const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
  const alert = (page: Page) => page.locator('.status-line [role=alert]');

  it('Base64: Convert on empty input', async () => {
    const { page, errors } = await open('/base64-converter');
    await page.getByLabel('Auto-convert').uncheck();
    await announcedAgain(alert(page), () => button(page, 'Convert').click(), 'Please enter text to encode');
    expect(errors).toEqual([]);
  });

  it('URL: Decode on a malformed sequence', async () => {
    const { page, errors } = await open('/url-encoder');
    await page.getByLabel('Auto-update').uncheck();
    await page.getByLabel(/^Input/).fill('100%');
    await announcedAgain(alert(page), () => button(page, 'Decode').click(), /^Decoding failed: /);
    expect(errors).toEqual([]);
  });

  it('JWT: Decode on empty input', async () => {
    const { page, errors } = await open('/jwt-debugger');
    await announcedAgain(alert(page), () => button(page, 'Decode').click(), 'Please enter a JWT token');
    expect(errors).toEqual([]);
  });

  it('CRC: Generate in C downloads the same files', async () => {
    const { page, errors } = await open('/crc-generator');
    await page.getByLabel('Predefined algorithm').selectOption({ index: 3 });
    await page.getByRole('radio', { name: 'C', exact: true }).check();
    await page.getByText('Language: C', { exact: true }).waitFor();
    const status = page.locator('.crc-info > .status-line [role=status]');
    await announcedAgain(status, () => button(page, 'Generate').click(), /^✅ Downloaded /);
    expect(errors).toEqual([]);
  });

  it('CRC identify: Identify on a bad sample', async () => {
    const { page, errors } = await open('/crc-generator?tab=identify');
    await page.getByLabel('Message 1 (hex)').fill('zz');
    const list = page.locator('.crcid-actions > [role=alert]');
    await announcedAgain(list, () => button(page, 'Identify').click(), /^Sample 1: the message is not hex/);
    expect(errors).toEqual([]);
  });

  it('UART: Generate Code on a bad configuration', async () => {
    const { page, errors } = await open('/uart-generator');
    await page.getByLabel('Clock Frequency (Hz)').fill('999');
    const banner = page.locator('.generated-code .error-banner');
    await announcedAgain(banner, () => button(page, 'Generate Code').click(), /^Clock frequency must be/);
    expect(errors).toEqual([]);
  });

  // The panel's banner was inserted with its message on the first refused Generate Code: a region
  // added with its text is not reliably announced (the page's problem list had said it while the
  // user typed, and the press itself could go unheard).
  for (const [path, bad, message] of [
    [
      '/uart-generator',
      async (p: Page) => p.getByLabel('Clock Frequency (Hz)').fill('999'),
      /^Clock frequency must be/,
    ],
    ['/fifo-generator?dataWidth=0', async () => {}, /^Data width must be a whole number/],
  ] as const)
    it(`${path.split(/[-?]/)[0]!.slice(1).toUpperCase()}: the first refused Generate Code is announced once, in a region already there`, async () => {
      const { page, errors } = await open(path);
      await bad(page);
      await page.locator('.uart-problems, .fifo-problems').waitFor();
      const announced = await watchPageAnnouncements(page);
      await button(page, 'Generate Code').click();
      await page.locator('.generated-code .error-banner').waitFor();
      await expect.poll(announced).toEqual([{ role: 'alert', text: expect.stringMatching(message), inserted: false }]);
      expect(errors).toEqual([]);
    });

  it('UART: a change after Generate Code is announced as making the code stale, in a region already there', async () => {
    const { page, errors } = await open('/uart-generator');
    await button(page, 'Generate Code').click();
    await page.locator('pre.code').waitFor();
    const announced = await watchPageAnnouncements(page);
    await page.getByLabel('Data Bits').selectOption('6');
    const stale = 'The configuration changed since this code was generated. Press Generate Code to update it.';
    await page.getByText(stale).waitFor();
    await expect.poll(announced).toEqual([{ role: 'status', text: stale, inserted: false }]);
    expect(errors).toEqual([]);
  });

  it('UART: a baud rate that puts the error above 2% is announced, and so is its fix, in a region already there', async () => {
    const { page, errors } = await open('/uart-generator');
    let announced = await watchPageAnnouncements(page);
    await page.getByLabel('Baud Rate').selectOption('921600');
    await page.getByText('Error above 2%').waitFor();
    await expect.poll(announced).toEqual([{ role: 'status', text: 'Error above 2%', inserted: false }]);
    announced = await watchPageAnnouncements(page);
    await page.getByLabel('Baud Rate').selectOption('115200');
    await expect.poll(announced).toEqual([{ role: 'status', text: 'Within 2%', inserted: false }]);
    expect(errors).toEqual([]);
  });

  // A mistake in the subnet inputs was two alerts at once: the status line's and the error banner's,
  // which came into the page with its text.
  it('Subnet: each mistake and its fix is announced once, in regions already there', async () => {
    const { page, errors } = await open('/ip-subnet');
    let announced = await watchPageAnnouncements(page);
    await page.getByLabel('IP Address').fill('300.1.1.1');
    await page.getByTestId('subnet-error').waitFor();
    await expect.poll(announced).toEqual([{ role: 'alert', text: 'Invalid IP address format', inserted: false }]);
    expect(await page.locator('.subnet-status').textContent()).toMatch(/^❌ Invalid IP address · Mask: /);

    announced = await watchPageAnnouncements(page);
    await page.getByLabel('IP Address').fill('10.0.0.1');
    const valid = '✅ Valid IP address · Mask: 255.255.255.0 (/24)';
    await expect.poll(announced).toEqual([{ role: 'status', text: valid, inserted: false }]);

    announced = await watchPageAnnouncements(page);
    await page.getByLabel('CIDR', { exact: true }).fill('40');
    await page.getByTestId('subnet-error').waitFor();
    await expect.poll(announced).toEqual([{ role: 'alert', text: 'CIDR must be between 0 and 32', inserted: false }]);
    expect(await page.locator('.subnet-status').textContent()).toBe('✅ Valid IP address · Mask: invalid');
    expect(errors).toEqual([]);
  });

  // The banner came into the page with its text when the catalogue could not be loaded.
  it('CRC: a catalogue that cannot be loaded is announced, in a region already there', async () => {
    const p = await openPage(app.browser);
    let answer!: () => void;
    const asked = new Promise<void>((r) => (answer = r));
    await p.page.route('**/api/predefined', async (route) => {
      await asked;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' });
    });
    await p.page.goto(app.url + '/crc-generator');
    await p.page.locator('main h1').first().waitFor();
    const announced = await watchPageAnnouncements(p.page);
    answer();
    await p.page.getByText('Failed to load predefined algorithms').waitFor();
    await expect
      .poll(announced)
      .toEqual([{ role: 'alert', text: 'Failed to load predefined algorithms', inserted: false }]);
    expect(p.errors).toEqual([]);
  });

  // The failure line came into the page with its text. A real way to it: the idle worker was
  // stopped (30 s without calls) and a deploy has since removed its file.
  it('CRC: a Download Testbench that fails is announced, in a region already there', async () => {
    const p = await openPage(app.browser, {}, { fakeClock: true });
    await p.page.goto(app.url + '/crc-generator');
    const select = p.page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-32/ISO-HDLC"]').waitFor({ state: 'attached' });
    await select.selectOption('CRC-32/ISO-HDLC');
    await p.page.getByText('Preview (crc_module.v)').click();
    await p.page.getByLabel('Generated code preview').waitFor();
    await p.page.route(/crc\.worker-[^/]*\.js/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await p.page.clock.runFor(31_000);
    const announced = await watchPageAnnouncements(p.page);
    await button(p.page, 'Download Testbench').click();
    const failure = /^Could not generate the testbench: the worker could not be loaded/;
    await p.page.getByText(failure).waitFor();
    await expect
      .poll(async () => (await announced()).filter((a) => a.role === 'alert'))
      .toEqual([{ role: 'alert', text: expect.stringMatching(failure), inserted: false }]);
    expect(p.errors).toEqual([]);
  });

  // "Synthesis cancelled." (and "Synthesis failed: ...") came into the page with its text.
  it('CRC: a cancelled synthesis report is announced, in a region already there', async () => {
    const { page, errors } = await open('/crc-generator');
    const select = page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-32/ISO-HDLC"]').waitFor({ state: 'attached' });
    await select.selectOption('CRC-32/ISO-HDLC');
    await button(page, 'Run synthesis report').click();
    const announced = await watchPageAnnouncements(page);
    await button(page, 'Cancel synthesis').click();
    await page.getByText('Synthesis cancelled.').waitFor();
    await expect
      .poll(async () => (await announced()).filter((a) => a.role === 'alert'))
      .toEqual([{ role: 'alert', text: 'Synthesis cancelled.', inserted: false }]);
    expect(errors).toEqual([]);
  });

  // The line came into the page with its text: a term above x^64 set with C chosen, or C chosen for such a width.
  it('CRC: a width the software languages do not take is announced, in a region already there', async () => {
    const { page, errors } = await open('/crc-generator?poly=0x11021&language=c');
    await page.getByText('Language: C').waitFor();
    const message = 'Software implementations are generated for CRC widths up to 64 bits.';
    const alerts = async () => (await announced()).filter((a) => a.role === 'alert');
    let announced = await watchPageAnnouncements(page);
    await page.getByRole('button', { name: 'x67', exact: true }).click();
    await page.getByText(message).waitFor();
    await expect.poll(alerts).toEqual([{ role: 'alert', text: message, inserted: false }]);

    await page.getByRole('radio', { name: 'Verilog' }).check();
    await page.getByText('Language: Verilog').waitFor();
    announced = await watchPageAnnouncements(page);
    await page.getByRole('radio', { name: 'C', exact: true }).check();
    await page.getByText(message).waitFor();
    await expect.poll(alerts).toEqual([{ role: 'alert', text: message, inserted: false }]);
    expect(errors).toEqual([]);
  });

  // The hint changed to "it is left out" in a plain paragraph: nothing was said.
  it('CRC: a data width that leaves the partial last word out is announced, in a region already there', async () => {
    const { page, errors } = await open('/crc-generator');
    await page.getByLabel('Partial last word (data_bytes input)').check();
    await page.getByLabel('Data width (bits)').fill('16');
    const leftOut = 'Partial last word needs a data width that is a multiple of 8; it is left out.';
    const statuses = async () => (await announced()).filter((a) => a.role === 'status');
    const announced = await watchPageAnnouncements(page);
    await page.getByLabel('Data width (bits)').fill('12');
    await page.getByText(leftOut).waitFor();
    await expect.poll(statuses).toEqual([{ role: 'status', text: leftOut, inserted: false }]);
    // The checkbox is still described by the whole hint.
    const described = await page
      .getByLabel('Partial last word (data_bytes input)')
      .evaluate((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    expect(described).toBe(leftOut);
    expect(errors).toEqual([]);
  });

  // The count came into the page with its text on the first letter typed.
  it('CRC: the count of algorithms a search matches is announced from the first letter', async () => {
    const { page, errors } = await open('/crc-generator');
    await page.getByLabel('Predefined algorithm').locator('option[value="CRC-5/USB"]').waitFor({ state: 'attached' });
    const announced = await watchPageAnnouncements(page);
    await page.getByLabel('Search algorithms').fill('usb');
    await page.getByText('2 algorithms match').waitFor();
    await expect.poll(announced).toEqual([{ role: 'status', text: '2 algorithms match', inserted: false }]);
    expect(errors).toEqual([]);
  });

  it('FSM: the first refused Generate Code is announced, in a region already there', async () => {
    const { page, errors } = await open('/fsm-generator');
    await page.getByLabel('Input 1 width').fill('0');
    const announced = await watchPageAnnouncements(page);
    await button(page, 'Generate Code').click();
    await page.locator('.fsm-failure').waitFor();
    const failure = /^Verilog generation error: Input 'start' width must be a whole number from 1 to 64\./;
    await expect
      .poll(async () => (await announced()).filter((a) => a.role === 'alert'))
      .toEqual([{ role: 'alert', text: expect.stringMatching(failure), inserted: false }]);
    expect(errors).toEqual([]);
  });
});
