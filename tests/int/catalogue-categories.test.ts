// /api/admin/services/categories: localized texts, the tree rules, the cascade on
// delete, filters, the audit entries, and bad input refused with the database unchanged.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  CATEGORIES,
  citizenActor,
  CLIENT_HEADERS,
  count,
  dropMedia,
  makeCategory,
  makeMedia,
  makeService,
  MISSING_ID,
  SERVICES,
  snapshot,
  uniqueSlug,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

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

const names = async (id: string) =>
  Object.fromEntries(
    (
      await sql<{ _locale: string; name: string }>(
        app,
        'SELECT _locale, name FROM service_categories_locales WHERE _parent_id = $1',
        [id],
      )
    ).map((row) => [row._locale, row.name]),
  )

describe('who may call it', () => {
  it('403 forbidden for anonymous callers and citizens', async () => {
    const citizen = await citizenActor(app)
    const before = await snapshot(app)
    for (const who of [anonymous(app), citizen]) {
      expect(await who.get(CATEGORIES)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      expect(await who.get(CATEGORIES, { all: 'true' })).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      expect(
        await who.send(CATEGORIES, { action: 'create', slug: uniqueSlug('cat'), name: { en: 'x' } }),
      ).toMatchObject({ status: 403, body: { error: 'forbidden' } })
    }
    expect(await snapshot(app)).toEqual(before)
  })

  it('400 missing_action, unknown_action, missing_id, invalid_body', async () => {
    expect((await admin.send(CATEGORIES, {})).body.error).toBe('missing_action')
    expect((await admin.send(CATEGORIES, { action: 'activate' })).body.error).toBe('unknown_action')
    expect((await admin.send(CATEGORIES, { action: 'update' }, 'PATCH')).body.error).toBe('missing_id')
    expect((await admin.send(CATEGORIES, { action: 'delete' }, 'DELETE')).body.error).toBe('missing_id')
    const broken = await app.request(CATEGORIES, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...admin.headers },
      body: '{',
    })
    expect((await broken.json()).error).toBe('invalid_body')
  })
})

describe('create', () => {
  it('201 {category}: localized texts as language objects, the documented defaults, audited as service_category.create', async () => {
    const slug = uniqueSlug('cat')
    const reply = await admin.send(CATEGORIES, {
      action: 'create',
      slug,
      name: { en: 'Wellness', fr: 'Bien-être' },
      description: { en: 'Feel good', fr: 'Se sentir bien' },
      seoTitle: { fr: 'Bien-être SEO' },
    })
    expect(reply.status).toBe(201)
    expect(reply.body.category).toEqual({
      id: expect.any(String),
      slug,
      name: { en: 'Wellness', fr: 'Bien-être' },
      description: { en: 'Feel good', fr: 'Se sentir bien' },
      icon: null,
      featuredImageId: null,
      parentId: null,
      sortOrder: 0,
      displayInHome: false,
      displayInMenu: true,
      isActive: true,
      isFeatured: false,
      seoTitle: { fr: 'Bien-être SEO' },
      seoDescription: {},
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    // Stored as Payload localized fields: one row per language.
    expect(await names(reply.body.category.id)).toEqual({ en: 'Wellness', fr: 'Bien-être' })
    const [entry, ...more] = await audits(app, 'service_category.create', reply.body.category.id)
    expect(more).toHaveLength(0)
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      target_type: 'service-categories',
      ip: CLIENT_HEADERS['x-real-ip'],
      user_agent: CLIENT_HEADERS['user-agent'],
    })
    expect(entry!.data).toMatchObject({ slug })
  })

  it('stores every field: icon, featured image, parent, order and flags', async () => {
    const parent = await makeCategory(admin)
    const image = await makeMedia(app)
    const reply = await admin.send(CATEGORIES, {
      action: 'create',
      slug: uniqueSlug('cat'),
      name: { de: 'Nur Deutsch' },
      icon: 'spa',
      featuredImageId: image,
      parentId: parent.id,
      sortOrder: 7,
      displayInHome: true,
      displayInMenu: false,
      isActive: false,
      isFeatured: true,
    })
    expect(reply.status).toBe(201)
    expect(reply.body.category).toMatchObject({
      name: { de: 'Nur Deutsch' },
      icon: 'spa',
      featuredImageId: image,
      parentId: parent.id,
      sortOrder: 7,
      displayInHome: true,
      displayInMenu: false,
      isActive: false,
      isFeatured: true,
    })
  })

  it('409 slug_taken, nothing written', async () => {
    const { slug } = await makeCategory(admin)
    const before = await snapshot(app)
    expect(await admin.send(CATEGORIES, { action: 'create', slug, name: { en: 'Again' } })).toMatchObject({
      status: 409,
      body: { error: 'slug_taken' },
    })
    expect(await snapshot(app)).toEqual(before)
  })

  it('400 invalid_parent for a parent that does not exist', async () => {
    const before = await snapshot(app)
    for (const parentId of [MISSING_ID, 'nope']) {
      const reply = await admin.send(CATEGORIES, {
        action: 'create',
        slug: uniqueSlug('cat'),
        name: { en: 'Orphan' },
        parentId,
      })
      expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_parent' } })
    }
    expect(await snapshot(app)).toEqual(before)
  })

  it.each([
    ['an unconfigured language', { name: { en: 'ok', pt: 'não' } }, 'name.pt'],
    ['an empty name', { name: {} }, 'name'],
    ['a blank name', { name: { en: '  ' } }, 'name.en'],
    ['a missing name', { name: undefined }, 'name'],
    ['a name that is a string', { name: 'Wellness' }, 'name'],
    ['a description in a language without a name', { description: { de: 'Beschreibung' } }, 'description.de'],
    ['an unknown field', { colour: 'red' }, ''],
    ['a slug that is not URL-friendly', { slug: 'Hello_World' }, 'slug'],
    ['a fractional sortOrder', { sortOrder: 1.5 }, 'sortOrder'],
    ['a string flag', { isActive: 'true' }, 'isActive'],
    ['a non-existent featured image', { featuredImageId: MISSING_ID }, 'featuredImageId'],
  ])('400 invalid_request for %s, nothing written', async (_label, change, path) => {
    const body: Record<string, unknown> = { action: 'create', slug: uniqueSlug('cat'), name: { en: 'Name' }, ...change }
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key]
    const before = await snapshot(app)
    const reply = await admin.send(CATEGORIES, body)
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_request' } })
    if (path) expect(reply.body.issues.map((issue: { path: string }) => issue.path)).toContain(path)
    expect(await snapshot(app)).toEqual(before)
  })
})

