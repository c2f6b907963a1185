// The public catalogue through Payload's stock routes (docs/api.md "Roles and permissions"): anyone reads active
// services (with translations, category, media), active categories, slots of active services
// and media; everything else is for admins, writes too. Admin writes through the stock routes
// follow the same rules and leave the same audit entries as the custom endpoints.
import fs from 'node:fs/promises'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  AVAILABILITY,
  call,
  citizenActor,
  CLIENT_HEADERS,
  dropMedia,
  makeCategory,
  makeMedia,
  makeService,
  makeSlot,
  MEDIA_DIR,
  snapshot,
  uniqueSlug,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let admin: Actor
let citizen: Actor
const fixture: Record<string, string> = {}

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  citizen = await citizenActor(app)
  const active = await makeCategory(admin, { slug: uniqueSlug('pub-active') })
  const hidden = await makeCategory(admin, { slug: uniqueSlug('pub-hidden'), isActive: false })
  fixture.activeCategory = active.id
  fixture.hiddenCategory = hidden.id
  fixture.media = await makeMedia(app, 'Cover picture')
  fixture.active = (
    await makeService(admin, {
      status: 'active',
      categoryId: active.id,
      translations: [{ inLanguage: 'en', title: 'Public yoga' }],
      media: [{ mediaId: fixture.media, type: 'cover', position: 0 }],
    })
  ).id
  fixture.draft = (await makeService(admin, { status: 'draft' })).id
  fixture.suspended = (await makeService(admin, { status: 'suspended' })).id
  fixture.activeSlot = (await makeSlot(admin, fixture.active)).id
  fixture.draftSlot = (await makeSlot(admin, fixture.draft)).id
})

afterAll(async () => {
  await dropMedia(app)
  await app.stop()
})

const ids = (body: { docs: Array<{ id: string }> }) => body.docs.map((doc) => doc.id)

describe('public reads', () => {
  it('anyone lists active services only, with translations, category and media; no user data at any depth', async () => {
    for (const who of [anonymous(app), citizen]) {
      const reply = await who.get('/api/service-listings', { depth: '3', limit: '100' })
      expect(reply.status).toBe(200)
      expect(ids(reply.body)).toEqual([fixture.active])
      const [service] = reply.body.docs
      expect(service.translations).toEqual([expect.objectContaining({ inLanguage: 'en', title: 'Public yoga' })])
      expect(service.category).toMatchObject({ id: fixture.activeCategory })
      expect(service.media[0].file).toMatchObject({ id: fixture.media, url: expect.any(String) })
      // The provider is an id, never a user record; the search column is not shown.
      expect(service.provider).toBe(admin.user.id)
      expect(service.searchText).toBeUndefined()
      const text = JSON.stringify(reply.body)
      expect(text).not.toContain(admin.user.email)
      expect(text).not.toMatch(/"(hash|salt|password|email)"/)
    }
  })

  it('a draft or suspended service is not found for the public, found for an admin', async () => {
    for (const id of [fixture.draft, fixture.suspended]) {
      const reply = await anonymous(app).get(`/api/service-listings/${id}`)
      expect(reply.status).toBe(404)
      expect(JSON.stringify(reply.body)).not.toContain(id.slice(0, 8) + '-')
      expect((await admin.get(`/api/service-listings/${id}`)).status).toBe(200)
    }
    expect((await anonymous(app).get(`/api/service-listings/${fixture.active}`)).status).toBe(200)
    const all = await admin.get('/api/service-listings', { limit: '100' })
    expect(ids(all.body)).toEqual(expect.arrayContaining([fixture.active, fixture.draft, fixture.suspended]))
  })

  it("a filter through the provider cannot probe users' emails or hashes", async () => {
    for (const [field, value] of [
      ['email', admin.user.email],
      ['roles', 'admin'],
      ['hash', 'x'],
    ]) {
      const reply = await anonymous(app).get('/api/service-listings', { [`where[provider.${field}][equals]`]: value! })
      expect(reply.status === 200 ? reply.body.docs : []).toEqual([])
      expect(JSON.stringify(reply.body)).not.toContain(admin.user.email)
    }
  })

  it('a status filter cannot widen what the public sees', async () => {
    const reply = await anonymous(app).get('/api/service-listings', { 'where[status][equals]': 'draft' })
    expect(reply.status).toBe(200)
    expect(reply.body.docs).toEqual([])
  })

  it('active categories only (with localized names), all for admins', async () => {
    const reply = await anonymous(app).get('/api/service-categories', { limit: '100', locale: 'all' })
    expect(reply.status).toBe(200)
    expect(ids(reply.body)).toContain(fixture.activeCategory)
    expect(ids(reply.body)).not.toContain(fixture.hiddenCategory)
    expect(reply.body.docs.find((doc: { id: string }) => doc.id === fixture.activeCategory).name).toEqual({
      en: 'Category',
      fr: 'Catégorie',
    })
    expect(ids((await admin.get('/api/service-categories', { limit: '100' })).body)).toContain(fixture.hiddenCategory)
  })

  it('slots of active services only', async () => {
    const reply = await anonymous(app).get('/api/service-availability', { limit: '100', depth: '2' })
    expect(reply.status).toBe(200)
    expect(ids(reply.body)).toEqual([fixture.activeSlot])
    expect(JSON.stringify(reply.body)).not.toContain(admin.user.email)
    expect((await anonymous(app).get(`/api/service-availability/${fixture.draftSlot}`)).status).toBe(404)
    expect(ids((await admin.get('/api/service-availability', { limit: '100' })).body)).toEqual(
      expect.arrayContaining([fixture.activeSlot, fixture.draftSlot]),
    )
  })

  it('media are readable', async () => {
    const reply = await anonymous(app).get(`/api/service-media/${fixture.media}`)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ id: fixture.media, alt: 'Cover picture' })
  })

  it('bookings are not public (a citizen reads only their own: none here)', async () => {
    expect((await anonymous(app).get('/api/bookings')).status).toBe(403)
    const own = await citizen.get('/api/bookings')
    expect(own.status).toBe(200)
    expect(own.body.docs).toEqual([])
  })
})

