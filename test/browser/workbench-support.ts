import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WORKBENCH_DIST } from '../../services/api/routes/workbench.routes';
import { FIXTURE_PASSWORD, seedWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { openWatchedPage, seriousAxeViolations, type PageWatch } from '../helpers/browser';
import { listenApp } from './support/listen-app';

/** Shared pieces of the workbench browser tests: a served app with its world, logged-in pages, checks. */
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../docs/screenshots');

export function assertWorkbenchBuilt(): void {
  if (!existsSync(path.join(WORKBENCH_DIST, 'index.html'))) {
    throw new Error(`The workbench is not built (${WORKBENCH_DIST}/index.html missing): run \`npm run web:build\` (npm install does it).`);
  }
}

export interface Served {
  t: TestApp;
  w: World;
  base: string;
  close(): Promise<void>;
}

export async function serveWorkbench(mode: 'server' | 'embedded'): Promise<Served> {
  assertWorkbenchBuilt();
  const t = await startTestApp(mode);
  const w = await seedWorld(t, { allowLintasOrgA: true });
  const server = await listenApp(t);
  return {
    t, w, base: server.base,
    async close() {
      await server.close();
      await t.close();
    },
  };
}

/**
 * The workbench served in `mode` for the tests of the calling describe block (started before
 * its first test, closed after its last). Read `s.t`, `s.w`, `s.base` in tests, after beforeAll.
 */
export function useServedWorkbench(mode: 'server' | 'embedded'): Omit<Served, 'close'> {
  let served: Served | undefined;
  beforeAll(async () => {
    served = await serveWorkbench(mode);
  }, 600_000);
  afterAll(async () => {
    await served?.close();
  });
  const get = (): Served => {
    if (!served) throw new Error(`the workbench (${mode}) did not start (see the beforeAll error)`);
    return served;
  };
  return {
    get t() { return get().t; },
    get w() { return get().w; },
    get base() { return get().base; },
  };
}

export interface UserPage {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
}

/** A fresh browser context logged in through the workbench's own login form. */
export async function loginAs(browser: Browser, base: string, username: string): Promise<UserPage> {
  const { context, page, watch } = await openWatchedPage(browser);
  await page.goto(`${base}/app/`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.getByTestId('whoami').waitFor();
  return { context, page, watch };
}

/** No serious or critical axe finding on the page as it is now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const found = await seriousAxeViolations(page);
  if (found.length) throw new Error(`axe on ${screen}: ${JSON.stringify(found, null, 1)}`);
}

export async function screenshot(page: Page, name: string, enabled: boolean): Promise<void> {
  if (!enabled) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize({ width: 1100, height: 760 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `workbench-${name}.png`) });
}

/** The record id from the page URL `/app/records/{id}[/tab]`. */
export function recordIdOf(page: Page): string {
  const m = /\/app\/records\/([^/?#]+)/.exec(page.url());
  if (!m?.[1]) throw new Error(`not on a record page: ${page.url()}`);
  return decodeURIComponent(m[1]);
}

/** Runs a status change offered on the record page (optionally with a note and a reviewer). */
export async function transition(page: Page, to: string, opts: { note?: string; reviewerId?: string } = {}): Promise<void> {
  await page.getByTestId(`transition-${to}`).click();
  if (opts.reviewerId) await page.getByTestId('reviewer-select').selectOption(opts.reviewerId);
  if (opts.note) await page.getByTestId('transition-note').fill(opts.note);
  await page.getByTestId('transition-confirm').click();
  await page.locator(`[data-status="${to}"]`).first().waitFor();
}
