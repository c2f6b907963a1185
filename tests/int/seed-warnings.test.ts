// `npm run seed` as an operator runs it prints nothing but its own lines: pg's
// DeprecationWarning "Calling client.query() when the client is already executing a query"
// (two queries at once on one client, which pg 9 will refuse) came out of it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { runScript, type ScriptResult } from '../helpers/processes'
import { createTestDatabase } from '../helpers/test-database'

// A database of its own and no Payload in this process: the seed is the only thing here.
let database: Awaited<ReturnType<typeof createTestDatabase>>
let seed: ScriptResult

beforeAll(async () => {
  database = await createTestDatabase()
  // The stack of any deprecation, should one come back, names the query that caused it.
  seed = await runScript('scripts/seed.ts', [], { DATABASE_URL: database.url, NODE_OPTIONS: '--trace-deprecation' }, 300_000)
}, 360_000)

afterAll(async () => {
  await database?.drop()
})

describe('npm run seed', () => {
  it('seeds and warns of nothing', () => {
    expect(seed.code).toBe(0)
    expect(seed.stderr).not.toMatch(/DeprecationWarning/)
  })
})
