// /api/admin/services/services: every action, filter and documented code, the
// audit entries, and bad input refused with the database unchanged.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type Actor,
  actor,
  adminActor,
  anonymous,
  audits,
  AVAILABILITY,
  citizenActor,
  CLIENT_HEADERS,
  count,
  dropMedia,
  makeCategory,
  makeMedia,
  makeService,
  makeSlot,
  MISSING_ID,
  SERVICES,
  snapshot,
  uniqueSlug,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

let app: TestApp
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
})

afterAll(async () => {
  await dropMedia(app)
  await app.stop()
})

const serviceRow = async (id: string) => (await sql(app, 'SELECT * FROM service_listings WHERE id = $1', [id]))[0]

describe('who may call it', () => {
  it('403 forbidden for anonymous callers and non-admins, on reads and writes alike', async () => {
    const moderator = await createUser(app, { roles: ['moderator'] })
    const callers = [anonymous(app), await citizenActor(app), actor(app, moderator, await authHeaders(app, moderator))]
    const before = await snapshot(app)
    for (const who of callers) {
      expect(await who.get(SERVICES)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      expect(await who.get(SERVICES, { id: MISSING_ID })).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      for (const method of ['POST', 'PATCH', 'DELETE']) {
        const reply = await app.request(SERVICES, {
          method,
          headers: { 'content-type': 'application/json', ...who.headers },
          body: JSON.stringify({ action: 'create', slug: uniqueSlug(), providerId: admin.user.id }),
        })
        expect(reply.status).toBe(403)
        expect((await reply.json()).error).toBe('forbidden')
      }
    }
    // Admin comes before body checks: a broken body from a non-admin is still 403.
    expect(
      (
        await app.request(SERVICES, {
          method: 'POST',
          body: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(403)
    expect(await snapshot(app)).toEqual(before)
  })
})

describe('the action envelope', () => {
  it('400 invalid_body for a body that is not JSON (or not an object)', async () => {
    for (const raw of ['{"action": "create"', 'null', '[1,2]', '"create"']) {
      const response = await app.request(SERVICES, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...admin.headers },
        body: raw,
      })
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBe('invalid_body')
    }
  })

  it('400 missing_action, unknown_action and missing_id, on POST, PATCH and DELETE', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      expect((await admin.send(SERVICES, { slug: 'x' }, method)).body.error).toBe('missing_action')
      expect((await admin.send(SERVICES, { action: 'explode' }, method)).body).toMatchObject({
        error: 'unknown_action',
      })
      expect((await admin.send(SERVICES, { action: 42 }, method)).body.error).toBe('unknown_action')
      for (const action of ['update', 'delete', 'activate', 'deactivate', 'duplicate']) {
        const reply = await admin.send(SERVICES, { action }, method)
        expect(reply).toMatchObject({ status: 400, body: { error: 'missing_id' } })
      }
    }
  })

  it('accepts every action on PATCH and DELETE as on POST', async () => {
    const created = await admin.send(
      SERVICES,
      { action: 'create', slug: uniqueSlug(), providerId: admin.user.id },
      'PATCH',
    )
    expect(created.status).toBe(201)
    expect((await admin.send(SERVICES, { action: 'activate', id: created.body.id }, 'DELETE')).status).toBe(200)
    expect((await admin.send(SERVICES, { action: 'delete', id: created.body.id }, 'PATCH')).status).toBe(200)
  })
})

describe('create', () => {
  it('201 {id, slug}, with the documented defaults, and a service.create audit entry with actor, ip, user agent and data', async () => {
    const slug = uniqueSlug()
    const reply = await admin.send(SERVICES, { action: 'create', slug, providerId: admin.user.id })
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({ id: expect.any(String), slug })

    const { body } = await admin.get(SERVICES, { id: reply.body.id })
    expect(body.service).toMatchObject({
      id: reply.body.id,
      slug,
      providerId: admin.user.id,
      categoryId: null,
      organizationId: null,
      status: 'draft',
      currency: 'EUR',
      basePrice: null,
      priceType: null,
      isMobile: false,
      isFeatured: false,
      displayInHome: false,
      allowReviews: true,
      translations: [],
      media: [],
      category: null,
    })

    const [entry, ...more] = await audits(app, 'service.create', reply.body.id)
    expect(more).toHaveLength(0)
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      target_type: 'service-listings',
      ip: CLIENT_HEADERS['x-real-ip'],
      user_agent: CLIENT_HEADERS['user-agent'],
    })
    expect(entry!.data).toMatchObject({ slug, status: 'draft' })
  })

  it('stores every field, with ids as plain strings and the price canonical for its currency', async () => {
    const category = await makeCategory(admin)
    const org = await app.payload.create({
      collection: 'organizations',
      data: { name: 'Org', slug: uniqueSlug('org') },
      overrideAccess: true,
    })
    const cover = await makeMedia(app)
    const slug = uniqueSlug()
    const reply = await admin.send(SERVICES, {
      action: 'create',
      slug,
      providerId: admin.user.id,
      categoryId: category.id,
      organizationId: org.id,
      status: 'active',
      basePrice: '25.5',
      priceType: 'hourly',
      currency: 'EUR',
      durationMinutes: 90,
      isMobile: true,
      maxParticipants: 4,
      bookingAdvanceHours: 24,
      cancellationHours: 12,
      isFeatured: true,
      displayInHome: true,
      allowReviews: false,
      inLanguage: 'fr',
      translations: [
        {
          inLanguage: 'fr',
          title: 'Yoga du matin',
          description: 'Long',
          shortDescription: 'Court',
          seoTitle: 'SEO',
          seoDescription: 'SEO desc',
        },
        { inLanguage: 'en', title: 'Morning yoga' },
      ],
      media: [{ mediaId: cover, type: 'cover', position: 0 }],
    })
    expect(reply.status).toBe(201)
    const { body } = await admin.get(SERVICES, { id: reply.body.id })
    expect(body.service).toMatchObject({
      categoryId: category.id,
      organizationId: String(org.id),
      status: 'active',
      basePrice: '25.50',
      priceType: 'hourly',
      durationMinutes: 90,
      isMobile: true,
      maxParticipants: 4,
      bookingAdvanceHours: 24,
      cancellationHours: 12,
      isFeatured: true,
      displayInHome: true,
      allowReviews: false,
      inLanguage: 'fr',
      translations: [
        {
          inLanguage: 'fr',
          title: 'Yoga du matin',
          description: 'Long',
          shortDescription: 'Court',
          seoTitle: 'SEO',
          seoDescription: 'SEO desc',
        },
        {
          inLanguage: 'en',
          title: 'Morning yoga',
          description: null,
          shortDescription: null,
          seoTitle: null,
          seoDescription: null,
        },
      ],
      media: [{ mediaId: cover, type: 'cover', position: 0 }],
      category: { id: category.id, slug: category.slug, name: { en: 'Category', fr: 'Catégorie' } },
    })
    // The admin panel's title column: the title in the service's own language.
    expect((await serviceRow(reply.body.id))!.title).toBe('Yoga du matin')
  })

  it('409 slug_taken for a slug in use, and nothing written', async () => {
    const { slug } = await makeService(admin)
    const before = await snapshot(app)
    const reply = await admin.send(SERVICES, { action: 'create', slug, providerId: admin.user.id })
    expect(reply).toMatchObject({ status: 409, body: { error: 'slug_taken' } })
    expect(reply.body.message).toContain(slug)
    expect(await snapshot(app)).toEqual(before)
  })

  it('one of two simultaneous creates with the same slug wins; the other is 409 slug_taken', async () => {
    const slug = uniqueSlug()
    const replies = await Promise.all(
      [1, 2, 3].map(() => admin.send(SERVICES, { action: 'create', slug, providerId: admin.user.id })),
    )
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409])
    expect(replies.filter((reply) => reply.status === 409).every((reply) => reply.body.error === 'slug_taken')).toBe(
      true,
    )
    expect(await count(app, 'service_listings', 'slug = $1', [slug])).toBe(1)
  })

  const valid = () => ({ action: 'create', slug: uniqueSlug(), providerId: admin.user.id })
  const badInputs: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown field', { colour: 'red' }, ''],
    ['an unknown nested field', { translations: [{ inLanguage: 'en', title: 'x', subtitle: 'y' }] }, 'translations.0'],
    ['a missing slug', { slug: undefined }, 'slug'],
    ['a missing providerId', { providerId: undefined }, 'providerId'],
    ['a slug with spaces', { slug: 'Hello World' }, 'slug'],
    ['a slug with upper case', { slug: 'Yoga' }, 'slug'],
    ['a slug with a double hyphen', { slug: 'a--b' }, 'slug'],
    ['a slug with a leading hyphen', { slug: '-ab' }, 'slug'],
    ['a slug over 200 characters', { slug: 'a'.repeat(201) }, 'slug'],
    ['an unknown status', { status: 'published' }, 'status'],
    ['an unknown priceType', { priceType: 'daily' }, 'priceType'],
    ['a comma price', { basePrice: '12,50' }, 'basePrice'],
    ['an exponent price', { basePrice: '1e3' }, 'basePrice'],
    ['a negative price', { basePrice: '-1' }, 'basePrice'],
    ['a numeric price', { basePrice: 12.5 }, 'basePrice'],
    ['too many decimals for EUR', { basePrice: '12.345' }, 'basePrice'],
    ['decimals for JPY', { basePrice: '12.5', currency: 'JPY' }, 'basePrice'],
    ['four decimals for KWD', { basePrice: '1.2345', currency: 'KWD' }, 'basePrice'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
    ['a lower-case currency', { currency: 'eur' }, 'currency'],
    ['a string boolean', { isMobile: 'yes' }, 'isMobile'],
    ['a fractional duration', { durationMinutes: 1.5 }, 'durationMinutes'],
    ['a string number', { maxParticipants: '4' }, 'maxParticipants'],
    ['a negative advance', { bookingAdvanceHours: -1 }, 'bookingAdvanceHours'],
    ['a non-existent provider', { providerId: MISSING_ID }, 'providerId'],
    ['a malformed provider id', { providerId: 'abc' }, 'providerId'],
    ['a non-existent category', { categoryId: MISSING_ID }, 'categoryId'],
    ['a non-existent organization', { organizationId: MISSING_ID }, 'organizationId'],
    ['a non-existent media id', { media: [{ mediaId: MISSING_ID, type: 'cover', position: 0 }] }, 'media.0.mediaId'],
    ['an unknown media type', { media: [{ mediaId: MISSING_ID, type: 'banner' }] }, 'media.0.type'],
    [
      'an unconfigured translation language',
      { translations: [{ inLanguage: 'xx', title: 'x' }] },
      'translations.0.inLanguage',
    ],
    ['an unconfigured service language', { inLanguage: 'pt' }, 'inLanguage'],
    [
      'two translations in one language',
      {
        translations: [
          { inLanguage: 'en', title: 'a' },
          { inLanguage: 'en', title: 'b' },
        ],
      },
      'translations',
    ],
    ['a translation without a title', { translations: [{ inLanguage: 'en' }] }, 'translations.0.title'],
  ]

  it.each(badInputs)(
    '400 invalid_request for %s, naming the field, with nothing written',
    async (_label, change, path) => {
      const before = await snapshot(app)
      const body: Record<string, unknown> = { ...valid(), ...change }
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key]
      const reply = await admin.send(SERVICES, body)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_request')
      expect(typeof reply.body.message).toBe('string')
      if (path) expect(reply.body.issues.map((issue: { path: string }) => issue.path)).toContain(path)
      expect(await snapshot(app)).toEqual(before)
    },
  )

  it('accepts the currency minor digits exactly: "1000" JPY, "1.234" KWD, "0.5" EUR → "0.50"', async () => {
    for (const [basePrice, currency, stored] of [
      ['1000', 'JPY', '1000'],
      ['1.234', 'KWD', '1.234'],
      ['0.5', 'EUR', '0.50'],
      ['007', 'EUR', '7.00'],
    ]) {
      const { id } = await makeService(admin, { basePrice, currency })
      expect((await admin.get(SERVICES, { id })).body.service.basePrice).toBe(stored)
    }
  })
})

