/**
 * The UART generator page in Debian Chromium against the real server: defaults, presets, summary
 * values, validation messages, the 500 ms 'Generating...' state, Copy/Download appearing only with
 * code, download names, and the downloaded files simulated in Icarus Verilog and GHDL.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import {
  applyPreset,
  DEFAULT_UART,
  fastClockFor,
  uartGenerator,
  uartSummary,
  UART_PRESETS,
} from '../../src/core/hdl/uart';

describeWith(['chromium', 'iverilog', 'ghdl'], 'UART generator page in Chromium', () => {
  const app = useSharedApp();

  async function open(): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    await opened.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await opened.page.goto(`${app.url}/uart-generator`);
    await opened.page.getByRole('heading', { name: 'UART Generator', level: 1 }).waitFor();
    return opened;
  }

  async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button, exact: true }).click(),
    ]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  }

  it('shows the defaults and the derived summary', async () => {
    const { page, errors } = await open();
    expect(await page.getByLabel('Baud Rate').inputValue()).toBe('9600');
    expect(await page.getByLabel('Data Bits').inputValue()).toBe('8');
    expect(await page.getByLabel('Stop Bits').inputValue()).toBe('1');
    expect(await page.getByLabel('Parity').inputValue()).toBe('none');
    expect(await page.getByLabel('Clock Frequency (Hz)').inputValue()).toBe('100000000');
    expect(await page.getByLabel('FIFO Depth').inputValue()).toBe('16');
    expect(await page.getByLabel('Oversampling').inputValue()).toBe('16');
    const s = uartSummary(DEFAULT_UART);
    expect(await page.getByTestId('baud-counter').textContent()).toBe('651');
    expect(await page.getByTestId('actual-baud').textContent()).toBe(s.actualBaud.toFixed(2));
    expect(await page.getByTestId('bit-duration').textContent()).toBe(`${s.bitDurationUs.toFixed(2)} µs`);
    expect(await page.getByTestId('baud-error').textContent()).toContain('Within 2%');
    // No code yet: no Copy or Download.
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);

    // A slow clock flags the error; an impossible one explains itself and keeps the input.
    await page.getByLabel('Baud Rate').selectOption('921600');
    await page.getByLabel('Oversampling').selectOption('8');
    await page.getByLabel('Clock Frequency (Hz)').fill('10000000');
    await expect.poll(() => page.getByTestId('baud-error').textContent()).toContain('Error above 2%');
    await page.getByLabel('Clock Frequency (Hz)').fill('1000000');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('The clock is too slow');
    await page.getByLabel('Clock Frequency (Hz)').fill('999');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Clock frequency must be a whole number of Hz between 1,000,000 and 200,000,000.');
    expect(await page.getByLabel('Clock Frequency (Hz)').inputValue()).toBe('999');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    expect(await page.locator('pre.code').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('applies presets, generates after "Generating...", copies and downloads Verilog that simulates', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Legacy (2400-7-O-2)' }).click();
    await expect.poll(() => page.getByLabel('Baud Rate').inputValue()).toBe('2400');
    await expect.poll(() => page.getByLabel('Data Bits').inputValue()).toBe('7');
    await expect.poll(() => page.getByLabel('Parity').inputValue()).toBe('odd');
    await expect.poll(() => page.getByLabel('Stop Bits').inputValue()).toBe('2');
    await page.getByLabel('FIFO Depth').fill('4');

    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.getByRole('button', { name: 'Generating...' }).waitFor();
    await page.getByRole('button', { name: 'Generate Code' }).waitFor();
    const code = await page.locator('pre.code').textContent();
    expect(code).toContain('module uart_module');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.getByText('✅ Copied to clipboard!').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const file = await downloadText(page, 'Download');
    expect(file.name).toBe('uart_module.v');
    expect(file.text).toBe(code);
    const c = { ...applyPreset(DEFAULT_UART, UART_PRESETS[3]!), fifoDepth: 4 };
    const sim = await simulateVerilog(
      {
        'uart_module.v': file.text,
        'tb.v': uartGenerator.testbench(c, 'verilog', { clockFreq: fastClockFor(c) }).text,
      },
      'uart_module_tb',
    );
    expect(sim.stdout).toContain('PASS');
    expect(sim.stdout).not.toContain('FAIL');

    const tb = await downloadText(page, 'Download Testbench');
    expect(tb.name).toBe('uart_module_tb.v');
    expect(tb.text).toContain('module uart_module_tb');
    expect(errors).toEqual([]);
  });

  it('switches to VHDL and downloads uart_module.vhd that simulates in GHDL', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Industrial (115200-8-E-1)' }).click();
    await page.getByRole('button', { name: 'VHDL' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'VHDL' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.locator('pre.code').waitFor();
    const file = await downloadText(page, 'Download');
    expect(file.name).toBe('uart_module.vhd');
    expect(file.text.startsWith('-- uart_module.vhd')).toBe(true);
    const c = applyPreset(DEFAULT_UART, UART_PRESETS[1]!);
    const sim = await simulateVhdl(
      {
        'uart_module.vhd': file.text,
        'tb.vhd': uartGenerator.testbench(c, 'vhdl', { clockFreq: fastClockFor(c) }).text,
      },
      'uart_module_tb',
      '93c',
    );
    expect(sim.stdout + sim.stderr).toContain('PASS');

    // Changing the configuration marks the code stale until Generate Code is pressed again.
    await page.getByLabel('Data Bits').selectOption('6');
    await page.getByText('The configuration changed since this code was generated.').waitFor();
    expect(errors).toEqual([]);
  });
  it('Undo after a preset brings back the framing it replaced', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Baud Rate').selectOption('57600');
    await page.getByLabel('Data Bits').selectOption('6');
    await page.getByLabel('Parity').selectOption('even');
    await page.getByRole('button', { name: 'Legacy (2400-7-O-2)' }).click();
    await expect.poll(() => page.getByLabel('Data Bits').inputValue()).toBe('7');
    await page
      .getByRole('status')
      .filter({ hasText: 'Preset “Legacy (2400-7-O-2)” loaded.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByLabel('Data Bits').inputValue()).toBe('6');
    await expect.poll(() => page.getByLabel('Parity').inputValue()).toBe('even');
    await expect.poll(() => page.getByLabel('Baud Rate').inputValue()).toBe('57600');
    expect(errors).toEqual([]);
  });

  it('a link with a baud rate off the list shows that rate, not the first option, until another is chosen', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url}/uart-generator?baudRate=12345&dataBits=4`);
    await page.getByRole('heading', { name: 'UART Generator', level: 1 }).waitFor();
    // The boxes show the design the problems are about; picking 2400 (once shown first) must take.
    expect(await page.getByLabel('Baud Rate').inputValue()).toBe('12345');
    expect(await page.getByLabel('Data Bits').inputValue()).toBe('4');
    expect(await page.getByRole('alert').first().textContent()).toContain('Baud rate must be one of 2400,');
    await page.getByLabel('Baud Rate').selectOption('2400');
    await page.getByLabel('Data Bits').selectOption('5');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('');
    await expect.poll(() => new URL(page.url()).searchParams.get('baudRate')).toBe('2400');
    expect(errors).toEqual([]);
  });

  it('a clock too slow for the baud rate marks the clock box and points it at the reason, as an out-of-range clock does', async () => {
    const { page, errors } = await open();
    const clock = page.getByLabel('Clock Frequency (Hz)');
    await page.getByLabel('Baud Rate').selectOption('921600');
    await clock.fill('1000000');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('The clock is too slow');
    expect(await clock.getAttribute('aria-invalid')).toBe('true');
    const described = await clock.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null,
    );
    expect(described).toContain('The clock is too slow: 1,000,000 Hz cannot produce 921,600 baud');
    // A fix through the baud rate clears the mark as well.
    await page.getByLabel('Baud Rate').selectOption('9600');
    await expect.poll(() => clock.getAttribute('aria-invalid')).toBe('false');
    expect(await clock.getAttribute('aria-describedby')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('a link with a value off a list marks that select invalid and points it at the reason, as the number boxes are', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url}/uart-generator?baudRate=12345&dataBits=4`);
    await page.getByRole('heading', { name: 'UART Generator', level: 1 }).waitFor();
    const reason = (label: string) =>
      page
        .getByLabel(label)
        .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    expect(await page.getByLabel('Baud Rate').getAttribute('aria-invalid')).toBe('true');
    expect(await reason('Baud Rate')).toContain('Baud rate must be one of 2400,');
    expect(await page.getByLabel('Data Bits').getAttribute('aria-invalid')).toBe('true');
    expect(await reason('Data Bits')).toContain('Data bits must be between 5 and 9.');
    expect(await page.getByLabel('Stop Bits').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByLabel('Stop Bits').getAttribute('aria-describedby')).toBeNull();
    await page.getByLabel('Baud Rate').selectOption('2400');
    await expect.poll(() => page.getByLabel('Baud Rate').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByLabel('Baud Rate').getAttribute('aria-describedby')).toBeNull();
    expect(await page.getByLabel('Data Bits').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('a link with a clock in digit groups shows it in the clock box, not an empty box beside a 50 MHz summary', async () => {
    const { page, errors } = await open();
    await page.goto(`${app.url}/uart-generator?clockFreq=${encodeURIComponent('50,000,000')}&fifoDepth=1_6`);
    await page.getByRole('heading', { name: 'UART Generator', level: 1 }).waitFor();
    expect(await page.getByText('50 MHz', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Clock Frequency (Hz)').inputValue()).toBe('50000000');
    expect(await page.getByLabel('FIFO Depth').inputValue()).toBe('16');
    expect(errors).toEqual([]);
  });
});
