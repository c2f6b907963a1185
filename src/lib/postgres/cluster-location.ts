// Where the embedded cluster lives. Normally `<DATA_DIR>/postgres`. As root PostgreSQL runs
// as the `postgres` user, which cannot enter a private DATA_DIR (ours is 0700), so a new
// cluster goes under SHARED_ROOT/clusters/<hash of DATA_DIR's real path> instead, and
// DATA_DIR keeps a pointer file naming it (besides its secret and password files).
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import { SHARED_ROOT } from './binaries'
import { canEnter, type RunAs } from './run-as'

export const POINTER_FILE = 'postgres-cluster'

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  )

export const isInitialised = (clusterDir: string) => exists(path.join(clusterDir, 'PG_VERSION'))

/** The cluster folder for `stateDir` (it may not exist yet). */
export async function clusterLocation(stateDir: string, runAs: RunAs | undefined): Promise<string> {
  const pointer = path.join(stateDir, POINTER_FILE)
  const pointed = await fs.readFile(pointer, 'utf8').then(
    (text) => text.trim(),
    () => '',
  )
  if (pointed) return pointed
  const local = path.join(stateDir, 'postgres')
  if (!runAs) return local
  if (await isInitialised(local)) {
    // A cluster made here before (in a folder the postgres user could enter) stays here.
    if (canEnter(runAs, local)) return local
    throw new Error(
      `Cannot start the embedded PostgreSQL: as root it runs as the postgres user, which cannot enter ${local} (a folder above it is private). Move DATA_DIR to a folder other users may enter, run as an ordinary user, or set DATABASE_URL.`,
    )
  }
  const key = createHash('sha256')
    .update(await fs.realpath(stateDir))
    .digest('hex')
    .slice(0, 24)
  const shared = path.join(SHARED_ROOT, 'clusters', key)
  try {
    await fs.mkdir(path.dirname(shared), { recursive: true, mode: 0o755 })
  } catch (error) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: as root it runs as the postgres user, which needs its cluster outside the private ${stateDir}, and ${path.dirname(shared)} cannot be created (${(error as Error).message}). Make ${SHARED_ROOT} writable, run as an ordinary user, or set DATABASE_URL.`,
    )
  }
  await fs.writeFile(pointer, `${shared}\n`, { mode: 0o600 })
  return shared
}
