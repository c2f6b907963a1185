// GET /api/search (docs/api.md "Search"): each language's stemming, accents, prefix, phrase and exclusion, type
// and locale, escaped snippets, what each caller may read decided in the query, the index written by every kind
// of change in its own transaction, true pagination and totals, and the 400s.
import { randomInt } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { runCommunityJobs } from '../../src/operations/community/jobs'
import { roleActor } from '../helpers/blog'
import { startBridgeReference } from '../helpers/bridge-reference'
import {
  type Actor,
  adminActor,
  anonymous,
  CATEGORIES,
  makeCategory,
  makeService,
  SERVICES,
} from '../helpers/catalogue'
import { makeItem } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const SEARCH = '/api/search'
// Letters no stemmer trims: a word of its own for each test, so that its results are its own items.
const LETTERS = 'bcdfghjkmnpqrtvwxz'
const nonce = () => `zq${Array.from({ length: 10 }, () => LETTERS[randomInt(LETTERS.length)]).join('')}`

let app: TestApp
let admin: Actor
let author: Actor
let other: Actor
let moderator: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  author = await roleActor(app, 'citizen')
  other = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
})

afterAll(async () => {
  await app.stop()
})

const find = async (who: Actor, query: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await app.request(`${SEARCH}?${new URLSearchParams(query)}`, {
    headers: { ...who.headers, ...headers },
  })
  return { status: response.status, body: await response.json(), headers: response.headers }
}
const idsOf = async (who: Actor, q: string, extra: Record<string, string> = {}) => {
  const reply = await find(who, { q, ...extra })
  expect(reply.status).toBe(200)
  return (reply.body.results as Array<{ id: string }>).map((result) => result.id)
}
const indexRows = (id: string) =>
  sql<{ type: string; locale: string; config: string | null; public: boolean }>(
    app,
    'SELECT type, locale, config::text AS config, public FROM search_index WHERE item_id = $1 ORDER BY locale',
    [id],
  )

const LANGUAGE_NAMES = { en: 'english', fr: 'french', de: 'german', es: 'spanish', it: 'italian', nl: 'dutch' }

