// The embedded cluster's password: random per cluster, kept in DATA_DIR (mode 0600) where the
// server and the scripts read it. Clusters made before it existed use postgres/postgres,
// which any local user could try; they get a random password at their next start.
//
// The move is ordered so that a crash at any point leaves a password on disk that works:
// the new password is written to PENDING_FILE first, then set with ALTER ROLE, and only
// then renamed to PASSWORD_FILE. A start that finds PENDING_FILE tries it too.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import pg from 'pg'

export const USER = 'postgres'
export const PASSWORD_FILE = 'postgres-password'
const PENDING_FILE = `${PASSWORD_FILE}.new`
/** What clusters made by earlier versions were created with. */
const LEGACY_PASSWORD = 'postgres'

const generate = () => randomBytes(24).toString('base64url')
const read = (file: string) =>
  fs.readFile(file, 'utf8').then(
    (text) => text.trim() || undefined,
    () => undefined,
  )

async function writeDurably(file: string, content: string): Promise<void> {
  const handle = await fs.open(file, 'w', 0o600)
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export const readPassword = (stateDir: string) => read(path.join(stateDir, PASSWORD_FILE))

/** The password for a cluster about to be created (the one on file, if any, else a new one). */
export async function passwordForNewCluster(stateDir: string): Promise<string> {
  const existing = await readPassword(stateDir)
  if (existing) return existing
  const password = generate()
  await writeDurably(path.join(stateDir, PASSWORD_FILE), password)
  return password
}

export const connectionUrl = (port: number, password: string, database: string) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`

/** Connects with `password`: the client, or undefined if the server refuses that password. */
async function connectWith(port: number, password: string): Promise<pg.Client | undefined> {
  const client = new pg.Client({ connectionString: connectionUrl(port, password, 'postgres') })
  try {
    await client.connect()
    return client
  } catch (error) {
    await client.end().catch(() => undefined)
    if ((error as { code?: string }).code === '28P01') return undefined
    throw error
  }
}

/**
 * The password of the running cluster on `port`, from DATA_DIR; a cluster still on the old
 * fixed password is given a random one first.
 */
export async function settlePassword(stateDir: string, port: number, log: (line: string) => void): Promise<string> {
  const file = path.join(stateDir, PASSWORD_FILE)
  const pending = path.join(stateDir, PENDING_FILE)
  const current = await read(file)
  if (current) {
    const client = await connectWith(port, current)
    if (client) {
      await client.end()
      await fs.rm(pending, { force: true })
      return current
    }
  }
  const next = await read(pending)
  if (next) {
    const client = await connectWith(port, next)
    if (client) {
      // A crash came between ALTER ROLE and the rename: finish the move.
      await client.end()
      await fs.rename(pending, file)
      return next
    }
  }
  const legacy = await connectWith(port, LEGACY_PASSWORD)
  if (!legacy) {
    throw new Error(
      `Cannot use the embedded PostgreSQL: it refuses the password in ${file}. If you changed the password, write the current one there; or move the cluster away to start afresh.`,
    )
  }
  try {
    const password = generate()
    await writeDurably(pending, password)
    await legacy.query(`ALTER ROLE ${USER} PASSWORD ${legacy.escapeLiteral(password)}`)
    await fs.rename(pending, file)
    log(`embedded PostgreSQL: replaced the old fixed password with a random one, kept in ${file}`)
    return password
  } finally {
    await legacy.end()
  }
}
