// The plain-JS build the test run's child processes run (scripts/node-build/,
// docs/decisions.md "Test children run a plain-JS build"), on a project of three files in a
// temporary folder: a bundled module resolves a path from its `import.meta.url` exactly as its
// source does, a build is reused while its inputs are unchanged and made anew when one
// changes, what it cannot serve is refused (so the run falls back to tsx), and an entry
// outside the run's build runs under tsx, saying so.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, describe, expect, it, jest } from '@jest/globals'

import { buildForNode, builtFile } from '../../scripts/node-build/build'
import { NODE_BUILD_ENV, nodeArgs } from '../../scripts/node-build/command'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'community-node-build-'))

afterAll(() => fs.rmSync(project, { recursive: true, force: true }))

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
  fs.writeFileSync(path.join(project, file), text)
}

write('package.json', JSON.stringify({ type: 'module' }))
write(
  'tsconfig.json',
  JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'esnext', moduleResolution: 'bundler' } }),
)
// As src/lib/postgres/template-database.ts finds the migrations: relative to its own file.
write(
  'lib/deep/where.ts',
  `import { fileURLToPath } from 'node:url'\nexport const dataDir: string = fileURLToPath(new URL('../../data/', import.meta.url))\n`,
)
write(
  'bin/main.ts',
  `import { dataDir } from '../lib/deep/where'\nconst answer: string = dataDir\nconsole.log(answer)\n`,
)

const run = (dir: string) =>
  execFileSync(process.execPath, [builtFile(dir, 'bin/main.ts')], { encoding: 'utf8' }).trim()

describe('scripts/node-build', () => {
  it("resolves a module's import.meta.url paths from its source file, reuses a current build, and builds again when an input changes", async () => {
    const first = await buildForNode(project, ['bin/main.ts'])
    expect(first.built).toBe(true)
    expect(run(first.dir)).toBe(path.join(project, 'data') + path.sep)

    const again = await buildForNode(project, ['bin/main.ts'])
    expect(again).toEqual({ dir: first.dir, built: false })

    write(
      'lib/deep/where.ts',
      `import { fileURLToPath } from 'node:url'\nexport const dataDir: string = fileURLToPath(new URL('../', import.meta.url))\n`,
    )
    const changed = await buildForNode(project, ['bin/main.ts'])
    expect(changed.built).toBe(true)
    expect(changed.dir).not.toBe(first.dir)
    expect(run(changed.dir)).toBe(path.join(project, 'lib') + path.sep)
    // The build before stays as it was (another run may still use it).
    expect(run(first.dir)).toBe(path.join(project, 'data') + path.sep)
  })

  it('refuses a module that uses import.meta beyond .url, which would point into the build', async () => {
    write('bin/other.ts', `console.log(import.meta.dirname)\n`)
    await expect(buildForNode(project, ['bin/other.ts'])).rejects.toThrow(/import\.meta\.dirname is not supported/)
  })

  it("runs the run's entries from its build, and anything else under tsx with a note", () => {
    // globalSetup built the run's entries.
    const build = process.env[NODE_BUILD_ENV]!
    expect(build).toBeTruthy()
    expect(nodeArgs('src/server.ts')).toEqual([builtFile(build, 'src/server.ts')])
    expect(fs.existsSync(builtFile(build, 'src/server.ts'))).toBe(true)

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      expect(nodeArgs('scripts/migrate-create.ts')).toEqual(['--import', 'tsx', 'scripts/migrate-create.ts'])
      expect(nodeArgs('src/server.ts', project)).toEqual(['--import', 'tsx', 'src/server.ts'])
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
        `[node-build] ${path.join(ROOT, 'scripts/migrate-create.ts')} runs under tsx: not in the run's plain-JS build (${build}): add it to the entries in tests/helpers/global-setup.js`,
        `[node-build] ${path.join(project, 'src/server.ts')} runs under tsx: outside this project (another copy of it)`,
      ])
    } finally {
      warn.mockRestore()
    }
  })
})
