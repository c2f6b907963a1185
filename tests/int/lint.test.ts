// The formatter, the type check and the linter over the whole tree (docs/operations.md "Tests"), prettier and
// scripts/check-code.js each in a process of its own started as the file loads, so they run side by side; the
// TypeScript program needs more heap than a jest worker's 512 MB.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, test } from '@jest/globals'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

type Outcome = { exitCode: number; output: string }

const run = (script: string, args: string[]): Promise<Outcome> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--max-old-space-size=4096', path.join(ROOT, script), ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ exitCode, output: `${stdout}${stderr}`.trim() })
      },
    )
  })

const prettier = run('node_modules/prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn'])
const checked = run('scripts/check-code.js', [])

const TEN_MINUTES = 600_000

test(
  'prettier finds every file formatted (npm run format writes them)',
  async () => {
    expect(await prettier).toEqual({ exitCode: 0, output: '' })
  },
  TEN_MINUTES,
)

test(
  'tsc finds no type error and eslint reports nothing: promises, import order, 120 columns (one TypeScript program)',
  async () => {
    expect(await checked).toEqual({ exitCode: 0, output: '' })
  },
  TEN_MINUTES,
)
