// History, drafts and scheduled publishing (docs/api.md "History", "Drafts", "Scheduled publishing"): Payload's
// version routes for those who may read and update the document only, restore through an update's checks with its
// audit entry, 50 versions a document, drafts nobody else sees (stock reads, the admin API, the booking's price), and
// a scheduled post published once by two instances; the database checked after each.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { CollectionSlug } from 'payload'

import { runDueSchedules } from '../../src/operations/blog/schedule'
import { book, bookableService, customerActor, localDate } from '../helpers/bookings'
import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  call,
  CATEGORIES,
  citizenActor,
  count,
  makeCategory,
  MISSING_ID,
  SERVICES,
} from '../helpers/catalogue'
import { makeItem } from '../helpers/community'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const POSTS = '/api/admin/blog/posts'
let app: TestApp
let admin: Actor
let citizen: Actor
let other: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  citizen = await citizenActor(app)
  other = await citizenActor(app)
})

afterAll(async () => {
  await app.stop()
})

const table = (slug: string) => slug.replace(/-/g, '_')
const versionsOf = (slug: string, id: string) =>
  sql<{ id: string }>(app, `SELECT id FROM _${table(slug)}_v WHERE parent_id = $1 ORDER BY created_at, id`, [id])
const patch = (who: Actor, path: string, body: unknown) => call(app, 'PATCH', path, { headers: who.headers, body })
const restore = (who: Actor, slug: string, versionId: string) => who.send(`/api/${slug}/versions/${versionId}`, {})

/** Every version route refused to `who` for a document's version, and nothing written. */
async function refusesVersions(who: Actor, slug: string, docId: string, versionId: string, statuses: number[]) {
  const before = await versionsOf(slug, docId)
  const list = await who.get(`/api/${slug}/versions`, { 'where[parent][equals]': docId })
  if (list.status === 200) expect(list.body.docs).toEqual([])
  else expect(list).toMatchObject({ status: 403, body: { error: 'forbidden' } })
  expect(statuses).toContain((await who.get(`/api/${slug}/versions/${versionId}`)).status)
  expect(statuses).toContain((await restore(who, slug, versionId)).status)
  expect(await versionsOf(slug, docId)).toEqual(before)
  expect(await audits(app, `${slug === 'service-listings' ? 'service' : 'service_category'}.restore`, docId)).toEqual(
    [],
  )
}

