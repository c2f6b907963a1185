// `npm run lint` (and tests/int/lint.test.ts): typescript-eslint with the TypeScript program for the
// promise rules, import order, and 120 columns for what prettier cannot wrap (comments);
// docs/operations.md "Tests".
import stylistic from '@stylistic/eslint-plugin'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import tseslint from 'typescript-eslint'

import { commentWidth } from './scripts/eslint/comment-width.js'

const MAX = 120
// `npm run format` fixes without the TypeScript program (LINT_WITHOUT_TYPES=1): no fix needs it, and
// ESLint parses a file again after each fix pass, so with types a fix of the whole tree takes minutes.
const withTypes = process.env.LINT_WITHOUT_TYPES !== '1'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.next/',
      '.next-build.lock/',
      '.data/',
      '.build/',
      '.test-data/',
      'coverage/',
      'media/',
      'bench/results/',
      'next-env.d.ts',
      // Written by Payload's generators: `npm run generate:types` / `generate:importmap` rewrite them.
      '**/payload-types.ts',
      'src/app/(payload)/admin/importMap.js',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    extends: [tseslint.configs.recommended],
    plugins: {
      '@stylistic': stylistic,
      'simple-import-sort': simpleImportSort,
      local: { rules: { 'comment-width': commentWidth } },
    },
    // Without the typed rules a directive for one of them would look unused, and --fix would remove it.
    linterOptions: { reportUnusedDisableDirectives: withTypes ? 'error' : 'off' },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@stylistic/max-len': [
        'error',
        {
          code: MAX,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
        },
      ],
      'local/comment-width': ['error', { max: MAX }],
      // A `let` a closure reads before its one assignment (a signal handler set up before the start) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A leading underscore marks a binding kept on purpose (a handler's unused `next`, a rest's sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // A .cjs file is CommonJS on purpose (a preload given to `node --require`): require is its import.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: withTypes ? [] : ['**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test() and describe() hand their promise to the runner.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Payload's migration generator writes `{ db, payload, req }` whether the migration uses them or not.
    files: ['src/migrations/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    // Outside tests a value gets its type from Payload's generated types, a guard or a narrow interface, not by a
    // double assertion through unknown.
    files: ['**/*.{ts,tsx}'],
    ignores: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: 'No `as unknown as` outside tests: type it (generated types, a type guard, a narrow interface).',
        },
        {
          selector: 'TSTypeAssertion > TSTypeAssertion.expression > TSUnknownKeyword.typeAnnotation',
          message: 'No `<T><unknown>` outside tests: type it (generated types, a type guard, a narrow interface).',
        },
      ],
    },
  },
  {
    // Tests read the JSON of HTTP answers and Payload's untyped documents loosely on purpose.
    files: ['tests/**', 'examples/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
