/**
 * CRC generator in Chromium against the real server: choose, generate, download = API answer; the
 * preview's testbench download simulates the downloaded design in GHDL.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeWith } from '../harness/system';
import { openPage } from '../harness/browser';
import { holdWorkerResults, useSharedApp } from '../harness/e2e';
import { simulateVerilog, simulateVhdl } from '../harness/hdl';
import { runYosys } from '@yowasp/yosys';
import { synthesisReport } from '../../src/core/hdl/synth/report';
import { LINK_DAMAGED_MESSAGE } from '../../src/browser/link-left-out';
import { draftKey } from '../../src/browser/draft';

describeWith(['chromium', 'ghdl'], 'CRC generator page (Chromium)', () => {
  const app = useSharedApp();

  /** The page, with `algorithm` chosen once the catalogue has arrived. */
  async function openTool(algorithm?: string): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(app.browser);
    await opened.page.goto(`${app.url}/crc-generator`);
    await opened.page.getByRole('heading', { name: 'CRC Generator' }).waitFor();
    if (algorithm) {
      const select = opened.page.getByLabel('Predefined algorithm');
      await select.locator(`option[value="${algorithm}"]`).waitFor({ state: 'attached' });
      await select.selectOption(algorithm);
    }
    return opened;
  }

  it('shows the grid, chooses an algorithm, shows live figures, and downloads what the API gives', async () => {
    const { page, errors } = await openTool();
    const grid = page.getByRole('group', { name: 'Polynomial bits' });
    await grid.getByRole('button', { name: 'x67', exact: true }).waitFor();
    expect(await grid.getByRole('button').count()).toBe(68);
    expect(await grid.getByRole('button').first().textContent()).toBe('x0');
    expect(await grid.getByRole('button').last().textContent()).toBe('x67');
    expect(await page.locator('.crc-grid-row').count()).toBe(4);
    await page.getByText('No polynomial selected').first().waitFor();
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);

    // The catalogue arrives from the server (no banner), grouped with Other last.
    const select = page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-32/ISO-HDLC"]').waitFor({ state: 'attached' });
    const groups = await select.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups[0]).toBe('64-bit');
    expect(groups.at(-1)).toBe('Other');
    expect(await page.locator('.error-banner').count()).toBe(0);

    await page.getByLabel('Search algorithms').fill('ethernet');
    await expect
      .poll(() => select.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value)))
      .toEqual(['', 'CRC-32/ISO-HDLC']);
    await select.selectOption('CRC-32/ISO-HDLC');
    await page.getByText('Mode: Predefined (CRC-32/ISO-HDLC)').waitFor();
    await page.getByText('CRC width: 32 bits').waitFor();
    expect(await grid.getByRole('button', { name: 'x26', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Init (hex)').inputValue()).toBe('0xffffffff');

    await page.getByLabel('Data width (bits)').fill('64');
    await page.getByLabel('VHDL').check();
    await page.getByText('Language: VHDL').waitFor();
    // Live from the WASM worker.
    await page.getByText('0xcbf43926').waitFor();
    await page.getByText('XOR count: 1390 two-input XORs (without sharing)').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crc_entity.vhd');
    const downloaded = readFileSync((await download.path())!, 'utf8');
    await page.getByText('✅ Downloaded crc_entity.vhd').waitFor();

    const predefined = (await (await fetch(`${app.url}/api/predefined`)).json()) as { name: string; poly: number[] }[];
    const eth = predefined.find((a) => a.name === 'CRC-32/ISO-HDLC')!;
    const api = await fetch(`${app.url}/api/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        poly: eth.poly,
        data_width: 64,
        language: 'vhdl',
        init: '0xffffffff',
        refin: true,
        refout: true,
        xorout: '0xffffffff',
      }),
    });
    expect(downloaded).toBe(await api.text());
    expect(downloaded).toContain('refin true, refout true');

    // The preview is generated in the worker by the same emitter: identical text.
    await page.getByText('Preview (crc_entity.vhd)').click();
    const preview = page.getByLabel('Generated code preview');
    await preview.waitFor();
    expect(await preview.textContent()).toBe(downloaded);

    // The preview offers the self-checking testbench of the same design.
    const [tbDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Testbench' }).click(),
    ]);
    expect(tbDownload.suggestedFilename()).toBe('crc_entity_tb.vhd');
    const tb = readFileSync((await tbDownload.path())!, 'utf8');
    const sim = await simulateVhdl({ 'crc_entity.vhd': downloaded, 'crc_entity_tb.vhd': tb }, 'crc_tb', '93c');
    expect(sim.stdout + sim.stderr).toContain('CRC_TB PASS checks=4');

    // Toggling a bit returns to Custom, keeping the parameters.
    await grid.getByRole('button', { name: 'x67', exact: true }).click();
    await page.getByText('Mode: Custom').waitFor();
    await page.getByText('CRC width: 67 bits').waitFor();
    expect(errors).toEqual([]);
  });

  it('adds a partial last word and pipelining to the download, the preview, the figures and the testbench', async () => {
    const { page, errors } = await openTool();
    const select = page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-64/XZ"]').waitFor({ state: 'attached' });
    await select.selectOption('CRC-64/XZ');
    await page.getByLabel('Data width (bits)').fill('128');
    await page.getByLabel('Partial last word (data_bytes input)').check();
    await page.getByLabel('Pipeline stages').selectOption('2');
    await page.getByText('Latency: 2 clock cycles').waitFor();
    await page.getByText(/^Depth: data stages/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crc_module.v');
    const downloaded = readFileSync((await download.path())!, 'utf8');
    expect(downloaded).toContain('input  wire [4:0] data_bytes,');
    expect(downloaded).toContain('Latency: 2 clock cycles');

    await page.getByText('Preview (crc_module.v)').click();
    const preview = page.getByLabel('Generated code preview');
    await preview.waitFor();
    await expect.poll(async () => (await preview.textContent())?.slice(0, 2000)).toBe(downloaded.slice(0, 2000));
    // A long file shows its first 400 lines and says how many more the download has (as an editor
    // or `wc -l` counts them: the newline that ends the last line starts no other).
    expect(downloaded.endsWith('end\n\nendmodule\n')).toBe(true);
    const lines = downloaded.slice(0, -1).split('\n');
    expect(lines.length).toBeGreaterThan(400);
    expect(await preview.textContent()).toBe(
      `${lines.slice(0, 400).join('\n')}\n... (${lines.length - 400} more lines in the download)`,
    );

    const [tbDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Testbench' }).click(),
    ]);
    expect(tbDownload.suggestedFilename()).toBe('crc_module_tb.v');
    const tb = readFileSync((await tbDownload.path())!, 'utf8');
    const sim = await simulateVerilog({ 'crc_module.v': downloaded, 'crc_module_tb.v': tb }, 'crc_tb');
    expect(sim.stdout).toMatch(/CRC_TB PASS checks=\d+/);

    // A width that is not whole bytes leaves the partial last word out and says so.
    await page.getByLabel('Data width (bits)').fill('12');
    await page.getByText('Partial last word needs a data width that is a multiple of 8; it is left out.').waitFor();
    expect(errors).toEqual([]);
  });

  it('runs the synthesis report in the browser on the file the API gives', async () => {
    const { page, errors } = await openTool('CRC-32/ISO-HDLC');
    await page.getByLabel('Data width (bits)').fill('32');
    await page.getByLabel('Pipeline stages').selectOption('1');
    await page.getByText('Latency: 1 clock cycle').waitFor();
    await page.getByRole('button', { name: 'Run synthesis report' }).click();
    const lut6 = page.getByText(/^LUT6: \d+ LUTs, depth \d+ LUTs$/);
    await lut6.waitFor({ timeout: 180_000 });

    // The same figures as the same Yosys (WebAssembly) gives in Node for the API's file.
    const eth = ((await (await fetch(`${app.url}/api/predefined`)).json()) as { name: string; poly: number[] }[]).find(
      (a) => a.name === 'CRC-32/ISO-HDLC',
    )!;
    const body = {
      poly: eth.poly,
      data_width: 32,
      language: 'verilog',
      init: '0xffffffff',
      refin: true,
      refout: true,
      xorout: '0xffffffff',
      pipeline_stages: 1,
    };
    const api = await fetch(`${app.url}/api/generate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const want = await synthesisReport(
      async (args, files) => (await runYosys(args, files, { stdout: null, stderr: null })) ?? undefined,
      await api.text(),
      'crc',
    );
    expect(await lut6.textContent()).toBe(`LUT6: ${want.lut6.luts} LUTs, depth ${want.lut6.depth} LUTs`);
    await page.getByText(`LUT4: ${want.lut4.luts} LUTs, depth ${want.lut4.depth} LUTs`).waitFor();
    await page.getByText(`Flip-flops: ${want.flipFlops}`).waitFor();
    expect(errors).toEqual([]);
  }, 300_000);

  it('cancels the synthesis report from the keyboard and keeps the focus on the Run button', async () => {
    const { page, errors } = await openTool('CRC-32/ISO-HDLC');
    const run = page.getByRole('button', { name: 'Run synthesis report' });
    await expect.poll(() => run.isEnabled()).toBe(true);
    await run.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Cancel synthesis' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Synthesis cancelled.').waitFor();
    // The Cancel button goes away: the focus went to <body>, the top of the page for a keyboard user.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Run synthesis report');
    // A cancelled report ends its worker; the next one starts a new one.
    await page.keyboard.press('Enter');
    await page.getByText(/^LUT6: \d+ LUTs, depth \d+ LUTs$/).waitFor({ timeout: 180_000 });
    expect(errors).toEqual([]);
  }, 240_000);

  it('keeps Cancel and "Synthesising..." until the report of a run started after the data width changed', async () => {
    // The first run's end (for the old width) took them away while the second went on, and left
    // its Cancel unable to stop it.
    const { page, errors } = await openTool('CRC-32/ISO-HDLC');
    const run = page.getByRole('button', { name: 'Run synthesis report' });
    await expect.poll(() => run.isEnabled()).toBe(true);
    await run.click();
    await page.getByRole('button', { name: 'Cancel synthesis' }).waitFor();
    await page.getByLabel('Data width (bits)').fill('16');
    await run.click();
    await page.getByRole('button', { name: 'Cancel synthesis' }).waitFor({ state: 'detached', timeout: 180_000 });
    expect(await page.getByText(/^LUT6: \d+ LUTs, depth \d+ LUTs$/).count()).toBe(1);
    expect(await page.getByText('Synthesis cancelled.').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 240_000);

  it('validates the custom inputs and the data width without losing them', async () => {
    const { page, errors } = await openTool();
    const grid = page.getByRole('group', { name: 'Polynomial bits' });
    for (const x of ['x8', 'x2', 'x1']) await grid.getByRole('button', { name: x, exact: true }).click();
    await page.getByText('x^8 + x^2 + x + 1').first().waitFor();
    await page.getByText('Mode: Custom').waitFor();
    await page.getByText('0xf4').waitFor(); // CRC-8/SMBUS check value, computed in the worker
    await page.getByLabel('Init (hex)').fill('0x1ff');
    await page.getByRole('alert').filter({ hasText: 'Init does not fit in 8 bits' }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Init (hex)').inputValue()).toBe('0x1ff');
    await page.getByLabel('Init (hex)').fill('0xff');
    await page.getByLabel('Data width (bits)').fill('129');
    await page.getByRole('alert').filter({ hasText: 'Data width must be a whole number from 1 to 128.' }).waitFor();
    await page.getByLabel('Data width (bits)').fill('12');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crc_module.v');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('input  wire [11:0] data_in,');
    expect(text).toContain("lfsr_q <= 8'hff;");
    expect(errors).toEqual([]);
  });

  it('does not generate for a data width the field cannot show (a link with dataWidth=0x10 or " 16")', async () => {
    // The number field showed nothing while the figures and Generate used 16.
    const { page, errors } = await openPage(app.browser);
    for (const dataWidth of ['0x10', '%2016']) {
      await page.goto(`${app.url}/crc-generator?poly=0x11021&dataWidth=${dataWidth}`);
      await page.getByText('CRC width: 16 bits').waitFor();
      expect(await page.getByLabel('Data width (bits)').inputValue()).toBe('');
      await page.getByRole('alert').filter({ hasText: 'Data width must be a whole number from 1 to 128.' }).waitFor();
      expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
      expect(await page.getByText(/^XOR count/).count()).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it("sends Generate's request as the spec's {poly, data_width, language} when the parameters are the defaults", async () => {
    const { page, errors } = await openPage(app.browser);
    await page.goto(`${app.url}/crc-generator?poly=0x107`);
    await page.getByText('CRC width: 8 bits').waitFor();
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => r.url().endsWith('/api/generate') && bodies.push(r.postDataJSON()));
    const generate = async () => {
      await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Generate' }).click()]);
    };
    await generate();
    expect(Object.keys(bodies[0]!).sort()).toEqual(['data_width', 'language', 'poly']);
    expect(bodies[0]).toMatchObject({ data_width: 8, language: 'verilog' });
    // A parameter beyond the spec that is not the default is sent, with the others.
    await page.getByLabel('Reflect input (refin)').check();
    await generate();
    expect(bodies[1]).toMatchObject({ init: '0x0', refin: true, refout: false, xorout: '0x0' });
    expect(errors).toEqual([]);
  });

  it('loads the algorithm a link names, and never calls other parameters by its name', async () => {
    const { page, errors } = await openPage(app.browser);
    // A hand-written link naming only the algorithm: its polynomial and parameters, not "no polynomial".
    await page.goto(`${app.url}/crc-generator?algorithm=CRC-16%2FARC`);
    await page.getByText('Mode: Predefined (CRC-16/ARC)').waitFor();
    await page.getByText('CRC width: 16 bits').waitFor();
    await page.getByText('0xbb3d').waitFor(); // CRC-16/ARC check value, from the worker
    expect(await page.getByLabel('Predefined algorithm').inputValue()).toBe('CRC-16/ARC');
    // A link whose polynomial is not the named algorithm's: the page says Custom, not CRC-32, not even
    // for the frame after the list came (it was fixed up in an effect that ran after the paint). The
    // observer sees the DOM of each commit before the next task, so that frame's text.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { modesSeen: string[] }).modesSeen = []);
      new MutationObserver(() => {
        const mode = /Mode: [^\n]*/.exec(document.body?.innerText ?? '')?.[0];
        if (mode && seen.at(-1) !== mode) seen.push(mode);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${app.url}/crc-generator?algorithm=CRC-32%2FISO-HDLC&poly=0x11021`);
    await page.getByText('CRC width: 16 bits').waitFor();
    await page.getByText('Mode: Custom').waitFor();
    // Read once the list has come (the page says Custom before it too), as a user sees it then.
    await page.locator('#crc-algorithm option[value="CRC-32/ISO-HDLC"]').waitFor({ state: 'attached' });
    expect(await page.getByText('Mode: Custom').count()).toBe(1);
    expect(await page.getByLabel('Predefined algorithm').inputValue()).toBe('');
    expect(await page.getByText('Predefined (CRC-32/ISO-HDLC)').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { modesSeen: string[] }).modesSeen)).toEqual([
      'Mode: Custom',
    ]);
    expect(errors).toEqual([]);
  });

  it('says "1 bit", "1 two-input XOR" and "1 XOR level" in the figures of a one-bit CRC, as its file does', async () => {
    const { page, errors } = await openPage(app.browser);
    await page.goto(`${app.url}/crc-generator?poly=0x3&dataWidth=1`);
    await page.getByText('CRC width: 1 bit', { exact: true }).waitFor();
    await page.getByText('XOR count: 1 two-input XOR (without sharing)', { exact: true }).waitFor();
    await page.getByText('Deepest equation: 2 terms, 1 XOR level (bit 0)', { exact: true }).waitFor();
    await page.getByLabel('Pipeline stages').selectOption('1');
    await page
      .getByText('XOR count: 1 two-input XOR (data term 0, feedback 1), 1 multiplexer bit, 5 flip-flops', {
        exact: true,
      })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('says a link with a pipeline depth the select does not offer is damaged, and does not open it', async () => {
    // The depth was read as 0 without a word: the link's other settings opened, not the design it named
    // (before that, the figures used 9 while the select showed 0, and Generate failed validation).
    const { page, errors } = await openPage(app.browser);
    await page.goto(`${app.url}/crc-generator?poly=0x11021&dataWidth=64&pipelineStages=9`);
    await page.getByText(LINK_DAMAGED_MESSAGE).waitFor();
    expect(await page.getByLabel('Data width (bits)').inputValue()).toBe('8');
    expect(await page.getByLabel('Pipeline stages').inputValue()).toBe('0');
    expect(errors).toEqual([]);
  });

  it('opens a stored draft with a pipeline depth or language the page does not offer at the defaults', async () => {
    // A hand-edited draft of 9 stages showed figures for 9 while Generate failed validation; one
    // of language 'cobol' showed "Language:" with nothing and a Consistency hint for VHDL.
    const { page, errors } = await openPage(app.browser);
    await page.goto(`${app.url}/crc-generator?algorithm=CRC-16%2FARC&dataWidth=64&pipelineStages=2`);
    await page.getByText('Latency: 2 clock cycles').waitFor();
    await page.evaluate((key) => {
      const draft = JSON.parse(sessionStorage.getItem(key)!) as { state: Record<string, unknown> };
      Object.assign(draft.state, { pipelineStages: 9, language: 'cobol' });
      sessionStorage.setItem(key, JSON.stringify(draft));
    }, draftKey('/crc-generator'));
    await page.goto(`${app.url}/crc-generator`);
    await page.getByText('Mode: Predefined (CRC-16/ARC)').waitFor();
    await page.getByText('Language: Verilog').waitFor();
    expect(await page.getByLabel('Pipeline stages').inputValue()).toBe('0');
    await page.getByText('Latency: crc_out shows a beat right after the clock edge that takes it').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crc_module.v');
    expect(await page.getByRole('alert').filter({ hasText: /error/i }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('does not stay on Generating... forever when the server never answers', async () => {
    // A hung server (or proxy): the page waits 30 s, then makes the same file in the browser.
    const { page, errors } = await openPage(app.browser, {}, { fakeClock: true });
    await page.route('**/api/generate', () => {}); // never answered
    await page.goto(`${app.url}/crc-generator?poly=0x11021&dataWidth=16`);
    await page.getByText('CRC width: 16 bits').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Generating...' }).waitFor();
    await page.clock.runFor(31_000);
    expect((await download).suggestedFilename()).toBe('crc_module.v');
    // The server was reachable: the status says it did not answer in time, not that it was unreachable.
    await page.getByText('generated in your browser: the server did not answer within 30 s').waitFor();
    expect(await page.getByText('could not be reached').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('does not hang when the server sends the headers of Generate and then stalls the body', async () => {
    // A real HTTP server that answers 200 with part of a body and never ends it; the browser's
    // request to /api/generate is sent there by the network layer.
    const sockets = new Set<Socket>();
    const stall = createServer((req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/plain',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Content-Type',
      });
      if (req.method === 'OPTIONS') return void res.end();
      res.write('module crc(');
    });
    stall.on('connection', (s) => sockets.add(s));
    await new Promise<void>((done) => stall.listen(0, '127.0.0.1', done));
    const stallUrl = `http://127.0.0.1:${(stall.address() as AddressInfo).port}/api/generate`;
    try {
      const { page, errors } = await openPage(app.browser, {}, { fakeClock: true });
      let headersSent = false;
      page.on('response', (r) => {
        if (r.url().includes('/api/generate')) headersSent = true;
      });
      await page.route('**/api/generate', (route) => route.continue({ url: stallUrl }));
      await page.goto(`${app.url}/crc-generator?poly=0x11021&dataWidth=16`);
      await page.getByText('CRC width: 16 bits').waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByRole('button', { name: 'Generating...' }).waitFor();
      await expect.poll(() => headersSent).toBe(true);
      await page.clock.runFor(31_000);
      expect((await download).suggestedFilename()).toBe('crc_module.v');
      await page.getByText('generated in your browser: the server did not answer within 30 s').waitFor();
      await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((done) => stall.close(done));
    }
  });

  it('a double-click on Generate in C downloads the two files once; a later click downloads them again', async () => {
    const { page, errors } = await openPage(app.browser);
    await page.goto(`${app.url}/crc-generator?poly=0x11021&language=c`);
    await page.getByText('CRC width: 16 bits').waitFor();
    const names: string[] = [];
    page.on('download', (d) => names.push(d.suggestedFilename()));
    // The page starts a download by clicking a link (download attribute) in its click handler: the
    // links clicked are counted as each press is handled, so a second pair needs no time to show.
    await page.evaluate(() => {
      (window as unknown as { started: number }).started = 0;
      document.addEventListener(
        'click',
        (e) => {
          if (e.target instanceof HTMLAnchorElement && e.target.download)
            (window as unknown as { started: number }).started++;
        },
        true,
      );
    });
    const started = () => page.evaluate(() => (window as unknown as { started: number }).started);
    const generate = page.getByRole('button', { name: 'Generate' });
    await generate.dblclick();
    expect(await started()).toBe(2); // both presses handled: the second started nothing
    await expect.poll(() => names.length).toBe(2);
    expect(names.sort()).toEqual(['crc16_custom_1021.c', 'crc16_custom_1021.h']);
    await generate.click();
    expect(await started()).toBe(4);
    await expect.poll(() => names.length).toBe(4);
    expect(errors).toEqual([]);
  });

  it("Generate stays where it is when the worker's figures come in after an edit", async () => {
    // The figures came in above Generate about 100 ms after each edit and pushed it down: a
    // double-click aimed before they came landed beside the button (CI run 40).
    const { page, errors } = await openPage(app.browser);
    await page.goto(`${app.url}/crc-generator?poly=0x11021&dataWidth=16`);
    const figures = page.locator('.crc-live li');
    await figures.first().waitFor();
    const generate = page.getByRole('button', { name: 'Generate', exact: true });
    for (const width of ['32', '64']) {
      const release = await holdWorkerResults(page);
      await page.getByLabel('Data width (bits)').fill(width);
      await figures.first().waitFor({ state: 'detached' });
      const before = await generate.boundingBox();
      await release();
      await figures.first().waitFor();
      expect(await generate.boundingBox()).toEqual(before);
    }
    expect(errors).toEqual([]);
  });

  // The server cannot be made to fail on demand, so these two answers are substituted in the
  // browser's network layer to check the page's error handling (spec section 8).
  it('shows the banner and the built-in six when /api/predefined fails', async () => {
    const { page } = await openPage(app.browser);
    await page.route('**/api/predefined', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.goto(`${app.url}/crc-generator`);
    await page.getByText('Failed to load predefined algorithms').waitFor();
    const options = await page
      .getByLabel('Predefined algorithm')
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options.sort()).toEqual(
      ['', 'CRC-10', 'CRC-16 CCITT', 'CRC-16 USB', 'CRC-32 Ethernet', 'CRC-32C', 'CRC-8'].sort(),
    );
  });

  it('offline, shows a link or draft naming a catalogue algorithm under its fallback name, not as Custom', async () => {
    const { page, errors } = await openPage(app.browser);
    await page.route('**/api/predefined', (route) => route.abort('internetdisconnected'));
    const link =
      '/crc-generator?algorithm=CRC-32%2FISO-HDLC&poly=0x104c11db7&init=0xffffffff&xorout=0xffffffff&refin=true&refout=true';
    await page.goto(app.url + link);
    await page.getByText('Failed to load predefined algorithms').waitFor();
    await page.getByText('Mode: Predefined (CRC-32 Ethernet)').waitFor();
    expect(await page.getByLabel('Predefined algorithm').inputValue()).toBe('CRC-32 Ethernet');
    // A hand-written link with the name alone loads it too.
    await page.goto(app.url + '/crc-generator?algorithm=CRC-16%2FUSB');
    await page.getByText('Mode: Predefined (CRC-16 USB)').waitFor();
    await page.getByText('CRC width: 16 bits').waitFor();
    expect(errors).toEqual([]);
  });

  it('works with a catalogue of just {name, poly}, the shape the spec gives /api/predefined', async () => {
    const { page, errors } = await openPage(app.browser);
    const poly = (width: number, p: number) =>
      Array.from({ length: 68 }, (_, i) => (i === width ? 1 : i < width ? (p >> i) & 1 : 0));
    const list = [
      { name: 'CRC-8', poly: poly(8, 0x07) },
      { name: 'CRC-16 CCITT', poly: poly(16, 0x1021) },
      { name: 'CRC-16 USB', poly: poly(16, 0x8005) },
    ];
    await page.route('**/api/predefined', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(list) }),
    );
    await page.goto(`${app.url}/crc-generator`);
    const select = page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-8"]').waitFor({ state: 'attached' });
    const groups = await select.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups).toEqual(['16-bit', 'Other']);
    await page.getByLabel('Search algorithms').fill('usb');
    await select.selectOption('CRC-16 USB');
    await page.getByText('Mode: Predefined (CRC-16 USB)').waitFor();
    await page.getByText('CRC width: 16 bits').waitFor();
    expect(await page.getByLabel('Init (hex)').inputValue()).toBe('0x0');
    await page.getByText('0xfee8').waitFor(); // CRC-16/UMTS: 0x8005 with the default parameters
    expect(await page.locator('.error-banner').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('takes a catalogue whose poly arrays are shorter or longer than 68 (the spec: "at most 68 used")', async () => {
    const { page, errors } = await openPage(app.browser);
    const poly = (length: number, width: number, p: number) =>
      Array.from({ length }, (_, i) => (i === width ? 1 : i < width ? (p >> i) & 1 : 0));
    const list = [
      { name: 'CRC-8', poly: poly(9, 8, 0x07) },
      { name: 'CRC-16 USB', poly: poly(17, 16, 0x8005) },
      { name: 'CRC-16 CCITT', poly: poly(70, 16, 0x1021) },
    ];
    await page.route('**/api/predefined', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(list) }),
    );
    await page.goto(`${app.url}/crc-generator`);
    const select = page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-16 USB"]').waitFor({ state: 'attached' });
    expect(await select.locator('option').count()).toBe(4);
    await select.selectOption('CRC-16 USB');
    await page.getByText('Mode: Predefined (CRC-16 USB)').waitFor();
    await page.getByText('CRC width: 16 bits').waitFor();
    const grid = page.getByRole('group', { name: 'Polynomial bits' });
    expect(await grid.getByRole('button', { pressed: true }).count()).toBe(4); // x16 + x15 + x2 + 1
    await page.getByText('0xfee8').waitFor();
    expect(await page.locator('.error-banner').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('takes the polynomial grid as one Tab stop, arrow keys moving between its 68 bits', async () => {
    // Each bit was a Tab stop: 68 presses from the algorithm to Init.
    const { page, errors } = await openTool();
    const grid = page.getByRole('group', { name: 'Polynomial bits' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.getByLabel('Predefined algorithm').focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('x0');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('x1');
    await page.keyboard.press('Space');
    await expect
      .poll(() => grid.getByRole('button', { name: 'x1', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('ArrowDown'); // the next row of 17
    expect(await focused()).toBe('x18');
    await page.keyboard.press('End');
    expect(await focused()).toBe('x67');
    await page.keyboard.press('ArrowRight'); // the last bit stays
    expect(await focused()).toBe('x67');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('x50');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('crc-init');
    // Back into the grid at the bit left.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('x50');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('x0');
    expect(errors).toEqual([]);
  });

  it('shows the spec alerts for 422 and other generate failures', async () => {
    const { page } = await openTool();
    const select = page.getByLabel('Predefined algorithm');
    await select.locator('option[value="CRC-16/USB"]').waitFor({ state: 'attached' });
    await select.selectOption('CRC-16/USB');
    await page.route('**/api/generate', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"bad"}' }),
    );
    await page.getByRole('button', { name: 'Generate' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Validation error: Please check your polynomial and parameters' })
      .waitFor();
    await page.unroute('**/api/generate');
    await page.route('**/api/generate', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.getByRole('button', { name: 'Generate' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error generating VERILOG code. Please check your parameters.' })
      .waitFor();
  });
});
