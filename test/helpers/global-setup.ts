import { ensurePgliteTemplate } from './pglite-template';
import { ensureTemplate } from './template-db';

// Builds the migrated templates once per run, before any test file starts: the PostgreSQL
// database the server-mode tests clone and the PGlite directory the embedded-mode tests copy.
export default async function globalSetup(): Promise<void> {
  const [pg, pglite] = await Promise.all([ensureTemplate(), ensurePgliteTemplate()]);
  process.env.GK_TEST_TEMPLATE = pg;
  process.env.GK_TEST_PGLITE_TEMPLATE = pglite;
}
