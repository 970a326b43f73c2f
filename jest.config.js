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
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.js'],
};
