// Community content through the stock REST routes (docs/api.md "Community content"), point by point: author
// and status forced on create, who reads what, the transition table, locks, DELETE
// semantics, pinning and closing threads, posts into closed or hidden threads, and the
// error codes in the body. The database is checked after each change.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { roleActor } from '../helpers/blog'
import { type Actor, adminActor, anonymous, audits, count, MISSING_ID } from '../helpers/catalogue'
import { makeAnyItem, makeItem, MINIMAL, statusOf } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let author: Actor
let other: Actor
let moderator: Actor
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  other = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  admin = await adminActor(app)
})

afterAll(async () => {
  await app.stop()
})

const DEFAULTS: Array<[string, string]> = [
  ['forum-threads', 'published'],
  ['classifieds', 'pending_review'],
  ['places', 'pending_review'],
  ['articles', 'draft'],
  ['events', 'published'],
  ['groups', 'published'],
  ['galleries', 'published'],
  ['products', 'published'],
]

describe('create', () => {
  it.each(DEFAULTS)(
    '%s: the caller is the author and the status the default (%s), whatever the body says',
    async (collection, status) => {
      const reply = await author.send(`/api/${collection}`, {
        ...MINIMAL[collection]!(),
        author: other.user.id,
        status: 'archived',
      })
      expect(reply.status).toBe(201)
      expect(reply.body.doc).toMatchObject({ author: author.user.id, status })
      const [row] = await sql(app, `SELECT author_id, status FROM ${collection.replace(/-/g, '_')} WHERE id = $1`, [
        reply.body.doc.id,
      ])
      expect(row).toEqual({ author_id: author.user.id, status })
      expect(await audits(app, `${reply.body.doc && auditPrefix(collection)}.create`, reply.body.doc.id)).toHaveLength(
        1,
      )
    },
  )

  it.each(DEFAULTS.map(([collection]) => collection))(
    '%s: anonymous callers are refused and nothing is written',
    async (collection) => {
      const table = collection.replace(/-/g, '_')
      const before = await count(app, table)
      const reply = await anonymous(app).send(`/api/${collection}`, MINIMAL[collection]!())
      expect(reply.status).toBe(401)
      expect(reply.body).toMatchObject({ error: 'unauthorized' })
      expect(await count(app, table)).toBe(before)
    },
  )

  it.each([
    ['forum-threads', { title: 'x'.repeat(201), body: 'b' }, 'title'],
    ['forum-threads', { title: 't', body: 'x'.repeat(20_001) }, 'body'],
    ['forum-threads', { title: { root: {} }, body: 'b' }, 'title'],
    ['classifieds', { title: 't', price: '12,50' }, 'price'],
    ['classifieds', { title: 't', currency: 'XYZ' }, 'currency'],
    ['classifieds', { title: 't', expiresAt: new Date(Date.now() + 91 * 86_400_000).toISOString() }, 'expiresAt'],
    ['places', { name: 'n', latitude: 91 }, 'latitude'],
    ['places', { name: 'n', address: 'x'.repeat(501) }, 'address'],
    ['events', { title: 't', startsAt: '2030-01-02T10:00:00.000Z', endsAt: '2030-01-02T09:00:00.000Z' }, 'endsAt'],
    ['events', { title: 't', startsAt: 'not a date' }, 'startsAt'],
    ['events', { title: 't', startsAt: null }, 'startsAt'],
    ['events', { title: 't' }, 'startsAt'],
    ['classifieds', { title: 't', price: 12.5 }, 'price'],
    ['places', { name: 'n', latitude: 500 }, 'latitude'],
    ['places', { name: 'n', longitude: 'east' }, 'longitude'],
    ['articles', { title: 't', body: 'plain text is not rich text' }, 'body'],
    ['groups', { name: 'x'.repeat(201) }, 'name'],
  ])('%s: 400 on a field out of bounds (%#), writing nothing', async (collection, body, field) => {
    const table = collection.replace(/-/g, '_')
    const before = await count(app, table)
    const reply = await author.send(`/api/${collection}`, body)
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain(field)
    expect(await count(app, table)).toBe(before)
  })
})

function auditPrefix(collection: string): string {
  return {
    'forum-threads': 'forum_thread',
    'forum-posts': 'forum_post',
    classifieds: 'classified',
    places: 'place',
    articles: 'article',
    events: 'event',
    groups: 'group',
    galleries: 'gallery',
    products: 'product',
    reviews: 'review',
    comments: 'comment',
  }[collection]!
}

