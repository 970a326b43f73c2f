/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // esbuild only transpiles (test/helpers/esbuild-transform.js); `npm test` type-checks with tsc first.
  transform: { '^.+\\.ts$': '<rootDir>/test/helpers/esbuild-transform.js' },
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  // a hang detector, not a performance bound: a loaded 2-core CI machine runs the slowest tests
  // (fuzz properties, seeded apps) several times slower than an idle one
  testTimeout: 300_000,
  // two cores: two workers keep PostgreSQL and the suites from starving each other
  maxWorkers: 2,
  // longest suites first, from the timings of the last run: kept in the checkout (.cache is
  // git-ignored) rather than in /tmp, which a new machine or a reboot starts empty
  cacheDirectory: '<rootDir>/.cache/jest',
  // and the suites known to be long first when there is no timing yet (see the file)
  testSequencer: '<rootDir>/test/helpers/heavy-first-sequencer.js',
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.js'],
};
