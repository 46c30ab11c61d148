// JWT Debugger in Chromium: auto-decode after 500 ms, messages, info grid, copy, URL fragment, verification.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../harness/browser';
import { networkInterfaces } from 'node:os';
import { createHmac, generateKeyPairSync, sign as cryptoSign } from 'node:crypto';
import { advanceClockUntil, holdWorkerResults, useSharedApp } from '../harness/e2e';
import { startServer } from '../harness/server';
import { seriousViolations } from '../harness/axe';
import { describeWith } from '../harness/system';
import {
  describeTasks,
  longestCpuMs,
  MAIN_THREAD_TEST,
  MAX_TASK_CPU_MS,
  traceMainThread,
} from '../harness/main-thread';
import { LONG_JWT_TEXT, SHOWN_HEAD_CHARS } from '../../src/tools/jwt/logic';

const b64u = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describeWith(['chromium'], 'JWT Debugger page', () => {
  const app = useSharedApp();

  const open = async (hash = '', { fakeClock = false } = {}): Promise<{ page: Page; errors: string[] }> => {
    const p = await openPage(app.browser, { permissions: ['clipboard-read', 'clipboard-write'] }, { fakeClock });
    await p.page.goto(`${app.url}/jwt-debugger${hash}`);
    await p.page.getByLabel('JWT Token').waitFor();
    return p;
  };

  it('decodes the example automatically, fills the grid and verifies with the right secret only', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Load Example' }).click();
    await page.getByLabel('Token information').waitFor();
    const grid = await page.getByLabel('Token information').textContent();
    expect(grid).toContain('HS256');
    expect(grid).toContain('John Doe'.slice(0, 0) + '1234567890');
    expect(grid).toContain('https://bitsmith.dev');
    expect(await page.getByTestId('jwt-status').textContent()).toMatch(/^Not expired — valid for \d+ years?$/);
    expect(await page.getByTestId('verify-result').textContent()).toMatch(/^Signature not verified/);

    await page.getByLabel(/Secret for verification/).fill('wrong-secret');
    await page.getByRole('button', { name: 'Verify signature' }).click();
    await expect.poll(() => page.getByTestId('verify-result').textContent()).toMatch(/^❌ Invalid signature/);
    await page.getByLabel(/Secret for verification/).fill('your-256-bit-secret');
    await expect.poll(() => page.getByTestId('verify-result').textContent()).toMatch(/^Signature not verified/);
    await page.getByRole('button', { name: 'Verify signature' }).click();
    await expect.poll(() => page.getByTestId('verify-result').textContent()).toBe('✅ Signature verified (HS256).');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('auto-decodes 500 ms after typing a 3-part token, with unicode claims and an expired flag', async () => {
    const { page } = await open('', { fakeClock: true });
    await page.clock.pauseAt(Date.now() + 1000); // timers fire only when the test advances time
    const token = `${b64u({ alg: 'none', typ: 'JWT' })}.${b64u({ sub: 'Zoë 東京', exp: Math.floor(Date.now() / 1000) - 3 * 3600 - 30 })}.`;
    await page.getByLabel('JWT Token').fill(token);
    await page.clock.runFor(400);
    expect(await page.getByLabel('Token information').count()).toBe(0);
    const shown = () => page.getByLabel('Token information').count();
    expect(400 + (await advanceClockUntil(page, shown, 1))).toBeLessThanOrEqual(925); // set by 400 ms, fires by 900
    expect(await page.getByLabel('Token information').textContent()).toContain('Zoë 東京');
    expect(await page.getByTestId('jwt-status').textContent()).toBe('Expired — expired 3 hours ago');
    expect(await page.getByRole('alert').filter({ hasText: 'alg: none' }).count()).toBe(1);
    await page.context().close();
  });

  it('turns "Not expired" into "Expired" when exp passes while the token is shown, without a new decode', async () => {
    const { page } = await open('', { fakeClock: true });
    const start = Date.now() + 1000;
    await page.clock.pauseAt(start);
    const exp = Math.floor(start / 1000) + 30;
    await page.getByLabel('JWT Token').fill(`${b64u({ alg: 'none' })}.${b64u({ sub: 'short-lived', exp })}.`);
    const status = () => page.getByTestId('jwt-status').textContent();
    await advanceClockUntil(page, () => page.getByLabel('Token information').count(), 1);
    expect(await status()).toMatch(/^Not expired — valid for 2\d seconds$/);
    // Past exp: the page said "Not expired — valid for 29 seconds" until something else re-rendered it.
    await page.clock.runFor(31_000);
    await expect.poll(status).toMatch(/^Expired — expired \d+ seconds? ago$/);
    await page.context().close();
  });

  it('shows the spec messages for empty, malformed and undecodable tokens, keeping the input', async () => {
    const { page } = await open();
    const decode = page.getByRole('button', { name: 'Decode', exact: true });
    await decode.click();
    await expect.poll(() => page.locator('.status-line').textContent()).toBe('Please enter a JWT token');
    await page.getByLabel('JWT Token').fill('abc.def');
    await decode.click();
    await expect
      .poll(() => page.locator('.status-line').textContent())
      .toBe('Invalid JWT format. Expected 3 parts separated by dots.');
    await page.getByLabel('JWT Token').fill('abc.def.ghi');
    await decode.click();
    await expect.poll(() => page.locator('.status-line').textContent()).toMatch(/^Failed to decode token: /);
    expect(await page.getByLabel('JWT Token').inputValue()).toBe('abc.def.ghi');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => page.getByLabel('JWT Token').inputValue()).toBe('');
    await page.context().close();
  });

  it('drops the decoded token when the box no longer holds one, so nothing is verified for text not there', async () => {
    // The page's clock runs on its own, and runFor moves it past the 500 ms auto-decode at once.
    const { page } = await open('', { fakeClock: true });
    await page.getByRole('button', { name: 'Load Example' }).click();
    await page.getByLabel('Token information').waitFor();
    await page.getByLabel('JWT Token').fill('');
    await expect.poll(() => page.getByLabel('Token information').count()).toBe(0);
    await page.clock.runFor(700); // past the 500 ms auto-decode
    expect(await page.getByLabel('Token information').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify signature' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Load Example' }).click();
    await page.getByLabel('Token information').waitFor();
    await page.getByLabel('JWT Token').fill('not a token');
    await expect.poll(() => page.getByLabel('Token information').count()).toBe(0);
    await page.clock.runFor(700);
    expect(await page.getByLabel('Token information').count()).toBe(0);
    await page.context().close();
  });

  it('shows and copies the payload with every number as the token writes it (a 64-bit id, 1.10)', async () => {
    const { page, errors } = await open();
    const raw = (text: string) => Buffer.from(text).toString('base64url');
    const payload = '{"user_id":12345678901234567890,"amount":1.10}';
    await page.getByLabel('JWT Token').fill(`${raw('{"alg":"none"}')}.${raw(payload)}.`);
    const view = page.locator('.jwt-payload-json');
    await expect.poll(() => view.textContent()).toBe('{\n  "user_id": 12345678901234567890,\n  "amount": 1.10\n}');
    await page.getByRole('button', { name: 'Copy Payload', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('12345678901234567890');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('copies a part by clicking it, with the confirmation cleared after 2 s', async () => {
    const { page } = await open();
    await page.getByRole('button', { name: 'Load Example' }).click();
    await page.getByLabel('Token structure').waitFor();
    await page.clock.install();
    await page.getByRole('button', { name: /^Copy payload: / }).click();
    await expect
      .poll(() => page.locator('.copy-message:not(.tool-actions .copy-message)').first().textContent())
      .toBe('Copied payload to clipboard!');
    const token = await page.getByLabel('JWT Token').inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token.split('.')[1]);
    await page.clock.runFor(2100);
    await expect
      .poll(() => page.locator('.copy-message:not(.tool-actions .copy-message)').first().textContent())
      .toBe('');
    await page.getByRole('button', { name: 'Copy Header', exact: true }).click();
    // The clipboard is written after the click (the write is asynchronous): until then it holds the payload part.
    await expect
      .poll(async () => JSON.parse(await page.evaluate(() => navigator.clipboard.readText())))
      .toEqual({ alg: 'HS256', typ: 'JWT' });
    await page.context().close();
  });

  it('reads a token from the URL fragment and writes it there on request', async () => {
    const token = `${b64u({ alg: 'HS256' })}.${b64u({ iss: 'frag' })}.c2ln`;
    const { page } = await open(`#token=${token}`);
    await page.getByLabel('Token information').waitFor();
    expect(await page.getByLabel('Token information').textContent()).toContain('frag');
    await page.getByRole('button', { name: 'Clear All' }).click();
    const other = `${b64u({ alg: 'HS256' })}.${b64u({ iss: 'written' })}.c2ln`;
    await page.getByLabel('JWT Token').fill(other);
    await page.getByRole('button', { name: 'Put token in URL' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#token=${other}`);
    await page.context().close();
  });
  it('opens a #token= link followed while the page is open (only the fragment differs, so no reload)', async () => {
    const first = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'first-link' })}.c2ln`;
    const second = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'second-link' })}.c2ln`;
    const { page, errors } = await open(`#token=${first}`);
    await expect.poll(() => page.getByLabel('Token information').textContent()).toContain('first-link');
    await page.goto(`${app.url}/jwt-debugger#token=${second}`);
    await expect.poll(() => page.getByLabel('JWT Token').inputValue()).toBe(second);
    await expect.poll(() => page.getByLabel('Token information').textContent()).toContain('second-link');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes the token out of the address bar when it is cleared or replaced, so Copy link does not share it', async () => {
    const token = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'in-the-url-4711' })}.c2ln`;
    const { page, errors } = await open(`#token=${token}`);
    await page.getByLabel('Token information').waitFor();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => page.evaluate(() => location.href)).not.toContain('#token=');
    await page.reload();
    await page.getByLabel('JWT Token').waitFor();
    expect(await page.getByLabel('JWT Token').inputValue()).toBe('');

    await page.getByLabel('JWT Token').fill(token);
    await page.getByRole('button', { name: 'Put token in URL' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#token=${token}`);
    await page.getByLabel('JWT Token').fill(`${b64u({ alg: 'HS256' })}.${b64u({ sub: 'other' })}.c2ln`);
    await expect.poll(() => page.evaluate(() => location.href)).not.toContain('#token=');
    await page.getByLabel('JWT Token').fill(token);
    await page.getByRole('button', { name: 'Put token in URL' }).click();
    await page.getByRole('button', { name: 'Load Example' }).click();
    await expect.poll(() => page.evaluate(() => location.href)).not.toContain('#token=');
    expect(errors).toEqual([]);
    await page.context().close();
  });
  it("verifies an EdDSA (Ed25519) token with its public key in this browser's WebCrypto", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const input = `${b64u({ alg: 'EdDSA', typ: 'JWT' })}.${b64u({ sub: 'ed-user' })}`;
    const token = `${input}.${cryptoSign(null, Buffer.from(input), privateKey).toString('base64url')}`;
    const { page, errors } = await open(`#token=${token}`);
    await page
      .getByLabel(/Public key .* for verification/)
      .fill(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    await page.getByRole('button', { name: 'Verify signature' }).click();
    await expect.poll(() => page.getByTestId('verify-result').textContent()).toBe('✅ Signature verified (EdDSA).');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("names a public key of the wrong type, where Chromium's WebCrypto says only DataError", async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const input = `${b64u({ alg: 'RS256', typ: 'JWT' })}.${b64u({ sub: 'rs-user' })}`;
    const token = `${input}.${cryptoSign('sha256', Buffer.from(input), rsa.privateKey).toString('base64url')}`;
    const { page, errors } = await open(`#token=${token}`);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await page
      .getByLabel(/Public key .* for verification/)
      .fill(ec.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    await page.getByRole('button', { name: 'Verify signature' }).click();
    await expect
      .poll(() => page.getByTestId('verify-result').textContent())
      .toBe('❌ Could not verify: this is an EC (P-256) public key; RS256 is checked with an RSA key.');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says an encrypted token (JWE, five parts) cannot be decoded here, beside the spec message', async () => {
    // It showed nothing until Decode was pressed, then only "Expected 3 parts".
    const jwe = [b64u({ alg: 'RSA-OAEP-256', enc: 'A256GCM' }), 'a2V5', 'aXY', 'Y2lwaGVy', 'dGFn'].join('.');
    const { page, errors } = await open();
    await page.getByLabel('JWT Token').fill(jwe);
    const note =
      "This is an encrypted token (JWE, five parts): its claims can be read only with the recipient's private key, so it is not decoded here.";
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'encrypted token' }).textContent()).toBe(note);
    await page.getByRole('button', { name: 'Decode', exact: true }).click();
    await expect
      .poll(() => page.locator('.status-line').textContent())
      .toBe('Invalid JWT format. Expected 3 parts separated by dots.');
    await page.getByLabel('JWT Token').fill('a.b.c.d.e');
    expect(await page.getByText('encrypted token').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
  it('Undo after Load Example or Clear All brings back the pasted token', async () => {
    const { page, errors } = await open();
    const mine = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'mine' })}.c2ln`;
    await page.getByLabel('JWT Token').fill(mine);
    await page.getByRole('button', { name: 'Load Example' }).click();
    await expect.poll(() => page.getByLabel('JWT Token').inputValue()).not.toBe(mine);
    await page
      .getByRole('status')
      .filter({ hasText: 'Example token loaded.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByLabel('JWT Token').inputValue()).toBe(mine);
    await expect.poll(() => page.getByLabel('Token information').textContent()).toContain('mine');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Input and output cleared.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => page.getByLabel('JWT Token').inputValue()).toBe(mine);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says that verifying needs a secure page when the site is opened over plain http from another machine', async () => {
    // Browsers give WebCrypto to https and localhost pages only; a LAN address over http has none.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!lan) return;
    const server = await startServer({ env: { HOST: '0.0.0.0' } });
    try {
      const { page } = await openPage(app.browser);
      const token = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'x' })}.c2ln`;
      await page.goto(`${server.url.replace('127.0.0.1', lan)}/jwt-debugger#token=${token}`);
      await page.getByLabel(/Secret for verification/).fill('secret');
      await page.getByRole('button', { name: 'Verify signature' }).click();
      await expect
        .poll(() => page.getByTestId('verify-result').textContent())
        .toBe('❌ Could not verify: this browser verifies signatures only on https or localhost pages.');
      await page.context().close();
    } finally {
      await server.stop();
    }
  });
  it('reads the privacy line without its padlock emoji (a decoration, not "locked")', async () => {
    const { page, errors } = await open();
    const line = page.getByText('Your token is decoded in this browser.');
    expect(await line.ariaSnapshot()).toBe(
      '- paragraph: Your token is decoded in this browser. Nothing leaves your device.',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('decodes a long token in the worker: Cancel and Clear All stop it, the token stays, its errors read the same', async () => {
    const { page, errors } = await open();
    const long = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'long-one', data: 'x'.repeat(LONG_JWT_TEXT), end: 'last' })}.c2ln`;
    const input = page.getByLabel('JWT Token');
    const decoding = page.getByRole('status').filter({ hasText: 'Decoding the token…' });
    const paste = async (text: string) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await input.focus();
      await input.press('Control+V');
    };

    // The auto-decode starts in the worker; Cancel stops it and the token stays.
    let release = await holdWorkerResults(page);
    await paste(long);
    await decoding.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await decoding.getByRole('button', { name: 'Cancel' }).click();
    await decoding.waitFor({ state: 'detached' });
    await release();
    expect(await page.locator('.char-count').textContent()).toBe(`${long.length} characters`);
    expect(await page.getByLabel('Token information').count()).toBe(0);

    // Decode shows what the worker decoded: the grid and the whole payload (Copy Payload).
    await page.getByRole('button', { name: 'Decode' }).click();
    await page.getByLabel('Token information').waitFor();
    expect(await page.getByLabel('Token information').textContent()).toContain('long-one');
    await page.getByRole('button', { name: 'Copy Payload', exact: true }).click();
    await expect
      .poll(async () => (JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { end: string }).end)
      .toBe('last');

    // Clear All while the worker decodes: nothing of the old token comes back.
    release = await holdWorkerResults(page);
    await page.getByRole('button', { name: 'Decode' }).click();
    await decoding.waitFor();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await release();
    await decoding.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Token information').count()).toBe(0);
    expect(await input.inputValue()).toBe('');

    // A long token that is no JSON: the worker's error is the page's.
    await paste(
      `${b64u({ alg: 'HS256' })}.${Buffer.from(`{"data":"${'y'.repeat(LONG_JWT_TEXT)}"`).toString('base64url')}.c2ln`,
    );
    await expect
      .poll(() => page.locator('.status-line').textContent())
      .toMatch(/^Failed to decode token: the payload is not valid JSON \(.+\)$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it(
    'takes a 1 MB pasted token without a main-thread task over 50 ms, decoding and verifying all of it',
    MAIN_THREAD_TEST,
    async () => {
      const { page, errors } = await open();
      const head = b64u({ alg: 'HS256', typ: 'JWT' });
      const body = b64u({
        sub: 'big-subject',
        iss: 'https://bitsmith.dev',
        data: 'Zoë 東京 '.repeat(63_000),
        end: 'last',
      });
      const signed = `${head}.${body}`;
      const token = `${signed}.${createHmac('sha256', 'big-secret').update(signed).digest('base64url')}`;
      expect(token.length).toBeGreaterThan(1_000_000);
      await page.evaluate((t) => navigator.clipboard.writeText(t), token);
      const input = page.getByLabel('JWT Token');
      await input.focus();

      const tasks = await traceMainThread(app.browser, page, async () => {
        await input.press('Control+V');
        await page.getByLabel('Token information').waitFor({ timeout: 10_000 });
      });
      console.info(`1 MB JWT paste and decode: main thread: ${describeTasks(tasks)}`);
      expect(longestCpuMs(tasks), describeTasks(tasks)).toBeLessThan(MAX_TASK_CPU_MS);

      // The whole token is decoded: the grid, and the payload's last claim is in what Copy Payload gives.
      expect(await page.locator('.char-count').textContent()).toBe(`${token.length} characters`);
      // Only the start of the token and of its long payload is laid out, as the URL tool does.
      expect(await input.inputValue()).toBe(token.slice(0, SHOWN_HEAD_CHARS));
      expect(await input.evaluate((t: HTMLTextAreaElement) => t.readOnly)).toBe(true);
      expect(await page.getByRole('note').first().textContent()).toContain(
        `The token is long (${token.length.toLocaleString('en-US')} characters): only its start is shown`,
      );
      expect(await page.locator('.jwt-payload-json').textContent()).toHaveLength(SHOWN_HEAD_CHARS);
      expect(await page.getByLabel('Token information').textContent()).toContain('big-subject');
      await page.getByRole('button', { name: 'Copy Payload', exact: true }).click();
      // The clipboard is written after the click: until then it holds the whole token (not JSON).
      await expect
        .poll(
          async () => (JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { end: string }).end,
        )
        .toBe('last');
      await page.getByRole('button', { name: /^Copy signature/ }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token.split('.')[2]);
      await page.getByLabel(/Secret for verification/).fill('big-secret');
      await page.getByRole('button', { name: 'Verify signature' }).click();
      await expect.poll(() => page.getByTestId('verify-result').textContent()).toBe('✅ Signature verified (HS256).');
      await page.getByRole('button', { name: 'Clear All' }).click();
      await expect.poll(() => input.inputValue()).toBe('');
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
