// Starts one PostgreSQL for the whole run (embedded, or DATABASE_URL when set) and builds a
// template database with the committed migrations; every test file clones it.
// With browser files in the run, the admin panel's production build starts too, in the
// background (tests/helpers/admin-build-background.ts). Before anything boots the application,
// the plain-JS build its child processes run (scripts/node-build/). Plain JS because jest
// loads globalSetup untransformed; TypeScript comes in through tsx.
import { spawn } from 'node:child_process'
import { mkdtempSync, openSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { tsImport } from 'tsx/esm/api'

/**
 * The programs the run's child processes start (tests/helpers/processes.ts, the cluster's
 * instances, bench/processes.ts, this setup's own children): built once per run unless their
 * build is current. One missing here runs under tsx, and says so (scripts/node-build/command.ts).
 */
const NODE_BUILD_ENTRIES = [
  'src/server.ts',
  'scripts/create-admin.ts',
  'scripts/seed.ts',
  'tests/helpers/migrate-template.ts',
  'tests/helpers/write-openapi.ts',
  'tests/helpers/hold-embedded-database.ts',
  'bench/forum-limit-server.ts',
]

export default async function globalSetup() {
  // First: it runs beside everything below and the first API files (tests/helpers/sequencer.js).
  globalThis.__ADMIN_BUILD__ = await startAdminBuild()
  await buildForChildren()
  const { setupTestDatabase } = await tsImport('./test-database.ts', import.meta.url)
  // The OpenAPI reference, built once for every file (write-openapi.ts), beside the database.
  const openApiFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'community-openapi-document-')), 'openapi.json')
  const [state] = await Promise.all([setupTestDatabase(), writeOpenApi(openApiFile)])
  process.env.COMMUNITY_TEST_OPENAPI = openApiFile
  globalThis.__TEST_DATABASE__ = state
  // A Payload booted here must not leak into the test files as a destroyed instance.
  delete globalThis._payload
  // One log per run of the responses checked against the OpenAPI reference (openapi-check.ts).
  process.env.OPENAPI_CHECK_LOG ||= path.join(
    mkdtempSync(path.join(os.tmpdir(), 'community-openapi-')),
    'responses.jsonl',
  )
  // Each test file's media folder is made in here (tests/helpers/file-setup.ts).
  process.env.COMMUNITY_TEST_MEDIA_ROOT = mkdtempSync(path.join(os.tmpdir(), 'community-test-media-'))
}

/**
 * The panel build in a process of its own (its own group, for globalTeardown to end), when the
 * sequencer found browser files in the run (tests/helpers/sequencer.js) and .next/ lacks the
 * build of the current sources. Its output goes to a log: a failed build is built again by
 * the first browser file's server, whose output shows the error.
 */
async function startAdminBuild() {
  if (!(Number(process.env.COMMUNITY_TEST_BROWSER_FILES) > 0)) return undefined
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const { adminBuildIsCurrent } = await tsImport('../../src/lib/admin-build.ts', import.meta.url)
  if (adminBuildIsCurrent(root)) return undefined
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'community-admin-build-')), 'build.log')
  const script = fileURLToPath(new URL('./admin-build-background.ts', import.meta.url))
  const out = openSync(log, 'a')
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', out, out],
    detached: true,
  })
  child.unref()
  console.log(`\n[tests] building the admin panel in the background for the browser files (log: ${log})`)
  return child
}

/**
 * The plain-JS build for the child processes, named in the environment every worker and child
 * inherits. If esbuild refuses, the run goes on with every child under tsx, and says why.
 */
async function buildForChildren() {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const { buildForNode } = await tsImport('../../scripts/node-build/build.ts', import.meta.url)
  const { NODE_BUILD_ENV } = await tsImport('../../scripts/node-build/command.ts', import.meta.url)
  const started = Date.now()
  try {
    const { dir, built } = await buildForNode(root, NODE_BUILD_ENTRIES)
    process.env[NODE_BUILD_ENV] = dir
    console.log(
      `\n[tests] child processes run the plain-JS build ${path.relative(root, dir)} (${built ? 'built' : 'current, checked'} in ${Date.now() - started} ms)`,
    )
  } catch (error) {
    delete process.env[NODE_BUILD_ENV]
    console.warn(
      `\n[tests] the plain-JS build failed, every child process runs under tsx: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

async function writeOpenApi(file) {
  const { nodeArgs } = await tsImport('../../scripts/node-build/command.ts', import.meta.url)
  const script = fileURLToPath(new URL('./write-openapi.ts', import.meta.url))
  const child = spawn(process.execPath, [...nodeArgs(script), file], { env: process.env, stdio: 'inherit' })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`writing the OpenAPI reference failed (${signal ?? `exit ${code}`})`)),
    )
  })
}