describe('matching', () => {
  it('stems each of the six languages; the title comes in the asked locale; one row per translation', async () => {
    const word = nonce()
    const texts = {
      en: ['Repairing bicycles', 'bicycle'],
      fr: ['Réparations des vélos', 'réparation'],
      de: ['Alte Fahrräder', 'Fahrrad'],
      es: ['Clases de canciones', 'canción'],
      it: ['Lezioni di musica', 'lezione'],
      nl: ['Wandelingen in het park', 'wandeling'],
    }
    const service = await makeService(admin, {
      status: 'active',
      inLanguage: 'en',
      translations: Object.entries(texts).map(([inLanguage, [title]]) => ({
        inLanguage,
        title: `${title} ${word}`,
      })),
    })
    expect(await indexRows(service.id)).toEqual(
      Object.keys(texts)
        .sort()
        .map((locale) => ({
          type: 'service',
          locale,
          config: `search_${LANGUAGE_NAMES[locale as keyof typeof LANGUAGE_NAMES]}`,
          public: true,
        })),
    )
    for (const [locale, [title, inflected]] of Object.entries(texts)) {
      // The inflected form first: the last word is the one also matched as a prefix.
      const reply = await find(anonymous(app), { q: `${inflected} ${word}`, locale })
      expect(reply.status).toBe(200)
      expect(reply.headers.get('cache-control')).toBe('no-store')
      expect(reply.body).toMatchObject({
        total: 1,
        results: [{ type: 'service', id: service.id, title: `${title} ${word}` }],
      })
      expect(reply.body.results[0].slug).toBe(service.slug)
    }
    // The inflected word alone, with another word, is not enough: every word must match.
    expect(await idsOf(anonymous(app), `bicycle ${nonce()}`)).toEqual([])
  })

  it('ignores accents both ways, and case', async () => {
    const word = nonce()
    const accented = await makeItem(app, 'classifieds', author.user.id, 'active', {
      title: `Vélo d’occasion ${word}`,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    const plain = await makeItem(app, 'events', author.user.id, undefined, { title: `Cafe concert ${word}` })
    expect(await idsOf(anonymous(app), `velo occasion ${word}`)).toEqual([accented])
    expect(await idsOf(anonymous(app), `VÉLO ${word}`)).toEqual([accented])
    expect(await idsOf(anonymous(app), `café ${word}`)).toEqual([plain])
  })

  it('the last word as a prefix (as-you-type), never a short one or an excluded one', async () => {
    const word = nonce()
    const id = await makeItem(app, 'events', author.user.id, undefined, { title: `Repair café ${word}` })
    expect(await idsOf(anonymous(app), `${word} repa`)).toEqual([id])
    expect(await idsOf(anonymous(app), `${word} caf`)).toEqual([id])
    expect(await idsOf(anonymous(app), word.slice(0, 6))).toContain(id)
    // Two letters are matched as a whole word.
    expect(await idsOf(anonymous(app), `${word} re`)).toEqual([])
    // A word being excluded is not completed: `-repai` excludes only the word "repai".
    expect(await idsOf(anonymous(app), `${word} -repai`)).toEqual([id])
    expect(await idsOf(anonymous(app), `${word} -repair`)).toEqual([])
  })

  it('phrases, exclusion and or', async () => {
    const word = nonce()
    const together = await makeItem(app, 'groups', author.user.id, undefined, {
      name: `Repair cafe ${word}`,
      description: 'Every Saturday',
    })
    const apart = await makeItem(app, 'groups', author.user.id, undefined, {
      name: `Cafe for repair ${word}`,
      description: 'Yoga classes too',
    })
    expect(await idsOf(anonymous(app), `"repair cafe" ${word}`)).toEqual([together])
    expect((await idsOf(anonymous(app), `repair cafe ${word}`)).sort()).toEqual([together, apart].sort())
    expect(await idsOf(anonymous(app), `${word} -yoga`)).toEqual([together])
    expect((await idsOf(anonymous(app), `${word} saturday or ${word} yoga`)).sort()).toEqual([together, apart].sort())
  })

  it('`type` keeps to the types named; `locale` and Accept-Language choose the title', async () => {
    const word = nonce()
    const event = await makeItem(app, 'events', author.user.id, undefined, { title: `Fête ${word}` })
    const product = await makeItem(app, 'products', author.user.id, undefined, { title: `Confiture ${word}` })
    const category = await makeCategory(admin, { name: { en: `Gardens ${word}`, fr: `Jardins ${word}` } })
    expect((await idsOf(anonymous(app), word)).sort()).toEqual([event, product, category.id].sort())
    expect(await idsOf(anonymous(app), word, { type: 'events' })).toEqual([event])
    expect((await idsOf(anonymous(app), word, { type: 'products,category' })).sort()).toEqual(
      [product, category.id].sort(),
    )
    const titleOf = async (extra: Record<string, string>, headers: Record<string, string> = {}) =>
      (await find(anonymous(app), { q: word, type: 'category', ...extra }, headers)).body.results[0].title
    expect(await titleOf({ locale: 'fr' })).toBe(`Jardins ${word}`)
    expect(await titleOf({})).toBe(`Gardens ${word}`)
    expect(await titleOf({}, { 'accept-language': 'pt-BR, fr-CH;q=0.9, en;q=0.5' })).toBe(`Jardins ${word}`)
    // A language the category lacks: its default language's title.
    expect(await titleOf({ locale: 'it' })).toBe(`Gardens ${word}`)
  })

  it('snippets: the matched text HTML-escaped, the matched words in <mark>, at most 200 characters', async () => {
    const word = nonce()
    await makeItem(app, 'forum-threads', author.user.id, undefined, {
      title: `Question ${word}`,
      body: `bicycles ${word} 1 < 2 & 'so' "x" <script>alert(1)</script> <b>bold</b> ${'filler '.repeat(60)}`,
    })
    const reply = await find(anonymous(app), { q: `bicycle ${word}` })
    const snippet: string = reply.body.results[0].snippet
    // ts_headline drops what its parser reads as tags; the rest is escaped.
    expect(snippet).toMatch(
      new RegExp(
        `^<mark>bicycles</mark> <mark>${word}</mark> 1 &lt; 2 &amp; &#39;so&#39; &quot;x&quot; alert\\(1\\) bold`,
      ),
    )
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/)
    const text = snippet.replace(/<\/?mark>/g, '').replace(/&(lt|gt|amp|quot|#39);/g, '_')
    expect(text.length).toBeLessThanOrEqual(200)
    // Markers in the content are text, not highlights.
    const marked = await makeItem(app, 'events', author.user.id, undefined, {
      title: `Markup ${word}`,
      description: `Use <mark>this</mark> \uE000 tag ${word}`,
    })
    const again = await find(anonymous(app), { q: `markup ${word}` })
    expect(again.body.results.map((r: { id: string }) => r.id)).toEqual([marked])
    expect(again.body.results[0].snippet).toBe(`Use this tag <mark>${word}</mark>`)
  })
})

describe('who finds what', () => {
  it('services only active ones (admins all), categories only active ones, blog posts only published', async () => {
    const word = nonce()
    const make = (status: string) =>
      makeService(admin, { status, translations: [{ inLanguage: 'en', title: `${status} service ${word}` }] })
    const active = await make('active')
    const draft = await make('draft')
    const suspended = await make('suspended')
    const hidden = await makeCategory(admin, { name: { en: `Hidden ${word}` }, isActive: false })
    const draftPost = await app.payload.create({
      collection: 'blog-posts',
      overrideAccess: true,
      data: { title: `Draft post ${word}`, slug: `post-${word}`, status: 'draft' } as never,
    })
    for (const who of [anonymous(app), other, moderator]) expect(await idsOf(who, word)).toEqual([active.id])
    expect((await idsOf(admin, word)).sort()).toEqual(
      [active.id, draft.id, suspended.id, hidden.id, String(draftPost.id)].sort(),
    )
  })

  it('pending, moderated, expired and deleted items: never found by others; the author finds their own', async () => {
    const word = nonce()
    const later = new Date(Date.now() + 86_400_000).toISOString()
    // Created through the stock route: pending_review until approved.
    const created = await author.send('/api/classifieds', {
      title: `Pending bike ${word}`,
      description: 'Blue',
      price: '10.00',
      currency: 'EUR',
      location: 'Lyon',
    })
    expect(created.status).toBe(201)
    const pending = String(created.body.doc.id)
    const moderated = await makeItem(app, 'forum-threads', author.user.id, 'moderated', { title: `Hidden ${word}` })
    const deleted = await makeItem(app, 'events', author.user.id, 'deleted', { title: `Gone ${word}` })
    const expired = await makeItem(app, 'classifieds', author.user.id, 'active', {
      title: `Old bike ${word}`,
      expiresAt: later,
    })
    await sql(app, `UPDATE classifieds SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired])
    const draftArticle = await makeItem(app, 'articles', author.user.id, undefined, { title: `Draft ${word}` })
    const all = [pending, moderated, deleted, expired, draftArticle].sort()

    for (const who of [anonymous(app), other]) expect(await idsOf(who, word)).toEqual([])
    expect((await idsOf(author, word)).sort()).toEqual(all)
    expect((await find(author, { q: word })).body.total).toBe(5)
    expect((await idsOf(moderator, word)).sort()).toEqual(all)
    // The author's pending item is in the index, not public.
    expect(await indexRows(pending)).toEqual([{ type: 'classifieds', locale: '', config: null, public: false }])
  })
})

describe('the index follows every change, in its transaction', () => {
  it('create, update and delete through the stock routes', async () => {
    const word = nonce()
    const renamed = nonce()
    const created = await author.send('/api/events', {
      title: `Picnic ${word}`,
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 90_000_000).toISOString(),
    })
    expect(created.status).toBe(201)
    const id = String(created.body.doc.id)
    expect(await idsOf(anonymous(app), word)).toEqual([id])

    expect((await author.send(`/api/events/${id}`, { title: `Picnic ${renamed}` }, 'PATCH')).status).toBe(200)
    expect(await idsOf(anonymous(app), word)).toEqual([])
    expect(await idsOf(anonymous(app), renamed)).toEqual([id])

    expect((await author.send(`/api/events/${id}`, {}, 'DELETE')).status).toBe(200)
    expect(await idsOf(other, renamed)).toEqual([])
    expect(await idsOf(author, renamed)).toEqual([id])

    // A type without a deleted status: the row goes, and its index row with it.
    const place = await makeItem(app, 'places', author.user.id, 'published', { name: `Square ${word}` })
    expect(await idsOf(anonymous(app), word)).toEqual([place])
    expect((await admin.send(`/api/places/${place}`, {}, 'DELETE')).status).toBe(200)
    expect(await idsOf(admin, word)).toEqual([])
    expect(await indexRows(place)).toEqual([])
  })

  it('an update of no indexed column rewrites no index row: a post into a thread leaves the thread’s', async () => {
    const word = nonce()
    const thread = await makeItem(app, 'forum-threads', author.user.id, 'published', { title: `Swap ${word}` })
    const version = async () =>
      (await sql<{ xmin: string }>(app, 'SELECT xmin::text FROM search_index WHERE item_id = $1', [thread]))[0]!.xmin
    const before = await version()
    expect((await other.send('/api/forum-posts', { thread, body: `Count me in ${nonce()}` })).status).toBe(201)
    expect((await sql(app, 'SELECT post_count FROM forum_threads WHERE id = $1', [thread]))[0]).toEqual({
      post_count: '1',
    })
    expect(await version()).toBe(before)
    // An indexed column changed in the same statement as an unindexed one: rewritten.
    const renamed = nonce()
    await sql(app, 'UPDATE forum_threads SET title = $2, pinned = true WHERE id = $1', [thread, `Swap ${renamed}`])
    expect(await version()).not.toBe(before)
    expect(await idsOf(anonymous(app), renamed)).toEqual([thread])
    expect(await idsOf(anonymous(app), word)).toEqual([])
  })

  it('a write that fails leaves the index as it was', async () => {
    const word = nonce()
    const id = await makeItem(app, 'events', author.user.id, undefined, { title: `Market ${word}` })
    // An end before the start: 400, the title change rolled back with the rest.
    const reply = await author.send(
      `/api/events/${id}`,
      { title: `Market ${nonce()}`, endsAt: new Date(Date.now() - 86_400_000 * 30).toISOString() },
      'PATCH',
    )
    expect(reply.status).toBe(400)
    expect(await idsOf(anonymous(app), word)).toEqual([id])
  })

  it('approval, moderation and expiry', async () => {
    const word = nonce()
    const classified = await makeItem(app, 'classifieds', author.user.id, undefined, { title: `Sofa ${word}` })
    expect(await idsOf(anonymous(app), word)).toEqual([])
    const approved = await moderator.send('/api/admin/approve', {
      postType: 'classifieds',
      postId: classified,
      decision: 'approve',
    })
    expect(approved.status).toBe(200)
    expect(await idsOf(anonymous(app), word)).toEqual([classified])

    const thread = await makeItem(app, 'forum-threads', author.user.id, undefined, { title: `Noisy ${word}` })
    expect((await idsOf(anonymous(app), word)).sort()).toEqual([classified, thread].sort())
    const moderated = await moderator.send('/api/admin/moderate', {
      postType: 'forumThreads',
      postId: thread,
      reason: 'Propos injurieux envers un autre membre',
    })
    expect(moderated.status).toBe(200)
    expect(await idsOf(anonymous(app), word)).toEqual([classified])

    await sql(app, `UPDATE classifieds SET expires_at = now() - interval '1 minute' WHERE id = $1`, [classified])
    expect(await idsOf(anonymous(app), word)).toEqual([])
    await runCommunityJobs(app.payload)
    expect(await sql(app, 'SELECT status FROM classifieds WHERE id = $1', [classified])).toEqual([
      { status: 'expired' },
    ])
    expect(await idsOf(author, word, { type: 'classifieds' })).toEqual([classified])
    expect(await idsOf(other, word)).toEqual([])
  })

  it('services and categories through the admin API: translations changed, removed, status moves', async () => {
    const word = nonce()
    const renamed = nonce()
    const service = await makeService(admin, {
      status: 'active',
      translations: [
        { inLanguage: 'en', title: `Guitar lessons ${word}` },
        { inLanguage: 'fr', title: `Cours de guitare ${word}` },
      ],
    })
    expect(await idsOf(anonymous(app), word)).toEqual([service.id])
    const update = await admin.send(SERVICES, {
      action: 'update',
      id: service.id,
      translations: [{ inLanguage: 'fr', title: `Cours de guitare ${renamed}` }],
    })
    expect(update.status).toBe(200)
    expect(await idsOf(anonymous(app), word)).toEqual([])
    expect(await idsOf(anonymous(app), renamed)).toEqual([service.id])
    expect((await indexRows(service.id)).map((row) => row.locale)).toEqual(['fr'])
    expect((await admin.send(SERVICES, { action: 'update', id: service.id, status: 'suspended' })).status).toBe(200)
    expect(await idsOf(anonymous(app), renamed)).toEqual([])

    const category = await makeCategory(admin, { name: { en: `Pottery ${word}` } })
    expect(await idsOf(anonymous(app), word)).toEqual([category.id])
    expect((await admin.send(CATEGORIES, { action: 'update', id: category.id, isActive: false })).status).toBe(200)
    expect(await idsOf(anonymous(app), word)).toEqual([])
    expect((await admin.send(CATEGORIES, { action: 'delete', id: category.id })).status).toBe(200)
    expect(await indexRows(category.id)).toEqual([])
  })
})

describe('pages and errors', () => {
  it('pages: a true total, disjoint pages, perPage clamped to 50', async () => {
    const word = nonce()
    const made: string[] = []
    for (let i = 0; i < 5; i++)
      made.push(await makeItem(app, 'groups', author.user.id, undefined, { name: `Club ${word}` }))
    const pages = []
    for (const page of ['1', '2', '3']) {
      const reply = await find(anonymous(app), { q: word, perPage: '2', page })
      expect(reply.body).toMatchObject({ total: 5, page: Number(page), perPage: 2, totalPages: 3 })
      pages.push(...reply.body.results.map((r: { id: string }) => r.id))
    }
    expect(pages.sort()).toEqual(made.sort())
    expect((await find(anonymous(app), { q: word, page: '4', perPage: '2' })).body).toEqual({
      results: [],
      total: 5,
      page: 4,
      perPage: 2,
      totalPages: 3,
    })
    expect((await find(anonymous(app), { q: word, perPage: '500' })).body).toMatchObject({ perPage: 50, total: 5 })
    // Best first: an item whose title has the word twice outranks the others.
    const best = await makeItem(app, 'groups', author.user.id, undefined, {
      name: `Club ${word} ${word}`,
      description: `${word}`,
    })
    expect((await idsOf(anonymous(app), word))[0]).toBe(best)
  })

  it.each([
    [{}, 'q'],
    [{ q: '   ' }, 'q'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ q: 'bike', type: 'service,unicorns' }, 'type'],
    [{ q: 'bike', type: 'blogComments' }, 'type'],
    [{ q: 'bike', locale: 'pt' }, 'locale'],
    [{ q: 'bike', page: '0' }, 'page'],
    [{ q: 'bike', perPage: 'ten' }, 'perPage'],
  ])('400 invalid_request for %j', async (query, path) => {
    const reply = await find(anonymous(app), query as Record<string, string>)
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 400,
      body: { error: 'invalid_request', message: expect.any(String), issues: [expect.objectContaining({ path })] },
    })
  })

  it('a query of stop words, punctuation or control characters finds nothing (200, never a 5xx)', async () => {
    for (const q of ['the', '"', '-', '!!! ???', "'':*", '\u0000qqqqq\u0007'])
      expect((await find(anonymous(app), { q })).body).toMatchObject({ results: [], total: 0 })
  })
})

// The shell answers this read itself (its `shell` answer in endpoints/search/index.ts); the reference is the Payload
// endpoint (tests/helpers/bridge-reference.ts): the same status, headers and body to the byte.
describe('the shell’s answer is the Payload endpoint’s', () => {
  it('for anyone, signed in or not, 200s and 400s', async () => {
    const reference = await startBridgeReference(app)
    try {
      const word = nonce()
      await makeItem(app, 'events', author.user.id, undefined, { title: `Bal <b>populaire</b> ${word}` })
      await makeItem(app, 'events', author.user.id, 'moderated', { title: `Bal masqué ${word}` })
      const paths = [
        `/api/search?q=${word}`,
        `/api/search/?q=bal%20${word}&locale=fr&perPage=1&page=2`,
        `/api/Search?q=${word}&type=events,service`,
        '/api/search?q=',
        '/api/search?q=bal&type=unicorns',
        '/api/search?q=bal&page=0',
      ]
      for (const path of paths)
        for (const headers of [{}, author.headers, moderator.headers, { authorization: 'Bearer not-a-session' }])
          await reference.sameAnswer(path, { ...headers, 'accept-language': 'fr-CH, en;q=0.5' })
    } finally {
      await reference.close()
    }
  })
})

describe('a table emptied at once (TRUNCATE)', () => {
  it('takes its items out of the index; emptying translations rewrites their items', async () => {
    const word = nonce()
    const gallery = await makeItem(app, 'galleries', author.user.id, undefined, { title: `Photos ${word}` })
    const category = await makeCategory(admin, { name: { en: `Ceramics ${word}` } })
    expect((await idsOf(anonymous(app), word)).sort()).toEqual([gallery, category.id].sort())
    await sql(app, 'TRUNCATE galleries CASCADE')
    await sql(app, 'TRUNCATE service_categories_locales')
    expect(await idsOf(admin, word)).toEqual([])
    expect(await indexRows(gallery)).toEqual([])
    expect(await indexRows(category.id)).toEqual([])
  })
})
