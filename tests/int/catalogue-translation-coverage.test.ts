// GET /api/admin/services/translations/coverage: who may call it, its filters and
// pagination, which texts it reports missing, and its counts checked against the database
// (counted here with a query of our own, not the endpoint's).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type Actor,
  actor,
  adminActor,
  anonymous,
  citizenActor,
  makeCategory,
  makeService,
  SERVICES,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser } from '../helpers/users'

const COVERAGE = '/api/admin/services/translations/coverage'
const LOCALES = ['en', 'fr', 'de', 'es', 'it', 'nl']
const FULL = { description: 'Long text', seoTitle: 'SEO title', seoDescription: 'SEO text' }

let app: TestApp
let admin: Actor
let complete: { id: string; slug: string }
let frenchTitleOnly: { id: string; slug: string }
let englishDraft: { id: string; slug: string }
let category: { id: string; slug: string }

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  complete = await makeService(admin, {
    status: 'active',
    translations: LOCALES.map((inLanguage) => ({ inLanguage, title: `Complete ${inLanguage}`, ...FULL })),
  })
  frenchTitleOnly = await makeService(admin, {
    status: 'active',
    translations: [
      { inLanguage: 'en', title: 'Guitar workshop', ...FULL },
      { inLanguage: 'fr', title: 'Atelier guitare' },
    ],
  })
  englishDraft = await makeService(admin, {
    status: 'draft',
    translations: [{ inLanguage: 'en', title: 'Zither lessons' }],
  })
  category = await makeCategory(admin, {
    name: { en: 'Music', fr: 'Musique' },
    description: { en: 'Play', fr: 'Jouer' },
    seoTitle: { en: 'Music', fr: 'Musique' },
    seoDescription: { en: 'Music lessons', fr: 'Cours de musique' },
  })
})

afterAll(async () => {
  await app.stop()
})

/** Items lacking any text in `language`, counted with NOT EXISTS (the endpoint joins). */
async function expectedCounts(language: string, status?: string) {
  const lacks = (alias: string) =>
    `(${['description', 'seo_title', 'seo_description'].map((c) => `${alias}.${c} IS NULL OR ${alias}.${c} = ''`).join(' OR ')})`
  const [services] = await sql<{ n: number }>(
    app,
    `SELECT count(*)::int AS n FROM service_listings s WHERE ($2::text IS NULL OR s.status::text = $2) AND NOT EXISTS (
       SELECT 1 FROM service_listings_translations t WHERE t._parent_id = s.id AND t.in_language = $1 AND NOT ${lacks('t')})`,
    [language, status ?? null],
  )
  const [categories] = await sql<{ n: number }>(
    app,
    `SELECT count(*)::int AS n FROM service_categories c WHERE NOT EXISTS (
       SELECT 1 FROM service_categories_locales l WHERE l._parent_id = c.id AND l._locale::text = $1 AND NOT ${lacks('l')})`,
    [language],
  )
  // No test here changes a source text: nothing is outdated (tests/int/translations-outdated.test.ts counts them).
  return { language, services: services!.n, categories: categories!.n, outdatedServices: 0, outdatedCategories: 0 }
}

describe('who may call it', () => {
  it('403 forbidden for anonymous callers, citizens and moderators, before the query is looked at', async () => {
    const moderator = await createUser(app, { roles: ['moderator'] })
    const callers = [anonymous(app), await citizenActor(app), actor(app, moderator, await authHeaders(app, moderator))]
    for (const who of callers) {
      expect(await who.get(COVERAGE, { lang: 'fr' })).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      expect(await who.get(COVERAGE, { lang: 'xx' })).toMatchObject({ status: 403, body: { error: 'forbidden' } })
    }
  })
})

describe('the route', () => {
  it("answers GET only: another method is 405 with Allow: GET (the shell's route table knows it)", async () => {
    const response = await app.request(COVERAGE, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })
})

describe('bad queries: 400 invalid_request naming the parameter', () => {
  it.each([
    [{}, 'lang'],
    [{ lang: 'fre' }, 'lang'],
    [{ lang: 'fr', status: 'published' }, 'status'],
    [{ lang: 'fr', type: 'posts' }, 'type'],
    [{ lang: 'fr', missing: 'name' }, 'missing'],
    [{ lang: 'fr', perPage: 'abc' }, 'perPage'],
    [{ lang: 'fr', page: '0' }, 'page'],
  ])('%j', async (query, path) => {
    const reply = await admin.get(COVERAGE, query as Record<string, string>)
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ error: 'invalid_request', issues: [expect.objectContaining({ path })] })
  })

  it('an unknown language names the configured ones', async () => {
    const reply = await admin.get(COVERAGE, { lang: 'fre' })
    expect(reply.body.issues[0].message).toBe('Unknown language "fre"; configured: en, fr, de, es, it, nl')
  })
})

