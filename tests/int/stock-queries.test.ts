// Queries on the stock routes that Payload's adapter answered 500, and reads with no bound, now 400 or
// clamped (docs/decisions.md "Stock reads: operators by field type, at most 100 documents"), and our fields
// on every stock error (docs/decisions.md "Stock-route errors carry our error and message").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { FlattenedField } from 'payload'

import { startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, type TestUser } from '../helpers/users'

let app: TestApp
let admin: Record<string, string>
let author: TestUser

const OPERATORS = [
  'equals',
  'contains',
  'not_equals',
  'in',
  'all',
  'not_in',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'within',
  'intersects',
  'near',
]

beforeAll(async () => {
  app = await startTestApp()
  admin = await authHeaders(app, await createUser(app, { roles: ['admin'] }))
  author = await createUser(app)
})

afterAll(async () => {
  await app.stop()
})

const get = async (path: string, headers: Record<string, string> = admin) => {
  const response = await app.request(path, { headers })
  return { status: response.status, body: (await response.json()) as any }
}

/**
 * The kinds of field the config holds (type, polymorphic, hasMany, inside an array), one path each, in collections an
 * admin may list.
 */
async function fieldKinds(): Promise<Array<{ kind: string; slug: string; path: string }>> {
  const kinds = new Map<string, { slug: string; path: string }>()
  const visit = (slug: string, fields: FlattenedField[], prefix: string) => {
    for (const field of fields) {
      if (field.hidden || field.type === 'join') continue
      const polymorphic = 'relationTo' in field && Array.isArray(field.relationTo)
      const kind = `${field.type}${polymorphic ? ' polymorphic' : ''}${'hasMany' in field && field.hasMany ? ' hasMany' : ''}${prefix ? ' nested' : ''}`
      if (!kinds.has(kind)) kinds.set(kind, { slug, path: `${prefix}${field.name}` })
      if ((field.type === 'array' || field.type === 'group') && !prefix)
        visit(slug, field.flattenedFields, `${field.name}.`)
    }
  }
  for (const collection of app.payload.config.collections) {
    if ((await get(`/api/${collection.slug}?limit=1&depth=0`)).status !== 200) continue
    visit(collection.slug, collection.flattenedFields, '')
    if (!kinds.has('id')) kinds.set('id', { slug: collection.slug, path: 'id' })
  }
  return [...kinds].map(([kind, at]) => ({ kind, ...at }))
}

describe('where operators', () => {
  it('every operator on every kind of field answers below 500; one the type has no meaning for is a 400 naming it', async () => {
    const kinds = await fieldKinds()
    // The config has them all: text, number, date, select, checkbox, relationships of one and of several collections,
    // rich text, fields inside arrays.
    expect(kinds.map(({ kind }) => kind)).toEqual(
      expect.arrayContaining([
        'text',
        'number',
        'date',
        'select',
        'checkbox',
        'relationship',
        'relationship polymorphic',
        'richText',
        'text nested',
        'id',
      ]),
    )
    const failures: string[] = []
    const refusals: string[] = []
    for (const { kind, slug, path } of kinds) {
      for (const operator of OPERATORS) {
        for (const value of ['1', '64d41f64-21c3-4937-88e8-c16c0f5a87be']) {
          const reply = await get(`/api/${slug}?where[${path}][${operator}]=${value}&limit=1&depth=0`)
          if (reply.status >= 500) failures.push(`${kind} (${slug}.${path}) ${operator}=${value}: ${reply.status}`)
          const message: string = reply.body.errors?.[0]?.message ?? ''
          if (message.includes(`"${operator}"`) || message.includes('links to several collections')) {
            expect({ kind, operator, status: reply.status }).toEqual({ kind, operator, status: 400 })
            refusals.push(`${kind} ${operator}`)
          }
        }
      }
    }
    expect(failures).toEqual([])
    // The ones that were 500s are refused with the reason.
    expect(refusals).toEqual(
      expect.arrayContaining([
        'text near',
        'text all',
        'number contains',
        'date like',
        'select like',
        'checkbox contains',
        'relationship all',
        'richText contains',
        'id contains',
        'relationship polymorphic equals',
      ]),
    )
    // And what the panel's filters offer still runs.
    expect(refusals).not.toEqual(expect.arrayContaining(['text like']))
    expect(
      refusals.filter((refusal) => /^(text|number|date|select|relationship) (equals|in|exists)$/.test(refusal)),
    ).toEqual([])
  }, 300_000)

  it('a polymorphic relationship is compared as {relationTo, value} or through .value and .relationTo; a bare id is a 400 that says how', async () => {
    const product = await app.payload.create({
      collection: 'products',
      data: { title: 'Jam', price: '4.50', currency: 'EUR', author: author.id } as never,
      overrideAccess: true,
    })
    const comment = await app.payload.create({
      collection: 'comments',
      data: { target: { relationTo: 'products', value: product.id }, body: 'Tasty', author: author.id } as never,
      overrideAccess: true,
    })
    const found = (reply: { status: number; body: any }) =>
      reply.status === 200 ? reply.body.docs.map((doc: { id: string }) => doc.id) : reply

    const bare = await get(`/api/comments?where[target][equals]=${product.id}`)
    expect(bare.status).toBe(400)
    expect(bare.body.errors[0].message).toMatch(
      /compare it with \{relationTo, value\}.*target\.value or target\.relationTo/,
    )
    expect(
      (await get(`/api/comments?where[target][equals][relationTo]=nowhere&where[target][equals][value]=${product.id}`))
        .status,
    ).toBe(400)
    expect((await get(`/api/comments?where[target.value][in]=${product.id}`)).status).toBe(400)

    expect(
      found(
        await get(
          `/api/comments?where[target][equals][relationTo]=products&where[target][equals][value]=${product.id}`,
        ),
      ),
    ).toEqual([comment.id])
    expect(found(await get(`/api/comments?where[target.value][equals]=${product.id}`))).toEqual([comment.id])
    expect(
      found(
        await get(`/api/comments?where[target.relationTo][equals]=products&where[target.value][equals]=${product.id}`),
      ),
    ).toEqual([comment.id])
    expect(found(await get(`/api/comments?where[target.value][exists]=true&where[id][equals]=${comment.id}`))).toEqual([
      comment.id,
    ])
    expect((await get(`/api/comments?where[target][exists]=true`)).status).toBe(400)
  })

  it("the panel's list search runs on every collection an admin lists (`like` on its search fields, or its title)", async () => {
    const broken: string[] = []
    for (const collection of app.payload.config.collections) {
      if ((await get(`/api/${collection.slug}?limit=1&depth=0`)).status !== 200) continue
      const fields = collection.admin.listSearchableFields ?? [collection.admin.useAsTitle ?? 'id']
      const where = fields.map((field, index) => `where[or][${index}][${field}][like]=abc`).join('&')
      const reply = await get(`/api/${collection.slug}?${where}&limit=1&depth=0`)
      if (reply.status !== 200)
        broken.push(
          `${collection.slug} (${fields.join(', ')}): ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`,
        )
    }
    expect(broken).toEqual([])
  })
})

