// The kit's database: a fresh copy of a migrated template, on the PostgreSQL that
// DATABASE_URL names or else on an embedded one kept under COMMUNITY_TESTING_DIR
// (`.test-data/kit`). The template is named after the migrations it holds, so it is built
// once per server (the first start, or after a migration changes) and cut from at every
// later start; the project's own test run builds the same one (tests/helpers/test-database.ts).
import fs from 'node:fs'
import path from 'node:path'

import { type EmbeddedDatabase, freePort, startEmbeddedDatabase } from '../lib/embedded-database'
import {
  cloneDatabase,
  dropDatabase,
  ensureTemplate,
  migratedTemplateName,
  onServer,
  withDatabase,
} from '../lib/postgres/template-database'
import { processAlive } from '../lib/process-alive'
const RUN_PREFIX = 'community_kit_run_'
/** Embedded clusters kept side by side, so that test files running at once each have one. */
const SLOTS = 16

export interface KitDatabase {
  url: string
  /** Whether this start had to build the template (the slow first start). */
  builtTemplate: boolean
  /** Drops the database; stops the embedded PostgreSQL if the kit started one. */
  stop: () => Promise<void>
}

/**
 * A slot of the kit's folder held by this process: a lock file naming our pid, taken with
 * O_EXCL; one left by a process that has died is taken over. Released on stop or exit.
 */
function takeSlot(root: string): { dir: string; release: () => void } {
  fs.mkdirSync(root, { recursive: true, mode: 0o700 })
  for (let slot = 0; slot < SLOTS; slot += 1) {
    const lock = path.join(root, `slot-${slot}.lock`)
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        const owner = Number(fs.readFileSync(lock, 'utf8'))
        if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) break
        fs.rmSync(lock, { force: true })
        continue
      }
      const release = () => fs.rmSync(lock, { force: true })
      process.once('exit', release)
      return {
        dir: path.join(root, `slot-${slot}`),
        release: () => {
          process.removeListener('exit', release)
          release()
        },
      }
    }
  }
  throw new Error(
    `The testing kit's ${SLOTS} embedded databases under ${root} are all in use by running processes; stop some, or set DATABASE_URL.`,
  )
}

/** The maintenance URL of the server to use, and how to let it go when done. */
async function server(options: {
  databaseUrl?: string
  dir?: string
  log: (line: string) => void
}): Promise<{ adminUrl: string; release: () => Promise<void>; ours: boolean }> {
  const given = options.databaseUrl ?? process.env.DATABASE_URL
  if (given) return { adminUrl: withDatabase(given, 'postgres'), release: async () => {}, ours: false }
  const slot = takeSlot(
    path.resolve(options.dir ?? process.env.COMMUNITY_TESTING_DIR ?? path.join('.test-data', 'kit')),
  )
  let embedded: EmbeddedDatabase
  try {
    embedded = await startEmbeddedDatabase({
      stateDir: slot.dir,
      port: await freePort(),
      database: 'postgres',
      log: options.log,
    })
  } catch (error) {
    slot.release()
    throw error
  }
  return {
    adminUrl: embedded.url,
    ours: true,
    release: async () => {
      await embedded.stop()
      slot.release()
    },
  }
}

/** Leftovers of runs that ended without stopping (only on a server this process holds alone). */
async function dropLeftoverRuns(adminUrl: string): Promise<void> {
  const names = await onServer(
    adminUrl,
    async (client) =>
      (
        await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
          `${RUN_PREFIX}%`,
        ])
      ).rows,
  )
  for (const { datname } of names) await dropDatabase(adminUrl, datname)
}

export async function kitDatabase(options: {
  databaseUrl?: string
  dir?: string
  log: (line: string) => void
  /** Migrates the empty database at `url` and closes every connection to it. */
  migrate: (url: string) => Promise<void>
}): Promise<KitDatabase> {
  const { adminUrl, release, ours } = await server(options)
  try {
    if (ours) await dropLeftoverRuns(adminUrl)
    const template = migratedTemplateName()
    const builtTemplate = await ensureTemplate(adminUrl, template, options.migrate)
    const { url, name } = await cloneDatabase(adminUrl, template, RUN_PREFIX)
    return {
      url,
      builtTemplate,
      stop: async () => {
        // The template stays for the next start; the embedded server's cluster too, stopped.
        await dropDatabase(adminUrl, name)
        await release()
      },
    }
  } catch (error) {
    await release()
    throw error
  }
}