describe('what a language lacks', () => {
  it('lists services and categories with the texts each lacks, and a link to the form', async () => {
    const reply = await admin.get(COVERAGE, { lang: 'fr', perPage: '100' })
    expect(reply.status).toBe(200)
    const byId = new Map(reply.body.items.map((item: { id: string }) => [item.id, item]))
    expect(byId.get(frenchTitleOnly.id)).toEqual({
      type: 'service',
      id: frenchTitleOnly.id,
      slug: frenchTitleOnly.slug,
      title: 'Guitar workshop',
      status: 'active',
      missing: ['description', 'seoTitle', 'seoDescription'],
      adminUrl: `/admin/collections/service-listings/${frenchTitleOnly.id}`,
    })
    expect(byId.get(englishDraft.id)).toMatchObject({
      title: 'Zither lessons',
      status: 'draft',
      missing: ['title', 'description', 'seoTitle', 'seoDescription'],
    })
    expect(byId.has(complete.id)).toBe(false)
    expect(byId.has(category.id)).toBe(false)

    const german = await admin.get(COVERAGE, { lang: 'de', type: 'categories' })
    expect(german.body.items.find((item: { id: string }) => item.id === category.id)).toEqual({
      type: 'category',
      id: category.id,
      slug: category.slug,
      title: 'Music',
      status: 'active',
      missing: ['name', 'description', 'seoTitle', 'seoDescription'],
      adminUrl: `/admin/collections/service-categories/${category.id}?locale=de`,
    })
  })

  it('counts every configured language, as the database has it, and the total is the listed language', async () => {
    const reply = await admin.get(COVERAGE, { lang: 'fr' })
    expect(reply.body.counts).toEqual(await Promise.all(LOCALES.map((language) => expectedCounts(language))))
    const french = await expectedCounts('fr')
    expect(reply.body).toMatchObject({
      language: 'fr',
      total: french.services + french.categories,
      page: 1,
      perPage: 20,
    })
    // Our fixtures are in it: two French gaps among services, none among categories.
    expect(french.services).toBeGreaterThanOrEqual(2)
  })

  it('status narrows services (and their counts); type narrows the list to one kind', async () => {
    const drafts = await admin.get(COVERAGE, { lang: 'fr', status: 'draft', perPage: '100' })
    expect(
      drafts.body.items
        .filter((item: { type: string }) => item.type === 'service')
        .every((item: { status: string }) => item.status === 'draft'),
    ).toBe(true)
    expect(drafts.body.items.map((item: { id: string }) => item.id)).toContain(englishDraft.id)
    expect(drafts.body.counts.find((count: { language: string }) => count.language === 'fr')).toEqual(
      await expectedCounts('fr', 'draft'),
    )

    const services = await admin.get(COVERAGE, { lang: 'de', type: 'services', perPage: '100' })
    expect(services.body.items.every((item: { type: string }) => item.type === 'service')).toBe(true)
    expect(services.body.total).toBe((await expectedCounts('de')).services)
    const categories = await admin.get(COVERAGE, { lang: 'de', type: 'categories', perPage: '100' })
    expect(categories.body.items.every((item: { type: string }) => item.type === 'category')).toBe(true)
    expect(categories.body.total).toBe((await expectedCounts('de')).categories)
  })

  it('missing=title keeps the items without a title (a category: without a name) in the language, counted likewise', async () => {
    const french = await admin.get(COVERAGE, { lang: 'fr', missing: 'title', perPage: '100' })
    const ids = french.body.items.map((item: { id: string }) => item.id)
    expect(ids).toContain(englishDraft.id)
    expect(ids).not.toContain(frenchTitleOnly.id) // a French title, only its other texts missing
    const [untitled] = await sql<{ services: number; categories: number }>(
      app,
      `SELECT (SELECT count(*) FROM service_listings s WHERE NOT EXISTS (SELECT 1 FROM service_listings_translations t WHERE t._parent_id = s.id AND t.in_language = 'fr'))::int AS services,
              (SELECT count(*) FROM service_categories c WHERE NOT EXISTS (SELECT 1 FROM service_categories_locales l WHERE l._parent_id = c.id AND l._locale = 'fr'))::int AS categories`,
    )
    expect(french.body.counts.find((count: { language: string }) => count.language === 'fr')).toEqual({
      language: 'fr',
      ...untitled,
      outdatedServices: 0,
      outdatedCategories: 0,
    })
    expect(french.body.total).toBe(untitled!.services + untitled!.categories)
    const german = await admin.get(COVERAGE, { lang: 'de', missing: 'title', type: 'categories' })
    expect(german.body.items.find((item: { id: string }) => item.id === category.id)).toMatchObject({
      missing: ['name', 'description', 'seoTitle', 'seoDescription'],
    })
  })

  it('pages through the list without repeats, services first, by title', async () => {
    const all = (await admin.get(COVERAGE, { lang: 'de', perPage: '100' })).body
    const first = (await admin.get(COVERAGE, { lang: 'de', perPage: '1' })).body
    const second = (await admin.get(COVERAGE, { lang: 'de', perPage: '1', page: '2' })).body
    expect(first).toMatchObject({ total: all.total, perPage: 1, totalPages: all.total })
    expect([first.items[0].id, second.items[0].id]).toEqual(
      all.items.slice(0, 2).map((item: { id: string }) => item.id),
    )
    const kinds = all.items.map((item: { type: string }) => item.type)
    expect(kinds).toEqual([...kinds].sort().reverse())
  })

  it('a translation added through the API leaves the list, and the counts follow', async () => {
    const before = await admin.get(COVERAGE, { lang: 'de', type: 'services', perPage: '100' })
    expect(before.body.items.map((item: { id: string }) => item.id)).toContain(frenchTitleOnly.id)
    const update = await admin.send(
      SERVICES,
      {
        action: 'update',
        id: frenchTitleOnly.id,
        translations: [
          { inLanguage: 'en', title: 'Guitar workshop', ...FULL },
          { inLanguage: 'fr', title: 'Atelier guitare' },
          { inLanguage: 'de', title: 'Gitarrenworkshop', ...FULL },
        ],
      },
      'PATCH',
    )
    expect(update.status).toBe(200)
    const after = await admin.get(COVERAGE, { lang: 'de', type: 'services', perPage: '100' })
    expect(after.body.items.map((item: { id: string }) => item.id)).not.toContain(frenchTitleOnly.id)
    expect(after.body.total).toBe(before.body.total - 1)
    expect(after.body.counts.find((count: { language: string }) => count.language === 'de')).toEqual(
      await expectedCounts('de'),
    )
  })
})
