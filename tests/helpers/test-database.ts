// The test run's PostgreSQL: the embedded one (under .test-data/, removed afterwards) unless
// DATABASE_URL names a server to use. A template database gets the committed migrations
// once; each test file then clones it (CREATE DATABASE … TEMPLATE, a file copy: fast).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import pg from 'pg'

import { freePort, removeEmbeddedState, startEmbeddedDatabase } from '../../src/lib/embedded-database'

// Per run, so two runs in one tree (or against one DATABASE_URL) never share a template.
// globalSetup publishes both through the environment, which every test file inherits.
const TEMPLATE = `community_test_template_${process.pid}`
const ADMIN_URL_ENV = 'COMMUNITY_TEST_ADMIN_URL'
const TEMPLATE_ENV = 'COMMUNITY_TEST_TEMPLATE'
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** PAYLOAD_SECRET for tests' servers and scripts: the environment's, else a fixed one. */
export const testSecret = () => process.env.PAYLOAD_SECRET || 'test-secret-test-secret-test-secret'

export interface TestDatabaseState {
  /** Connection URL of the maintenance database (`postgres`), used to create clones. */
  adminUrl: string
  stop: () => Promise<void>
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

function migrateTemplate(): Promise<void> {
  const script = fileURLToPath(new URL('./migrate-template.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: process.env, stdio: 'inherit' })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`migrating the test template failed (${signal ?? `exit ${code}`})`))))
  })
}

export async function setupTestDatabase(): Promise<TestDatabaseState> {
  const started = Date.now()
  let adminUrl: string
  let stopServer = async () => {}
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
  } else {
    // As root the cluster itself may live outside (src/lib/postgres/cluster-location.ts).
    const dir = path.resolve('.test-data', `pg-${process.pid}`)
    await removeEmbeddedState(dir)
    const db = await startEmbeddedDatabase({ stateDir: dir, port: await freePort(), database: 'postgres', log: () => {} })
    adminUrl = db.url
    stopServer = async () => {
      await db.stop()
      await removeEmbeddedState(dir)
    }
  }

  await admin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${TEMPLATE}`)
  })

  // Migrate the template exactly as the server would at start (in a child: see migrate-template.ts).
  process.env.DATABASE_URL = withDatabase(adminUrl, TEMPLATE)
  process.env.PAYLOAD_SECRET = testSecret()
  await migrateTemplate()

  process.env[ADMIN_URL_ENV] = adminUrl
  process.env[TEMPLATE_ENV] = TEMPLATE
  console.log(`\n[tests] PostgreSQL ready with migrated template in ${Date.now() - started} ms`)
  return {
    adminUrl,
    stop: async () => {
      await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`)).catch(() => undefined)
      await stopServer()
    },
  }
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env[ADMIN_URL_ENV]
  const template = process.env[TEMPLATE_ENV]
  if (!adminUrl || !template) throw new Error('No test database: run the tests through jest (globalSetup starts PostgreSQL)')
  const name = `community_test_${randomBytes(6).toString('hex')}`
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`))
  return {
    url: withDatabase(adminUrl, name),
    drop: () => admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}