describe('lists', () => {
  let root: any
  const mine: string[] = []

  beforeAll(async () => {
    root = await makeCategory(admin, { slug: uniqueSlug('lroot'), sortOrder: 100 })
    for (const [suffix, fields] of [
      ['b', { sortOrder: 2, isFeatured: true }],
      ['a', { sortOrder: 2, displayInHome: true }],
      ['c', { sortOrder: 1, displayInMenu: false }],
    ] as const) {
      mine.push((await makeCategory(admin, { slug: `${root.slug}-${suffix}`, parentId: root.id, ...fields })).id)
    }
  })

  const ids = (reply: { body: { categories: Array<{ id: string }> } }) =>
    reply.body.categories.map((category) => category.id)

  it('paginated {categories, total, page, perPage, totalPages}, ordered by sortOrder then slug', async () => {
    const reply = await admin.get(CATEGORIES, { parent: root.id, perPage: '2' })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ total: 3, page: 1, perPage: 2, totalPages: 2 })
    // c (order 1), then a and b (order 2, by slug)
    expect(ids(reply)).toEqual([mine[2], mine[1]])
    expect(ids(await admin.get(CATEGORIES, { parent: root.id, perPage: '2', page: '2' }))).toEqual([mine[0]])
  })

  it('all=true: every category, unpaginated', async () => {
    const reply = await admin.get(CATEGORIES, { all: 'true' })
    expect(Object.keys(reply.body)).toEqual(['categories'])
    expect(reply.body.categories).toHaveLength(await count(app, 'service_categories'))
    expect(ids(await admin.get(CATEGORIES, { all: '1', parent: root.id }))).toEqual([mine[2], mine[1], mine[0]])
  })

  it('parent=root: top level only; featured, home and menu filters', async () => {
    const top = ids(await admin.get(CATEGORIES, { parent: 'root', perPage: '100' }))
    expect(top).toContain(root.id)
    expect(top).not.toContain(mine[0])
    const within = (query: Record<string, string>) => admin.get(CATEGORIES, { parent: root.id, ...query }).then(ids)
    expect(await within({ featured: 'true' })).toEqual([mine[0]])
    expect(await within({ home: 'true' })).toEqual([mine[1]])
    expect(await within({ menu: 'false' })).toEqual([mine[2]])
    expect(await within({ menu: 'true' })).toEqual([mine[1], mine[0]])
  })

  it.each([[{ parent: 'abc' }], [{ featured: 'maybe' }], [{ perPage: 'abc' }], [{ all: 'yes' }]])(
    '400 invalid_request for %j',
    async (query) => {
      expect(await admin.get(CATEGORIES, query as Record<string, string>)).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    },
  )

  it('?id= answers {category} with serviceCount; 404 for an unknown id', async () => {
    const category = await makeCategory(admin)
    await makeService(admin, { categoryId: category.id })
    await makeService(admin, { categoryId: category.id, status: 'archived' })
    const reply = await admin.get(CATEGORIES, { id: category.id })
    expect(reply.status).toBe(200)
    expect(reply.body.category).toMatchObject({
      id: category.id,
      serviceCount: 2,
      name: { en: 'Category', fr: 'Catégorie' },
    })
    expect(await admin.get(CATEGORIES, { id: MISSING_ID })).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await admin.get(CATEGORIES, { id: 'x' })).toMatchObject({ status: 404, body: { error: 'not_found' } })
  })
})

