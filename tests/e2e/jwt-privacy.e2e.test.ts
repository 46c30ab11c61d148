// The JWT debugger's promise, tested (issue 16 item 6): with the token in the URL fragment,
// decoded, and an uncaught error reported, no request leaving the page carries the token.
import { expect, it } from 'vitest';
import { openPage } from '../harness/browser';
import { useSharedApp } from '../harness/e2e';
import { startRecordingProxy } from '../harness/proxy';
import { describeWith } from '../harness/system';
import { LONG_JWT_TEXT } from '../../src/tools/jwt/logic';

const b64u = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describeWith(['chromium'], 'JWT token privacy', () => {
  const app = useSharedApp();

  it('sends page views and error reports without the token or any of its parts', async () => {
    const header = b64u({ alg: 'HS256', typ: 'JWT' });
    const payload = b64u({ sub: 'private-subject-4711', name: 'Secret Person' });
    const signature = Buffer.from('signature-bytes-that-are-secret').toString('base64url');
    const token = `${header}.${payload}.${signature}`;
    const { page } = await openPage(app.browser);
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`));

    await page.goto(`${app.url}/jwt-debugger?access_token=${token}#token=${token}`);
    await page.getByLabel('Token information').waitFor();
    expect(await page.getByLabel('Token information').textContent()).toContain('private-subject-4711');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('uncaught on the JWT page');
      });
    });
    await expect.poll(() => sent.filter((s) => s.includes('/api/analytics/error')).length).toBe(1);
    await expect.poll(() => sent.filter((s) => s.includes('/api/analytics/pageview')).length).toBeGreaterThan(0);

    const reports = sent.filter((s) => s.includes('/api/analytics/'));
    expect(reports.join('\n')).toContain('/jwt-debugger');
    // The navigation itself is the only request allowed to carry the query string (the browser
    // sends it to the server, never the fragment); every other request must be token-free.
    const others = sent.filter((s) => !s.startsWith(`GET ${app.url}/jwt-debugger?`));
    for (const part of [header, payload, signature]) {
      for (const request of others) expect(request).not.toContain(part);
    }
    await page.context().close();
  });

  it('sends no part of a long token decoded in the worker: no request, page view or error report', async () => {
    const header = b64u({ alg: 'HS256', typ: 'JWT' });
    const payload = b64u({ sub: 'long-private-subject-4711', data: 'z'.repeat(LONG_JWT_TEXT) });
    const signature = Buffer.from('long-signature-bytes-that-are-secret').toString('base64url');
    const { page } = await openPage(app.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`));
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.goto(`${app.url}/jwt-debugger`);
    await page.evaluate((t) => navigator.clipboard.writeText(t), `${header}.${payload}.${signature}`);
    await page.getByLabel('JWT Token').focus();
    await page.getByLabel('JWT Token').press('Control+V');
    await page.getByLabel('Token information').waitFor();
    expect(await page.getByLabel('Token information').textContent()).toContain('long-private-subject-4711');
    expect(workers.some((url) => /\/jwt\.worker-[\w-]+\.js$/.test(url))).toBe(true);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('uncaught after a long token');
      });
    });
    await expect.poll(() => sent.filter((s) => s.includes('/api/analytics/error')).length).toBe(1);
    for (const part of [header, payload.slice(0, 64), signature]) {
      for (const request of sent) expect(request).not.toContain(part);
    }
    await page.context().close();
  });

  it('sends no part of a token pasted into the path (/jwt-debugger/<token>): page view, error report, load time', async () => {
    const token = `${b64u({ alg: 'HS256' })}.${b64u({ sub: 'path-subject-4711' })}.${b64u('path-signature')}`;
    // Beacons sent while a page unloads are invisible to Playwright: every report is watched on the wire.
    const proxy = await startRecordingProxy(app.url);
    try {
      const { page } = await openPage(app.browser);
      await page.goto(`${proxy.url}/jwt-debugger/${token}`);
      await page.waitForLoadState('load');
      const reported = (kind: string) => proxy.requests.filter((r) => r.path === `/api/analytics/${kind}`).length;
      await expect.poll(() => reported('pageview')).toBe(1);
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('uncaught on a token path');
        });
      });
      await expect.poll(() => reported('error')).toBe(1);
      // Leaving the page sends its load time (pagehide), named by the path it was on.
      await page.goto(`${proxy.url}/`);
      await expect.poll(() => reported('performance')).toBe(1);
      const reports = proxy.requests.filter((r) => r.path.startsWith('/api/analytics/')).map((r) => r.body);
      expect(reports.join('\n')).toContain('/jwt-debugger/REDACTED');
      for (const part of token.split('.')) for (const report of reports) expect(report).not.toContain(part);
      await page.context().close();
    } finally {
      await proxy.close();
    }
  });

  it("does not report a token's own algorithm text when verifying, only a known algorithm name", async () => {
    const token = `${b64u({ alg: 'acme-private-alg-4711' })}.${b64u({ sub: 'x' })}.c2ln`;
    const { page } = await openPage(app.browser);
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.url()}\n${r.postData() ?? ''}`));
    await page.goto(`${app.url}/jwt-debugger#token=${token}`);
    await page.getByLabel(/for verification/).fill('a key');
    await page.getByRole('button', { name: 'Verify signature' }).click();
    await expect.poll(() => sent.filter((s) => s.includes('verify_signature')).length).toBe(1);
    expect(sent.join('\n')).not.toContain('acme-private-alg');
    await page.context().close();
  });
});
