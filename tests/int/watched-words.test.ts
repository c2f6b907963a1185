// Watched words and limits for new members (docs/api.md "Watched words and new members", docs/moderation.md):
// the admin routes with their codes and audit entries, the matching rule in six languages, the four effects
// on items, blog comments, profiles and booking messages, staff's exemption, and the new-member limits,
// each checked in the database afterwards.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'

import { compileWords } from '../../src/lib/word-matcher'
import { makePost, roleActor } from '../helpers/blog'
import { book, bookableService, localDate } from '../helpers/bookings'
import { type Actor, adminActor, anonymous, audits, count } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const WORDS = '/api/admin/moderation/watched-words'
const SETTINGS = '/api/admin/moderation/settings'

let app: TestApp
let admin: Actor
let moderator: Actor
let member: Actor

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  moderator = await roleActor(app, 'moderator')
  member = await roleActor(app, 'citizen')
})

afterAll(async () => {
  await app.stop()
})

async function clearList(): Promise<void> {
  const { body } = await admin.get(WORDS, { perPage: '100' })
  for (const word of body.words) await admin.send(WORDS, { action: 'delete', id: word.id })
}

async function watch(pattern: string, effect: string, extra: Record<string, unknown> = {}): Promise<string> {
  const reply = await admin.send(WORDS, { action: 'create', pattern, effect, ...extra })
  expect(reply.status).toBe(201)
  return reply.body.word.id
}

const thread = (who: Actor, title: string, body = 'Plain words') => who.send('/api/forum-threads', { title, body })

describe('matching', () => {
  // pattern, text, whether it meets: accents, case, apostrophes, compounds, a pattern inside another word.
  const TABLE: Array<[string, string, boolean]> = [
    // English
    ['idiot', 'You IDIOT!', true],
    ['idiot', 'Ídiot, really', true],
    ['idiot', 'idiotic behaviour', false],
    ['ass', 'a class act', false],
    ['scum bag', 'what a scum   bag', true],
    // French
    ['con', "C'est un CON.", true],
    ['con', 'le conseil municipal', false],
    ['connard', "l'connard et l’autre", true],
    ['aujourd’hui', "aujourd'hui", true],
    ['pute', 'députés', false],
    // German
    ['scheiße', 'SCHEISSE!', true],
    ['straße', 'Hauptstrasse', false],
    ['*idiot', 'So ein Vollidiot', true],
    ['voll*', 'Vollpfosten', true],
    ['depp', 'Deppen', false],
    // Spanish
    ['cabrón', 'eres un cabron', true],
    ['puta', 'disputa', false],
    ['mierda', '¡MIERDA!', true],
    // Italian
    ['stronzo', "Che STRÒNZO, l'altro", true],
    ['cazzo', 'cazzone', false],
    ['vaffanculo', "va' vaffanculo", true],
    // Dutch
    ['klootzak', 'KLOOTZAK', true],
    ['kanker*', 'kankerlijer', true],
    ['lul', 'lullig', false],
    ['eikel', "'s eikel", true],
    // Other scripts
    ['дурак', 'Ты ДУРАК', true],
    ['バカ', 'バカだね', true],
  ]
  const matcher = compileWords(TABLE.map(([pattern], i) => ({ pattern, value: i })))

  it.each(TABLE.map((row, i) => [...row, i] as const))('%s in %j: %s', (_pattern, text, meets, i) => {
    expect(matcher.match(text).some((m) => m.value === i)).toBe(meets)
  })

  it('the test action answers each match with its offsets in the original text', async () => {
    await clearList()
    await watch('idiot', 'block')
    await watch('gros mot', 'censor', { locale: 'fr', replacement: '[…]' })
    const text = 'Quel ÍDIOT, ce gros   mot'
    const reply = await admin.send(WORDS, { action: 'test', text })
    expect(reply.status).toBe(200)
    expect(reply.body.matches).toEqual([
      { pattern: 'idiot', effect: 'block', start: 5, end: 10 },
      { pattern: 'gros mot', effect: 'censor', start: 15, end: 25 },
    ])
    expect(text.slice(5, 10)).toBe('ÍDIOT')
    // In English the French word does not apply.
    expect((await admin.send(WORDS, { action: 'test', text, locale: 'en' })).body.matches).toHaveLength(1)
    expect((await admin.send(WORDS, { action: 'test', text, locale: 'fr' })).body.matches).toHaveLength(2)
  })
})

