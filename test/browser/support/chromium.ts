import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser';

/**
 * One Chromium for a whole test file, launched before its first test and closed after its last.
 * Call it at the top level of the file (not inside a describe), so that files testing both
 * deployment modes with describe.each start the browser once, not once per mode: a launch costs
 * seconds on a loaded machine, and every test opens its own context anyway (openWatchedPage,
 * loginAs), so nothing leaks from one test or mode to the next.
 */
export function useChromium(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('Chromium did not start (see the beforeAll error)');
      return browser;
    },
  };
}