describe('who reads what', () => {
  const made: Record<string, string> = {}
  beforeAll(async () => {
    made.published = await makeItem(app, 'groups', author.user.id)
    made.moderated = await makeItem(app, 'groups', author.user.id, 'moderated')
    made.deleted = await makeItem(app, 'groups', author.user.id, 'deleted')
    made.othersModerated = await makeItem(app, 'groups', other.user.id, 'moderated')
  })

  const visible = async (who: Actor) => {
    const reply = await who.get('/api/groups', { limit: '100' })
    expect(reply.status).toBe(200)
    const seen = new Set(reply.body.docs.map((doc: { id: string }) => doc.id))
    return Object.keys(made)
      .filter((key) => seen.has(made[key]))
      .sort()
  }

  it('anyone the published ones; an author also their own; moderators and admins all', async () => {
    expect(await visible(anonymous(app))).toEqual(['published'])
    expect(await visible(author)).toEqual(['deleted', 'moderated', 'published'])
    expect(await visible(other)).toEqual(['othersModerated', 'published'])
    expect(await visible(moderator)).toEqual(Object.keys(made).sort())
    expect(await visible(admin)).toEqual(Object.keys(made).sort())
    expect((await anonymous(app).get(`/api/groups/${made.moderated}`)).status).toBe(404)
  })

  it('threads: closed ones are public; classifieds: active and sold until expiresAt', async () => {
    const closed = await makeItem(app, 'forum-threads', author.user.id, 'closed')
    expect((await anonymous(app).get(`/api/forum-threads/${closed}`)).status).toBe(200)
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const active = await makeItem(app, 'classifieds', author.user.id, 'active', { expiresAt: future })
    const sold = await makeItem(app, 'classifieds', author.user.id, 'sold', { expiresAt: future })
    const pending = await makeItem(app, 'classifieds', author.user.id, undefined, { expiresAt: future })
    const past = await makeItem(app, 'classifieds', author.user.id, 'active', { expiresAt: future })
    await sql(app, `UPDATE classifieds SET expires_at = now() - interval '1 minute' WHERE id = $1`, [past])
    const reply = await anonymous(app).get('/api/classifieds', { limit: '100' })
    const seen = reply.body.docs.map((doc: { id: string }) => doc.id)
    expect(seen).toEqual(expect.arrayContaining([active, sold]))
    expect(seen).not.toContain(pending)
    expect(seen).not.toContain(past)
  })
})

