// Jest runs the TypeScript as native ESM (Payload 3 is ESM-only), three workers on two cores, a worker
// replaced after a file that booted Payload (docs/decisions.md "Test files run in three workers on two
// cores"); examples/ holds the testing kit's examples (docs/testing.md), run like any test.

// Two malloc arenas per process instead of glibc's eight per core: the workers (and the
// servers they start, which inherit it) are multi-threaded, and each thread's arena kept its
// freed memory. Read by glibc when a process starts, so it reaches every worker forked after
// this: the peak of two workers on the same ten files 1,004–1,019 → 965–966 MB
// (docs/decisions.md "Test files run in three workers on two cores").
process.env.MALLOC_ARENA_MAX ??= '2'

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests', '<rootDir>/examples'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'es6' } },
    ],
  },
  moduleNameMapper: {
    '^community-platform/testing$': '<rootDir>/src/testing.ts',
    '\\.(css|scss)$': '<rootDir>/tests/helpers/style-mock.js',
  },
  globalSetup: '<rootDir>/tests/helpers/global-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/tests/helpers/file-setup.ts'],
  testSequencer: '<rootDir>/tests/helpers/sequencer.js',
  maxWorkers: 3,
  workerIdleMemoryLimit: '150MB',
  testTimeout: 60_000,
}
