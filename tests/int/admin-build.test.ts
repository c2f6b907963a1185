// The admin panel's build at start (src/lib/admin-build.ts, docs/decisions.md "The panel is a
// production build, made on demand"): made when its inputs' hash is new, not again while they
// stay the same, again when one changes; two starts at once build once (the lock); a failed
// build leaves no hash, so the next start tries again. The real `next build` takes minutes:
// here a stand-in that counts its calls writes into .next/.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'

import { ensureAdminBuild } from '../../src/lib/admin-build'

let root: string
let builds: number

const quiet = () => undefined
async function fakeBuild(dir: string): Promise<void> {
  builds++
  // Long enough for a second caller to find the lock taken.
  await new Promise((resolve) => setTimeout(resolve, 300))
  fs.mkdirSync(path.join(dir, '.next'), { recursive: true })
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-build-'))
  fs.writeFileSync(path.join(root, 'payload.config.ts'), 'export default {}\n')
  fs.mkdirSync(path.join(root, 'collections'))
  fs.writeFileSync(path.join(root, 'collections', 'Users.ts'), 'export const Users = {}\n')
  builds = 0
})

afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('ensureAdminBuild', () => {
  it('builds once for given inputs, again when an input changes, not for a file outside them', async () => {
    await ensureAdminBuild(root, quiet, fakeBuild)
    await ensureAdminBuild(root, quiet, fakeBuild)
    expect(builds).toBe(1)
    fs.writeFileSync(path.join(root, 'README.md'), 'not an input\n')
    await ensureAdminBuild(root, quiet, fakeBuild)
    expect(builds).toBe(1)
    fs.writeFileSync(path.join(root, 'collections', 'Users.ts'), 'export const Users = { slug: "users" }\n')
    await ensureAdminBuild(root, quiet, fakeBuild)
    expect(builds).toBe(2)
    expect(fs.existsSync(path.join(root, '.next-build.lock'))).toBe(false)
  })

  it('builds once when two starts ask at the same time', async () => {
    const lines: string[] = []
    await Promise.all([
      ensureAdminBuild(root, (line) => lines.push(line), fakeBuild),
      ensureAdminBuild(root, (line) => lines.push(line), fakeBuild),
    ])
    expect(builds).toBe(1)
    expect(lines.some((line) => line.includes('waiting for it'))).toBe(true)
  })

  it('takes over the lock of a builder that died, and builds again after a failed build', async () => {
    fs.mkdirSync(path.join(root, '.next-build.lock'))
    fs.writeFileSync(path.join(root, '.next-build.lock', 'pid'), '2147483646')
    await expect(
      ensureAdminBuild(root, quiet, async () => {
        builds++
        throw new Error('next build failed')
      }),
    ).rejects.toThrow('next build failed')
    expect(fs.existsSync(path.join(root, '.next-build.lock'))).toBe(false)
    await ensureAdminBuild(root, quiet, fakeBuild)
    expect(builds).toBe(2)
  })
})
