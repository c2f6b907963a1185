// Starts one PostgreSQL for the whole run (embedded, or DATABASE_URL when set) and builds a
// template database with the committed migrations; every test file clones it.
// Plain JS because jest loads globalSetup untransformed; TypeScript comes in through tsx.
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { tsImport } from 'tsx/esm/api'

export default async function globalSetup() {
  const { setupTestDatabase } = await tsImport('./test-database.ts', import.meta.url)
  const state = await setupTestDatabase()
  globalThis.__TEST_DATABASE__ = state
  // A Payload booted here must not leak into the test files as a destroyed instance.
  delete globalThis._payload
  // One log per run of the responses checked against the OpenAPI reference (openapi-check.ts).
  process.env.OPENAPI_CHECK_LOG ||= path.join(mkdtempSync(path.join(os.tmpdir(), 'community-openapi-')), 'responses.jsonl')
  // Each test file's media folder is made in here (tests/helpers/file-setup.ts).
  process.env.COMMUNITY_TEST_MEDIA_ROOT = mkdtempSync(path.join(os.tmpdir(), 'community-test-media-'))
}
