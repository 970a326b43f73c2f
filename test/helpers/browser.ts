import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

/**
 * Debian's Chromium (installed by scripts/ensure-services.sh), never a browser that a test tool
 * downloads. The background-networking flags matter here: without them Chromium keeps opening
 * connections to Google's hosts, which this machine's closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * What a page did that a test should fail on: console errors, uncaught exceptions, and any
 * request to a host that is not this machine (pages must work offline: no CDN, no remote
 * fonts or tiles). Requests leaving the machine are aborted, so a forgotten CDN link fails
 * the page instead of hanging it.
 */
export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  externalRequests: string[];
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** A fresh context (axe-core refuses pages made by `browser.newPage()`) and a page in it, watched. */
export async function openWatchedPage(browser: Browser, opts: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }> {
  // reduced motion: the workbench then shows dialogs without their fade (web/src/main.tsx), so what
  // a test and axe see is the dialog as it stays, not a frame of its transition
  const context = await browser.newContext({ locale: opts.locale ?? 'id-ID', reducedMotion: 'reduce' });
  const watch: PageWatch = { consoleErrors: [], pageErrors: [], externalRequests: [] };
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') && !LOCAL_HOSTS.has(url.hostname)) {
      watch.externalRequests.push(url.href);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') watch.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => watch.pageErrors.push(err.message));
  return { context, page, watch };
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core on the page once it has settled; returns only serious and critical violations. A dialog
 * or menu fading in is half transparent for a moment, which axe reports as a colour-contrast
 * failure of its text (seen on a loaded CI machine: the harvest delete dialog's button); so the
 * check first waits until no finite CSS transition or animation is running (at most 30 s; then the
 * page is checked as it is).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await page.waitForFunction(
    // a loader's endless animation never ends and is not a fade: only finite ones are waited for
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 30_000 },
  ).catch(() => undefined);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
