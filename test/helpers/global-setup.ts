import { ensureTemplate } from './template-db';

// Builds the migrated template database once per run, before any test file starts.
export default async function globalSetup(): Promise<void> {
  process.env.GK_TEST_TEMPLATE = await ensureTemplate();
}
