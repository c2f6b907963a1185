// Fresh databases cut from a migrated template: CREATE DATABASE … TEMPLATE is a file copy,
// far faster than running every migration again. For the test suite (tests/helpers) and the
// testing kit (src/testing/), each on a PostgreSQL of its own or the one DATABASE_URL names.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import pg from 'pg'

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

/**
 * The name of the template holding the committed migrations: their files, hashed. A changed
 * or added migration names a new template, so a template, once built, never changes: runs
 * and processes sharing a server share it safely, and it outlives them as a cache.
 */
export function migratedTemplateName(): string {
  const hash = createHash('sha256')
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)))
  return `community_template_${hash.digest('hex').slice(0, 16)}`
}

/** `url` with its database part replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** Runs `fn` on a short-lived connection to the server's maintenance database URL `adminUrl`. */
export async function onServer<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export const databaseExists = async (client: pg.Client, name: string): Promise<boolean> =>
  ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0

export const dropDatabase = (adminUrl: string, name: string): Promise<void> =>
  onServer(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  ).then(() => undefined)

/** A new database named `<prefix><random>` copied from `template`: its URL and name. */
export async function cloneDatabase(
  adminUrl: string,
  template: string,
  prefix: string,
): Promise<{ url: string; name: string }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`
  await onServer(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`),
  )
  return { url: withDatabase(adminUrl, name), name }
}

/**
 * Makes the template `name` unless it exists: `build` migrates an empty database under a
 * working name, which is then renamed, so a crash midway never leaves a half-built template
 * under the real name. A session lock makes two processes asking at once build it once (the
 * second waits, then finds it). Whoever builds must have closed every connection to the
 * working database when `build` returns (the rename needs that). True when built here.
 * `from`: the working database starts as a copy of that template instead of empty.
 */
export async function ensureTemplate(
  adminUrl: string,
  name: string,
  build: (url: string) => Promise<void>,
  from?: string,
): Promise<boolean> {
  return onServer(adminUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`template:${name}`])
    try {
      if (await databaseExists(client, name)) return false
      const working = `${name}_building`
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(working)} WITH (FORCE)`)
      await client.query(
        `CREATE DATABASE ${client.escapeIdentifier(working)}${from ? ` TEMPLATE ${client.escapeIdentifier(from)}` : ''}`,
      )
      await build(withDatabase(adminUrl, working))
      await client.query(
        `ALTER DATABASE ${client.escapeIdentifier(working)} RENAME TO ${client.escapeIdentifier(name)}`,
      )
      // The build's pages go to disk now, not in the shutdown of whoever stops the server next
      // (5 s of a kit's first stop). Needs superuser or pg_checkpoint: else the shutdown does it.
      await client.query('CHECKPOINT').catch(() => undefined)
      return true
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`template:${name}`]).catch(() => undefined)
    }
  })
}