describe('list', () => {
  let category: any
  let other: any
  let org: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    category = await makeCategory(admin, { name: { en: 'Wellness', de: 'Wellness DE' } })
    other = await makeCategory(admin)
    org = String(
      (
        await app.payload.create({
          collection: 'organizations',
          data: { name: 'List org', slug: uniqueSlug('org') },
          overrideAccess: true,
        })
      ).id,
    )
    ids.alpha = (
      await makeService(admin, {
        slug: uniqueSlug('alpha'),
        status: 'active',
        categoryId: category.id,
        isFeatured: true,
        translations: [{ inLanguage: 'en', title: 'Deep Tissue Massage' }],
      })
    ).id
    ids.beta = (
      await makeService(admin, {
        slug: uniqueSlug('beta'),
        status: 'suspended',
        categoryId: other.id,
        displayInHome: true,
        organizationId: org,
      })
    ).id
    ids.gamma = (
      await makeService(admin, {
        slug: uniqueSlug('gamma'),
        status: 'active',
        translations: [{ inLanguage: 'fr', title: 'Cours de 100% Pilates' }],
      })
    ).id
  })

  const listIds = async (query: Record<string, string>) => {
    const reply = await admin.get(SERVICES, { perPage: '100', ...query })
    expect(reply.status).toBe(200)
    return reply.body.services.map((service: { id: string }) => service.id) as string[]
  }

  it('answers {services, total, page, perPage, totalPages}, newest first, with translations (language, title) and category', async () => {
    const reply = await admin.get(SERVICES, { perPage: '2' })
    expect(reply.status).toBe(200)
    const total = await count(app, 'service_listings')
    expect(reply.body).toMatchObject({ total, page: 1, perPage: 2, totalPages: Math.ceil(total / 2) })
    expect(reply.body.services).toHaveLength(2)
    expect(reply.body.services[0].id).toBe(ids.gamma)
    expect(reply.body.services[0].translations).toEqual([{ inLanguage: 'fr', title: 'Cours de 100% Pilates' }])

    const alpha = (await admin.get(SERVICES, { category: category.id })).body.services[0]
    expect(alpha.category).toEqual({
      id: category.id,
      slug: category.slug,
      name: { en: 'Wellness', de: 'Wellness DE' },
    })
    expect(alpha.categoryId).toBe(category.id)
  })

  it('pages: page 2 continues where page 1 stopped; perPage above 100 is clamped', async () => {
    const first = await admin.get(SERVICES, { perPage: '1', page: '1' })
    const second = await admin.get(SERVICES, { perPage: '1', page: '2' })
    expect(second.body.page).toBe(2)
    expect(second.body.services[0].id).not.toBe(first.body.services[0].id)
    expect((await admin.get(SERVICES, { perPage: '500' })).body.perPage).toBe(100)
  })

  it.each([
    [{ perPage: 'abc' }, 'perPage'],
    [{ perPage: '0' }, 'perPage'],
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ status: 'published' }, 'status'],
    [{ featured: 'yes' }, 'featured'],
    [{ home: '2' }, 'home'],
    [{ category: 'abc' }, 'category'],
    [{ orgId: 'abc' }, 'orgId'],
  ])('400 invalid_request for %j', async (query, path) => {
    const reply = await admin.get(SERVICES, query as Record<string, string>)
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('invalid_request')
    expect(reply.body.issues[0].path).toBe(path)
  })

  it('filters by status, featured, home, category and orgId', async () => {
    expect((await listIds({ status: 'suspended' })).filter((id) => Object.values(ids).includes(id))).toEqual([ids.beta])
    expect(await listIds({ status: 'active' })).toEqual(expect.arrayContaining([ids.alpha, ids.gamma]))
    expect(await listIds({ status: 'active' })).not.toContain(ids.beta)
    // Other tests' services are in the list too: look at these three only.
    const mine = (list: string[]) => list.filter((id) => Object.values(ids).includes(id))
    expect(mine(await listIds({ featured: 'true' }))).toEqual([ids.alpha])
    expect(mine(await listIds({ featured: '0' }))).toEqual([ids.gamma, ids.beta])
    expect(mine(await listIds({ home: '1' }))).toEqual([ids.beta])
    expect(mine(await listIds({ home: 'false' }))).toEqual([ids.gamma, ids.alpha])
    expect(await listIds({ category: category.id })).toEqual([ids.alpha])
    expect(await listIds({ orgId: org })).toEqual([ids.beta])
    expect(await listIds({ status: 'active', featured: 'true', category: category.id })).toEqual([ids.alpha])
    expect(await listIds({ category: MISSING_ID })).toEqual([])
  })

  it('q matches the slug or any translation title, case-insensitively; % and _ match themselves', async () => {
    expect(await listIds({ q: 'ALPHA' })).toEqual([ids.alpha])
    expect(await listIds({ q: 'tissue mass' })).toEqual([ids.alpha])
    expect(await listIds({ q: 'pilates' })).toEqual([ids.gamma])
    expect(await listIds({ q: '100%' })).toEqual([ids.gamma])
    expect(await listIds({ q: '%' })).toEqual([ids.gamma])
    expect(await listIds({ q: '_' })).toEqual([])
    expect(await listIds({ q: 'nothing-like-this' })).toEqual([])
  })
})

