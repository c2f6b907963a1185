// The OpenAPI reference of the community content routes
// (endpoints/community/openapi-content.ts): every collection built by contentCollection is
// documented from the registry and its fields, the bodies name only what a person may send,
// and the answers the other community tests do not reach (count, a malformed query, a body
// that is not JSON, a change of a missing item, a delete of a locked one) are the documented
// ones: `call` checks each against the reference, and the reference refuses a document that
// breaks its type's schema.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { COMMUNITY_CONTENT } from '../../collections/community/contentCollection'
import { CONTENT_TYPES, type ContentTypeName } from '../../domain/content-types'
import { openApiDocument } from '../../endpoints/openapi'
import { roleActor } from '../helpers/blog'
import { type Actor, adminActor, anonymous, call, MISSING_ID } from '../helpers/catalogue'
import { makeItem, statusOf } from '../helpers/community'
import { checkResponse } from '../helpers/openapi-check'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

type Schema = { properties?: Record<string, { enum?: string[] }>; required?: string[] }

let app: TestApp
let author: Actor
let admin: Actor
const document = openApiDocument()
const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  admin = await adminActor(app)
})

afterAll(async () => {
  await app.stop()
})

/** The content collections of the running config, by their contentCollection mark. */
const contentCollections = () =>
  app.payload.config.collections.filter((collection) => collection.custom?.[COMMUNITY_CONTENT])

