// A plain Payload app with nothing of ours but the plugin (no express shell, no payload.config.ts):
// the platform's access rules, audit entries and start-up rules hold there too, through the
// Local API as a user and through Payload's own route handler.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig, getPayload, handleEndpoints, JWTAuthentication, jwtSign, type Payload } from 'payload'

import { collections } from '../../collections/index'
import { endpoints } from '../../endpoints/index'
import { dataIsAnObject } from '../../hooks/shared/dataIsAnObject'
import { queryGuard } from '../../hooks/shared/queryGuard'
import { stopPayload } from '../../src/lib/payload-lifecycle'
import { communityPlatform, platformDatabase, platformMigrations } from '../../src/plugin/index'
import { createKitUser, type KitUser } from '../../src/testing/users'
import { createTestDatabase, testSecret } from '../helpers/test-database'

let payload: Payload
let drop: () => Promise<void>
let alice: KitUser
let bob: KitUser
let admin: KitUser
/** The auth strategies the host's own onInit found. */
let hostSaw: string[] | undefined

type Pool = { query: <T>(text: string, values: unknown[]) => Promise<{ rows: T[] }> }
const rows = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  (await (payload.db as unknown as { pool: Pool }).pool.query<T>(text, values)).rows

const auditOf = (targetId: string) =>
  rows<{ action: string; user_id: string; target_type: string }>(
    'SELECT action, user_id, target_type FROM audit_logs WHERE target_id = $1',
    [targetId],
  )

/** Local API calls as `user`, with the platform's access rules. */
const as = async (user: KitUser) => ({ overrideAccess: false, req: await user.newReq() }) as const

beforeAll(async () => {
  // The reminder sweep would query on its own timer during the test.
  process.env.BOOKING_REMINDER_HOURS = '0'
  const database = await createTestDatabase()
  drop = database.drop
  const config = buildConfig({
    secret: testSecret(),
    telemetry: false,
    // Payload would otherwise start a child process that regenerates src/payload-types.ts.
    typescript: { autoGenerate: false },
    // A collection and an onInit of the host's own: the plugin keeps both and adds its rules.
    // No table: nothing here reads or writes it, and the edit locks need no column for it.
    collections: [{ slug: 'host-notes', lockDocuments: false, fields: [{ name: 'text', type: 'text' }] }],
    onInit: (started) => {
      hostSaw = started.authStrategies.map((strategy) => strategy.name)
    },
    plugins: [communityPlatform()],
    db: postgresAdapter({ ...platformDatabase, pool: { connectionString: database.url }, push: false }),
  })
  payload = await getPayload({ config })
  ;[alice, bob, admin] = await Promise.all([
    createKitUser(payload),
    createKitUser(payload),
    createKitUser(payload, { roles: ['admin'] }),
  ])
})

afterAll(async () => {
  await stopPayload(payload)
  await drop()
})