describe('history', () => {
  it('keeps a service’s versions for its editors; restore writes the old one back with service.restore', async () => {
    const day = localDate(4)
    const service = await bookableService(admin, day, { basePrice: '25.00' })
    expect((await admin.send(SERVICES, { action: 'update', id: service.id, basePrice: '30.00' })).status).toBe(200)
    const versions = await versionsOf('service-listings', service.id)
    expect(versions.length).toBeGreaterThanOrEqual(2)
    const first = versions[0]!.id

    const list = await admin.get('/api/service-listings/versions', { 'where[parent][equals]': service.id })
    expect(list.status).toBe(200)
    expect(list.body.totalDocs).toBe(versions.length)
    expect((await admin.get(`/api/service-listings/versions/${first}`)).body.version.basePrice).toBe('25.00')

    // Anonymous and a member who cannot update it: refused as the stock routes refuse, nothing written.
    await refusesVersions(anonymous(app), 'service-listings', service.id, first, [403])
    await refusesVersions(citizen, 'service-listings', service.id, first, [403])

    const restored = await restore(admin, 'service-listings', first)
    expect(restored.status).toBe(200)
    const [row] = await sql(app, 'SELECT base_price, _status FROM service_listings WHERE id = $1', [service.id])
    expect(row).toEqual({ base_price: '25.00', _status: 'published' })
    const entries = await audits(app, 'service.restore', service.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ user_id: admin.user.id, data: { versionId: first } })
    const after = await versionsOf('service-listings', service.id)
    expect(after).toHaveLength(versions.length + 1)
    const added = after.filter((version) => !versions.some((earlier) => earlier.id === version.id))
    const [newest] = await sql(app, 'SELECT version_base_price AS price FROM _service_listings_v WHERE id = $1', [
      added[0]!.id,
    ])
    expect(newest).toEqual({ price: '25.00' })
  })

  it('keeps a category’s versions for admins only; restore audited as service_category.restore', async () => {
    const category = await makeCategory(admin, { name: { en: 'Music' } })
    expect((await admin.send(CATEGORIES, { action: 'update', id: category.id, name: { en: 'Songs' } })).status).toBe(
      200,
    )
    const [first] = await versionsOf('service-categories', category.id)
    await refusesVersions(anonymous(app), 'service-categories', category.id, first!.id, [403])
    await refusesVersions(citizen, 'service-categories', category.id, first!.id, [403])
    expect((await restore(admin, 'service-categories', first!.id)).status).toBe(200)
    const [name] = await sql(
      app,
      `SELECT name FROM service_categories_locales WHERE _parent_id = $1 AND _locale = 'en'`,
      [category.id],
    )
    expect(name).toEqual({ name: 'Music' })
    expect(await audits(app, 'service_category.restore', category.id)).toMatchObject([
      { data: { versionId: first!.id } },
    ])
  })

  it('shows a member’s item’s versions to its author only, never to another member or anonymous', async () => {
    const id = await makeItem(app, 'forum-threads', citizen.user.id)
    expect((await patch(citizen, `/api/forum-threads/${id}`, { title: 'Edited title' })).status).toBe(200)
    const versions = await versionsOf('forum-threads', id)
    expect(versions.length).toBe(2)
    // The thread itself is public: the others read it, not its history.
    expect((await other.get(`/api/forum-threads/${id}`)).status).toBe(200)
    const own = await citizen.get('/api/forum-threads/versions', { 'where[parent][equals]': id })
    expect(own.body.totalDocs).toBe(2)
    for (const who of [other, anonymous(app)]) {
      const list = await who.get('/api/forum-threads/versions', { 'where[parent][equals]': id })
      if (list.status === 200) expect(list.body.docs).toEqual([])
      else expect(list.status).toBe(403)
      expect([403, 404]).toContain((await who.get(`/api/forum-threads/versions/${versions[0]!.id}`)).status)
      expect([403, 404]).toContain((await restore(who, 'forum-threads', versions[0]!.id)).status)
    }
    expect(await versionsOf('forum-threads', id)).toHaveLength(2)
    expect(await audits(app, 'forum_thread.restore', id)).toEqual([])

    expect((await restore(citizen, 'forum-threads', versions[0]!.id)).status).toBe(200)
    const [row] = await sql<{ title: string }>(app, 'SELECT title FROM forum_threads WHERE id = $1', [id])
    expect(row!.title).not.toBe('Edited title')
    expect(await audits(app, 'forum_thread.restore', id)).toMatchObject([{ data: { versionId: versions[0]!.id } }])
  })

  it('refuses a restore that would make a status move an update may not (409 invalid_transition)', async () => {
    const id = await makeItem(app, 'classifieds', citizen.user.id, 'active', {
      expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    })
    expect((await patch(citizen, `/api/classifieds/${id}`, { title: 'Red bike' })).status).toBe(200)
    expect((await patch(citizen, `/api/classifieds/${id}`, { status: 'sold' })).status).toBe(200)
    const versions = await versionsOf('classifieds', id)
    const active = versions.at(-2)!.id
    const refused = await restore(citizen, 'classifieds', active)
    expect(refused).toMatchObject({ status: 409, body: { error: 'invalid_transition' } })
    const [row] = await sql(app, 'SELECT status FROM classifieds WHERE id = $1', [id])
    expect(row).toEqual({ status: 'sold' })
    expect(await versionsOf('classifieds', id)).toEqual(versions)
    expect(await audits(app, 'classified.restore', id)).toEqual([])
  })

  it('keeps at most 50 versions of a document, the newest', async () => {
    const category = await makeCategory(admin)
    for (let n = 0; n < 55; n++)
      await app.payload.update({
        collection: 'service-categories' as CollectionSlug,
        id: category.id,
        data: { sortOrder: n } as never,
        overrideAccess: true,
      })
    const versions = await sql<{ sort: string }>(
      app,
      'SELECT version_sort_order::int AS sort FROM _service_categories_v WHERE parent_id = $1 ORDER BY created_at',
      [category.id],
    )
    expect(versions).toHaveLength(50)
    expect(Number(versions.at(-1)!.sort)).toBe(54)
  })
})

