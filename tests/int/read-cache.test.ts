// The shared cache of public stock reads (src/lib/read-cache): on every collection
// it serves, for a generated set of queries, its answers are byte for byte the answers of the
// same app with the cache off (Payload's own, or the forum's fill), anonymous and signed in;
// a write through a stock route, a custom endpoint or raw SQL shows in the very next read; an
// anonymous answer carries a strong ETag and is revalidated with 304 without reading rows; a
// reader's own non-public item reaches them and nobody else; a miss on a community list takes its
// total from list_counts, never Payload's count (count-free.ts), and runs the auth strategy once.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { PUBLIC_READS } from '../../collections/publicReads'
import { CONTENT_TYPES } from '../../domain/content-types'
import { STALE_CHANNEL } from '../../src/lib/auth/session-events'
import { caughtUp, listenerName } from '../../src/lib/auth/stale-listener'
import { publicReadsOf } from '../../src/lib/read-cache/dependencies'
import { servedBy } from '../../src/lib/read-cache/index'
import { allVersionsRead, versionReader } from '../../src/lib/read-cache/versions'
import { makeComment, makePost } from '../helpers/blog'
import {
  type Actor,
  adminActor,
  citizenActor,
  makeCategory,
  makeService,
  makeSlot,
  SERVICES,
} from '../helpers/catalogue'
import { makeItem } from '../helpers/community'
import { type SecondApp, startSecondApp } from '../helpers/second-app'
import { statementsDuring } from '../helpers/statements'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { signIn } from '../helpers/users'

let app: TestApp
let uncached: SecondApp
let admin: Actor
let author: Actor
let other: Actor
const ids: Record<string, string[]> = {}
let moderatedThread: string

beforeAll(async () => {
  app = await startTestApp()
  uncached = await startSecondApp(app.payload, { READ_CACHE: 'false' })
  admin = await adminActor(app)
  author = await citizenActor(app)
  other = await citizenActor(app)
  // Catalogue: an active category with two languages, services in it (one a draft), a slot.
  const category = await makeCategory(admin, { name: { en: 'Gardens', fr: 'Jardins' } })
  for (const status of ['active', 'active', 'draft']) {
    const service = await makeService(admin, {
      categoryId: category.id,
      translations: [
        { inLanguage: 'en', title: `Hedge ${status}` },
        { inLanguage: 'fr', title: `Haie ${status}` },
      ],
    })
    if (status === 'active') await admin.send(SERVICES, { action: 'activate', id: service.id })
    await makeSlot(admin, service.id)
  }
  // Blog: published and draft posts, comments in every status.
  const post = await makePost(app)
  await makePost(app, { status: 'draft' })
  await makeComment(app, post, author.user.id)
  await makeComment(app, post, author.user.id, 'moderated')
  // docs/api.md "Community content": a public and a moderated item of each simple type, posts in a
  // thread, a comment on a place.
  for (const collection of [
    'forum-threads',
    'places',
    'articles',
    'events',
    'groups',
    'galleries',
    'products',
    'classifieds',
  ]) {
    const publicStatus = collection === 'classifieds' ? 'active' : 'published'
    const hidden =
      collection === 'places' || collection === 'articles' || collection === 'classifieds' ? 'rejected' : 'moderated'
    const extra =
      collection === 'classifieds' ? { expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() } : {}
    ids[collection] = [
      await makeItem(app, collection, author.user.id, publicStatus, extra),
      await makeItem(app, collection, author.user.id, hidden, extra),
    ]
  }
  // A public classified whose end has passed before the expiry job moved it: anonymous readers
  // and other citizens no longer see it, its author does (their own row, any status).
  const passed = await makeItem(app, 'classifieds', author.user.id, 'active', {
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  })
  await sql(app, `UPDATE classifieds SET expires_at = now() - interval '1 hour' WHERE id = $1`, [passed])
  moderatedThread = ids['forum-threads']![1]!
  for (const status of ['published', 'moderated'])
    await makeItem(app, 'forum-posts', author.user.id, status, {
      thread: ids['forum-threads']![0],
      body: `Post ${status}`,
    })
  await makeItem(app, 'comments', author.user.id, undefined, {
    target: { relationTo: 'places', value: ids.places![0] },
    body: 'Nice place',
  })
}, 120_000)

