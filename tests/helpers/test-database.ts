// The test run's PostgreSQL: the embedded one (under .test-data/, removed afterwards) unless
// DATABASE_URL names a server to use. A template database gets the committed migrations
// once; each test file then clones it (CREATE DATABASE … TEMPLATE, a file copy: fast). It is
// the template the testing kit uses (src/testing/), named after the migrations: built once
// per server, kept on a DATABASE_URL server for the next run.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { nodeArgs } from '../../scripts/node-build/command'
import { freePort, removeEmbeddedState, startEmbeddedDatabase } from '../../src/lib/embedded-database'
import {
  cloneDatabase,
  dropDatabase,
  ensureTemplate,
  migratedTemplateName,
  withDatabase,
} from '../../src/lib/postgres/template-database'

// globalSetup publishes both through the environment, which every test file inherits.
const ADMIN_URL_ENV = 'COMMUNITY_TEST_ADMIN_URL'
const TEMPLATE_ENV = 'COMMUNITY_TEST_TEMPLATE'
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// The run's own PostgreSQL is thrown away with the run, so it need not survive a crash of the
// machine: no flush of the WAL at each commit, no fsync, no full pages after a checkpoint
// (PostgreSQL's "Non-Durable Settings"). Same SQL, same locks, same answers; about 5 % off a
// set of database-heavy API files (docs/decisions.md "What the test run pays for that no test
// checks"). No test stops or kills this server: the files where PostgreSQL stops, dies or
// fails over start servers of their own, with the defaults.
const NON_DURABLE = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']

/** PAYLOAD_SECRET for tests' servers and scripts: the environment's, else a fixed one. */
export const testSecret = () => process.env.PAYLOAD_SECRET || 'test-secret-test-secret-test-secret'

export interface TestDatabaseState {
  /** Connection URL of the maintenance database (`postgres`), used to create clones. */
  adminUrl: string
  stop: () => Promise<void>
}

function migrateTemplate(): Promise<void> {
  const script = fileURLToPath(new URL('./migrate-template.ts', import.meta.url))
  const child = spawn(process.execPath, nodeArgs(script), { cwd: ROOT, env: process.env, stdio: 'inherit' })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`migrating the test template failed (${signal ?? `exit ${code}`})`)),
    )
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
    const db = await startEmbeddedDatabase({
      stateDir: dir,
      port: await freePort(),
      database: 'postgres',
      log: () => {},
      settings: NON_DURABLE,
    })
    adminUrl = db.url
    stopServer = async () => {
      await db.stop()
      await removeEmbeddedState(dir)
    }
  }

  // Migrated exactly as the server would at start (in a child: see migrate-template.ts),
  // unless a run before made it.
  const template = migratedTemplateName()
  process.env.PAYLOAD_SECRET = testSecret()
  await ensureTemplate(adminUrl, template, async (url) => {
    process.env.DATABASE_URL = url
    await migrateTemplate()
  })
  process.env.DATABASE_URL = withDatabase(adminUrl, template)

  process.env[ADMIN_URL_ENV] = adminUrl
  process.env[TEMPLATE_ENV] = template
  console.log(`\n[tests] PostgreSQL ready with migrated template in ${Date.now() - started} ms`)
  return {
    adminUrl,
    stop: stopServer,
  }
}

/** The run's PostgreSQL (its maintenance database's URL) and migrated template, as globalSetup published them. */
export function testDatabaseServer(): { adminUrl: string; template: string } {
  const adminUrl = process.env[ADMIN_URL_ENV]
  const template = process.env[TEMPLATE_ENV]
  if (!adminUrl || !template)
    throw new Error('No test database: run the tests through jest (globalSetup starts PostgreSQL)')
  return { adminUrl, template }
}

/** A fresh database for one test file, cloned from the migrated template (or `template`, one made from it). */
export async function createTestDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = testDatabaseServer()
  const { url, name } = await cloneDatabase(server.adminUrl, template ?? server.template, 'community_test_')
  return { url, drop: () => dropDatabase(server.adminUrl, name) }
}
