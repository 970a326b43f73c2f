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
      await page.goto(`${base}/api/docs`);
      // Swagger UI builds the operation list from /api/openapi.json in the browser
      await page.locator('.opblock-summary-path', { hasText: '/api/metadata' }).first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.opblock').count()).toBeGreaterThan(5);
      expect(watch.externalRequests).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