afterAll(async () => {
  await uncached?.close()
  await app?.stop()
})

async function both(path: string, headers: Record<string, string> = {}) {
  const ask = async (base: string) => {
    const response = await fetch(`${base}${path}`, { headers })
    return { status: response.status, text: await response.text(), headers: response.headers }
  }
  // Twice on the cached app: the first fills the cache, the second is answered from it.
  return { filled: await ask(app.url), cached: await ask(app.url), payload: await ask(uncached.url) }
}

/**
 * Queries of every kind Payload's REST takes (where, sort, limit, page, depth 0–2, locale,
 * select, draft, a limit past the bound), for a collection with `first` as one document id:
 * each collection gets the plain list, its first document, and a rotating draw of the others
 * (`turn`), so that all of them run on every collection over the file while it stays short.
 */
function queriesFor(slug: string, first: string | undefined, turn: number): string[] {
  const now = new Date(Date.now() + 60_000).toISOString()
  const pool = [
    '?limit=2&page=2&depth=0',
    '?depth=1&locale=fr',
    '?depth=2&sort=-createdAt',
    '?sort=updatedAt&limit=3&page=1',
    '?locale=all&depth=0',
    '?locale=fr&fallback-locale=none&depth=1',
    '?select[id]=true&select[createdAt]=true',
    `?where[createdAt][less_than]=${encodeURIComponent(now)}&depth=2`,
    `?where[or][0][id][equals]=${first ?? '00000000-0000-4000-8000-000000000000'}&depth=1`,
    '?limit=500&page=1',
    '?draft=false&limit=5&page=9',
    '?limit=1&page=3&depth=0',
    `?where[status][in]=published,active&limit=2`,
  ]
  const drawn = [0, 1, 2].map((step) => pool[(turn * 3 + step) % pool.length]!)
  const list = ['', ...drawn].map((query) => `/api/${slug}${query}`)
  return first
    ? [...list, `/api/${slug}/${first}`, `/api/${slug}/${first}?depth=2&locale=${turn % 2 ? 'fr' : 'all'}`]
    : list
}

describe('the collections it serves', () => {
  it('serves every collection of the declaration: all their tables carry the version triggers', async () => {
    expect(Object.keys(await servedBy(app.payload)).sort()).toEqual([...PUBLIC_READS.collections].sort())
  })
})

describe('answers byte for byte as Payload', () => {
  it.each(PUBLIC_READS.collections.map((slug, turn) => [slug, turn] as const))(
    '%s: anonymous and signed in, generated queries',
    async (slug, turn) => {
      const [first] = await sql<{ id: string }>(
        app,
        `SELECT id FROM ${slug.replace(/-/g, '_')} ORDER BY created_at LIMIT 1`,
      )
      // Staff on every fifth collection: their answers are keyed by reader like anyone's; a
      // citizen with nothing of their own on every other one.
      for (const headers of [
        {},
        author.headers,
        ...(turn % 5 === 0 ? [admin.headers] : []),
        ...(turn % 2 ? [other.headers] : []),
      ]) {
        for (const path of queriesFor(slug, first?.id, turn)) {
          const { filled, cached, payload } = await both(path, headers)
          expect({ path, status: filled.status }).toEqual({ path, status: payload.status })
          expect({ path, status: cached.status }).toEqual({ path, status: payload.status })
          expect({ path, text: filled.text }).toEqual({ path, text: payload.text })
          expect({ path, text: cached.text }).toEqual({ path, text: payload.text })
        }
      }
    },
    60_000,
  )
})

