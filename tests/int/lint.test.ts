// The formatter and the linter over the whole tree (docs/operations.md "Tests"),
// each in a process of its own started as the file loads, so they run side by side; ESLint's
// TypeScript program needs more heap than a jest worker's 512 MB.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, test } from '@jest/globals'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

type Outcome = { exitCode: number; output: string }

const run = (script: string, args: string[]): Promise<Outcome> =>
  new Promise((resolve) => {
    const bin = path.join(ROOT, 'node_modules', script)
    execFile(
      process.execPath,
      ['--max-old-space-size=4096', bin, ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ exitCode, output: `${stdout}${stderr}`.trim() })
      },
    )
  })

const prettier = run('prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn'])
const eslint = run('eslint/bin/eslint.js', ['.', '--max-warnings', '0'])

const TEN_MINUTES = 600_000

test(
  'prettier finds every file formatted (npm run format writes them)',
  async () => {
    expect(await prettier).toEqual({ exitCode: 0, output: '' })
  },
  TEN_MINUTES,
)

test(
  'eslint reports nothing: promises, import order, 120 columns (npm run format fixes what it can)',
  async () => {
    expect(await eslint).toEqual({ exitCode: 0, output: '' })
  },
  TEN_MINUTES,
)