describe('status moves (PATCH)', () => {
  it('an author deletes their own; nothing else they send about author or status goes through', async () => {
    const id = await makeItem(app, 'groups', author.user.id)
    const reply = await author.send(`/api/groups/${id}`, { status: 'deleted', author: other.user.id }, 'PATCH')
    expect(reply.status).toBe(200)
    const [row] = await sql(app, 'SELECT status, author_id FROM groups WHERE id = $1', [id])
    expect(row).toEqual({ status: 'deleted', author_id: author.user.id })
    expect(await audits(app, 'group.update', id)).toHaveLength(1)
  })

  it('409 invalid_transition for a move outside the table (moderated through PATCH, published → archived on a group)', async () => {
    const id = await makeItem(app, 'groups', author.user.id)
    for (const status of ['moderated', 'pending_review', 'closed']) {
      const reply = await author.send(`/api/groups/${id}`, { status }, 'PATCH')
      expect(reply.status).toBe(409)
      expect(reply.body).toMatchObject({ error: 'invalid_transition', message: expect.any(String) })
    }
    expect(await statusOf(app, 'groups', id)).toBe('published')
  })

  it('articles: draft → pending_review → draft by the author; never published by them', async () => {
    const id = await makeItem(app, 'articles', author.user.id)
    expect((await author.send(`/api/articles/${id}`, { status: 'pending_review' }, 'PATCH')).status).toBe(200)
    const publish = await author.send(`/api/articles/${id}`, { status: 'published' }, 'PATCH')
    expect(publish.status).toBe(409)
    expect(publish.body.error).toBe('invalid_transition')
    expect((await author.send(`/api/articles/${id}`, { status: 'draft' }, 'PATCH')).status).toBe(200)
    expect(await statusOf(app, 'articles', id)).toBe('draft')
    const published = await makeItem(app, 'articles', author.user.id, 'published')
    expect((await author.send(`/api/articles/${published}`, { status: 'archived' }, 'PATCH')).status).toBe(200)
    expect(await statusOf(app, 'articles', published)).toBe('archived')
  })

  it('classifieds: active → sold → archived by the author; not active → sold by another', async () => {
    const id = await makeItem(app, 'classifieds', author.user.id, 'active', {
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect([403, 404]).toContain((await other.send(`/api/classifieds/${id}`, { status: 'sold' }, 'PATCH')).status)
    expect((await author.send(`/api/classifieds/${id}`, { status: 'sold' }, 'PATCH')).status).toBe(200)
    expect((await author.send(`/api/classifieds/${id}`, { status: 'archived' }, 'PATCH')).status).toBe(200)
    expect(await statusOf(app, 'classifieds', id)).toBe('archived')
  })

  it.each(['moderated', 'deleted'])(
    '409 content_locked: a %s item cannot be edited, even by an admin',
    async (status) => {
      const id = await makeItem(app, 'groups', author.user.id, status, { name: 'Before' })
      for (const who of [author, admin]) {
        const reply = await who.send(`/api/groups/${id}`, { name: 'After' }, 'PATCH')
        expect(reply.status).toBe(409)
        expect(reply.body.error).toBe('content_locked')
      }
      const [row] = await sql(app, 'SELECT name, status FROM groups WHERE id = $1', [id])
      expect(row).toEqual({ name: 'Before', status })
    },
  )

  it('400 for a required field set to null or an end before the start, the row unchanged', async () => {
    const id = await makeItem(app, 'events', author.user.id)
    const [before] = await sql(app, 'SELECT starts_at, ends_at FROM events WHERE id = $1', [id])
    for (const body of [
      { startsAt: null },
      { endsAt: '2000-01-01T00:00:00.000Z' },
      { startsAt: '2100-01-01T00:00:00.000Z' },
    ]) {
      const reply = await author.send(`/api/events/${id}`, body, 'PATCH')
      expect(reply.status).toBe(400)
    }
    expect(await sql(app, 'SELECT starts_at, ends_at FROM events WHERE id = $1', [id])).toEqual([before])
  })

  it('a moderator moves anyone’s item to deleted (delete_any) but does not rewrite it', async () => {
    const id = await makeItem(app, 'products', author.user.id, undefined, { title: 'Jam' })
    expect((await moderator.send(`/api/products/${id}`, { title: 'Rewritten' }, 'PATCH')).status).toBe(403)
    expect((await moderator.send(`/api/products/${id}`, { status: 'deleted' }, 'PATCH')).status).toBe(200)
    const [row] = await sql(app, 'SELECT title, status FROM products WHERE id = $1', [id])
    expect(row).toEqual({ title: 'Jam', status: 'deleted' })
  })

  it('another citizen reaches nobody else’s item', async () => {
    const id = await makeItem(app, 'groups', author.user.id)
    expect([403, 404]).toContain((await other.send(`/api/groups/${id}`, { status: 'deleted' }, 'PATCH')).status)
    expect([403, 404]).toContain(
      (await anonymous(app).send(`/api/groups/${id}`, { status: 'deleted' }, 'PATCH')).status,
    )
    expect(await statusOf(app, 'groups', id)).toBe('published')
  })
})

describe('DELETE /api/<slug>/<id>', () => {
  it('on a type with a deleted status: the author’s delete keeps the row, status deleted (200)', async () => {
    const id = await makeItem(app, 'events', author.user.id)
    const reply = await author.send(`/api/events/${id}`, undefined, 'DELETE')
    expect(reply.status).toBe(200)
    expect(await statusOf(app, 'events', id)).toBe('deleted')
    expect(await audits(app, 'event.update', id)).toHaveLength(1)
  })

  it('a holder of the type’s delete_any deletes anyone’s; another citizen and anonymous cannot', async () => {
    const id = await makeItem(app, 'galleries', author.user.id)
    expect([403, 404]).toContain((await other.send(`/api/galleries/${id}`, undefined, 'DELETE')).status)
    expect([401, 403, 404]).toContain((await anonymous(app).send(`/api/galleries/${id}`, undefined, 'DELETE')).status)
    expect(await statusOf(app, 'galleries', id)).toBe('published')
    expect((await moderator.send(`/api/galleries/${id}`, undefined, 'DELETE')).status).toBe(200)
    expect(await statusOf(app, 'galleries', id)).toBe('deleted')
  })

  it('a bulk DELETE removes nothing', async () => {
    const id = await makeItem(app, 'groups', author.user.id)
    await admin.send(`/api/groups?where[id][equals]=${id}`, undefined, 'DELETE')
    expect(await count(app, 'groups', 'id = $1', [id])).toBe(1)
  })

  it('on a type without one: the row goes, its audit entry keeps a snapshot', async () => {
    const id = await makeItem(app, 'places', author.user.id, undefined, { name: 'Le Comptoir' })
    expect([403, 404]).toContain((await other.send(`/api/places/${id}`, undefined, 'DELETE')).status)
    expect((await author.send(`/api/places/${id}`, undefined, 'DELETE')).status).toBe(200)
    expect(await count(app, 'places', 'id = $1', [id])).toBe(0)
    const [entry] = await audits(app, 'place.delete', id)
    expect(JSON.stringify(entry!.data)).toContain('Le Comptoir')
  })

  it('a missing or malformed id is 404', async () => {
    expect((await author.send(`/api/groups/${MISSING_ID}`, undefined, 'DELETE')).status).toBe(404)
    expect((await author.send('/api/groups/not-an-id', undefined, 'DELETE')).status).toBe(404)
  })
})

describe('forum', () => {
  it('pinning needs forum.pin_thread; closing and reopening forum.lock_thread', async () => {
    const id = await makeItem(app, 'forum-threads', author.user.id)
    expect((await author.send(`/api/forum-threads/${id}`, { pinned: true }, 'PATCH')).status).toBe(403)
    const close = await author.send(`/api/forum-threads/${id}`, { status: 'closed' }, 'PATCH')
    expect(close.status).toBe(409)
    expect(close.body.error).toBe('invalid_transition')
    expect((await moderator.send(`/api/forum-threads/${id}`, { pinned: true }, 'PATCH')).status).toBe(200)
    expect((await moderator.send(`/api/forum-threads/${id}`, { status: 'closed' }, 'PATCH')).status).toBe(200)
    const [row] = await sql(app, 'SELECT pinned, status FROM forum_threads WHERE id = $1', [id])
    expect(row).toEqual({ pinned: true, status: 'closed' })
    expect((await moderator.send(`/api/forum-threads/${id}`, { status: 'published' }, 'PATCH')).status).toBe(200)
  })

  it('threads list pinned first, then by last post', async () => {
    const older = await makeItem(app, 'forum-threads', author.user.id)
    const pinned = await makeItem(app, 'forum-threads', author.user.id)
    await sql(app, "UPDATE forum_threads SET pinned = true, last_post_at = now() - interval '1 day' WHERE id = $1", [
      pinned,
    ])
    const newer = await makeItem(app, 'forum-threads', author.user.id)
    expect((await author.send('/api/forum-posts', { thread: older, body: 'Up!' })).status).toBe(201)
    const reply = await anonymous(app).get('/api/forum-threads', { limit: '100' })
    const order = reply.body.docs
      .map((doc: { id: string }) => doc.id)
      .filter((id: string) => [older, pinned, newer].includes(id))
    expect(order).toEqual([pinned, older, newer])
  })

  it('a post into a closed thread is 409 thread_closed; into a hidden or missing one 404', async () => {
    const closed = await makeItem(app, 'forum-threads', author.user.id, 'closed')
    const hidden = await makeItem(app, 'forum-threads', author.user.id, 'moderated')
    const before = await count(app, 'forum_posts')
    const reply = await other.send('/api/forum-posts', { thread: closed, body: 'Hello' })
    expect(reply.status).toBe(409)
    expect(reply.body.error).toBe('thread_closed')
    expect((await other.send('/api/forum-posts', { thread: hidden, body: 'Hello' })).status).toBe(404)
    expect((await other.send('/api/forum-posts', { thread: MISSING_ID, body: 'Hello' })).status).toBe(404)
    expect((await other.send('/api/forum-posts', { thread: 'nope', body: 'Hello' })).status).toBe(404)
    expect((await other.send('/api/forum-posts', { body: 'Hello' })).status).toBe(400)
    expect(await count(app, 'forum_posts')).toBe(before)
  })

  it('postCount and lastPostAt stay exact under concurrent posting, and when a post is deleted', async () => {
    const thread = await makeItem(app, 'forum-threads', author.user.id)
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? author : other).send('/api/forum-posts', { thread, body: `Post ${i}` }),
      ),
    )
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(201))
    const [row] = await sql<{ post_count: number; last: string; latest: string }>(
      app,
      `SELECT t.post_count, t.last_post_at AS last, (SELECT max(created_at) FROM forum_posts WHERE thread_id = t.id) AS latest FROM forum_threads t WHERE t.id = $1`,
      [thread],
    )
    expect(Number(row!.post_count)).toBe(12)
    expect(new Date(row!.last).getTime()).toBe(new Date(row!.latest).getTime())
    expect((await author.send(`/api/forum-posts/${replies[1]!.body.doc.id}`, undefined, 'DELETE')).status).toBe(200)
    const [after] = await sql<{ post_count: number }>(app, 'SELECT post_count FROM forum_threads WHERE id = $1', [
      thread,
    ])
    expect(Number(after!.post_count)).toBe(11)
  })

  it('postCount stays exact when posts are deleted while others are written', async () => {
    const thread = await makeItem(app, 'forum-threads', author.user.id)
    const posts: string[] = []
    for (let i = 0; i < 6; i++)
      posts.push((await author.send('/api/forum-posts', { thread, body: `Old ${i}` })).body.doc.id)
    const replies = await Promise.all([
      ...posts.map((id) => author.send(`/api/forum-posts/${id}`, undefined, 'DELETE')),
      ...Array.from({ length: 6 }, (_, i) => other.send('/api/forum-posts', { thread, body: `New ${i}` })),
    ])
    expect(replies.map((reply) => reply.status)).toEqual([...Array(6).fill(200), ...Array(6).fill(201)])
    const [row] = await sql<{ post_count: number; published: string }>(
      app,
      `SELECT post_count, (SELECT count(*) FROM forum_posts WHERE thread_id = $1 AND status = 'published') AS published FROM forum_threads WHERE id = $1`,
      [thread],
    )
    expect([Number(row!.post_count), Number(row!.published)]).toEqual([6, 6])
  })

  it('a citizen does not create a thread pinned (403); a holder of forum.pin_thread does', async () => {
    const refused = await author.send('/api/forum-threads', { title: 'Pin me', body: 'b', pinned: true })
    expect(refused.status).toBe(403)
    expect(await sql(app, "SELECT 1 FROM forum_threads WHERE title = 'Pin me'")).toHaveLength(0)
    const pinned = await moderator.send('/api/forum-threads', {
      title: 'Pinned by a moderator',
      body: 'b',
      pinned: true,
    })
    expect(pinned.status).toBe(201)
    expect((await sql(app, 'SELECT pinned FROM forum_threads WHERE id = $1', [pinned.body.doc.id]))[0]).toEqual({
      pinned: true,
    })
  })

  it('createdAt and updatedAt are never taken from a body, on create or update', async () => {
    const future = '2100-01-01T00:00:00.000Z'
    const thread = await makeItem(app, 'forum-threads', author.user.id)
    const post = await author.send('/api/forum-posts', {
      thread,
      body: 'from the future',
      createdAt: future,
      updatedAt: future,
    })
    expect(post.status).toBe(201)
    const read = () =>
      sql<{ created_at: Date; updated_at: Date }>(app, 'SELECT created_at, updated_at FROM forum_posts WHERE id = $1', [
        post.body.doc.id,
      ])
    const [created] = await read()
    expect(new Date(created!.created_at).getFullYear()).toBeLessThan(2100)
    expect(new Date(created!.updated_at).getFullYear()).toBeLessThan(2100)
    const edit = await author.send(
      `/api/forum-posts/${post.body.doc.id}`,
      { body: 'edited', createdAt: future, updatedAt: future },
      'PATCH',
    )
    expect(edit.status).toBe(200)
    const [edited] = await read()
    expect(new Date(edited!.created_at).toISOString()).toBe(new Date(created!.created_at).toISOString())
    expect(new Date(edited!.updated_at).getFullYear()).toBeLessThan(2100)
    // updatedAt still moves with the edit (the closed field is not frozen at its old value).
    expect(new Date(edited!.updated_at).getTime()).toBeGreaterThan(new Date(created!.updated_at).getTime())
  })

  it('postCount and lastPostAt are never taken from a body', async () => {
    const reply = await author.send('/api/forum-threads', {
      title: 'Counts',
      body: 'b',
      postCount: 99,
      lastPostAt: '2001-01-01T00:00:00.000Z',
      pinned: false,
    })
    expect(reply.status).toBe(201)
    const [row] = await sql<{ post_count: number; last_post_at: Date }>(
      app,
      'SELECT post_count, last_post_at FROM forum_threads WHERE id = $1',
      [reply.body.doc.id],
    )
    expect(Number(row!.post_count)).toBe(0)
    expect(new Date(row!.last_post_at).getFullYear()).toBeGreaterThan(2020)
  })
})