describe('stock writes', () => {
  it('anonymous callers and citizens cannot create, change or delete anything in the catalogue', async () => {
    const before = await snapshot(app)
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/service-listings', { slug: uniqueSlug(), provider: admin.user.id }],
      ['PATCH', `/api/service-listings/${fixture.active}`, { status: 'archived' }],
      ['PATCH', '/api/service-listings?where[id][exists]=true', { status: 'archived' }],
      ['DELETE', `/api/service-listings/${fixture.active}`, undefined],
      ['POST', '/api/service-categories', { slug: uniqueSlug('cat'), name: 'x' }],
      ['PATCH', `/api/service-categories/${fixture.activeCategory}`, { isActive: false }],
      ['DELETE', `/api/service-categories/${fixture.activeCategory}`, undefined],
      [
        'POST',
        '/api/service-availability',
        { service: fixture.active, dayOfWeek: 5, startTime: '09:00', endTime: '10:00' },
      ],
      ['PATCH', `/api/service-availability/${fixture.activeSlot}`, { startTime: '06:00' }],
      ['DELETE', `/api/service-availability/${fixture.activeSlot}`, undefined],
      ['PATCH', `/api/service-media/${fixture.media}`, { alt: 'defaced' }],
      ['DELETE', `/api/service-media/${fixture.media}`, undefined],
      ['POST', '/api/bookings', { service: fixture.active, bookingDate: '2030-01-01', bookingTime: '10:00' }],
    ]
    for (const who of [anonymous(app), citizen]) {
      for (const [method, path, body] of attempts) {
        const reply = await call(app, method, path, { headers: who.headers, body })
        expect([401, 403, 404]).toContain(reply.status)
        // A bulk PATCH answers 200 with every document refused: nothing may have changed.
        if (reply.status === 200) expect(reply.body.docs).toEqual([])
      }
    }
    expect(await snapshot(app)).toEqual(before)
    expect((await sql(app, 'SELECT status FROM service_listings WHERE id = $1', [fixture.active]))[0]).toEqual({
      status: 'active',
    })
  })

  it('admins write through the stock routes under the same rules, audited like the endpoints', async () => {
    const slug = uniqueSlug('stock')
    const created = await admin.send('/api/service-listings', {
      slug,
      provider: admin.user.id,
      translations: [{ inLanguage: 'en', title: 'Via REST' }],
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    const [createEntry] = await audits(app, 'service.create', id)
    expect(createEntry).toMatchObject({
      user_id: admin.user.id,
      ip: CLIENT_HEADERS['x-real-ip'],
      user_agent: CLIENT_HEADERS['user-agent'],
    })

    expect((await admin.send(`/api/service-listings/${id}`, { status: 'active' }, 'PATCH')).status).toBe(200)
    const [updateEntry] = await audits(app, 'service.update', id)
    expect(updateEntry!.data).toEqual({ status: 'active' })

    // The same refusals as the endpoints, with readable messages.
    const clash = await admin.send('/api/service-listings', { slug, provider: admin.user.id })
    expect(clash.status).toBe(409)
    expect(JSON.stringify(clash.body)).toContain('already taken')
    const badPrice = await admin.send(`/api/service-listings/${id}`, { basePrice: '12.345' }, 'PATCH')
    expect(badPrice.status).toBe(400)
    expect(JSON.stringify(badPrice.body)).toContain('at most 2 decimals')

    const slot = await admin.send('/api/service-availability', {
      service: id,
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '11:00',
    })
    expect(slot.status).toBe(201)
    expect(await audits(app, 'service_availability.create', slot.body.doc.id)).toHaveLength(1)
    const overlap = await admin.send('/api/service-availability', {
      service: id,
      dayOfWeek: 1,
      startTime: '10:00',
      endTime: '12:00',
    })
    expect(overlap.status).toBe(409)
    expect(JSON.stringify(overlap.body)).toContain('Overlaps the slot 09:00–11:00')
    const backwards = await admin.send(`/api/service-availability/${slot.body.doc.id}`, { endTime: '08:00' }, 'PATCH')
    expect(backwards.status).toBe(400)

    const parent = await admin.send('/api/service-categories', { slug: uniqueSlug('cat'), name: 'Parent' })
    const child = await admin.send('/api/service-categories', {
      slug: uniqueSlug('cat'),
      name: 'Child',
      parent: parent.body.doc.id,
    })
    const cycle = await admin.send(
      `/api/service-categories/${parent.body.doc.id}`,
      { parent: child.body.doc.id },
      'PATCH',
    )
    expect(cycle.status).toBe(400)
    expect(JSON.stringify(cycle.body)).toContain('cycle')
    expect(await audits(app, 'service_category.create', parent.body.doc.id)).toHaveLength(1)

    const deleted = await call(app, 'DELETE', `/api/service-listings/${id}`, { headers: admin.headers })
    expect(deleted.status).toBe(200)
    expect(await audits(app, 'service.delete', id)).toHaveLength(1)
    expect((await admin.get(AVAILABILITY, { serviceId: id })).status).toBe(404)
  })
})

// Found by the fuzzer: Payload answers a file missing from the disk with a 500.
describe('media files', () => {
  it('404 for a file name that names no stored file (403 for the public); a stored one is served', async () => {
    const response = await app.request('/api/service-media/file/no-such-file.png', { headers: admin.headers })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_found' })
    // The public may read only files in public use: an unknown name is none of those.
    expect((await app.request('/api/service-media/file/no-such-file.png')).status).toBe(403)
    const [stored] = await sql<{ filename: string }>(app, 'SELECT filename FROM service_media WHERE id = $1', [
      fixture.media,
    ])
    const served = await app.request(`/api/service-media/file/${stored!.filename}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
  })

  it('404 for a stored record whose file is gone from the disk', async () => {
    const id = await makeMedia(app, 'Lost file')
    const [stored] = await sql<{ filename: string }>(app, 'SELECT filename FROM service_media WHERE id = $1', [id])
    await fs.rm(path.join(MEDIA_DIR, stored!.filename))
    const response = await app.request(`/api/service-media/file/${stored!.filename}`, { headers: admin.headers })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_found' })
  })

  it('400 (not 500): an upload from a URL Payload refuses to fetch; nothing stored', async () => {
    const before = await sql(app, 'SELECT id FROM service_media')
    const response = await app.request('/api/service-media', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ alt: 'x', url: 'http://127.0.0.1:1/picture.png', filename: 'picture.png' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      message: 'The file could not be fetched from the given URL',
      errors: [{ message: 'The file could not be fetched from the given URL' }],
    })
    expect(await sql(app, 'SELECT id FROM service_media')).toHaveLength(before.length)
  })
})