describe('the reference documents every community content type', () => {
  it('the eleven community types, with their six routes', () => {
    const names = contentCollections().map((collection) => collection.custom[COMMUNITY_CONTENT] as ContentTypeName)
    expect(names.sort()).toEqual([
      'articles',
      'classifieds',
      'comments',
      'events',
      'forumPosts',
      'forumThreads',
      'galleries',
      'groups',
      'places',
      'products',
      'reviews',
    ])
    for (const name of names) {
      const route = `/api/${CONTENT_TYPES[name].collection}`
      expect(Object.keys(document.paths?.[route] ?? {}).sort()).toEqual(['get', 'post'])
      expect(Object.keys(document.paths?.[`${route}/count`] ?? {})).toEqual(['get'])
      expect(Object.keys(document.paths?.[`${route}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'patch'])
    }
  })

  it('each document names every field of its collection, and the registry’s statuses', () => {
    for (const collection of contentCollections()) {
      const name = collection.custom[COMMUNITY_CONTENT] as ContentTypeName
      const schema = schemas[`Community${pascal(name)}`]!
      // A `ui` field (the panel's approval box) holds no data: no document property.
      const fields = collection.fields
        .filter((field) => 'name' in field && field.type !== 'ui')
        .map((field) => (field as { name: string }).name)
      expect(Object.keys(schema.properties ?? {})).toEqual(
        expect.arrayContaining([...fields, 'id', 'createdAt', 'updatedAt']),
      )
      expect(schema.properties?.status?.enum).toEqual([...CONTENT_TYPES[name].statuses])
      expect(schema.required).toEqual(['id'])
    }
  })

  it('the bodies name what a person may send: never the author, counters or dates of approval; the status only on PATCH', () => {
    const create = (name: string) => Object.keys(schemas[`Community${name}Create`]?.properties ?? {})
    const update = (name: string) => Object.keys(schemas[`Community${name}Update`]?.properties ?? {})
    expect(create('ForumThreads').sort()).toEqual(['body', 'pinned', 'title'])
    expect(update('ForumThreads').sort()).toEqual(['body', 'pinned', 'status', 'title'])
    expect(schemas.CommunityForumThreadsCreate?.required?.sort()).toEqual(['body', 'title'])
    expect(create('Reviews').sort()).toEqual(['body', 'booking', 'rating'])
    // What a review, a post or a comment is about is fixed at creation.
    expect(update('Reviews').sort()).toEqual(['body', 'rating', 'status'])
    expect(update('ForumPosts').sort()).toEqual(['body', 'status'])
    expect(update('Comments').sort()).toEqual(['body', 'status'])
    expect(create('Articles').sort()).toEqual(['body', 'excerpt', 'title'])
    expect(schemas.CommunityArticlesUpdate?.properties?.status?.enum).toEqual([...CONTENT_TYPES.articles.statuses])
  })
})

describe('the answers other tests do not reach are the documented ones', () => {
  it('count, anonymous and signed in (200)', async () => {
    await makeItem(app, 'groups', author.user.id)
    const hidden = await makeItem(app, 'groups', author.user.id, 'moderated')
    const [{ n: published } = { n: 0 }] = await sql<{ n: number }>(
      app,
      `SELECT count(*)::int AS n FROM groups WHERE status = 'published'`,
    )
    expect(await anonymous(app).get('/api/groups/count')).toEqual({ status: 200, body: { totalDocs: published } })
    const own = await author.get('/api/groups/count', { 'where[id][equals]': hidden })
    expect(own).toEqual({ status: 200, body: { totalDocs: 1 } })
  })

  it('a malformed query is 400, a missing id 404', async () => {
    expect((await anonymous(app).get('/api/places', { 'where[nope][equals]': 'x' })).status).toBe(400)
    expect((await anonymous(app).get(`/api/places/${MISSING_ID}`)).status).toBe(404)
  })

  it('a body that is not JSON is 415, one that is not an object 400 (PATCH and DELETE), and nothing changes', async () => {
    const id = await makeItem(app, 'products', author.user.id)
    const text = await call(app, 'PATCH', `/api/products/${id}`, {
      headers: { ...author.headers, 'content-type': 'text/plain' },
      raw: 'title=x',
    })
    expect(text.status).toBe(415)
    expect((await call(app, 'PATCH', `/api/products/${id}`, { headers: author.headers, raw: '[1]' })).status).toBe(400)
    // DELETE needs no body, but one that is sent is read as on every write.
    expect((await call(app, 'DELETE', `/api/products/${id}`, { headers: author.headers, raw: '[1]' })).status).toBe(400)
    const place = await makeItem(app, 'places', author.user.id)
    expect((await call(app, 'DELETE', `/api/places/${place}`, { headers: author.headers, raw: 'nope' })).status).toBe(
      400,
    )
    expect(
      (
        await call(app, 'DELETE', `/api/places/${place}`, {
          headers: { ...author.headers, 'content-type': 'text/plain' },
          raw: 'x',
        })
      ).status,
    ).toBe(415)
    expect(await statusOf(app, 'places', place)).toBe('pending_review')
    expect(await statusOf(app, 'products', id)).toBe('published')
    const [row] = await sql<{ title: string }>(app, 'SELECT title FROM products WHERE id = $1', [id])
    expect(row?.title).not.toBe('x')
  })

  it('a change of a missing item: 403 for a citizen (access is a filter), 404 for an admin', async () => {
    expect((await author.send(`/api/events/${MISSING_ID}`, { title: 'x' }, 'PATCH')).status).toBe(403)
    expect((await admin.send(`/api/events/${MISSING_ID}`, { title: 'x' }, 'PATCH')).status).toBe(404)
    expect((await author.send(`/api/places/${MISSING_ID}`, undefined, 'DELETE')).status).toBe(403)
    expect((await admin.send(`/api/places/${MISSING_ID}`, undefined, 'DELETE')).status).toBe(404)
  })

  it('deleting one’s own moderated item is 409 content_locked; the row stays moderated', async () => {
    const id = await makeItem(app, 'galleries', author.user.id, 'moderated')
    const reply = await author.send(`/api/galleries/${id}`, undefined, 'DELETE')
    expect(reply).toEqual({
      status: 409,
      body: expect.objectContaining({
        error: 'content_locked',
        message: expect.any(String),
        errors: expect.any(Array),
      }),
    })
    const [row] = await sql<{ status: string }>(app, 'SELECT status FROM galleries WHERE id = $1', [id])
    expect(row?.status).toBe('moderated')
  })
})

describe('the reference refuses what breaks a type’s schema', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const url = (path: string) => `http://localhost${path}`

  it('a status outside the type’s statuses, a field of the wrong type, an unknown error body', async () => {
    const doc = { id: MISSING_ID, status: 'published', title: 'A thread' }
    await expect(
      checkResponse('GET', url(`/api/forum-threads/${MISSING_ID}`), answer(200, doc), { log: false }),
    ).resolves.toBeUndefined()
    await expect(
      checkResponse('GET', url(`/api/forum-threads/${MISSING_ID}`), answer(200, { ...doc, status: 'active' }), {
        log: false,
      }),
    ).rejects.toThrow(/OpenAPI mismatch/)
    await expect(
      checkResponse('GET', url(`/api/forum-threads/${MISSING_ID}`), answer(200, { ...doc, pinned: 'yes' }), {
        log: false,
      }),
    ).rejects.toThrow(/OpenAPI mismatch/)
    await expect(
      checkResponse('POST', url('/api/forum-threads'), answer(409, { oops: true }), { log: false }),
    ).rejects.toThrow(/OpenAPI mismatch/)
    await expect(
      checkResponse('POST', url('/api/groups'), answer(409, { error: 'x', message: 'y', errors: [] }), { log: false }),
    ).rejects.toThrow(/status not documented/)
  })
})