describe('one service (?id=)', () => {
  it('404 not_found for an unknown or malformed id', async () => {
    expect(await admin.get(SERVICES, { id: MISSING_ID })).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await admin.get(SERVICES, { id: 'not-a-uuid' })).toMatchObject({ status: 404, body: { error: 'not_found' } })
  })
})

describe('update', () => {
  it('200 {service}: changes the fields sent, keeps the others, replaces translations and media in full, one audit entry', async () => {
    const [m1, m2, m3] = [await makeMedia(app), await makeMedia(app), await makeMedia(app)]
    const { id } = await makeService(admin, {
      basePrice: '10.00',
      durationMinutes: 60,
      translations: [
        { inLanguage: 'en', title: 'Old EN' },
        { inLanguage: 'fr', title: 'Old FR' },
      ],
      media: [
        { mediaId: m1, type: 'cover', position: 0 },
        { mediaId: m2, type: 'gallery', position: 1 },
      ],
    })
    const reply = await admin.send(SERVICES, {
      action: 'update',
      id,
      status: 'archived',
      translations: [{ inLanguage: 'de', title: 'Neu' }],
      media: [{ mediaId: m3, type: 'gallery', position: 5 }],
    })
    expect(reply.status).toBe(200)
    expect(reply.body.service).toMatchObject({
      id,
      status: 'archived',
      basePrice: '10.00',
      durationMinutes: 60,
      translations: [{ inLanguage: 'de', title: 'Neu' }],
      media: [{ mediaId: m3, type: 'gallery', position: 5 }],
    })
    expect(await count(app, 'service_listings_translations', '_parent_id = $1', [id])).toBe(1)
    expect(await count(app, 'service_listings_media', '_parent_id = $1', [id])).toBe(1)

    const entries = await audits(app, 'service.update', id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      user_id: admin.user.id,
      ip: CLIENT_HEADERS['x-real-ip'],
      user_agent: CLIENT_HEADERS['user-agent'],
    })
    expect(entries[0]!.data).toMatchObject({
      status: 'archived',
      translations: [expect.objectContaining({ title: 'Neu' })],
    })

    // Empty arrays clear them; null clears a nullable field.
    const cleared = await admin.send(SERVICES, {
      action: 'update',
      id,
      translations: [],
      media: [],
      durationMinutes: null,
    })
    expect(cleared.body.service).toMatchObject({ translations: [], media: [], durationMinutes: null })
  })

  it('may set any status, and the slug; a taken slug is 409 slug_taken with nothing changed', async () => {
    const a = await makeService(admin)
    const b = await makeService(admin)
    for (const status of ['active', 'suspended', 'archived', 'draft']) {
      expect((await admin.send(SERVICES, { action: 'update', id: a.id, status })).body.service.status).toBe(status)
    }
    const newSlug = uniqueSlug('renamed')
    expect((await admin.send(SERVICES, { action: 'update', id: a.id, slug: newSlug })).body.service.slug).toBe(newSlug)
    const before = await serviceRow(b.id)
    expect(await admin.send(SERVICES, { action: 'update', id: b.id, slug: newSlug })).toMatchObject({
      status: 409,
      body: { error: 'slug_taken' },
    })
    expect(await serviceRow(b.id)).toEqual(before)
    // Its own slug is no clash.
    expect((await admin.send(SERVICES, { action: 'update', id: b.id, slug: b.slug })).status).toBe(200)
  })

  it('re-checks the stored price against a new currency (400, unchanged)', async () => {
    const { id } = await makeService(admin, { basePrice: '12.50' })
    const before = await serviceRow(id)
    const reply = await admin.send(SERVICES, { action: 'update', id, currency: 'JPY' })
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    expect(reply.body.issues[0].path).toBe('basePrice')
    expect(await serviceRow(id)).toEqual(before)
    expect(
      (await admin.send(SERVICES, { action: 'update', id, currency: 'JPY', basePrice: '1250' })).body.service,
    ).toMatchObject({ currency: 'JPY', basePrice: '1250' })
  })

  it('400 for bad fields, unknown fields or nothing to update; 404 for an unknown id', async () => {
    const { id } = await makeService(admin)
    const before = await serviceRow(id)
    for (const body of [
      { colour: 'red' },
      { status: 'gone' },
      { providerId: MISSING_ID },
      { basePrice: '1e3' },
      {},
      { id: 42 },
    ]) {
      const reply = await admin.send(SERVICES, { action: 'update', id, ...body })
      expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    }
    expect(await serviceRow(id)).toEqual(before)
    expect(await admin.send(SERVICES, { action: 'update', id: MISSING_ID, status: 'active' })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })
})

