import type { MetadataRecord } from '../../../libs/catalogue/record.types';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { listenApp } from './listen-app';
import { seedPublicCatalogue } from './pages-seed';

export interface PublicCatalogue {
  readonly t: TestApp;
  /** the app's address for the browser */
  readonly base: string;
  /** the PUBLISHED records seeded, oldest publication first */
  readonly published: readonly MetadataRecord[];
  /** the title of the one DRAFT, which no public page may show */
  readonly draftTitle: string;
}

/**
 * The public pages' app for the tests of the calling describe block: started in `mode` with
 * `env`, seeded with the browser tests' catalogue (pages-seed.ts), listening on a loopback port;
 * closed after the block. The fields are read in tests (after beforeAll has run).
 */
export function usePublicCatalogue(mode: 'server' | 'embedded', env: Record<string, string> = {}): PublicCatalogue {
  let state: (Omit<PublicCatalogue, 'base'> & { base: string; close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    const t = await startTestApp(mode, env);
    try {
      const seeded = await seedPublicCatalogue(t.db);
      const served = await listenApp(t);
      state = { t, base: served.base, published: seeded.published, draftTitle: seeded.draftTitle, close: served.close };
    } catch (err) {
      await t.close();
      throw err;
    }
  }, 600_000); // embedded: PGlite + PostGIS start, seconds when idle, minutes on a loaded machine
  afterAll(async () => {
    await state?.close();
    await state?.t.close();
  });
  const get = () => {
    if (!state) throw new Error('the public catalogue app did not start (see the beforeAll error)');
    return state;
  };
  return {
    get t() { return get().t; },
    get base() { return get().base; },
    get published() { return get().published; },
    get draftTitle() { return get().draftTitle; },
  };
}
