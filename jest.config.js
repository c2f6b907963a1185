// Jest runs the project's TypeScript as native ESM (Payload 3 is ESM-only; STACK-NOTES
// "Jest with Payload 3"). Test files share one PostgreSQL started by globalSetup; each file
// gets its own database cloned from a migrated template. examples/ holds the testing kit's
// examples (docs/testing.md), run here like any test; they import the kit by its package name.
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
  testTimeout: 60_000,
}
