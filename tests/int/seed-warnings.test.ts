// `npm run seed`, `npm run create-admin` and a server's start, requests and stop, as an
// operator runs them, print nothing but their own lines: pg's DeprecationWarnings (two queries
// at once on one client, which pg 9 will refuse; a read of Client.activeQuery or
// Client.queryQueue, which pg 9 removes) came out of them. Each runs with --throw-deprecation,
// so a deprecation ends it with a non-zero exit, and reports each one on the spot (a stop's
// last tick included) with the stack of its cause.
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { runScript, type ScriptResult, startServerProcess } from '../helpers/processes'
import { createTestDatabase, testSecret } from '../helpers/test-database'

const REPORT = fileURLToPath(new URL('../helpers/report-deprecations.cjs', import.meta.url))
const STRICT = { NODE_OPTIONS: `--throw-deprecation --require ${REPORT}` }
const ADMIN = { email: 'warnings.admin@example.com', password: 'Warnings-Admin-42!' }

// A database of its own and no Payload in this process: the programs are the only thing here.
let database: Awaited<ReturnType<typeof createTestDatabase>>
let seed: ScriptResult
let createAdmin: ScriptResult

beforeAll(async () => {
  database = await createTestDatabase()
  seed = await runScript('scripts/seed.ts', [], { DATABASE_URL: database.url, ...STRICT }, 300_000)
  createAdmin = await runScript(
    'scripts/create-admin.ts',
    ['--email', ADMIN.email, '--password', ADMIN.password],
    { DATABASE_URL: database.url, ...STRICT },
    120_000,
  )
}, 480_000)

afterAll(async () => {
  await database?.drop()
})

describe('the programs warn of nothing', () => {
  it('npm run seed seeds and warns of nothing', () => {
    expect(seed.stderr).not.toMatch(/DeprecationWarning/)
    expect(seed.code).toBe(0)
  })

  it('npm run create-admin warns of nothing', () => {
    expect(createAdmin.stderr).not.toMatch(/DeprecationWarning/)
    expect(createAdmin.code).toBe(0)
  })

  it('a server started, asked to read and write, and stopped warns of nothing and exits 0', async () => {
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      PAYLOAD_SECRET: testSecret(),
      ADMIN_PANEL: 'false',
      ...STRICT,
    })
    try {
      const json = { 'content-type': 'application/json' }
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      expect((await fetch(`${server.url}/api/service-listings?limit=5&depth=1`)).status).toBe(200)
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(ADMIN),
      })
      expect(signIn.status).toBe(200)
      const { token } = (await signIn.json()) as { token: string }
      const headers = { ...json, authorization: `Bearer ${token}` }
      const me = (await (await fetch(`${server.url}/api/users/me`, { headers })).json()) as { user: { id: string } }
      // A write of a document with relationship fields: Payload checks them in parallel on the
      // transaction's one client.
      const category = await fetch(`${server.url}/api/admin/services/categories`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          action: 'create',
          slug: 'warnings-category',
          name: { en: 'Category', fr: 'Catégorie' },
        }),
      })
      expect(category.status).toBe(201)
      const categoryId = ((await category.json()) as { category: { id: string } }).category.id
      const service = await fetch(`${server.url}/api/admin/services/services`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ action: 'create', slug: 'warnings-service', providerId: me.user.id, categoryId }),
      })
      expect(service.status).toBe(201)
    } finally {
      const exit = await server.stop()
      expect(server.output()).not.toMatch(/DeprecationWarning/)
      expect(exit).toEqual({ code: 0, signal: null })
    }
  }, 120_000)
})
