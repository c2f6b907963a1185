// Jest runs the project's TypeScript as native ESM (Payload 3 is ESM-only). Test files share
// one PostgreSQL started by globalSetup; each file gets its own database cloned from a migrated template, so files run side by side in three workers on
// the two cores (docs/decisions.md "Test files run in recycled workers, the browser files
// last", docs/decisions.md "Test files run in three workers on two cores"): two left the cores
// idle about a tenth of the run while files waited on the servers, PostgreSQL and Chromium
// they had started. ESM test files under --experimental-vm-modules keep every module they
// loaded (Payload included) alive in the worker: a worker whose heap is above
// workerIdleMemoryLimit after a file is replaced by a fresh one, which caps the run's memory
// whatever the number of files (one process grew to 4.5 GB in band). A Payload file leaves
// 130–250 MB of heap (a worker's RSS ≈ heap + 180 MB): at 150 MB a worker is replaced after
// each file that booted Payload and kept after the light ones, so three workers at their peak
// stay under 1.5 GB with jest's own process. Within a file the heap is capped (package.json's
// `test`: --max-old-space-size=512, which the workers inherit): V8 otherwise let
// fuzz-hostile-input's garbage grow its worker to 860 MB. examples/ holds the testing kit's
// examples (docs/testing.md), run like any test; they import the kit by its package name.

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
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'es6' } }],
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