describe('the size of a read', () => {
  beforeAll(async () => {
    for (let index = 0; index < 105; index += 1) {
      await app.payload.create({
        collection: 'groups',
        data: { name: `Group ${index}`, author: author.id } as never,
        overrideAccess: true,
      })
    }
  })

  it.each(['limit=500', 'limit=100000', 'limit=0'])(
    '%s answers a page of 100, with the rest on later pages',
    async (query) => {
      const reply = await get(`/api/groups?${query}&depth=0`, {})
      expect(reply.status).toBe(200)
      expect(reply.body).toMatchObject({ limit: 100, totalDocs: 105, totalPages: 2, hasNextPage: true })
      expect(reply.body.docs).toHaveLength(100)
      expect((await get(`/api/groups?${query}&page=2&depth=0`, {})).body.docs).toHaveLength(5)
    },
  )

  it('pagination=false is a paged read like any other', async () => {
    const reply = await get('/api/groups?pagination=false&depth=0', {})
    expect(reply.body).toMatchObject({ limit: 10, totalDocs: 105, hasNextPage: true })
    expect(reply.body.docs).toHaveLength(10)
    expect((await get('/api/groups?pagination=false&limit=0&depth=0', {})).body.docs).toHaveLength(100)
  })

  it('the same bound on a read sent as POST (the panel reads long queries that way)', async () => {
    // Plain fetch: the OpenAPI reference documents the read as GET only.
    const response = await fetch(`${app.url}/api/groups`, {
      method: 'POST',
      headers: {
        ...admin,
        'x-payload-http-method-override': 'GET',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'limit=0&depth=0&pagination=false',
    })
    const body = (await response.json()) as any
    expect({ status: response.status, limit: body.limit, docs: body.docs.length }).toEqual({
      status: 200,
      limit: 100,
      docs: 100,
    })
  })

  it('a page within the bound is untouched, and stock answers name their charset', async () => {
    const response = await app.request('/api/groups?limit=100&depth=0')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(((await response.json()) as any).docs).toHaveLength(100)
    expect((await get('/api/groups?limit=7&depth=0', {})).body.docs).toHaveLength(7)
  })
})

describe('error bodies', () => {
  it("every stock error has the general family's error and message beside Payload's errors; a field validation has issues instead of the message", async () => {
    const missing = await get('/api/places/00000000-0000-4000-8000-0000000000ab', {})
    expect(missing).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Not Found', errors: [{ message: 'Not Found' }] },
    })

    const citizen = await authHeaders(app, author)
    const json = { ...citizen, 'content-type': 'application/json' }
    const group = await app.payload.create({
      collection: 'groups',
      data: { name: 'Mine', author: author.id } as never,
      overrideAccess: true,
    })
    const stranger = await authHeaders(app, await createUser(app))
    const refused = await app.request(`/api/groups/${group.id}`, {
      method: 'PATCH',
      headers: { ...stranger, 'content-type': 'application/json' },
      body: '{"name":"Theirs"}',
    })
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 403,
      body: {
        error: 'forbidden',
        message: expect.any(String),
        errors: [expect.objectContaining({ message: expect.any(String) })],
      },
    })

    const invalid = await app.request('/api/forum-threads', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'x'.repeat(201), body: 'Hello' }),
    })
    const body = (await invalid.json()) as any
    expect(invalid.status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_request', issues: [{ path: 'title', message: expect.any(String) }] })
    expect(body.errors[0]).toMatchObject({ name: 'ValidationError', message: 'The following field is invalid: Title' })
    // No top-level message on a field validation: the panel's form would toast it and mark no field.
    expect(body).not.toHaveProperty('message')

    const notJson = await app.request('/api/groups', { method: 'POST', headers: json, body: '{"name":' })
    expect({ status: notJson.status, error: ((await notJson.json()) as any).error }).toEqual({
      status: 400,
      error: 'invalid_body',
    })
  })
})
