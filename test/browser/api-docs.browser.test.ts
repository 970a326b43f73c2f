import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { launchBrowser, openWatchedPage } from '../helpers/browser';

// The browser tier's smallest end-to-end check: Debian's Chromium, driven by playwright-core,
// loads a page the API serves (the Swagger UI of the REST API) entirely from this machine.
describe('browser: API documentation page', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp('server');
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  it('renders the REST API operations with nothing fetched from outside the machine', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      const response = await page.goto(`${base}/api/docs`);
      // issue 22: the page runs under a CSP that forbids framing, and nothing it does violates it
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      // Swagger UI builds the operation list from /api/openapi.json in the browser
      await page.locator('.opblock-summary-path', { hasText: '/api/metadata' }).first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.opblock').count()).toBeGreaterThan(5);
      expect(watch.externalRequests).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.consoleErrors.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('does not serve swagger-ui\'s stock index.html (which would load petstore.swagger.io) from our origin', async () => {
    const { context, page, watch } = await openWatchedPage(browser);
    try {
      const response = await page.goto(`${base}/api/docs/assets/index.html`);
      expect(response?.status()).toBe(404);
      expect(watch.externalRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
