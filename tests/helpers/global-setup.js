// Starts one PostgreSQL for the whole run (embedded, or DATABASE_URL when set) and builds a
// template database with the committed migrations; every test file clones it.
// Plain JS because jest loads globalSetup untransformed; TypeScript comes in through tsx.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { tsImport } from 'tsx/esm/api'

export default async function globalSetup() {
  const { setupTestDatabase } = await tsImport('./test-database.ts', import.meta.url)
  // The OpenAPI reference, built once for every file (write-openapi.ts), beside the database.
  const openApiFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'community-openapi-document-')), 'openapi.json')
  const [state] = await Promise.all([setupTestDatabase(), writeOpenApi(openApiFile)])
  process.env.COMMUNITY_TEST_OPENAPI = openApiFile
  globalThis.__TEST_DATABASE__ = state
  // A Payload booted here must not leak into the test files as a destroyed instance.
  delete globalThis._payload
  // One log per run of the responses checked against the OpenAPI reference (openapi-check.ts).
  process.env.OPENAPI_CHECK_LOG ||= path.join(mkdtempSync(path.join(os.tmpdir(), 'community-openapi-')), 'responses.jsonl')
  // Each test file's media folder is made in here (tests/helpers/file-setup.ts).
  process.env.COMMUNITY_TEST_MEDIA_ROOT = mkdtempSync(path.join(os.tmpdir(), 'community-test-media-'))
}

function writeOpenApi(file) {
  const script = fileURLToPath(new URL('./write-openapi.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script, file], { env: process.env, stdio: 'inherit' })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`writing the OpenAPI reference failed (${signal ?? `exit ${code}`})`))))
  })
}
