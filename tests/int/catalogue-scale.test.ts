// Scale: every filter and the order of the admin services list, the `q` search and
// the one-service read are served by indexes. The test records the SQL the endpoint really
// sends and asks PostgreSQL for each plan with sequential scans priced out of reach: a plan
// still scanning a whole table means no index can serve that query. (Timings are not asserted;
// EXPLAIN ANALYZE on a 100,000-service seed is in docs/api.md.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { type Actor, adminActor, makeCategory, makeService, SERVICES, uniqueSlug } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const ROWS = 20_000

let app: TestApp
let admin: Actor
let categoryId: string
let orgId: string

interface Captured {
  text: string
  values: unknown[]
}

type Query = (...args: unknown[]) => Promise<unknown>
let captured: Captured[] = []

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  categoryId = (await makeCategory(admin)).id
  orgId = String(
    (
      await app.payload.create({
        collection: 'organizations',
        data: { name: 'Scale org', slug: uniqueSlug('org') },
        overrideAccess: true,
      })
    ).id,
  )
  await makeService(admin, { translations: [{ inLanguage: 'en', title: 'A real one' }] })
  const [{ udt_name: statusType }] = (await sql<{ udt_name: string }>(
    app,
    `SELECT udt_name FROM information_schema.columns WHERE table_name = 'service_listings' AND column_name = 'status'`,
  )) as [{ udt_name: string }]
  await sql(
    app,
    `INSERT INTO service_listings (id, slug, title, search_text, status, currency, provider_id, category_id, organization_id,
                                   is_mobile, is_featured, display_in_home, allow_reviews, created_at, updated_at)
     SELECT gen_random_uuid(), 'scale-' || i, 'Service ' || i, 'scale-' || i || E'\\n' || 'service number ' || i || ' ' || md5(i::text),
            (ARRAY['draft','active','suspended','archived'])[1 + i % 4]::"${statusType}", 'EUR', $1,
            CASE WHEN i % 50 = 0 THEN $2::uuid END, CASE WHEN i % 100 = 0 THEN $3::uuid END,
            false, i % 97 = 0, i % 89 = 0, true, now() - i * interval '1 second', now()
     FROM generate_series(1, ${ROWS}) AS i`,
    [admin.user.id, categoryId, orgId],
  )
  await sql(app, 'ANALYZE service_listings')

  // Record what the app sends to PostgreSQL outside transactions (reads go through the pool).
  const pool = (app.payload.db as unknown as { pool: { query: Query } }).pool
  const query = pool.query.bind(pool) as Query
  pool.query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
    const text = typeof first === 'string' ? first : first.text
    const values = (typeof first === 'string' ? second : (first.values ?? second)) ?? []
    if (/\bservice_listings\b/.test(text)) captured.push({ text, values })
    return query(...args)
  }
})

afterAll(async () => {
  await app.stop()
})

async function plans(query: Record<string, string>): Promise<string[]> {
  captured = []
  const reply = await admin.get(SERVICES, query)
  expect(reply.status).toBe(200)
  const statements = captured.filter((statement) => /^\s*select/i.test(statement.text))
  expect(statements.length).toBeGreaterThan(0)
  const pool = (
    app.payload.db as unknown as { pool: { connect: () => Promise<{ query: Query; release: () => void }> } }
  ).pool
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL enable_seqscan = off')
    const result: string[] = []
    for (const statement of statements) {
      const { rows } = (await client.query(`EXPLAIN ${statement.text}`, statement.values)) as {
        rows: Array<{ 'QUERY PLAN': string }>
      }
      result.push(rows.map((row) => row['QUERY PLAN']).join('\n'))
    }
    await client.query('ROLLBACK')
    return result
  } finally {
    client.release()
  }
}

describe(`the services list over ${ROWS.toLocaleString('en')} services`, () => {
  it.each([
    ['no filter (newest first)', {}],
    ['status', { status: 'active' }],
    ['featured', { featured: 'true' }],
    ['home', { home: 'true' }],
    ['category', { category: '' }],
    ['orgId', { orgId: '' }],
    ['all filters together', { status: 'active', featured: 'false', home: 'false' }],
    ['page 40', { page: '40', perPage: '50' }],
  ])('%s: every statement is served by an index', async (_label, query) => {
    const filled: Record<string, string> = { ...query }
    if ('category' in filled) filled.category = categoryId
    if ('orgId' in filled) filled.orgId = orgId
    for (const plan of await plans(filled)) expect(plan).not.toMatch(/Seq Scan/)
  })

  it('q: the substring search uses the trigram index', async () => {
    const all = await plans({ q: 'number 1234' })
    for (const plan of all) expect(plan).not.toMatch(/Seq Scan/)
    expect(all.join('\n')).toContain('service_listings_search_text_trgm_idx')
    const reply = await admin.get(SERVICES, { q: 'number 12345' })
    expect(reply.body.services.map((service: { slug: string }) => service.slug)).toEqual(['scale-12345'])
  })

  it('id: one service by primary key', async () => {
    const [row] = await sql<{ id: string }>(app, `SELECT id FROM service_listings WHERE slug = 'scale-777'`)
    for (const plan of await plans({ id: row!.id })) expect(plan).not.toMatch(/Seq Scan/)
  })
})