describe('the watched-words route', () => {
  beforeEach(clearList)

  it('creates, lists, updates and deletes, each audited', async () => {
    const created = await admin.send(WORDS, { action: 'create', pattern: 'Spam*', effect: 'flag', locale: 'de' })
    expect(created).toEqual({
      status: 201,
      body: {
        word: {
          id: expect.any(String),
          pattern: 'Spam*',
          locale: 'de',
          effect: 'flag',
          replacement: null,
          createdAt: expect.any(String),
        },
      },
    })
    const id = created.body.word.id
    const list = await admin.get(WORDS)
    expect(list.body).toMatchObject({ words: [{ id }], total: 1, page: 1, perPage: 20, totalPages: 1 })

    const updated = await admin.send(WORDS, { action: 'update', id, effect: 'censor', replacement: '#' }, 'PATCH')
    expect(updated.body.word).toMatchObject({ id, effect: 'censor', replacement: '#' })
    expect(await sql(app, 'SELECT effect, replacement FROM watched_words WHERE id = $1', [id])).toEqual([
      { effect: 'censor', replacement: '#' },
    ])
    expect((await admin.send(WORDS, { action: 'delete', id }, 'DELETE')).body).toEqual({ success: true })
    expect(await count(app, 'watched_words', 'id = $1', [id])).toBe(0)

    expect((await audits(app, 'watched_word.create', id))[0]!.data).toEqual({
      pattern: 'Spam*',
      locale: 'de',
      effect: 'flag',
      replacement: null,
    })
    expect((await audits(app, 'watched_word.update', id))[0]!.data).toEqual({ effect: 'censor', replacement: '#' })
    expect((await audits(app, 'watched_word.delete', id))[0]!.data).toEqual({
      deleted: { pattern: 'Spam*', locale: 'de', effect: 'censor', replacement: '#' },
    })
  })

  it('answers the documented codes', async () => {
    const id = await watch('idiot', 'block')
    // The same pattern and language, in another case or accent: 409; another language is another word.
    expect((await admin.send(WORDS, { action: 'create', pattern: 'ÍDIOT', effect: 'flag' })).body).toMatchObject({
      error: 'already_exists',
    })
    expect((await admin.send(WORDS, { action: 'create', pattern: 'idiot', effect: 'flag', locale: 'fr' })).status).toBe(
      201,
    )
    expect((await admin.send(WORDS, { action: 'update', id, locale: 'fr' })).status).toBe(409)
    expect(
      (await admin.send(WORDS, { action: 'update', id: '00000000-0000-4000-8000-000000000000', effect: 'flag' })).body,
    ).toMatchObject({
      error: 'not_found',
    })
    expect((await admin.send(WORDS, { action: 'delete', id: 'nope' })).status).toBe(404)
    const invalid = [
      { action: 'create', pattern: '', effect: 'block' },
      { action: 'create', pattern: 'x'.repeat(101), effect: 'block' },
      { action: 'create', pattern: '***', effect: 'block' },
      { action: 'create', pattern: 'ok', effect: 'shout' },
      { action: 'create', pattern: 'ok', effect: 'block', locale: 'pt' },
      { action: 'update', id },
    ]
    for (const body of invalid) expect((await admin.send(WORDS, body)).body).toMatchObject({ error: 'invalid_request' })
    expect((await admin.send(WORDS, {})).body).toMatchObject({ error: 'missing_action' })
    expect((await admin.send(WORDS, { action: 'shout' })).body).toMatchObject({ error: 'unknown_action' })
    expect((await admin.send(WORDS, { action: 'delete' })).body).toMatchObject({ error: 'missing_id' })
    for (const who of [moderator, member, anonymous(app)]) {
      expect((await who.get(WORDS)).status).toBe(403)
      expect((await who.send(WORDS, { action: 'create', pattern: 'x', effect: 'block' })).status).toBe(403)
    }
    expect(await count(app, 'watched_words')).toBe(2)
  })

  it('a change made on another instance is in force within 2 s', async () => {
    expect((await thread(member, 'Buy cheap pills')).status).toBe(201)
    // What another instance's change leaves in the database: the word and the version counted up.
    await sql(
      app,
      `INSERT INTO watched_words (pattern, folded, effect) VALUES ('pills', 'pills', 'block');
       UPDATE moderation_settings SET version = version + 1`,
    )
    const started = Date.now()
    let status = 201
    while (status === 201 && Date.now() - started < 2000) {
      status = (await thread(member, 'Buy cheap pills')).status
      if (status === 201) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toBe(400)
  })
})

const reportsOf = (postType: string, postId: string) =>
  sql<{ reporter_id: string | null; reason: string; details: string; status: string }>(
    app,
    'SELECT reporter_id, reason, details, status FROM content_reports WHERE post_type = $1 AND post_id = $2',
    [postType, postId],
  )

describe('the effects', () => {
  beforeAll(async () => {
    await clearList()
    await watch('idiot', 'block')
    await watch('casino', 'require_approval')
    await watch('crypto*', 'flag')
    await watch('darn', 'censor', { replacement: 'd**n' })
  })

  it('block refuses the write with 400 content_blocked naming the words; nothing is stored', async () => {
    const before = await count(app, 'forum_threads')
    const reply = await thread(member, 'Hello', 'You are an Idiot')
    expect(reply.status).toBe(400)
    expect(reply.body.error).toBe('content_blocked')
    expect(reply.body.issues).toEqual([{ path: 'body', message: expect.stringContaining('Idiot') }])
    expect(await count(app, 'forum_threads')).toBe(before)
  })

  it('censor stores the text with each match replaced, staff included', async () => {
    for (const who of [member, moderator]) {
      const reply = await thread(who, 'Darn it', 'darn, DARN!')
      expect(reply.status).toBe(201)
      const [row] = await sql<{ title: string; body: string }>(
        app,
        'SELECT title, body FROM forum_threads WHERE id = $1',
        [reply.body.doc.id],
      )
      expect(row).toEqual({ title: 'd**n it', body: 'd**n, d**n!' })
    }
  })

  it('require_approval holds a soft type as moderated with a report by the service; dismissal publishes', async () => {
    const reply = await thread(member, 'Best casino in town')
    expect(reply.status).toBe(201)
    const id = reply.body.doc.id
    expect(reply.body.doc.status).toBe('moderated')
    expect(await reportsOf('forumThreads', id)).toEqual([
      { reporter_id: null, reason: 'other', details: expect.stringContaining('casino'), status: 'open' },
    ])
    expect(await sql(app, 'SELECT held_as, words FROM watched_word_holds WHERE post_id = $1', [id])).toEqual([
      { held_as: 'moderated', words: ['casino'] },
    ])
    expect((await anonymous(app).get(`/api/forum-threads/${id}`)).status).toBe(404)
    const queue = await moderator.get('/api/admin/moderation/queue', { postType: 'forumThreads' })
    expect(queue.body.items.map((item: { postId: string }) => item.postId)).toContain(id)

    const dismissed = await moderator.send('/api/admin/moderation/dismiss', {
      postType: 'forumThreads',
      postId: id,
      reason: 'Not an advert',
    })
    expect(dismissed.status).toBe(200)
    expect((await sql(app, 'SELECT status FROM forum_threads WHERE id = $1', [id]))[0]).toEqual({ status: 'published' })
    expect(await count(app, 'watched_word_holds', 'post_id = $1', [id])).toBe(0)
  })

  it('moderating a held item confirms the hold as a decision', async () => {
    const id = (await thread(member, 'casino again')).body.doc.id
    const reply = await moderator.send('/api/admin/moderate', {
      postType: 'forumThreads',
      postId: id,
      reason: 'Advertising a casino',
    })
    expect(reply.status).toBe(200)
    expect(await reportsOf('forumThreads', id)).toMatchObject([{ status: 'actioned' }])
  })

  it('require_approval creates a type with pending_review in it, for the approval queue', async () => {
    const reply = await member.send('/api/places', {
      name: 'Casino Royal',
      address: '1 rue de la Paix',
      latitude: 45.7,
      longitude: 4.8,
    })
    expect(reply.status).toBe(201)
    expect(reply.body.doc.status).toBe('pending_review')
    expect(
      await sql(app, 'SELECT held_as, words FROM watched_word_holds WHERE post_id = $1', [reply.body.doc.id]),
    ).toEqual([{ held_as: 'pending_review', words: ['Casino'] }])
    expect(await reportsOf('places', reply.body.doc.id)).toEqual([])
  })

  it('flag lets the item through and files a report by the service naming the words', async () => {
    const reply = await thread(member, 'Cryptocoins for sale')
    expect(reply.body.doc.status).toBe('published')
    expect(await reportsOf('forumThreads', reply.body.doc.id)).toEqual([
      { reporter_id: null, reason: 'other', details: 'Flagged by watched words: Cryptocoins', status: 'open' },
    ])
    const [entry] = await audits(app, 'content_reported', reply.body.doc.id)
    expect(entry).toMatchObject({ user_id: null, data: { postType: 'forumThreads', reason: 'other' } })
  })

  it('the strongest effect wins: block over require_approval over flag', async () => {
    expect((await thread(member, 'casino idiot crypto')).status).toBe(400)
    const held = await thread(member, 'casino crypto')
    expect(held.body.doc.status).toBe('moderated')
    expect((await reportsOf('forumThreads', held.body.doc.id))[0]!.details).toBe(
      'Held for approval by watched words: casino. Flagged by watched words: crypto',
    )
  })

  it('an edit meets them too: a published item edited to a held word leaves public view, a flagged one is reported', async () => {
    const id = (await thread(member, 'Board games tonight')).body.doc.id
    expect((await member.send(`/api/forum-threads/${id}`, { body: 'an idiot' }, 'PATCH')).status).toBe(400)
    expect((await member.send(`/api/forum-threads/${id}`, { body: 'crypto tips' }, 'PATCH')).body.doc.status).toBe(
      'published',
    )
    expect(await reportsOf('forumThreads', id)).toMatchObject([{ details: 'Flagged by watched words: crypto' }])
    const held = await member.send(`/api/forum-threads/${id}`, { body: 'casino night' }, 'PATCH')
    expect(held.body.doc.status).toBe('moderated')
    expect(await sql(app, 'SELECT held_as FROM watched_word_holds WHERE post_id = $1', [id])).toEqual([
      { held_as: 'moderated' },
    ])
  })

  it('staff are exempt from all but censor', async () => {
    for (const who of [moderator, admin]) {
      const reply = await thread(who, 'idiot casino crypto')
      expect(reply.status).toBe(201)
      expect(reply.body.doc.status).toBe('published')
      expect(await reportsOf('forumThreads', reply.body.doc.id)).toEqual([])
    }
  })

  it('blog comments meet every effect', async () => {
    const postId = await makePost(app)
    expect((await member.send('/api/blog-comments', { postId, body: 'idiot' })).body.error).toBe('content_blocked')
    const held = await member.send('/api/blog-comments', { postId, body: 'casino night' })
    expect(held.body.doc.status).toBe('moderated')
    expect(await reportsOf('blogComments', held.body.doc.id)).toHaveLength(1)
  })

  it('profiles meet only block and censor', async () => {
    expect((await member.send('/api/profile', { bio: 'an idiot' }, 'PATCH')).body).toMatchObject({
      error: 'content_blocked',
      issues: [{ path: 'bio' }],
    })
    const reply = await member.send('/api/profile', { displayName: 'Darn Casino', bio: 'crypto fan' }, 'PATCH')
    expect(reply.status).toBe(200)
    const [row] = await sql(app, 'SELECT display_name, bio FROM profiles WHERE user_id = $1', [member.user.id])
    expect(row).toEqual({ display_name: 'd**n Casino', bio: 'crypto fan' })
  })

  it('booking messages meet only block and censor', async () => {
    const day = localDate(4)
    const service = await bookableService(admin, day)
    const blocked = await book(member, {
      serviceId: service.id,
      bookingDate: day.date,
      bookingTime: '10:00',
      customerMessage: 'idiot',
    })
    expect(blocked.body).toMatchObject({ error: 'content_blocked' })
    expect(await count(app, 'bookings', 'service_id = $1', [service.id])).toBe(0)
    const reply = await book(member, {
      serviceId: service.id,
      bookingDate: day.date,
      bookingTime: '10:00',
      customerMessage: 'darn casino',
    })
    expect(reply.status).toBe(201)
    expect((await sql(app, 'SELECT customer_message FROM bookings WHERE service_id = $1', [service.id]))[0]).toEqual({
      customer_message: 'd**n casino',
    })
  })
})

describe('new members', () => {
  let fresh: Actor

  beforeAll(async () => {
    await clearList()
    fresh = await roleActor(app, 'citizen')
  })

  afterAll(async () => {
    await admin.send(
      SETTINGS,
      { newMemberDays: 0, newMemberDailyItems: 0, newMemberMaxLinks: 0, newMemberFirstApproved: 0 },
      'PATCH',
    )
  })

  it('the settings route reads, validates and audits', async () => {
    expect((await admin.get(SETTINGS)).body).toEqual({
      settings: { newMemberDays: 0, newMemberDailyItems: 0, newMemberMaxLinks: 0, newMemberFirstApproved: 0 },
    })
    for (const body of [{ newMemberDays: -1 }, { newMemberDays: 1.5 }, { newMemberDays: 1001 }, { other: 1 }, {}]) {
      expect((await admin.send(SETTINGS, body, 'PATCH')).body).toMatchObject({ error: 'invalid_request' })
    }
    expect((await member.get(SETTINGS)).status).toBe(403)
    expect((await member.send(SETTINGS, { newMemberDays: 3 }, 'PATCH')).status).toBe(403)
    const reply = await admin.send(
      SETTINGS,
      { newMemberDays: 7, newMemberDailyItems: 3, newMemberMaxLinks: 1, newMemberFirstApproved: 1 },
      'PATCH',
    )
    expect(reply.body.settings).toEqual({
      newMemberDays: 7,
      newMemberDailyItems: 3,
      newMemberMaxLinks: 1,
      newMemberFirstApproved: 1,
    })
    const [entry] = await audits(app, 'moderation_settings.update')
    expect(entry!.data).toMatchObject({ settings: { newMemberDays: 7 }, previous: { newMemberDays: 0 } })
  })

  it('the link cap, the first items to approval and the daily cap', async () => {
    const links = await thread(fresh, 'Links', 'see https://a.example and www.b.example')
    expect(links.status).toBe(400)
    expect(links.body.error).toBe('content_blocked')

    const first = await thread(fresh, 'My first thread', 'https://a.example')
    expect(first.body.doc.status).toBe('moderated')
    expect(await reportsOf('forumThreads', first.body.doc.id)).toMatchObject([
      { reporter_id: null, details: expect.stringContaining('first items') },
    ])
    // An item published: no longer a new member's limits.
    expect((await thread(fresh, 'Second')).body.doc.status).toBe('published')
    expect((await thread(fresh, 'Third', 'https://a.example https://b.example')).status).toBe(201)
  })

  it('the daily cap: 429 with Retry-After, nothing stored', async () => {
    await admin.send(SETTINGS, { newMemberFirstApproved: 10 }, 'PATCH')
    const newcomer = await roleActor(app, 'citizen')
    for (const title of ['One', 'Two', 'Three'])
      expect((await thread(newcomer, title)).body.doc.status).toBe('moderated')
    const capped = await newcomer.send('/api/forum-threads', { title: 'Four', body: 'x' })
    expect(capped.status).toBe(429)
    expect(capped.body.error).toBe('too_many_requests')
    const response = await app.request('/api/blog-comments', {
      method: 'POST',
      headers: { ...newcomer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ postId: await makePost(app), body: 'Five' }),
    })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(86_000)
    expect(await count(app, 'forum_threads', 'author_id = $1', [newcomer.user.id])).toBe(3)
    expect(await count(app, 'blog_comments', 'author_id_id = $1', [newcomer.user.id])).toBe(0)
  })

  it('an older account, one with a published item, and staff are not limited', async () => {
    await sql(app, "UPDATE users SET created_at = now() - interval '8 days' WHERE id = $1", [member.user.id])
    const older = await thread(member, 'Old hand', 'https://a.example https://b.example')
    expect(older.status).toBe(201)
    expect((await thread(moderator, 'Staff', 'https://a.example https://b.example')).status).toBe(201)
  })
})
