import { describeCswCacheRules } from '../helpers/csw-cache-rules';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The CSW cache rules in server mode: PostgreSQL, the real Redis (private key prefix), BullMQ producer. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('server');
});

afterAll(async () => {
  await t?.close();
});

describe('CSW response cache (server mode, Redis)', () => {
  describeCswCacheRules(() => t, { settleJobs: false });
});