describe('HTTP caching of anonymous reads', () => {
  const path = '/api/service-listings?limit=20&depth=1'

  it('an anonymous answer: a strong ETag, public Cache-Control, Vary', async () => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60')
    expect(response.headers.get('vary')).toBe('Origin, Authorization, Cookie')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('a signed-in answer: no-store, no ETag', async () => {
    const response = await app.request(path, { headers: author.headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })

  it('errors, writes and custom routes: no-store', async () => {
    expect(
      (await app.request('/api/service-listings/00000000-0000-4000-8000-000000000000')).headers.get('cache-control'),
    ).toBe('no-store')
    expect((await app.request('/api/users')).headers.get('cache-control')).toBe('no-store')
    expect((await app.request('/api/profile')).headers.get('cache-control')).toBe('no-store')
    const write = await app.request('/api/forum-threads', {
      method: 'POST',
      headers: { ...author.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hello', body: 'World' }),
    })
    expect(write.status).toBe(201)
    expect(write.headers.get('cache-control')).toBe('no-store')
  })

  it('If-None-Match with the current tag: 304, no body, no row read', async () => {
    const first = await app.request(path)
    const etag = first.headers.get('etag')!
    await first.text()
    const { result, statements } = await statementsDuring(async () => {
      const response = await fetch(`${app.url}${path}`, { headers: { 'if-none-match': etag } })
      return {
        status: response.status,
        text: await response.text(),
        etag: response.headers.get('etag'),
        cacheControl: response.headers.get('cache-control'),
      }
    })
    expect(result).toEqual({
      status: 304,
      text: '',
      etag,
      cacheControl: 'public, max-age=10, stale-while-revalidate=60',
    })
    expect(statements.filter((text) => /service_listings|service_categories|service_media/.test(text))).toEqual([])
    // A list of tags, a weak form of the tag and `*` match too; another tag does not.
    for (const header of [`"other", ${etag}`, `W/${etag}`, '*'])
      expect((await fetch(`${app.url}${path}`, { headers: { 'if-none-match': header } })).status).toBe(304)
    const stale = await fetch(`${app.url}${path}`, { headers: { 'if-none-match': '"not-the-tag"' } })
    expect(stale.status).toBe(200)
    expect(stale.headers.get('etag')).toBe(etag)
  })

  it("HEAD on a cached read: the GET's status and headers, no body; with the tag, 304", async () => {
    const get = await app.request(path)
    const body = await get.text()
    const head = await app.request(path, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    // What the transport says (the date, whether the connection stays open) aside.
    const without = (headers: Headers) =>
      [...headers.entries()].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name))
    expect(without(head.headers)).toEqual(without(get.headers))
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)))
    const conditional = await app.request(path, {
      method: 'HEAD',
      headers: { 'if-none-match': get.headers.get('etag')! },
    })
    expect(conditional.status).toBe(304)
    expect(conditional.headers.get('etag')).toBe(get.headers.get('etag'))
  })

  // One resolution of the caller per request (src/lib/http/caller.ts): the cache and Payload's handler,
  // on a miss, share it; a hit makes it alone.
  it('a bearer reader: one session lookup on a miss, none on the hit that follows (the session is kept)', async () => {
    const query = `${path}&locale=fr`
    const { token } = await signIn(app, author.user)
    for (const [step, lookups] of [
      ['miss', 1],
      ['hit', 0],
    ] as const) {
      const headers = { authorization: `Bearer ${token}` }
      const { result, statements } = await statementsDuring(
        async () => (await fetch(`${app.url}${query}`, { headers })).status,
      )
      expect({ step, status: result }).toEqual({ step, status: 200 })
      const found = statements.filter((text) => /WHERE s\.token_hash = \$1/.test(text)).length
      expect({ step, lookups: found }).toEqual({ step, lookups })
    }
  })

  it("a cookie reader: Payload's bytes, private, and no session lookup while the cookie cache holds", async () => {
    const { cookie } = await signIn(app, author.user)
    const query = `${path}&sort=-createdAt`
    const payload = await (await fetch(`${uncached.url}${query}`, { headers: { cookie } })).text()
    await (await fetch(`${app.url}${query}`, { headers: { cookie } })).text()
    const { result, statements } = await statementsDuring(async () => {
      const response = await fetch(`${app.url}${query}`, { headers: { cookie } })
      return {
        status: response.status,
        text: await response.text(),
        cacheControl: response.headers.get('cache-control'),
        etag: response.headers.get('etag'),
      }
    })
    expect(result).toEqual({ status: 200, text: payload, cacheControl: 'private, no-store', etag: null })
    expect(statements.filter((text) => /FROM sessions/.test(text))).toEqual([])
  })

  it('a write to the collection changes the tag; the old one gets the new answer', async () => {
    const before = await app.request(path)
    const etag = before.headers.get('etag')!
    await before.text()
    await sql(app, `UPDATE service_listings SET updated_at = now() WHERE status = 'active'`)
    const after = await fetch(`${app.url}${path}`, { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
  })

  it('a write to what the answer populates (the category) changes it too', async () => {
    const before = await app.request(`${path}&locale=en`)
    const etag = before.headers.get('etag')!
    await before.text()
    await sql(app, `UPDATE service_categories_locales SET name = 'Orchards' WHERE _locale = 'en'`)
    const after = await fetch(`${app.url}${path}&locale=en`, { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(await after.text()).toContain('Orchards')
  })
})

describe('a write shows in the very next read', () => {
  const titles = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.url}/api/forum-threads?limit=100`, { headers })
    return ((await response.json()) as { docs: Array<{ id: string; title: string }> }).docs
  }

  it('through a stock route (PATCH /api/forum-threads/<id>)', async () => {
    const id = ids['forum-threads']![0]!
    await titles()
    await titles(author.headers)
    const reply = await fetch(`${app.url}/api/forum-threads/${id}`, {
      method: 'PATCH',
      headers: { ...author.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed by PATCH' }),
    })
    expect(reply.status).toBe(200)
    expect((await titles()).find((doc) => doc.id === id)?.title).toBe('Renamed by PATCH')
    expect((await titles(author.headers)).find((doc) => doc.id === id)?.title).toBe('Renamed by PATCH')
  })

  it('through a custom endpoint (the admin catalogue)', async () => {
    const [service] = await sql<{ id: string }>(
      app,
      `SELECT id FROM service_listings WHERE status = 'active' ORDER BY created_at LIMIT 1`,
    )
    const read = async () =>
      (await (await fetch(`${app.url}/api/service-listings/${service!.id}?locale=en`)).json()) as { status: string }
    expect((await read()).status).toBe('active')
    expect((await admin.send(SERVICES, { action: 'deactivate', id: service!.id })).status).toBe(200)
    expect((await fetch(`${app.url}/api/service-listings/${service!.id}?locale=en`)).status).toBe(404)
    expect((await admin.send(SERVICES, { action: 'activate', id: service!.id })).status).toBe(200)
    expect((await read()).status).toBe('active')
  })

  it('through raw SQL (as a use case writes)', async () => {
    const id = ids['forum-threads']![0]!
    await titles()
    await sql(app, 'UPDATE forum_threads SET title = $2 WHERE id = $1', [id, 'Renamed by SQL'])
    expect((await titles()).find((doc) => doc.id === id)?.title).toBe('Renamed by SQL')
  })

  it('a statement that changes no row changes no version', async () => {
    const [before] = await sql<{ n: string }>(
      app,
      `SELECT sum(n)::text AS n FROM collection_versions WHERE collection = 'forum-threads'`,
    )
    await sql(app, `UPDATE forum_threads SET title = 'x' WHERE false`)
    const [after] = await sql<{ n: string }>(
      app,
      `SELECT sum(n)::text AS n FROM collection_versions WHERE collection = 'forum-threads'`,
    )
    expect(after!.n).toBe(before!.n)
  })

  it('a classified leaves the public list when its end passes, with no write at all', async () => {
    const id = ids.classifieds![0]!
    await sql(app, `UPDATE classifieds SET expires_at = now() + interval '1500 milliseconds' WHERE id = $1`, [id])
    const listed = async () =>
      ((await (await fetch(`${app.url}/api/classifieds`)).json()) as { docs: Array<{ id: string }> }).docs.some(
        (doc) => doc.id === id,
      )
    expect(await listed()).toBe(true)
    expect(await listed()).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(await listed()).toBe(false)
  })

  it('compaction folds the rows of backends that are gone and keeps every sum', async () => {
    const sums = () =>
      sql<{ collection: string; n: string }>(
        app,
        'SELECT collection, sum(n)::text AS n FROM collection_versions GROUP BY collection ORDER BY collection',
      )
    const before = await sums()
    await sql(app, `INSERT INTO collection_versions (collection, backend, n) VALUES ('forum-threads', -1, 5)`)
    const [{ folded }] = (await sql<{ folded: number }>(app, 'SELECT collection_versions_compact() AS folded')) as [
      { folded: number },
    ]
    expect(folded).toBeGreaterThanOrEqual(1)
    expect(await sql(app, 'SELECT 1 FROM collection_versions WHERE backend = -1')).toEqual([])
    const after = await sums()
    expect(after).toEqual(
      before.map((row) => (row.collection === 'forum-threads' ? { ...row, n: String(BigInt(row.n) + 5n) } : row)),
    )
  })
})

describe('the forum’s fast path fills the cache', () => {
  it('an anonymous miss on the threads is its one statement (list_counts), not Payload’s count', async () => {
    const path = '/api/forum-threads?limit=7'
    const { statements } = await statementsDuring(async () => (await fetch(`${app.url}${path}`)).text())
    const forum = statements.filter((text) => /forum_threads/.test(text))
    expect(forum).toHaveLength(1)
    expect(forum[0]).toMatch(/list_counts/)
    const again = await statementsDuring(async () => (await fetch(`${app.url}${path}`)).text())
    expect(again.statements.filter((text) => /forum_threads/.test(text))).toEqual([])
  })
})

describe('a miss on a community list counts no rows (list_counts)', () => {
  // Payload's count of the list (drizzle's text); the count-free statement is ours, upper case.
  const payloadCount = (table: string) => new RegExp(`^select count\\(\\*\\) from "${table}"`)
  const missed = async (path: string, headers: Record<string, string>) => {
    const table = path.split('?')[0]!.slice('/api/'.length).replace(/-/g, '_')
    // A write that changes nothing visible: the next read of every reader is a miss.
    await sql(app, `UPDATE ${table} SET updated_at = updated_at WHERE id = (SELECT id FROM ${table} LIMIT 1)`)
    const { result, statements } = await statementsDuring(async () => {
      const response = await fetch(`${app.url}${path}`, { headers })
      return { status: response.status, text: await response.text() }
    })
    const payload = await (await fetch(`${uncached.url}${path}`, { headers })).text()
    return {
      result,
      payload,
      counted: statements.some((text) => payloadCount(table).test(text)),
      kept: statements.some((text) => /FROM list_counts WHERE list = /.test(text)),
    }
  }

  // Blog comments are the registry's too, but their public rule reads the post's status (a
  // join): list_counts cannot answer it, so they keep Payload's count (staff's aside).
  const lists = Object.values(CONTENT_TYPES)
    .map((type) => type.collection as string)
    .filter((slug) => slug !== 'blog-comments')

  it.each(lists)(
    "%s: anonymous, an author, staff: Payload's bytes, total from list_counts",
    async (slug) => {
      for (const [who, headers] of [
        ['anonymous', {}],
        ['author', author.headers],
        ['staff', admin.headers],
        ['other', other.headers],
      ] as const) {
        const path = `/api/${slug}?limit=1&sort=-createdAt`
        const { result, payload, counted, kept } = await missed(path, headers)
        expect({ who, status: result.status, text: result.text }).toEqual({ who, status: 200, text: payload })
        // The forum's anonymous thread list is its own statement (the fill), list_counts too.
        expect({ who, counted, kept }).toEqual({ who, counted: false, kept: true })
      }
    },
    60_000,
  )

  it('a client’s filter is counted by Payload, as before', async () => {
    const { result, payload, counted } = await missed('/api/events?where[title][like]=a&limit=1', author.headers)
    expect(result.text).toBe(payload)
    expect(counted).toBe(true)
  })

  it('the expiry: a public classified past its end counts for its author only', async () => {
    const total = async (headers: Record<string, string>) =>
      ((await (await fetch(`${app.url}/api/classifieds?limit=1&depth=0`, { headers })).json()) as { totalDocs: number })
        .totalDocs
    const [row] = await sql<{ anonymous: number; own: number }>(
      app,
      `SELECT count(*) FILTER (WHERE status IN ('active', 'sold') AND expires_at > now())::int AS anonymous,
              count(*) FILTER (WHERE status IN ('active', 'sold') AND expires_at > now() OR author_id = $1)::int AS own FROM classifieds`,
      [author.user.id],
    )
    expect(await total({})).toBe(row!.anonymous)
    expect(await total(author.headers)).toBe(row!.own)
    expect(row!.own).toBeGreaterThan(row!.anonymous)
  })

  it('the expiry: passed and unset ends of every public status, the reader’s own and others’, count as Payload counts them', async () => {
    // Beside the fixture's: the author's sold one past its end and active one with no end;
    // another citizen's active one past its end and sold one with no end (one range of the
    // passed-ends index, NULL as -infinity: migration 20261127_180000_classifieds_passed_index).
    const made: string[] = []
    for (const [owner, status, end] of [
      [author, 'sold', `now() - interval '2 days'`],
      [author, 'active', 'NULL'],
      [other, 'active', `now() - interval '1 minute'`],
      [other, 'sold', 'NULL'],
    ] as const) {
      const id = await makeItem(app, 'classifieds', owner.user.id, 'active', {
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      })
      await sql(app, `UPDATE classifieds SET status = '${status}', expires_at = ${end} WHERE id = $1`, [id])
      made.push(id)
    }
    try {
      for (const [who, headers, owner] of [
        ['anonymous', {}, undefined],
        ['author', author.headers, author],
        ['other', other.headers, other],
        ['staff', admin.headers, undefined],
      ] as const) {
        const path = '/api/classifieds?limit=1&depth=0'
        const { result, payload, counted, kept } = await missed(path, headers)
        // Payload's own answer, its own count(*): the same bytes, so the same totalDocs.
        expect({ who, text: result.text, counted, kept }).toEqual({ who, text: payload, counted: false, kept: true })
        if (who === 'staff') continue
        const [row] = await sql<{ n: number }>(
          app,
          `SELECT count(*)::int AS n FROM classifieds WHERE status IN ('active', 'sold') AND expires_at > now() OR author_id = $1`,
          [owner?.user.id ?? '00000000-0000-0000-0000-000000000000'],
        )
        expect({ who, total: (JSON.parse(result.text) as { totalDocs: number }).totalDocs }).toEqual({
          who,
          total: row!.n,
        })
      }
    } finally {
      await sql(app, `DELETE FROM classifieds WHERE id = ANY($1::uuid[])`, [made])
    }
  })
})

describe('one strategy run of ours per signed-in request', () => {
  it('a signed-in miss: the cache checks the reader once, Payload once', async () => {
    const calls: string[] = []
    const restore = app.payload.authStrategies.map((strategy) => {
      const authenticate = strategy.authenticate
      strategy.authenticate = (args) => {
        calls.push(strategy.name)
        return authenticate(args)
      }
      return () => (strategy.authenticate = authenticate)
    })
    try {
      await sql(app, `UPDATE events SET updated_at = updated_at WHERE id = (SELECT id FROM events LIMIT 1)`)
      expect((await fetch(`${app.url}/api/events?limit=2`, { headers: author.headers })).status).toBe(200)
      const miss = calls.length
      expect((await fetch(`${app.url}/api/events?limit=2`, { headers: author.headers })).status).toBe(200)
      const hit = calls.length - miss
      // A hit is the cache's one run; a miss adds Payload's own (its REST handler), nothing more.
      expect(hit).toBeGreaterThan(0)
      expect(miss).toBe(2 * hit)
    } finally {
      for (const undo of restore) undo()
    }
  })
})

describe('the cookie barrier is the version read', () => {
  // The catch-up round trip of docs/decisions.md "A cookie snapshot waits for the instance to hear
  // every commit" on the stale listener's connection reads the versions
  // (docs/decisions.md "The cookie barrier is the version read"): a hit makes that one round
  // trip, signed in or not, and no version read on the pool; a signed-in miss runs the
  // strategy twice (ours, Payload's REST handler's), the second sharing the first's round
  // trip, and fills under the version the hit read, then reads it once more to keep the
  // answer.
  const count = (statements: string[]) => ({
    versionReads: statements.filter((text) => text.startsWith("SELECT concat_ws('|'")).length,
    everyVersion: statements.filter(
      (text) => text === allVersionsRead(publicReadsOf(app.payload.config)!).statement.text,
    ).length,
    listens: statements.filter((text) => text === `LISTEN ${STALE_CHANNEL}`).length,
    // The session lookup: none once the snapshot is trusted, which takes the barrier.
    lookups: statements.filter((text) => /WHERE s\.token_hash = \$1/.test(text)).length,
  })
  it('a signed-in miss and a hit, and an anonymous hit: one round trip each on the listener, plus one after a fill', async () => {
    const { cookie } = await signIn(app, author.user)
    await sql(app, `UPDATE events SET updated_at = updated_at WHERE id = (SELECT id FROM events LIMIT 1)`)
    const ask = (headers: Record<string, string>) =>
      statementsDuring(async () => (await fetch(`${app.url}/api/events?limit=3`, { headers })).status)
    const miss = await ask({ cookie })
    const hit = await ask({ cookie })
    await ask({})
    const anonymous = await ask({})
    expect({ miss: miss.result, hit: hit.result, anonymous: anonymous.result }).toEqual({
      miss: 200,
      hit: 200,
      anonymous: 200,
    })
    expect({
      miss: count(miss.statements),
      hit: count(hit.statements),
      anonymous: count(anonymous.statements),
    }).toEqual({
      miss: { versionReads: 2, everyVersion: 0, listens: 0, lookups: 0 },
      hit: { versionReads: 1, everyVersion: 0, listens: 0, lookups: 0 },
      anonymous: { versionReads: 1, everyVersion: 0, listens: 0, lookups: 0 },
    })
    // Made on the listener's connection (its last statement), not the pool's.
    const [listener] = await sql<{ query: string }>(
      app,
      'SELECT query FROM pg_stat_activity WHERE application_name = $1',
      [listenerName()],
    )
    expect(listener?.query.startsWith("SELECT concat_ws('|'")).toBe(true)
  })

  it('calls waiting for one round trip that want different collections share a read of every version', async () => {
    const reads = publicReadsOf(app.payload.config)!
    const served = await servedBy(app.payload)
    const events = versionReader(app.payload, 'events', served.events!, reads, allVersionsRead(reads))
    const classifieds = versionReader(app.payload, 'classifieds', served.classifieds!, reads, allVersionsRead(reads))
    // The first is sent at once with its own read; the next two wait for the next round trip.
    const [first, second, third] = await Promise.all([
      caughtUp(events.want),
      caughtUp(classifieds.want),
      caughtUp(events.want),
    ])
    expect(first).toMatchObject({ heard: true, read: events.want })
    expect(third).toBe(second)
    expect(second.heard).toBe(true)
    expect([events.want, classifieds.want]).not.toContain(second.read)
    const keys = (second.rows as Array<{ key: string }>).map((row) => row.key)
    expect(keys).toEqual(expect.arrayContaining(['events', 'classifieds', 'expiry:classifieds']))
  })

  it("the version from the listener's read is the text the collection's own statement reads, its next expiry included", async () => {
    const reads = publicReadsOf(app.payload.config)!
    const all = allVersionsRead(reads)
    const dependencies = (await servedBy(app.payload)).classifieds!
    const reader = versionReader(app.payload, 'classifieds', dependencies, reads, all)
    // The pool's statement (what a process without a listener reads), then the listener's rows.
    const own = await reader.read(Promise.resolve({ heard: false }))
    const rows = (await sql<{ key: string; value: string | null }>(app, all.statement.text, all.values())) as unknown[]
    const shared = await reader.read(Promise.resolve({ heard: true, read: all, rows }))
    expect(shared).toBe(own)
    // The fixture's active classifieds end ahead: the version names the next end.
    expect(own.split('|')).toHaveLength(2)
  })
})

describe('own non-public items', () => {
  it('the author sees their moderated thread; another reader and anonymous never do, whoever asked first', async () => {
    const has = async (headers: Record<string, string>) =>
      (
        (await (await fetch(`${app.url}/api/forum-threads?limit=100`, { headers })).json()) as {
          docs: Array<{ id: string }>
        }
      ).docs.some((doc) => doc.id === moderatedThread)
    for (let round = 0; round < 2; round++) {
      expect(await has(author.headers)).toBe(true)
      expect(await has(other.headers)).toBe(false)
      expect(await has({})).toBe(false)
    }
    expect((await fetch(`${app.url}/api/forum-threads/${moderatedThread}`, { headers: author.headers })).status).toBe(
      200,
    )
    expect((await fetch(`${app.url}/api/forum-threads/${moderatedThread}`, { headers: other.headers })).status).toBe(
      404,
    )
    expect((await fetch(`${app.url}/api/forum-threads/${moderatedThread}`)).status).toBe(404)
  })
})
