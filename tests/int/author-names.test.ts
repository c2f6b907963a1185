// The author's username for the people who moderate, on comments and every community type (docs/decisions.md
// "Author names are denormalised for moderators").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { CONTENT_TYPE_NAMES, CONTENT_TYPES } from '../../domain/content-types'
import * as authorNamesMigration from '../../src/migrations/20261125_020158_blog_comment_author_names'
import * as communityAuthorNamesMigration from '../../src/migrations/20261125_055112_community_author_names'
import { makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, anonymous } from '../helpers/catalogue'
import { makeAnyItem } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser } from '../helpers/users'

const COMMENTS = '/api/blog-comments'
/** Every community collection of the registry (blog comments have their own tests above). */
const COMMUNITY = CONTENT_TYPE_NAMES.filter((name) => name !== 'blogComments').map(
  (name) => CONTENT_TYPES[name].collection as string,
)
const tableOf = (collection: string) => collection.replace(/-/g, '_')
const COMMUNITY_NAME = Object.fromEntries(
  CONTENT_TYPE_NAMES.map((name) => [CONTENT_TYPES[name].collection as string, name]),
) as Record<string, (typeof CONTENT_TYPE_NAMES)[number]>

let app: TestApp
let post: string
let [author, other, moderator, admin] = [] as Actor[]

/** The SQL texts every client of the process sends while `fn` runs. */
async function capturing(fn: () => Promise<void>): Promise<string[]> {
  const original = pg.Client.prototype.query
  const statements: string[] = []
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const query = args[0] as string | { text: string }
    statements.push((typeof query === 'string' ? query : query.text).trim())
    return (original as (...values: unknown[]) => unknown).apply(this, args)
  } as typeof original
  try {
    await fn()
  } finally {
    pg.Client.prototype.query = original
  }
  return statements
}

const usernameOf = async (id: string) =>
  (await sql<{ username: string }>(app, 'SELECT username FROM users WHERE id = $1', [id]))[0]!.username
const storedItemName = async (collection: string, id: string) =>
  (
    await sql<{ author_name: string | null }>(app, `SELECT author_name FROM ${tableOf(collection)} WHERE id = $1`, [id])
  )[0]!.author_name
const storedName = async (id: string) =>
  (await sql<{ author_name: string | null }>(app, 'SELECT author_name FROM blog_comments WHERE id = $1', [id]))[0]!
    .author_name

beforeAll(async () => {
  app = await startTestApp()
  ;[author, other, moderator, admin] = await Promise.all(
    (['citizen', 'citizen', 'moderator', 'admin'] as const).map((role) => roleActor(app, role)),
  )
  post = await makePost(app)
})

afterAll(async () => {
  await app?.stop()
})

describe('a comment carries its author’s username', () => {
  it('is written from the account on POST, whatever the caller sends', async () => {
    const reply = await author.send(COMMENTS, { postId: post, body: 'Named', authorName: 'someone-else' })
    expect(reply.status).toBe(201)
    expect(await storedName(reply.body.doc.id)).toBe(await usernameOf(author.user.id))
  })

  it('cannot be changed by a PATCH, not even an admin’s', async () => {
    const id = await makeComment(app, post, author.user.id)
    const reply = await admin.send(`${COMMENTS}/${id}`, { authorName: 'forged' }, 'PATCH')
    expect(reply.status).toBe(200)
    expect(await storedName(id)).toBe(await usernameOf(author.user.id))
  })

  it('is read by moderators and admins, in lists and by id; not by the public, other citizens or the author', async () => {
    const id = await makeComment(app, post, author.user.id, 'published', 'Read me')
    const username = await usernameOf(author.user.id)
    for (const staff of [moderator, admin]) {
      expect((await staff.get(`${COMMENTS}/${id}`)).body).toMatchObject({ id, authorName: username })
      const list = await staff.get(COMMENTS, { 'where[id][equals]': id, depth: '0' })
      expect(list.body.docs).toEqual([expect.objectContaining({ id, authorName: username })])
    }
    for (const reader of [anonymous(app), other, author]) {
      const one = await reader.get(`${COMMENTS}/${id}`)
      expect(one.status).toBe(200)
      expect(one.body).not.toHaveProperty('authorName')
      const list = await reader.get(COMMENTS, { 'where[id][equals]': id })
      expect(list.body.docs).toHaveLength(1)
      expect(list.body.docs[0]).not.toHaveProperty('authorName')
    }
  })

  it('follows a rename of the author, on every comment and every community item, with the rename', async () => {
    const writer = await createUser(app)
    const ids = [await makeComment(app, post, writer.id), await makeComment(app, post, writer.id, 'moderated')]
    const untouched = await makeComment(app, post, author.user.id)
    // Two items of each community type, so a statement per row would show as two.
    const items: Array<[string, string]> = []
    for (const collection of COMMUNITY) {
      for (let n = 0; n < 2; n++)
        items.push([collection, await makeAnyItem(app, collection, writer.id, { admin, customer: other })])
    }
    const untouchedItem = await makeAnyItem(app, 'forum-threads', author.user.id, { admin, customer: other })
    const statements = await capturing(async () => {
      const reply = await admin.send(`/api/users/${writer.id}`, { username: 'renamed-writer' }, 'PATCH')
      expect(reply.status).toBe(200)
    })
    for (const id of ids) expect(await storedName(id)).toBe('renamed-writer')
    for (const [collection, id] of items)
      expect([collection, await storedItemName(collection, id)]).toEqual([collection, 'renamed-writer'])
    // One statement per collection, not one per comment or item.
    for (const table of ['blog_comments', ...COMMUNITY.map(tableOf)]) {
      expect([
        table,
        statements.filter((text) => text.startsWith(`UPDATE "${table}" SET "author_name"`)).length,
      ]).toEqual([table, 1])
    }
    expect(await storedName(untouched)).toBe(await usernameOf(author.user.id))
    expect(await storedItemName('forum-threads', untouchedItem)).toBe(await usernameOf(author.user.id))
  })

  it('goes with a deleted account; the comment stays, authorless', async () => {
    const writer = await createUser(app)
    const id = await makeComment(app, post, writer.id)
    expect((await admin.send(`/api/users/${writer.id}`, undefined, 'DELETE')).status).toBe(200)
    expect(await sql(app, 'SELECT author_id_id, author_name FROM blog_comments WHERE id = $1', [id])).toEqual([
      { author_id_id: null, author_name: null },
    ])
  })

  it('is backfilled by the migration for comments written before it', async () => {
    const writer = await createUser(app)
    const id = await makeComment(app, post, writer.id)
    const db = (app.payload.db as unknown as { drizzle: unknown }).drizzle
    const args = { db, payload: app.payload, req: {} } as unknown as Parameters<typeof authorNamesMigration.up>[0]
    await authorNamesMigration.down(args)
    await authorNamesMigration.up(args)
    expect(await storedName(id)).toBe(await usernameOf(writer.id))
  })
})

