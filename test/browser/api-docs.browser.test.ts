import { startTestApp, type TestApp } from '../helpers/test-app';
import { openWatchedPage } from '../helpers/browser';
import { useChromium } from './support/chromium';
import { listenApp } from './support/listen-app';

// The browser tier's smallest end-to-end check: Debian's Chromium, driven by playwright-core,
// loads a page the API serves (the Swagger UI of the REST API) entirely from this machine.
const chromium = useChromium();

describe('browser: API documentation page', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listenApp>> | undefined;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp('server');
    server = await listenApp(t);
    base = server.base;
  });

  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('renders the REST API operations with nothing fetched from outside the machine', async () => {
    const { context, page, watch } = await openWatchedPage(chromium.browser);
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
    const { context, page, watch } = await openWatchedPage(chromium.browser);
    try {
      const response = await page.goto(`${base}/api/docs/assets/index.html`);
      expect(response?.status()).toBe(404);
      expect(watch.externalRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