describe('a plain Payload app with communityPlatform()', () => {
  it('has the platform: its collections, endpoints, localization, closed GraphQL and every migration run', async () => {
    const slugs = payload.config.collections.map((collection) => collection.slug)
    expect(slugs).toEqual(expect.arrayContaining(collections.map((collection) => collection.slug)))
    expect(payload.config.endpoints).toEqual(expect.arrayContaining(endpoints))
    expect(payload.config.localization && payload.config.localization.localeCodes.length).toBeGreaterThan(1)
    expect(payload.config.graphQL.disable).toBe(true)
    const ran = (await rows<{ name: string }>('SELECT name FROM payload_migrations')).map((row) => row.name)
    expect(ran).toEqual(expect.arrayContaining(platformMigrations.map((migration) => migration.name)))
  })

  it("keeps the host's collection, with the platform's guards, and runs the host's onInit after its own", () => {
    // The host's collection is not in the platform's generated types.
    const all = payload.collections as Record<string, (typeof payload.collections)['users']>
    const hooks = all['host-notes'].config.hooks.beforeOperation
    expect(hooks[0]).toBe(queryGuard)
    expect(hooks[1]).toBe(dataIsAnObject)
    expect(hostSaw).toEqual(expect.arrayContaining([expect.any(String)]))
    expect(hostSaw).not.toContain('local-jwt')
  })

  it("a member cannot update another member's thread; the author can, and each write has its audit entry", async () => {
    const data = { title: 'Garden tools', body: 'Who has a rake?' } as never
    const thread = await payload.create({ collection: 'forum-threads', data, ...(await as(alice)) })
    const takeOver = { title: 'Taken over' } as never
    await expect(
      payload.update({ collection: 'forum-threads', id: thread.id, data: takeOver, ...(await as(bob)) }),
    ).rejects.toMatchObject({ status: 403 })
    const [stored] = await rows<{ title: string }>('SELECT title FROM forum_threads WHERE id = $1', [thread.id])
    expect(stored!.title).toBe('Garden tools')
    const again = { title: 'Garden tools, again' } as never
    await payload.update({ collection: 'forum-threads', id: thread.id, data: again, ...(await as(alice)) })
    expect(await auditOf(String(thread.id))).toEqual(
      expect.arrayContaining([
        { action: 'forum_thread.create', user_id: alice.id, target_type: 'forum-threads' },
        { action: 'forum_thread.update', user_id: alice.id, target_type: 'forum-threads' },
      ]),
    )
  })

  it('creating a service writes its audit entry; a citizen may not create one', async () => {
    const data = { slug: `svc-${Date.now()}`, provider: admin.id } as never
    const service = await payload.create({ collection: 'service-listings', data, ...(await as(admin)) })
    expect(await auditOf(String(service.id))).toEqual([
      { action: 'service.create', user_id: admin.id, target_type: 'service-listings' },
    ])
    const slug = `svc-${Date.now()}-citizen`
    const refused = { slug, provider: alice.id } as never
    await expect(
      payload.create({ collection: 'service-listings', data: refused, ...(await as(alice)) }),
    ).rejects.toMatchObject({ status: 403 })
    expect(await rows('SELECT id FROM service_listings WHERE slug = $1', [slug])).toEqual([])
  })

  it('no Payload JWT strategy: a token it would accept is nobody here, a platform session is someone', async () => {
    expect(payload.authStrategies.map((strategy) => strategy.name)).not.toContain('local-jwt')
    const fieldsToSign = { id: alice.id, collection: 'users', email: alice.email }
    const { token } = await jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration: 3600 })
    const headers = new Headers({ authorization: `JWT ${token}`, DisableAutologin: 'true' })
    const accepted = await JWTAuthentication({ headers, payload, strategyName: 'local-jwt' })
    expect(accepted.user).toMatchObject({ id: alice.id })
    expect((await payload.auth({ headers })).user).toBeNull()
    expect((await payload.auth({ headers: new Headers(alice.headers) })).user).toMatchObject({ id: alice.id })
  })

  it("what exists only after sanitization is hardened: Payload's edit locks, each collection's dates", async () => {
    // Payload's default access lets any signed-in user take an edit lock; the platform's, only panel users.
    const document = { relationTo: 'forum-threads', value: '00000000-0000-4000-8000-000000000000' }
    const lock = { document, user: { relationTo: 'users', value: alice.id } } as never
    await expect(
      payload.create({ collection: 'payload-locked-documents', data: lock, ...(await as(alice)) }),
    ).rejects.toMatchObject({ status: 403 })
    const createdAt = '2100-01-01T00:00:00.000Z'
    const dated = { title: 'From the future', body: 'Sorts first for good', createdAt } as never
    const thread = await payload.create({ collection: 'forum-threads', data: dated, ...(await as(alice)) })
    const [stored] = await rows<{ created_at: Date }>('SELECT created_at FROM forum_threads WHERE id = $1', [thread.id])
    expect(stored!.created_at.getFullYear()).toBeLessThan(2100)
  })

  it("Payload's own routes answer a limit PostgreSQL cannot use with 400 (the afterError hook)", async () => {
    const request = new Request('http://localhost/api/forum-threads?limit=1.5', { headers: alice.headers })
    const response = await handleEndpoints({ config: payload.config, request })
    expect(response.status).toBe(400)
  })
})
