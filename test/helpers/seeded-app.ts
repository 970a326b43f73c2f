import { seedWorld, type SeedWorldOptions, type World } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

/** The app of a test file (or describe block) and its seeded two-organisation world. */
export interface SeededApp {
  readonly t: TestApp;
  readonly w: World;
}

/** beforeAll's default limit: a hang bound, not a speed figure (PGlite took > 120 s at load 15 on 2 cores) */
export const SEEDED_APP_TIMEOUT_MS = 300_000;

export interface SeededAppOptions {
  mode?: 'server' | 'embedded';
  env?: Record<string, string>;
  world?: SeedWorldOptions;
  /** beforeAll's limit: PGlite (embedded) takes seconds to start, many more on a busy machine */
  timeoutMs?: number;
}

/**
 * Registers the beforeAll that starts the app and seeds the world, and the afterAll that
 * closes it, in the calling describe block. Read `t` and `w` inside hooks and tests only.
 * Hooks the caller registers afterwards run after the seeding, and (jest-circus runs afterAll
 * hooks in the order they are declared) their afterAll runs after the app is closed: use it
 * only where nothing else must stop before the app.
 */
export function useSeededApp(opts: SeededAppOptions = {}): SeededApp {
  let t: TestApp | undefined;
  let w: World | undefined;
  beforeAll(async () => {
    t = await startTestApp(opts.mode ?? 'server', opts.env);
    w = await seedWorld(t, opts.world);
  }, opts.timeoutMs ?? SEEDED_APP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t(): TestApp {
      if (!t) throw new Error('useSeededApp: the app is not started (read it inside a hook or a test)');
      return t;
    },
    get w(): World {
      if (!w) throw new Error('useSeededApp: the world is not seeded (read it inside a hook or a test)');
      return w;
    },
  };
}
