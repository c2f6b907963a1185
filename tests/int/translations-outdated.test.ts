// Outdated translations (docs/api.md "Outdated translations"): what marks a text outdated and what makes it current
// again, for services and categories, through the admin API and the stock routes; the coverage endpoint's
// `state=outdated`; the confirm action with its audit entry and errors; the `translation.outdated` events. Each
// checked in the database afterwards.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import {
  type Actor,
  adminActor,
  anonymous,
  audits,
  call,
  CATEGORIES,
  citizenActor,
  makeCategory,
  makeService,
  MISSING_ID,
  SERVICES,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { type Receiver, startReceiver, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver'

const COVERAGE = '/api/admin/services/translations/coverage'
const CONFIRM = '/api/admin/services/translations/confirm'
const OTHERS = ['fr', 'de', 'es', 'it', 'nl']

let app: TestApp
let admin: Actor
let receiver: Receiver

beforeAll(async () => {
  app = await startTestApp({ env: WEBHOOK_TEST_ENV })
  admin = await adminActor(app)
  receiver = await startReceiver()
  const hook = await admin.send('/api/admin/webhooks', {
    action: 'create',
    url: receiver.url,
    events: ['translation.outdated'],
  })
  expect(hook.status).toBe(201)
})

afterAll(async () => {
  await receiver?.close()
  await app?.stop()
})

type Row = { inLanguage: string; title: string; description?: string; seoTitle?: string; seoDescription?: string }
const rows = (title: (lang: string) => string): Row[] =>
  ['en', ...OTHERS].map((inLanguage) => ({ inLanguage, title: title(inLanguage), description: `Text ${inLanguage}` }))

async function serviceMarks(id: string) {
  return sql<{ lang: string; text: string; at: Date }>(
    app,
    `SELECT lang, text, source_changed_at AS at FROM service_translations_outdated WHERE service_id = $1
     ORDER BY lang, text`,
    [id],
  )
}

async function categoryMarks(id: string) {
  return sql<{ lang: string; text: string }>(
    app,
    'SELECT lang, text FROM category_translations_outdated WHERE category_id = $1 ORDER BY lang, text',
    [id],
  )
}

async function events(type: string, id: string) {
  return sql<{ data: { type: string; id: string; lang: string; texts: string[] } }>(
    app,
    `SELECT body->'data' AS data FROM webhook_deliveries WHERE event = 'translation.outdated'
     AND body->'data'->>'id' = $1 AND body->'data'->>'type' = $2 ORDER BY body->'data'->>'lang', created_at`,
    [id, type],
  )
}

async function update(id: string, fields: Record<string, unknown>) {
  const reply = await admin.send(SERVICES, { action: 'update', id, ...fields })
  expect(reply.status).toBe(200)
  return reply
}

describe('services: the source is the translation in the service language', () => {
  let service: { id: string }

  beforeAll(async () => {
    service = await makeService(admin, { inLanguage: 'en', translations: rows((lang) => `Yoga ${lang}`) })
  })

  it('a changed source title marks the title of the five other languages, once each, with one event each', async () => {
    expect(await serviceMarks(service.id)).toEqual([])
    await update(service.id, { translations: rows((lang) => (lang === 'en' ? 'Yoga at dawn' : `Yoga ${lang}`)) })
    const [{ updated_at: updatedAt }] = (await sql<{ updated_at: Date }>(
      app,
      'SELECT updated_at FROM service_listings WHERE id = $1',
      [service.id],
    )) as [{ updated_at: Date }]
    const marks = await serviceMarks(service.id)
    expect(marks.map(({ lang, text }) => [lang, text])).toEqual([...OTHERS].sort().map((lang) => [lang, 'title']))
    for (const mark of marks) expect(mark.at.toISOString()).toBe(updatedAt.toISOString())
    expect((await events('service', service.id)).map((row) => row.data)).toEqual(
      [...OTHERS].sort().map((lang) => ({ type: 'service', id: service.id, lang, texts: ['title'] })),
    )
  })

  it('saving everything unchanged (another field changed) keeps them outdated and queues nothing', async () => {
    await update(service.id, {
      basePrice: '30',
      translations: rows((lang) => (lang === 'en' ? 'Yoga at dawn' : `Yoga ${lang}`)),
    })
    expect(await serviceMarks(service.id)).toHaveLength(5)
    expect(await events('service', service.id)).toHaveLength(5)
  })

  it('changing a translation makes that one current; the others stay', async () => {
    const next = rows((lang) => (lang === 'en' ? 'Yoga at dawn' : lang === 'fr' ? 'Yoga à l’aube' : `Yoga ${lang}`))
    await update(service.id, { translations: next })
    expect((await serviceMarks(service.id)).map((mark) => mark.lang)).toEqual(['de', 'es', 'it', 'nl'])
  })

  it('a source and a translation changed in one update: that translation current, the rest marked', async () => {
    const next = rows((lang) =>
      lang === 'en'
        ? 'Yoga at dawn'
        : lang === 'fr'
          ? 'Yoga à l’aube'
          : lang === 'de'
            ? 'Yoga am Morgen'
            : `Yoga ${lang}`,
    ).map((row) => ({
      ...row,
      description: row.inLanguage === 'en' || row.inLanguage === 'de' ? `New ${row.inLanguage}` : row.description,
    }))
    await update(service.id, { translations: next })
    const marks = (await serviceMarks(service.id)).map(({ lang, text }) => `${lang}.${text}`)
    // de changed both: current; fr's description is now outdated, its title still current.
    expect(marks).toEqual([
      'es.description',
      'es.title',
      'fr.description',
      'it.description',
      'it.title',
      'nl.description',
      'nl.title',
    ])
  })

  it('a removed translation takes its marks; an empty text is never outdated', async () => {
    const current = (await call(app, 'GET', `${SERVICES}?id=${service.id}`, { headers: admin.headers })).body.service
    const kept = (current.translations as Row[]).filter((row) => row.inLanguage !== 'nl')
    await update(service.id, { translations: kept })
    expect((await serviceMarks(service.id)).some((mark) => mark.lang === 'nl')).toBe(false)
    // seoTitle exists in no language: changing the source's seoTitle marks nothing.
    await update(service.id, {
      translations: kept.map((row) => (row.inLanguage === 'en' ? { ...row, seoTitle: 'Yoga' } : row)),
    })
    expect((await serviceMarks(service.id)).some((mark) => mark.text === 'seoTitle')).toBe(false)
  })

  it('without a translation in its inLanguage, the first translation is the source', async () => {
    const other = await makeService(admin, {
      inLanguage: 'es',
      translations: [
        { inLanguage: 'fr', title: 'Danse' },
        { inLanguage: 'de', title: 'Tanz' },
      ],
    })
    await update(other.id, {
      translations: [
        { inLanguage: 'fr', title: 'Danse classique' },
        { inLanguage: 'de', title: 'Tanz' },
      ],
    })
    expect((await serviceMarks(other.id)).map(({ lang, text }) => [lang, text])).toEqual([['de', 'title']])
    await update(other.id, {
      translations: [
        { inLanguage: 'fr', title: 'Danse classique' },
        { inLanguage: 'de', title: 'Klassischer Tanz' },
      ],
    })
    expect(await serviceMarks(other.id)).toEqual([])
  })

  it('a refused update marks nothing (the marks are in its transaction)', async () => {
    const other = await makeService(admin, { inLanguage: 'en', translations: rows((lang) => `Swim ${lang}`) })
    const reply = await admin.send(SERVICES, {
      action: 'update',
      id: other.id,
      slug: 'Not A Slug',
      translations: rows((lang) => (lang === 'en' ? 'Swimming' : `Swim ${lang}`)),
    })
    expect(reply.status).toBe(400)
    expect(await serviceMarks(other.id)).toEqual([])
    expect(await events('service', other.id)).toEqual([])
  })

  it('a deleted service takes its marks', async () => {
    const other = await makeService(admin, { inLanguage: 'en', translations: rows((lang) => `Run ${lang}`) })
    await update(other.id, { translations: rows((lang) => (lang === 'en' ? 'Running' : `Run ${lang}`)) })
    expect(await serviceMarks(other.id)).toHaveLength(5)
    expect((await admin.send(SERVICES, { action: 'delete', id: other.id })).status).toBe(200)
    expect(await serviceMarks(other.id)).toEqual([])
  })
})

describe('categories: the source is the default language', () => {
  it('a changed English name marks the other languages that have one; a stock-route edit of one makes it current', async () => {
    const category = await makeCategory(admin, {
      name: { en: 'Music', fr: 'Musique', de: 'Musik' },
      description: { en: 'Play', fr: 'Jouer' },
    })
    const changed = await admin.send(CATEGORIES, { action: 'update', id: category.id, name: { en: 'Music lessons' } })
    expect(changed.status).toBe(200)
    expect(await categoryMarks(category.id)).toEqual([
      { lang: 'de', text: 'name' },
      { lang: 'fr', text: 'name' },
    ])
    expect((await events('category', category.id)).map((row) => row.data.lang)).toEqual(['de', 'fr'])

    // The same value again changes nothing.
    await admin.send(CATEGORIES, { action: 'update', id: category.id, name: { en: 'Music lessons', fr: 'Musique' } })
    expect(await categoryMarks(category.id)).toHaveLength(2)

    const stock = await call(app, 'PATCH', `/api/service-categories/${category.id}?locale=de`, {
      headers: admin.headers,
      body: { name: 'Musikunterricht' },
    })
    expect(stock.status).toBe(200)
    expect(await categoryMarks(category.id)).toEqual([{ lang: 'fr', text: 'name' }])
  })

  it('English and French changed in one update: French current, German marked', async () => {
    const category = await makeCategory(admin, { name: { en: 'Art', fr: 'Art', de: 'Kunst' } })
    const reply = await admin.send(CATEGORIES, {
      action: 'update',
      id: category.id,
      name: { fr: 'Arts plastiques', en: 'Fine arts' },
    })
    expect(reply.status).toBe(200)
    expect(await categoryMarks(category.id)).toEqual([{ lang: 'de', text: 'name' }])
    expect((await events('category', category.id)).map((row) => row.data)).toEqual([
      { type: 'category', id: category.id, lang: 'de', texts: ['name'] },
    ])
  })
})

describe('the coverage endpoint with state=outdated', () => {
  let service: { id: string }
  let category: { id: string }

  beforeAll(async () => {
    service = await makeService(admin, { status: 'active', inLanguage: 'en', translations: rows((l) => `Chess ${l}`) })
    await update(service.id, {
      translations: rows((l) => (l === 'en' ? 'Chess club' : `Chess ${l}`)).map((row) =>
        row.inLanguage === 'en' ? { ...row, description: 'Weekly games' } : row,
      ),
    })
    category = await makeCategory(admin, { name: { en: 'Games', de: 'Spiele' } })
    await admin.send(CATEGORIES, { action: 'update', id: category.id, name: { en: 'Board games' } })
  })

  it('lists the outdated texts of the language with the latest source change; counts them per language', async () => {
    const reply = await admin.get(COVERAGE, { lang: 'de', state: 'outdated', perPage: '100' })
    expect(reply.status).toBe(200)
    const mine = (reply.body.items as Array<Record<string, unknown>>).filter((item) =>
      [service.id, category.id].includes(item.id as string),
    )
    const [{ at }] = (await sql<{ at: Date }>(
      app,
      'SELECT max(source_changed_at) AS at FROM service_translations_outdated WHERE service_id = $1 AND lang = $2',
      [service.id, 'de'],
    )) as [{ at: Date }]
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'service',
        id: service.id,
        outdated: ['title', 'description'],
        sourceChangedAt: at.toISOString(),
      }),
      expect.objectContaining({ type: 'category', id: category.id, outdated: ['name'], missing: expect.any(Array) }),
    ])
    const [expected] = await sql<{ services: number; categories: number }>(
      app,
      `SELECT (SELECT count(DISTINCT service_id) FROM service_translations_outdated WHERE lang = 'de')::int AS services,
              (SELECT count(DISTINCT category_id) FROM category_translations_outdated WHERE lang = 'de')::int AS categories`,
    )
    const de = (reply.body.counts as Array<Record<string, unknown>>).find((entry) => entry.language === 'de')
    expect(de).toMatchObject({ outdatedServices: expected!.services, outdatedCategories: expected!.categories })
    expect(reply.body.total).toBe(expected!.services + expected!.categories)
    // English is the source: nothing of it is outdated.
    const en = await admin.get(COVERAGE, { lang: 'en', state: 'outdated' })
    expect(en.body).toMatchObject({ items: [], total: 0 })
  })

  it('narrows to one text with `missing`, and to one type with `type`', async () => {
    const titles = await admin.get(COVERAGE, { lang: 'de', state: 'outdated', missing: 'description', perPage: '100' })
    const ids = (titles.body.items as Array<{ id: string }>).map((item) => item.id)
    expect(ids).toContain(service.id)
    expect(ids).not.toContain(category.id)
    const categories = await admin.get(COVERAGE, { lang: 'de', state: 'outdated', type: 'categories', perPage: '100' })
    expect((categories.body.items as Array<{ type: string }>).every((item) => item.type === 'category')).toBe(true)
  })

  it('the default answer (state=missing) is unchanged: no outdated fields on its items', async () => {
    const reply = await admin.get(COVERAGE, { lang: 'de', perPage: '100' })
    expect(reply.status).toBe(200)
    for (const item of reply.body.items as Array<Record<string, unknown>>) {
      expect(item).not.toHaveProperty('outdated')
      expect(item).not.toHaveProperty('sourceChangedAt')
    }
    expect((await admin.get(COVERAGE, { lang: 'de', state: 'stale' })).body).toMatchObject({
      error: 'invalid_request',
      issues: [expect.objectContaining({ path: 'state' })],
    })
  })

  it('confirm makes the named texts current, answers the item and writes its audit entry', async () => {
    const reply = await admin.send(CONFIRM, { type: 'service', id: service.id, lang: 'de', texts: ['title'] })
    expect(reply.status).toBe(200)
    expect(reply.body.item).toMatchObject({ type: 'service', id: service.id, outdated: ['description'] })
    expect(await serviceMarks(service.id)).not.toContainEqual(expect.objectContaining({ lang: 'de', text: 'title' }))
    expect((await serviceMarks(service.id)).filter((mark) => mark.lang === 'fr')).toHaveLength(2)
    const [entry] = await audits(app, 'translation.confirm', service.id)
    expect(entry).toMatchObject({
      user_id: admin.user.id,
      target_type: 'service-listings',
      data: { type: 'service', lang: 'de', texts: ['title'] },
    })
  })

  it('confirm without texts makes every text of the language current', async () => {
    const reply = await admin.send(CONFIRM, { type: 'category', id: category.id, lang: 'de' })
    expect(reply.status).toBe(200)
    expect(reply.body.item).toMatchObject({ type: 'category', id: category.id, outdated: [], sourceChangedAt: null })
    expect(await categoryMarks(category.id)).toEqual([])
    expect((await audits(app, 'translation.confirm', category.id)).map((row) => row.data)).toEqual([
      { type: 'category', lang: 'de', texts: ['name'] },
    ])
    const again = await admin.send(CONFIRM, { type: 'category', id: category.id, lang: 'de' })
    expect(again.status).toBe(200)
    expect((await audits(app, 'translation.confirm', category.id)).at(-1)!.data.texts).toEqual([])
  })

  it('confirm: 403 for others, 400 for a bad body, 404 for no such document, nothing changed', async () => {
    const before = await serviceMarks(service.id)
    const body = { type: 'service', id: service.id, lang: 'fr' }
    for (const who of [anonymous(app), await citizenActor(app)]) {
      expect(await who.send(CONFIRM, body)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
    }
    const bad: Array<[unknown, string]> = [
      [{ ...body, type: 'post' }, 'type'],
      [{ ...body, id: 'x' }, 'id'],
      [{ ...body, lang: 'xx' }, 'lang'],
      [{ ...body, texts: ['name'] }, 'texts.0'],
      [{ ...body, texts: [] }, 'texts'],
      [{ ...body, extra: 1 }, ''],
    ]
    for (const [sent, path] of bad) {
      const reply = await admin.send(CONFIRM, sent)
      expect([reply.status, reply.body.error]).toEqual([400, 'invalid_request'])
      if (path) expect(reply.body.issues).toContainEqual(expect.objectContaining({ path }))
    }
    const raw = await call(app, 'POST', CONFIRM, { headers: admin.headers, raw: '{' })
    expect(raw).toMatchObject({ status: 400, body: { error: 'invalid_body' } })
    const array = await admin.send(CONFIRM, [body])
    expect(array).toMatchObject({ status: 400, body: { error: 'invalid_body' } })
    const missing = await admin.send(CONFIRM, { ...body, id: MISSING_ID })
    expect(missing).toMatchObject({ status: 404, body: { error: 'not_found' } })
    expect(await serviceMarks(service.id)).toEqual(before)
    expect(await audits(app, 'translation.confirm', MISSING_ID)).toEqual([])
  })
})