describe('every community content type carries its author’s username', () => {
  it('is written from the account on POST, whatever the caller sends', async () => {
    const reply = await author.send('/api/forum-threads', {
      title: 'Named thread',
      body: 'Hello',
      authorName: 'someone-else',
    })
    expect(reply.status).toBe(201)
    expect(await storedItemName('forum-threads', reply.body.doc.id)).toBe(await usernameOf(author.user.id))
  })

  it.each(COMMUNITY)(
    '%s: written when the item is made; read by moderators and admins, in lists and by id; by nobody else',
    async (collection) => {
      const id = await makeAnyItem(app, collection, author.user.id, { admin, customer: other })
      const username = await usernameOf(author.user.id)
      expect(await storedItemName(collection, id)).toBe(username)
      for (const staff of [moderator, admin]) {
        expect((await staff.get(`/api/${collection}/${id}`)).body).toMatchObject({ id, authorName: username })
        const list = await staff.get(`/api/${collection}`, { 'where[id][equals]': id, depth: '0' })
        expect(list.body.docs).toEqual([expect.objectContaining({ id, authorName: username })])
      }
      // The author reads their item in any status, the others once it is public: never the name.
      await sql(app, `UPDATE ${tableOf(collection)} SET status = $2 WHERE id = $1`, [
        id,
        CONTENT_TYPES[COMMUNITY_NAME[collection]!].publicStatuses[0],
      ])
      if (collection === 'classifieds')
        await sql(app, `UPDATE classifieds SET expires_at = now() + interval '1 day' WHERE id = $1`, [id])
      for (const reader of [anonymous(app), other, author]) {
        const one = await reader.get(`/api/${collection}/${id}`)
        expect([collection, one.status]).toEqual([collection, 200])
        expect(one.body).not.toHaveProperty('authorName')
        const list = await reader.get(`/api/${collection}`, { 'where[id][equals]': id })
        expect(list.body.docs).toHaveLength(1)
        expect(list.body.docs[0]).not.toHaveProperty('authorName')
      }
    },
  )

  it('cannot be changed by a PATCH, not even an admin’s', async () => {
    const id = await makeAnyItem(app, 'places', author.user.id, { admin, customer: other })
    expect((await admin.send(`/api/places/${id}`, { authorName: 'forged' }, 'PATCH')).status).toBe(200)
    expect(await storedItemName('places', id)).toBe(await usernameOf(author.user.id))
  })

  it('goes with a deleted account; the items stay, authorless', async () => {
    const writer = await createUser(app)
    const items: Array<[string, string]> = []
    for (const collection of COMMUNITY)
      items.push([collection, await makeAnyItem(app, collection, writer.id, { admin, customer: other })])
    expect((await admin.send(`/api/users/${writer.id}`, undefined, 'DELETE')).status).toBe(200)
    for (const [collection, id] of items) {
      expect([
        collection,
        await sql(app, `SELECT author_id, author_name FROM ${tableOf(collection)} WHERE id = $1`, [id]),
      ]).toEqual([collection, [{ author_id: null, author_name: null }]])
    }
  })

  it('is backfilled by the migration for items written before it, on every table', async () => {
    const writer = await createUser(app)
    const items: Array<[string, string]> = []
    for (const collection of COMMUNITY)
      items.push([collection, await makeAnyItem(app, collection, writer.id, { admin, customer: other })])
    const db = (app.payload.db as unknown as { drizzle: unknown }).drizzle
    const args = { db, payload: app.payload, req: {} } as unknown as Parameters<
      typeof communityAuthorNamesMigration.up
    >[0]
    await communityAuthorNamesMigration.down(args)
    await communityAuthorNamesMigration.up(args)
    const username = await usernameOf(writer.id)
    for (const [collection, id] of items)
      expect([collection, await storedItemName(collection, id)]).toEqual([collection, username])
  })
})

describe('moderators still may not read users', () => {
  it('GET /api/users lists only themselves; an author by id is 404; the author field stays an id', async () => {
    const list = await moderator.get('/api/users', { limit: '100' })
    expect(list.status).toBe(200)
    expect(list.body.docs.map((user: { id: string }) => user.id)).toEqual([moderator.user.id])
    expect((await moderator.get(`/api/users/${author.user.id}`)).status).toBe(404)
    const id = await makeComment(app, post, author.user.id)
    const comment = await moderator.get(`${COMMENTS}/${id}`, { depth: '2' })
    expect(comment.body.authorId).toBe(author.user.id)
  })
})
