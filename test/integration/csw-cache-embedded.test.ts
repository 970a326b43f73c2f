import { describeCswCacheRules } from '../helpers/csw-cache-rules';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The same CSW cache rules in embedded mode: PGlite, the in-process key/value store, jobs run
 * in process (so the record.status-changed job renders, bumps and warms right here).
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('embedded');
}, 600_000);

afterAll(async () => {
  await t?.close();
});

describe('CSW response cache (embedded mode, in-process store)', () => {
  describeCswCacheRules(() => t, { settleJobs: true });
});