describe('drafts', () => {
  it('a draft price of a live service: readers, the admin API and a booking keep the published one', async () => {
    const day = localDate(5)
    const service = await bookableService(admin, day, { basePrice: '25.00' })
    // Read once anonymously first, so a cached answer would be there to go stale.
    expect((await anonymous(app).get(`/api/service-listings/${service.id}`)).body.basePrice).toBe('25.00')
    const draft = await patch(admin, `/api/service-listings/${service.id}?draft=true`, { basePrice: '99.00' })
    expect(draft.status).toBe(200)
    expect(await sql(app, 'SELECT base_price, _status FROM service_listings WHERE id = $1', [service.id])).toEqual([
      { base_price: '25.00', _status: 'published' },
    ])

    for (const who of [anonymous(app), citizen]) {
      expect((await who.get(`/api/service-listings/${service.id}`)).body.basePrice).toBe('25.00')
      expect((await who.get(`/api/service-listings/${service.id}`, { draft: 'true' })).body.basePrice).toBe('25.00')
      const list = await who.get('/api/service-listings', { 'where[id][equals]': service.id, draft: 'true' })
      expect(list.body.docs.map((doc: { basePrice: string }) => doc.basePrice)).toEqual(['25.00'])
    }
    expect((await admin.get(`/api/service-listings/${service.id}`, { draft: 'true' })).body.basePrice).toBe('99.00')
    const view = await admin.get(SERVICES, { id: service.id })
    expect(view.body.service).toMatchObject({ basePrice: '25.00', hasDraft: true })

    const customer = await customerActor(app)
    const booked = await book(customer, { serviceId: service.id, bookingDate: day.date, bookingTime: '10:00' })
    expect(booked.status).toBe(201)
    const [booking] = await sql(app, 'SELECT total_price FROM bookings WHERE service_id = $1', [service.id])
    // Minor units: 25.00 EUR.
    expect(Number(booking!.total_price)).toBe(2500)

    // Published, the draft is what everyone sees, and none waits any more.
    expect((await patch(admin, `/api/service-listings/${service.id}`, { _status: 'published' })).status).toBe(200)
    expect((await anonymous(app).get(`/api/service-listings/${service.id}`)).body.basePrice).toBe('99.00')
    expect((await admin.get(SERVICES, { id: service.id })).body.service).toMatchObject({
      basePrice: '99.00',
      hasDraft: false,
    })
  })

  it('an update keeps what the platform wrote by SQL since the last version (the rating counts)', async () => {
    const service = await bookableService(admin, localDate(6))
    await sql(app, 'UPDATE service_listings SET rating_count = 3, rating_sum = 12 WHERE id = $1', [service.id])
    expect((await admin.send(SERVICES, { action: 'update', id: service.id, basePrice: '40.00' })).status).toBe(200)
    expect(
      await sql(app, 'SELECT rating_count, rating_sum, base_price FROM service_listings WHERE id = $1', [service.id]),
    ).toEqual([{ rating_count: '3', rating_sum: '12', base_price: '40.00' }])
  })

  it('a service first saved as a draft stays unpublished, whatever status the draft names', async () => {
    const created = await call(app, 'POST', '/api/service-listings?draft=true', {
      headers: admin.headers,
      body: { slug: `draft-${Date.now()}`, status: 'active', provider: admin.user.id, currency: 'EUR' },
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expect(await sql(app, 'SELECT status, _status FROM service_listings WHERE id = $1', [id])).toEqual([
      { status: 'draft', _status: 'draft' },
    ])
    expect((await anonymous(app).get(`/api/service-listings/${id}`)).status).toBe(404)
    expect((await admin.get(SERVICES, { id })).body.service.hasDraft).toBe(true)
  })

  it('a blog post’s draft waits beside the published post (hasDraft); an article’s likewise', async () => {
    const made = await admin.send(POSTS, {
      action: 'create',
      slug: `post-${Date.now()}`,
      title: { en: 'Spring fair' },
      status: 'published',
    })
    const id = made.body.post.id
    expect(made.body.post.hasDraft).toBe(false)
    expect((await patch(admin, `/api/blog-posts/${id}?draft=true&locale=en`, { title: 'Autumn fair' })).status).toBe(
      200,
    )
    expect((await admin.get(POSTS, { id })).body.post).toMatchObject({ title: { en: 'Spring fair' }, hasDraft: true })
    expect((await anonymous(app).get(`/api/blog-posts/${id}`, { locale: 'en', draft: 'true' })).body.title).toBe(
      'Spring fair',
    )

    const article = await makeItem(app, 'articles', citizen.user.id, 'published')
    const [{ title }] = (await sql(app, 'SELECT title FROM articles WHERE id = $1', [article])) as [{ title: string }]
    expect((await patch(citizen, `/api/articles/${article}?draft=true`, { title: 'Draft title' })).status).toBe(200)
    expect(await sql(app, 'SELECT title FROM articles WHERE id = $1', [article])).toEqual([{ title }])
    for (const who of [anonymous(app), other])
      expect((await who.get(`/api/articles/${article}`, { draft: 'true' })).body.title).toBe(title)
    expect((await citizen.get(`/api/articles/${article}`, { draft: 'true' })).body.title).toBe('Draft title')
  })
})

describe('scheduled publishing', () => {
  let b: ServerProcess | undefined

  afterAll(async () => {
    await b?.stop(5_000)
  })

  const soon = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString()
  async function draftPost() {
    const made = await admin.send(POSTS, { action: 'create', slug: `sched-${Date.now()}`, title: { en: 'Gala' } })
    return made.body.post.id as string
  }

  it('schedule and unschedule: validation, scheduledPublishAt, the job and the audit entries', async () => {
    const id = await draftPost()
    for (const publishAt of [new Date(Date.now() - 60_000).toISOString(), soon(367 * 86_400_000), 'tomorrow'])
      expect(await admin.send(POSTS, { action: 'schedule', id, publishAt })).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    expect((await admin.send(POSTS, { action: 'schedule', publishAt: soon() })).body.error).toBe('missing_id')
    expect((await admin.send(POSTS, { action: 'schedule', id: MISSING_ID, publishAt: soon() })).status).toBe(404)
    expect((await citizen.send(POSTS, { action: 'schedule', id, publishAt: soon() })).status).toBe(403)
    expect(await count(app, 'payload_jobs', `input->'doc'->>'value' = $1`, [id])).toBe(0)

    const at = soon()
    const scheduled = await admin.send(POSTS, { action: 'schedule', id, publishAt: at })
    expect(scheduled).toMatchObject({ status: 200, body: { post: { scheduledPublishAt: at, status: 'draft' } } })
    expect((await admin.get(POSTS, { id })).body.post.scheduledPublishAt).toBe(at)
    expect((await admin.get(POSTS)).body.posts.find((post: { id: string }) => post.id === id).scheduledPublishAt).toBe(
      at,
    )
    expect(await sql(app, `SELECT wait_until FROM payload_jobs WHERE input->'doc'->>'value' = $1`, [id])).toEqual([
      { wait_until: new Date(at) },
    ])
    expect(await audits(app, 'blog_post.schedule', id)).toMatchObject([{ data: { publishAt: at, previous: null } }])

    const unscheduled = await admin.send(POSTS, { action: 'unschedule', id })
    expect(unscheduled).toMatchObject({ status: 200, body: { post: { scheduledPublishAt: null } } })
    expect(await count(app, 'payload_jobs', `input->'doc'->>'value' = $1`, [id])).toBe(0)
    expect(await audits(app, 'blog_post.unschedule', id)).toMatchObject([{ data: { previous: at } }])
  })

  it('publishes a scheduled post with its latest draft exactly once, with two instances running', async () => {
    b = await startServerProcess({
      ...SERVER_UNDER_LOAD_ENV,
      DATABASE_URL: app.databaseUrl,
      SCHEDULED_PUBLISH_SWEEP_SECONDS: '1',
    })
    const id = await draftPost()
    expect((await patch(admin, `/api/blog-posts/${id}?draft=true&locale=en`, { title: 'Gala night' })).status).toBe(200)
    expect((await admin.send(POSTS, { action: 'schedule', id, publishAt: soon() })).status).toBe(200)
    // The moment comes: the job's time moved to now, both instances' rounds race for it.
    await sql(app, `UPDATE payload_jobs SET wait_until = now() WHERE input->'doc'->>'value' = $1`, [id])
    await Promise.all([runDueSchedules(app.payload), runDueSchedules(app.payload), runDueSchedules(app.payload)])
    for (let tries = 0; tries < 100 && (await count(app, 'payload_jobs', `input->'doc'->>'value' = $1`, [id])); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100))

    expect(await count(app, 'payload_jobs', `input->'doc'->>'value' = $1`, [id])).toBe(0)
    const [row] = await sql<{ status: string; published_at: Date | null; _status: string }>(
      app,
      'SELECT status, published_at, _status FROM blog_posts WHERE id = $1',
      [id],
    )
    expect(row).toMatchObject({ status: 'published', _status: 'published' })
    expect(row!.published_at).not.toBeNull()
    const post = (await admin.get(POSTS, { id })).body.post
    expect(post).toMatchObject({ title: { en: 'Gala night' }, hasDraft: false, scheduledPublishAt: null })
    const publications = await audits(app, 'blog_post.publish', id)
    expect(publications).toHaveLength(1)
    expect(publications[0]).toMatchObject({ user_id: admin.user.id, data: { to: 'published', scheduled: true } })
  }, 120_000)
})