describe('update', () => {
  it('200 {category}: languages sent change, others stay; null clears an optional text; one audit entry', async () => {
    const category = await makeCategory(admin, {
      name: { en: 'Old', fr: 'Ancien' },
      description: { en: 'D', fr: 'D FR' },
    })
    const reply = await admin.send(
      CATEGORIES,
      {
        action: 'update',
        id: category.id,
        name: { fr: 'Nouveau', de: 'Neu' },
        description: { fr: null },
        sortOrder: 3,
        isActive: false,
      },
      'PATCH',
    )
    expect(reply.status).toBe(200)
    expect(reply.body.category).toMatchObject({
      name: { en: 'Old', fr: 'Nouveau', de: 'Neu' },
      description: { en: 'D' },
      sortOrder: 3,
      isActive: false,
    })
    expect(await names(category.id)).toEqual({ en: 'Old', fr: 'Nouveau', de: 'Neu' })

    const entries = await audits(app, 'service_category.update', category.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ user_id: admin.user.id, ip: CLIENT_HEADERS['x-real-ip'] })
    expect(entries[0]!.data).toMatchObject({ sortOrder: 3, isActive: false, name: { fr: 'Nouveau', de: 'Neu' } })

    // Clearing a language that has no text at all changes nothing and is no error.
    expect((await admin.send(CATEGORIES, { action: 'update', id: category.id, seoTitle: { it: null } })).status).toBe(
      200,
    )
    expect(await names(category.id)).toEqual({ en: 'Old', fr: 'Nouveau', de: 'Neu' })
  })

  it('moves a category in the tree; 400 invalid_parent for itself, a descendant or a missing parent, unchanged', async () => {
    const a = await makeCategory(admin)
    const b = await makeCategory(admin, { parentId: a.id })
    const c = await makeCategory(admin, { parentId: b.id })
    const before = await snapshot(app)
    for (const parentId of [a.id, b.id, c.id, MISSING_ID]) {
      const reply = await admin.send(CATEGORIES, { action: 'update', id: a.id, parentId })
      expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_parent' } })
      expect(reply.body.issues[0].path).toBe('parentId')
    }
    expect(await snapshot(app)).toEqual(before)
    expect((await admin.get(CATEGORIES, { id: a.id })).body.category.parentId).toBeNull()
    // Moving c to the top and back under a is fine.
    expect(
      (await admin.send(CATEGORIES, { action: 'update', id: c.id, parentId: null })).body.category.parentId,
    ).toBeNull()
    expect((await admin.send(CATEGORIES, { action: 'update', id: c.id, parentId: a.id })).body.category.parentId).toBe(
      a.id,
    )
  })

  it('of two opposite moves at once (a under b, b under a) at most one succeeds: no cycle is stored', async () => {
    const a = await makeCategory(admin)
    const b = await makeCategory(admin)
    const replies = await Promise.all([
      admin.send(CATEGORIES, { action: 'update', id: a.id, parentId: b.id }),
      admin.send(CATEGORIES, { action: 'update', id: b.id, parentId: a.id }),
    ])
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400])
    const rows = await sql<{ id: string; parent_id: string | null }>(
      app,
      'SELECT id, parent_id FROM service_categories WHERE id = ANY($1)',
      [[a.id, b.id]],
    )
    expect(rows.filter((row) => row.parent_id !== null)).toHaveLength(1)
  })

  it('409 slug_taken; 400 for bad input; 404 for an unknown id', async () => {
    const a = await makeCategory(admin)
    const b = await makeCategory(admin)
    expect(await admin.send(CATEGORIES, { action: 'update', id: b.id, slug: a.slug })).toMatchObject({
      status: 409,
      body: { error: 'slug_taken' },
    })
    for (const body of [{ name: { xx: 'bad' } }, { colour: 'red' }, {}, { description: { nl: 'zonder naam' } }]) {
      expect(await admin.send(CATEGORIES, { action: 'update', id: b.id, ...body })).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    }
    expect(await admin.send(CATEGORIES, { action: 'update', id: MISSING_ID, sortOrder: 1 })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })
})

describe('delete', () => {
  it('200 {success}: its services lose their category, its children move to the top level; audited', async () => {
    const parent = await makeCategory(admin)
    const doomed = await makeCategory(admin, { parentId: parent.id })
    const child = await makeCategory(admin, { parentId: doomed.id })
    const service = await makeService(admin, { categoryId: doomed.id })
    const elsewhere = await makeService(admin, { categoryId: parent.id })

    expect(await admin.send(CATEGORIES, { action: 'delete', id: doomed.id }, 'DELETE')).toEqual({
      status: 200,
      body: { success: true },
    })
    expect(await count(app, 'service_categories', 'id = $1', [doomed.id])).toBe(0)
    expect((await admin.get(SERVICES, { id: service.id })).body.service).toMatchObject({
      categoryId: null,
      category: null,
    })
    expect((await admin.get(SERVICES, { id: elsewhere.id })).body.service.categoryId).toBe(parent.id)
    expect((await admin.get(CATEGORIES, { id: child.id })).body.category.parentId).toBeNull()
    const [entry] = await audits(app, 'service_category.delete', doomed.id)
    expect(entry).toMatchObject({ user_id: admin.user.id, ip: CLIENT_HEADERS['x-real-ip'] })
    expect(await admin.send(CATEGORIES, { action: 'delete', id: doomed.id })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })
})
