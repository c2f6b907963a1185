// `npm run seed` as an operator runs it prints nothing but its own lines: pg's
// DeprecationWarning "Calling client.query() when the client is already executing a query"
// (two queries at once on one client, which pg 9 will refuse) came out of it (issue 33).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { runScript, type ScriptResult } from '../helpers/processes'
import { startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let seed: ScriptResult

beforeAll(async () => {
  app = await startTestApp()
  // The stack of any deprecation, should one come back, names the query that caused it.
  seed = await runScript('scripts/seed.ts', [], { DATABASE_URL: app.databaseUrl, NODE_OPTIONS: '--trace-deprecation' }, 300_000)
}, 360_000)

afterAll(async () => {
  await app?.stop({ drop: true })
})

describe('npm run seed', () => {
  it('seeds and warns of nothing', () => {
    expect(seed.code).toBe(0)
    expect(seed.stderr).not.toMatch(/DeprecationWarning/)
  })
})