describe('activate and deactivate', () => {
  it('200 {id, status: "active"} and {id, status: "suspended"}, audited as service.update', async () => {
    const { id } = await makeService(admin)
    expect(await admin.send(SERVICES, { action: 'activate', id })).toEqual({
      status: 200,
      body: { id, status: 'active' },
    })
    expect((await serviceRow(id))!.status).toBe('active')
    expect(await admin.send(SERVICES, { action: 'deactivate', id })).toEqual({
      status: 200,
      body: { id, status: 'suspended' },
    })
    expect((await serviceRow(id))!.status).toBe('suspended')
    const entries = await audits(app, 'service.update', id)
    expect(entries.map((entry) => entry.data.status)).toEqual(['active', 'suspended'])
    expect(await admin.send(SERVICES, { action: 'activate', id: MISSING_ID })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })
})

describe('delete', () => {
  const booking = (serviceId: string, status: string) =>
    app.payload.create({
      collection: 'bookings',
      data: {
        service: serviceId,
        provider: admin.user.id,
        customer: admin.user.id,
        bookingDate: '2030-01-07',
        bookingTime: '10:00',
        status: status as never,
      },
      overrideAccess: true,
    })

  it('200 {success, id}: the service and its slots go, audited as service.delete', async () => {
    const { id } = await makeService(admin, { translations: [{ inLanguage: 'en', title: 'Gone' }] })
    await makeSlot(admin, id)
    expect(await admin.send(SERVICES, { action: 'delete', id })).toEqual({ status: 200, body: { success: true, id } })
    expect(await count(app, 'service_listings', 'id = $1', [id])).toBe(0)
    expect(await count(app, 'service_availability', 'service_id = $1', [id])).toBe(0)
    expect(await count(app, 'service_listings_translations', '_parent_id = $1', [id])).toBe(0)
    const [entry] = await audits(app, 'service.delete', id)
    expect(entry).toMatchObject({ user_id: admin.user.id, ip: CLIENT_HEADERS['x-real-ip'] })
    expect(entry!.data.deleted).toMatchObject({ id })
    expect(await admin.send(SERVICES, { action: 'delete', id })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })

  it('409 service_has_bookings while a pending or confirmed booking exists; nothing deleted', async () => {
    for (const status of ['pending', 'confirmed']) {
      const { id } = await makeService(admin)
      await makeSlot(admin, id)
      await booking(id, status)
      const before = await snapshot(app)
      expect(await admin.send(SERVICES, { action: 'delete', id })).toMatchObject({
        status: 409,
        body: { error: 'service_has_bookings' },
      })
      expect(await snapshot(app)).toEqual(before)
    }
  })

  it('past bookings do not block it and stay, without their service', async () => {
    const { id } = await makeService(admin)
    const done = await booking(id, 'completed')
    expect((await admin.send(SERVICES, { action: 'delete', id })).status).toBe(200)
    const [row] = await sql(app, 'SELECT service_id FROM bookings WHERE id = $1', [done.id])
    expect(row).toEqual({ service_id: null })
  })
})

describe('duplicate', () => {
  it('201 {id, slug}: a draft "<slug>-copy", then "-copy-2", with translations, media and slots, not bookings; audited once as service.duplicate', async () => {
    const media = await makeMedia(app)
    const base = uniqueSlug('dup')
    const { id } = await makeService(admin, {
      slug: base,
      status: 'active',
      basePrice: '30.00',
      translations: [{ inLanguage: 'en', title: 'Original' }],
      media: [{ mediaId: media, type: 'cover', position: 0 }],
    })
    await makeSlot(admin, id, { dayOfWeek: 2 })
    await makeSlot(admin, id, { dayOfWeek: 3 })
    await app.payload.create({
      collection: 'bookings',
      data: { service: id, bookingDate: '2030-01-07', bookingTime: '10:00' } as never,
      overrideAccess: true,
    })

    const first = await admin.send(SERVICES, { action: 'duplicate', id })
    expect(first).toEqual({ status: 201, body: { id: expect.any(String), slug: `${base}-copy` } })
    const second = await admin.send(SERVICES, { action: 'duplicate', id })
    expect(second.body.slug).toBe(`${base}-copy-2`)
    const third = await admin.send(SERVICES, { action: 'duplicate', id: first.body.id })
    expect(third.body.slug).toBe(`${base}-copy-copy`)

    const copy = (await admin.get(SERVICES, { id: first.body.id })).body.service
    expect(copy).toMatchObject({
      status: 'draft',
      basePrice: '30.00',
      translations: [{ inLanguage: 'en', title: 'Original' }],
      media: [{ mediaId: media, type: 'cover', position: 0 }],
    })
    const slots = (await admin.get(AVAILABILITY, { serviceId: first.body.id })).body.slots
    expect(slots.map((slot: { dayOfWeek: number }) => slot.dayOfWeek)).toEqual([2, 3])
    expect(await count(app, 'bookings', 'service_id = $1', [first.body.id])).toBe(0)
    // The original is untouched.
    expect((await admin.get(SERVICES, { id })).body.service).toMatchObject({ slug: base, status: 'active' })

    const entries = await audits(app, 'service.duplicate', first.body.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ user_id: admin.user.id, ip: CLIENT_HEADERS['x-real-ip'] })
    expect(await audits(app, 'service.create', first.body.id)).toHaveLength(0)
    expect(
      await audits(app, 'service_availability.create', undefined).then((rows) =>
        rows.filter((row) => row.data?.service === first.body.id),
      ),
    ).toHaveLength(0)
  })

  it('keeps the copy slug within 200 characters', async () => {
    const slug = 'a'.repeat(198)
    const { id } = await makeService(admin, { slug })
    const reply = await admin.send(SERVICES, { action: 'duplicate', id })
    expect(reply.status).toBe(201)
    expect(reply.body.slug.length).toBeLessThanOrEqual(200)
    expect(reply.body.slug.endsWith('-copy')).toBe(true)
  })

  it('404 for an unknown service', async () => {
    expect(await admin.send(SERVICES, { action: 'duplicate', id: MISSING_ID })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })
})