describe('comments', () => {
  it('go on a publicly visible item; a hidden or missing target is 404', async () => {
    const place = await makeItem(app, 'places', author.user.id, 'published')
    const pending = await makeItem(app, 'places', author.user.id)
    const ok = await other.send('/api/comments', {
      target: { relationTo: 'places', value: place },
      body: 'Lovely spot',
    })
    expect(ok.status).toBe(201)
    expect(ok.body.doc).toMatchObject({ author: other.user.id, status: 'published' })
    expect(
      (await other.send('/api/comments', { target: { relationTo: 'places', value: pending }, body: 'Hm' })).status,
    ).toBe(404)
    expect(
      (await other.send('/api/comments', { target: { relationTo: 'places', value: MISSING_ID }, body: 'Hm' })).status,
    ).toBe(404)
    expect(
      (await other.send('/api/comments', { target: { relationTo: 'users', value: other.user.id }, body: 'Hm' })).status,
    ).toBe(400)
    expect(
      (await other.send('/api/comments', { target: { relationTo: 'places', value: place }, body: 'x'.repeat(5001) }))
        .status,
    ).toBe(400)
  })
})

describe('moderation of every type with a moderated status (POST /api/admin/moderate)', () => {
  const TITLES: Array<[string, string, string]> = [
    ['reviews', 'reviews', 'Votre avis a été modéré'],
    ['comments', 'comments', 'Votre commentaire a été modéré'],
    ['forumThreads', 'forum-threads', 'Votre sujet de forum a été modéré'],
    ['forumPosts', 'forum-posts', 'Votre message de forum a été modéré'],
    ['events', 'events', 'Votre événement a été modéré'],
    ['groups', 'groups', 'Votre groupe a été modéré'],
    ['galleries', 'galleries', 'Votre galerie a été modérée'],
    ['products', 'products', 'Votre produit a été modéré'],
  ]

  const itemOf = (collection: string) => makeAnyItem(app, collection, author.user.id, { admin, customer: author })

  it.each(TITLES)(
    '%s: moderated, its author notified in French, audited, in one go',
    async (postType, collection, title) => {
      const id = await itemOf(collection)
      const reply = await moderator.send('/api/admin/moderate', { postType, postId: id, reason: 'Propos hors sujet' })
      expect(reply).toEqual({ status: 200, body: { success: true, postType, postId: id, status: 'moderated' } })
      expect(await statusOf(app, collection, id)).toBe('moderated')
      const notes = await sql(app, 'SELECT title, body FROM notifications WHERE user_id_id = $1 AND target_id = $2', [
        author.user.id,
        id,
      ])
      expect(notes).toEqual([{ title, body: expect.stringContaining('Propos hors sujet') }])
      expect(await audits(app, 'content_moderated', id)).toHaveLength(1)
      const again = await moderator.send('/api/admin/moderate', { postType, postId: id, reason: 'Propos hors sujet' })
      expect(again).toEqual({ status: 400, body: expect.objectContaining({ error: 'BIZ_ALREADY_MODERATED' }) })
    },
  )

  it('types without a moderated status stay 400 VAL_INVALID_ENUM', async () => {
    const id = await makeItem(app, 'places', author.user.id)
    const reply = await moderator.send('/api/admin/moderate', {
      postType: 'places',
      postId: id,
      reason: 'Propos hors sujet',
    })
    expect(reply).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'VAL_INVALID_ENUM', field: 'postType' }),
    })
  })
})
