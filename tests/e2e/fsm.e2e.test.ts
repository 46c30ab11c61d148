/**
 * The FSM generator page in Debian Chromium against the real server: defaults, add/remove state
 * rules, examples, checks, the diagram, Generate switching to the code tab with Verilog and VHDL
 * side by side, copy confirmations, the spec's error messages, and downloaded files simulated in
 * Icarus Verilog and GHDL against the reference model.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { startFreshAnswered, useSharedApp } from '../harness/e2e';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import { seriousViolations } from '../harness/axe';
import { expectTabsPattern, focusedName } from '../harness/keyboard';
import { COMPLEX_EXAMPLE, fsmGenerator } from '../../src/core/hdl/fsm';

describeWith(['chromium', 'iverilog', 'ghdl'], 'FSM generator page in Chromium', () => {
  const app = useSharedApp();

  async function open(): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    await opened.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await opened.page.goto(`${app.url}/fsm-generator`);
    await opened.page.getByRole('heading', { name: 'FSM Generator', level: 1 }).waitFor();
    return opened;
  }

  async function downloadText(page: Page, name: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name, exact: true }).click(),
    ]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  }

  const stateNames = (page: Page) =>
    page
      .locator('.fsm-table tbody tr td:first-child input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

  it('shows the defaults, adds STATE_n with the 2-bit code, never removes the last state', async () => {
    const { page, errors } = await open();
    expect(await page.getByRole('tab', { name: 'Configuration' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Module Name').inputValue()).toBe('my_fsm');
    expect(await page.getByLabel('FSM Type').inputValue()).toBe('moore');
    expect(await page.getByLabel('State Encoding').inputValue()).toBe('binary');
    expect(await page.getByLabel('Reset State').inputValue()).toBe('IDLE');
    expect(await page.getByLabel('Clock Name').inputValue()).toBe('clk');
    expect(await page.getByLabel('Reset Name').inputValue()).toBe('reset');
    expect(await stateNames(page)).toEqual(['IDLE', 'RUN', 'DONE']);
    expect(await page.getByLabel('Input 1 name').inputValue()).toBe('start');
    expect(await page.getByLabel('Input 2 name').inputValue()).toBe('stop');
    expect(await page.getByLabel('Output 1 name').inputValue()).toBe('busy');
    expect(await page.getByLabel('Output 2 name').inputValue()).toBe('complete');
    expect(await page.locator('svg.fsm-diagram .fsm-node').count()).toBe(3);

    await page.getByRole('button', { name: 'Add State' }).click();
    await expect.poll(() => page.getByLabel('State 4 name').inputValue()).toBe('STATE_3');
    await expect.poll(() => page.getByLabel('State 4 code').inputValue()).toBe('11');
    await expect.poll(() => page.getByLabel('State 4 description').inputValue()).toBe('State 3');
    await expect.poll(() => page.locator('svg.fsm-diagram .fsm-node').count()).toBe(4);
    // STATE_3 has no way in: the checks say so.
    await page.getByText('State STATE_3 is unreachable from the reset state IDLE.').waitFor();

    for (const name of ['STATE_3', 'DONE', 'RUN'])
      await page.getByRole('button', { name: `Remove state ${name}` }).click();
    await expect.poll(() => stateNames(page)).toEqual(['IDLE']);
    await expect.poll(() => page.getByRole('button', { name: 'Remove state IDLE' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add State' }).click();
    await expect.poll(() => page.getByLabel('State 2 name').inputValue()).toBe('STATE_1');
    await expect.poll(() => page.getByLabel('State 2 code').inputValue()).toBe('01');
    expect(errors).toEqual([]);
  });

  it('reports bad configurations with the spec messages and keeps the input', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Transition 1 condition').fill('strat && !stop');
    await page.getByLabel('Input 1 width').fill('0');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    const alert = page.locator('.fsm-failure');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain("Verilog generation error: Input 'start' width must be a whole number from 1 to 64.");
    expect(text).toContain(
      "Transition 1 (IDLE → RUN): condition uses 'strat', which is not an input (did you mean start?).",
    );
    expect(text).toContain('VHDL generation error: ');
    expect(await page.getByRole('tab', { name: 'Configuration' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Transition 1 condition').inputValue()).toBe('strat && !stop');

    await page.getByLabel('Transition 1 condition').fill('start &&');
    await page.getByText('Condition: expected an input name or a number at the end').waitFor();
    expect(errors).toEqual([]);
  });

  it('reports copies and downloads of the code without the module name the user typed', async () => {
    const { page, errors } = await open();
    const usage: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/analytics/tool-usage')) usage.push(r.postData() ?? '');
    });
    await page.getByLabel('Module Name').fill('payroll_audit_fsm');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.getByRole('button', { name: 'Copy Verilog' }).click();
    await page.getByText('✅ Code copied to clipboard!').waitFor();
    await expect.poll(() => usage.some((u) => u.includes('"copy_verilog"'))).toBe(true);
    // The name is the user's own, as in the page's link, where it is REDACTED too.
    for (const body of usage) expect(body).not.toContain('payroll_audit');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads the complex example, generates both languages side by side, copies, and the downloads simulate', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Load Complex Example' }).click();
    await expect.poll(() => page.getByLabel('FSM Type').inputValue()).toBe('mealy');
    await expect.poll(() => page.getByLabel('State Encoding').inputValue()).toBe('onehot');
    await expect.poll(async () => (await stateNames(page)).length).toBe(4);

    await page.getByRole('button', { name: 'Generate Code' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Generated Code' }).getAttribute('aria-selected'))
      .toBe('true');
    const verilog = await page.getByLabel('Generated Verilog code').textContent();
    const vhdl = await page.getByLabel('Generated VHDL code').textContent();
    expect(verilog).toContain('module burst_controller (');
    expect(vhdl).toContain('entity burst_controller is');

    await page.getByRole('button', { name: 'Copy Verilog' }).click();
    await page.getByText('✅ Code copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(verilog);
    await page.getByRole('button', { name: 'Copy VHDL' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(vhdl);

    const v = await downloadText(page, 'Download Verilog');
    const h = await downloadText(page, 'Download VHDL');
    expect(v.name).toBe('burst_controller.v');
    expect(h.name).toBe('burst_controller.vhd');
    const tb = await downloadText(page, 'Download Testbench (Verilog)');
    expect(tb.name).toBe('burst_controller_tb.v');

    const rv = await simulateVerilog({ 'dut.v': v.text, 'tb.v': tb.text }, 'burst_controller_tb');
    expect(rv.stdout).toMatch(/PASS: \d+ cycles/);
    const rv2 = await simulateVerilog(
      { 'dut.v': v.text, 'tb.v': fsmGenerator.testbench(COMPLEX_EXAMPLE, 'verilog', { seed: 99 }).text },
      'burst_controller_tb',
    );
    expect(rv2.stdout).not.toContain('FAIL');
    const rh = await simulateVhdl(
      { 'dut.vhd': h.text, 'tb.vhd': fsmGenerator.testbench(COMPLEX_EXAMPLE, 'vhdl', { seed: 7 }).text },
      'burst_controller_tb',
      '93c',
    );
    expect(rh.stdout + rh.stderr).toMatch(/PASS: \d+ cycles/);

    // Back to the configuration; the simple example replaces everything.
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByRole('button', { name: 'Load Simple Example' }).click();
    await expect.poll(() => stateNames(page)).toEqual(['RED', 'GREEN', 'YELLOW']);
    await expect.poll(() => page.getByLabel('FSM Type').inputValue()).toBe('moore');
    expect(errors).toEqual([]);
  });
  it('code generated before the configuration was edited says so, as on the UART and FIFO pages', async () => {
    // Until 2026-11-30 the Generated Code tab showed the old code without a word: copied or
    // downloaded as if it were the edited machine's.
    const { page, errors } = await open();
    const stale = page.getByText(
      'The configuration changed since this code was generated. Press Generate Code to update it.',
    );
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await expect.poll(() => stale.count()).toBe(0);
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByLabel('Transition 1 condition').fill('start && !stop');
    await page.getByRole('tab', { name: 'Generated Code' }).click();
    await expect.poll(() => stale.count()).toBe(2); // the Verilog and the VHDL pane
    // Typed back as it was: the code is the configuration's again.
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByLabel('Transition 1 condition').fill('start');
    await page.getByRole('tab', { name: 'Generated Code' }).click();
    await expect.poll(() => stale.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an example replaces the configuration with an Undo that brings it back, offered until the next edit', async () => {
    const { page, errors } = await open();
    await page.getByLabel('State 1 name').fill('WAIT_SYNC');
    await page.getByRole('button', { name: 'Add State' }).click();
    await page.getByLabel('Module Name').fill('link_ctrl');
    const mine = ['WAIT_SYNC', 'RUN', 'DONE', 'STATE_3'];
    await expect.poll(() => stateNames(page)).toEqual(mine);

    await page.getByRole('button', { name: 'Load Complex Example' }).click();
    const bar = page.getByRole('status').filter({ hasText: 'Complex example loaded.' });
    await bar.waitFor();
    expect(await page.getByLabel('Module Name').inputValue()).toBe('burst_controller');
    expect(await seriousViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => stateNames(page)).toEqual(mine);
    await expect.poll(() => page.getByLabel('Module Name').inputValue()).toBe('link_ctrl');
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).count()).toBe(0);

    // After an edit of what was loaded, Undo would lose the edit: it is no longer offered.
    await page.getByRole('button', { name: 'Load Simple Example' }).click();
    await page.getByRole('status').filter({ hasText: 'Simple example loaded.' }).waitFor();
    await page.getByLabel('Module Name').fill('traffic');
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    // Loading the configuration the page already shows replaces nothing: no Undo either.
    await page.getByRole('button', { name: 'Load Simple Example' }).click();
    await page.getByRole('button', { name: 'Load Simple Example' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
  it('its tabs are a tab list (one Tab stop, arrows, Home, End) and Generate Code focuses the code tab', async () => {
    const { page, errors } = await open();
    await expectTabsPattern(page, 'FSM generator views');
    await page.getByRole('button', { name: 'Generate Code' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Generated Code', selected: true }).waitFor();
    // The button went away with its tab: focus is on the tab now shown, not lost to <body>.
    await expect.poll(() => focusedName(page)).toBe('Generated Code');
    expect(errors).toEqual([]);
  });

  it('a Remove button passes focus to the next row, else the previous one, else the Add button', async () => {
    const { page, errors } = await open();
    const press = async (name: string) => {
      await page.getByRole('button', { name, exact: true }).focus();
      await page.keyboard.press('Enter');
    };
    const focused = () => focusedName(page);
    await press('Remove transition 1');
    await expect.poll(focused).toBe('Remove transition 1'); // the next one, renumbered
    await press('Remove state RUN');
    await expect.poll(focused).toBe('Remove state DONE');
    await press('Remove state DONE');
    await expect.poll(focused).toBe('Add State'); // IDLE's Remove is disabled: the last state
    await press('Remove input stop');
    await expect.poll(focused).toBe('Remove input start');
    await press('Remove input start');
    await expect.poll(focused).toBe('Add Input');
    await press('Remove output busy');
    await expect.poll(focused).toBe('Remove output complete');
    expect(errors).toEqual([]);
  });

  it('a removed state, signal or transition, and what went with it, comes back with Undo', async () => {
    // Remove state RUN also dropped IDLE->RUN and RUN->DONE with their conditions, with no way back.
    const { page, errors } = await open();
    const heading = (name: string) => page.getByRole('heading', { name: new RegExp(`^${name} \\(`) }).textContent();
    await page.getByLabel('Transition 1 condition').fill('start && !stop');
    await page.getByRole('button', { name: 'Remove state RUN', exact: true }).click();
    const bar = page.getByRole('status').filter({ hasText: 'State RUN removed with its 2 transitions.' });
    await bar.waitFor();
    expect(await heading('Transitions')).toBe('Transitions (1)');
    expect(await seriousViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => stateNames(page)).toEqual(['IDLE', 'RUN', 'DONE']);
    await expect.poll(() => heading('Transitions')).toBe('Transitions (3)');
    await expect.poll(() => page.getByLabel('Transition 1 condition').inputValue()).toBe('start && !stop');
    await expect.poll(() => focusedName(page)).toBe('Remove state RUN');

    await page.getByRole('button', { name: 'Remove output busy', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Output busy removed.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove output busy', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Remove transition 2', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Transition 2 removed.' }).waitFor();
    // An edit after the removal would be lost by Undo: it is no longer offered.
    await page.getByLabel('Module Name').fill('ctrl');
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await expect.poll(() => heading('Transitions')).toBe('Transitions (2)');

    // The reset state removed: the line says which state resets now (until 2026-11-30 it changed
    // without a word).
    await page.getByRole('button', { name: 'Remove state IDLE', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'State IDLE removed with its 2 transitions; the reset state is now RUN.' })
      .waitFor();
    expect(await page.getByLabel('Reset State').inputValue()).toBe('RUN');
    expect(errors).toEqual([]);
  });

  it('the checks are one live region, and a duplicate name or a zero width marks its field', async () => {
    const { page, errors } = await open();
    const live = await page.getByRole('region', { name: 'Checks' }).getByRole('status').elementHandle();
    expect(await live!.textContent()).toBe('✓ Configuration is valid');
    /** The field's aria-invalid and the text of the message its aria-describedby names. */
    const marked = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((el) => {
        const described = el.getAttribute('aria-describedby');
        return [el.getAttribute('aria-invalid'), described && document.getElementById(described)?.textContent];
      });

    await page.getByLabel('State 2 name').fill('IDLE');
    // The same element, still in the page, now holds the error: a screen reader announces it.
    await expect
      .poll(() => live!.evaluate((el) => el.isConnected && el.textContent))
      .toContain("Duplicate name 'IDLE'");
    await expect.poll(() => marked('State 2 name')).toEqual(['true', expect.stringContaining("Duplicate name 'IDLE'")]);
    expect(await marked('State 3 name')).toEqual([null, null]);

    await page.getByLabel('Input 1 width').fill('0');
    await expect
      .poll(() => marked('Input 1 width'))
      .toEqual(['true', "Input 'start' width must be a whole number from 1 to 64."]);
    // The basic settings' names too: a clock named like the module, a reset name that is no identifier.
    await page.getByLabel('Clock Name', { exact: true }).fill('my_fsm');
    await expect.poll(() => marked('Clock Name')).toEqual(['true', expect.stringContaining("Duplicate name 'my_fsm'")]);
    await page.getByLabel('Reset Name', { exact: true }).fill('9rst');
    await expect.poll(() => marked('Reset Name')).toEqual(['true', expect.stringContaining("'9rst'")]);
    // A condition naming no input, or reading past an input's bits, marks its field with the reason
    // (until 2026-11-30 only a syntax error marked it, with no reason: the Checks named it far below).
    await page.getByLabel('Transition 1 condition').fill('strat');
    await expect
      .poll(() => marked('Transition 1 condition'))
      .toEqual([
        'true',
        expect.stringMatching(
          /^Transition 1 \(.*\): condition uses 'strat', which is not an input \(did you mean start\?\)\.$/,
        ),
      ]);
    await page.getByLabel('Transition 3 condition').fill('start &');
    await expect
      .poll(() => marked('Transition 3 condition'))
      .toEqual(['true', expect.stringContaining("unexpected '&' at position 7 (write && for and)")]);
    // So does an output value that is no number or does not fit, in a state or a Mealy transition.
    await page.getByLabel('State DONE output complete').fill('2');
    await expect
      .poll(() => marked('State DONE output complete'))
      .toEqual(['true', "State DONE: value 2 does not fit output 'complete' (1 bit)."]);
    await page.getByLabel('FSM Type').selectOption('mealy');
    await page.getByLabel('Transition 2 output busy').fill('on');
    await expect
      .poll(() => marked('Transition 2 output busy'))
      .toEqual([
        'true',
        expect.stringContaining("value 'on' for output 'busy' is not a number (use 5, 0x1F or 0b101)."),
      ]);
    expect(errors).toEqual([]);
  });

  it('a reload on the Generated Code tab shows the code again, not a tab asking to generate', async () => {
    // The draft kept the tab but not the code: after a reload the tab said 'Press Generate Code'.
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Generate Code' }).click();
    const verilog = await page.getByLabel('Generated Verilog code').textContent();
    await page.reload();
    await page.getByLabel('Generated Verilog code').waitFor();
    expect(await page.getByRole('tab', { name: 'Generated Code' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Generated Verilog code').textContent()).toBe(verilog);
    expect(errors).toEqual([]);
  });

  it('tells long state names apart in the diagram, and shows each whole on hover', async () => {
    // Names were cut to their first 8 letters: WAIT_FOR_ACK and WAIT_FOR_REQ both read 'WAIT_FOR…'.
    const { page, errors } = await open();
    await page.getByLabel('State 1 name').fill('WAIT_FOR_ACK');
    await page.getByLabel('State 2 name').fill('WAIT_FOR_REQ');
    const node = (name: string) => page.locator(`svg.fsm-diagram [data-state="${name}"]`);
    await expect.poll(() => node('WAIT_FOR_REQ').count()).toBe(1);
    const ack = await node('WAIT_FOR_ACK').locator('text').textContent();
    const req = await node('WAIT_FOR_REQ').locator('text').textContent();
    expect(ack).not.toBe(req);
    expect(ack!.length).toBeLessThanOrEqual(9);
    expect(await node('WAIT_FOR_ACK').locator('title').textContent()).toBe('WAIT_FOR_ACK');
    expect(errors).toEqual([]);
  });

  it('a renamed state reaches every transition and its lists, the reset state and the diagram', async () => {
    const { page, errors } = await open();
    await page.getByLabel('State 2 name').fill('RUNNING');
    const options = (label: string) =>
      page
        .getByLabel(label)
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    // The lists follow in a background render (React's deferred value), so they are polled.
    await expect.poll(() => options('Transition 1 to')).toContain('RUNNING');
    await expect.poll(() => options('Transition 1 from')).toContain('RUNNING');
    await expect.poll(() => options('Reset State')).toContain('RUNNING');
    await expect.poll(() => page.locator('svg.fsm-diagram [data-state="RUNNING"]').count()).toBe(1);
    // The transitions that named RUN follow the rename: nothing names the old state.
    await expect.poll(() => page.getByLabel('Transition 1 to').inputValue()).toBe('RUNNING');
    expect(await options('Transition 1 to')).not.toContain('RUN');
    expect(errors).toEqual([]);
  });

  it('a failed Generate reports the failure without the names and conditions typed in the design', async () => {
    const { page, errors } = await open();
    await page.getByLabel('State 1 name').fill('PAYROLL_SECRET');
    await page.getByLabel('Transition 2 condition').fill('salary_raise && ');
    const report = page.waitForRequest((r) => r.url().endsWith('/api/analytics/error'));
    await page.getByRole('button', { name: 'Generate Code' }).click();
    const body = (await report).postDataJSON() as { error_context: string; error_message: string };
    expect(body.error_context).toBe('fsm_generate');
    expect(body.error_message).not.toMatch(/PAYROLL_SECRET|salary_raise/);
    // Nor in the page's address (the permalink's reset state is the renamed state).
    expect(JSON.stringify(body)).not.toMatch(/PAYROLL_SECRET|salary_raise/);
    // The page itself still names them.
    expect(await page.getByRole('alert').first().textContent()).toContain('salary_raise');
    expect(errors).toEqual([]);
  });

  it('a link cut short says it was not opened and keeps the saved draft, not a mix of it and the defaults', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Load Complex Example' }).click();
    const link = await page.evaluate(() => location.href); // written with the change; page.url() hears of it later
    await startFreshAnswered(page); // Start fresh asks before it forgets the example
    await page.waitForURL(`${app.url}/fsm-generator`);
    await page.getByLabel('Module Name').fill('my_draft');
    await page.getByRole('button', { name: 'Add State' }).click();
    await page.getByLabel('State 4 name').waitFor();
    const draft = await stateNames(page);

    // Cut in the middle of the states (as a chat or mail client can wrap or clip a long link).
    const states = link.indexOf('states=');
    await page.goto(link.slice(0, states + 30));
    await page.getByLabel('Module Name').waitFor();
    await page.getByText('⚠️ This link is damaged (cut short or edited), so it was not opened').waitFor();
    expect(await page.getByLabel('Module Name').inputValue()).toBe('my_draft');
    expect(await stateNames(page)).toEqual(draft);
    // The draft is still the one a reload brings back.
    await page.goto(`${app.url}/fsm-generator`);
    await page.getByLabel('Module Name').waitFor();
    expect(await page.getByLabel('Module Name').inputValue()).toBe('my_draft');
    expect(await page.getByText('This link is damaged').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a name typed through another state's name (DONE to IDLE_WAIT passes IDLE) takes only its own transitions", async () => {
    const { page, errors } = await open();
    const name = page.getByLabel('State 3 name');
    await name.selectText();
    await name.pressSequentially('IDLE_WAIT');
    const ends = async () => {
      const out: string[] = [];
      for (let i = 1; i <= 3; i++)
        out.push(
          `${await page.getByLabel(`Transition ${i} from`).inputValue()}>${await page.getByLabel(`Transition ${i} to`).inputValue()}`,
        );
      return out;
    };
    // IDLE keeps its transition and stays the reset state; only DONE's references follow the rename.
    await expect.poll(ends).toEqual(['IDLE>RUN', 'RUN>IDLE_WAIT', 'IDLE_WAIT>IDLE']);
    expect(await page.getByLabel('Reset State').inputValue()).toBe('IDLE');
    expect(errors).toEqual([]);
  });

  it("a renamed input is renamed in the conditions, typed key by key, even through another input's name", async () => {
    // Until 2026-11-30 the conditions kept the old name: every one using it became an error.
    const { page, errors } = await open();
    const conditions = () =>
      Promise.all([1, 2, 3].map((i) => page.getByLabel(`Transition ${i} condition`).inputValue()));
    const stop = page.getByLabel('Input 2 name');
    await stop.selectText();
    // start_or_stop passes through start: start's own conditions stay start's.
    await stop.pressSequentially('start_or_stop');
    await expect.poll(() => conditions()).toEqual(['start', 'start_or_stop', '!start']);
    await page.getByLabel('Input 1 name').fill('go');
    await expect.poll(() => conditions()).toEqual(['go', 'start_or_stop', '!go']);
    await expect.poll(() => page.getByText('✓ Configuration is valid').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('the keyboard moves one transition up step by step: focus follows it to its new row', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Move transition 3 up', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Move transition 2 up');
    await page.keyboard.press('Enter');
    // At the top its Move up is disabled: focus goes to its Move down, not to the page.
    await expect.poll(() => focusedName(page)).toBe('Move transition 1 down');
    await expect.poll(() => page.getByLabel('Transition 1 from').inputValue()).toBe('DONE');
    await expect.poll(() => page.getByLabel('Transition 2 from').inputValue()).toBe('IDLE');
    expect(errors).toEqual([]);
  });

  it('an output named toString or a condition naming constructor is checked like any other name', async () => {
    // Until 2026-12-01 such names were found on Object.prototype: the page fell to its error screen
    // ('could not be loaded'), and a state's value cell for toString showed JavaScript source.
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Add Output' }).click();
    await page.getByLabel('Output 3 name').fill('toString');
    await expect.poll(() => page.getByLabel('State IDLE output toString').inputValue()).toBe('');
    await page.getByLabel('Transition 1 condition').fill('hasOwnProperty == 1');
    await page.getByText("condition uses 'hasOwnProperty', which is not an input.").first().waitFor();
    await page.getByLabel('Transition 1 condition').fill('start');
    await page.getByText('✓ Configuration is valid').waitFor();
    expect(errors).toEqual([]);
  });

  it('an emptied name says which field it is, not "State \'\' is empty"', async () => {
    const { page, errors } = await open();
    const described = (label: string) =>
      page
        .getByLabel(label, { exact: true })
        .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    await page.getByLabel('State 2 name').fill('');
    await page.getByLabel('Module Name').fill('');
    await expect.poll(() => described('State 2 name')).toBe('State 2 name is empty.');
    expect(await described('Module Name')).toBe('Module name is empty.');
    expect(errors).toEqual([]);
  });

  it('a link copied while a width is emptied opens the same design in a fresh tab', async () => {
    const { page, errors } = await open();
    await page.getByLabel('State 2 name').fill('BUSY');
    await page.getByLabel('Input 1 width').fill('');
    const link = await page.evaluate(() => location.href); // written with the change; page.url() hears of it later
    const fresh = await openPage(app.browser);
    await fresh.page.goto(link);
    await fresh.page.getByLabel('Module Name').waitFor();
    expect(await stateNames(fresh.page)).toEqual(['IDLE', 'BUSY', 'DONE']);
    expect(await fresh.page.getByLabel('Input 1 width').inputValue()).toBe('');
    expect(await fresh.page.getByText('This link is damaged').count()).toBe(0);
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();
    expect(errors).toEqual([]);
  });

  it('coming back while a width is emptied keeps the inputs and outputs, not the default ones', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Input 1 name').fill('go');
    await page.getByLabel('Input 2 width').fill('');
    // As the sidebar opens it: a full page load without the link, so from the tab's draft.
    await page.goto(`${app.url}/fsm-generator`);
    await page.getByLabel('Module Name').waitFor();
    expect(await page.getByLabel('Input 1 name').inputValue()).toBe('go');
    expect(await page.getByLabel('Input 2 width').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });
});
