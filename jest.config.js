// Jest runs the project's TypeScript as native ESM (Payload 3 is ESM-only; STACK-NOTES
// "Jest with Payload 3"). Test files share one PostgreSQL started by globalSetup; each file
// gets its own database cloned from a migrated template, so files run side by side in two
// workers (decision 130). ESM test files under --experimental-vm-modules keep every module
// they loaded (Payload included) alive in the worker: a worker whose heap is above
// workerIdleMemoryLimit after a file is replaced by a fresh one, which caps the run's memory
// whatever the number of files (one process grew to 4.5 GB in band). A Payload file leaves
// 130–250 MB of heap (a worker's RSS ≈ heap + 180 MB): at 250 MB a worker runs one or two
// files, so two workers at their peak stay near 1.3 GB with jest's own process. Within a
// file the heap is capped (package.json's `test`: --max-old-space-size=512, which the workers
// inherit): V8 otherwise let fuzz-hostile-input's garbage grow its worker to 860 MB.
// examples/ holds the testing kit's examples (docs/testing.md), run like any test; they
// import the kit by its package name.
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
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(css|scss)$': '<rootDir>/tests/helpers/style-mock.js',
  },
  globalSetup: '<rootDir>/tests/helpers/global-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/tests/helpers/file-setup.ts'],
  testSequencer: '<rootDir>/tests/helpers/sequencer.js',
  maxWorkers: 2,
  workerIdleMemoryLimit: '250MB',
  testTimeout: 60_000,
}
