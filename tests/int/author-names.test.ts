// The author's username beside each comment for the people who moderate (issue 19 item 4,
// decision 71; collections/authorName.ts): written from the account when the comment is
// made, whatever the caller sends; readable by moderators and admins only; following a
// rename and gone with a deleted account; the migration's backfill.
// Moderators still may not read users.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { makeComment, makePost, roleActor } from '../helpers/blog'
import { anonymous, type Actor } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser } from '../helpers/users'
import * as authorNamesMigration from '../../src/migrations/20261125_020158_blog_comment_author_names'

const COMMENTS = '/api/blog-comments'

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

const usernameOf = async (id: string) => (await sql<{ username: string }>(app, 'SELECT username FROM users WHERE id = $1', [id]))[0]!.username
const storedName = async (id: string) => (await sql<{ author_name: string | null }>(app, 'SELECT author_name FROM blog_comments WHERE id = $1', [id]))[0]!.author_name

beforeAll(async () => {
  app = await startTestApp()
  ;[author, other, moderator, admin] = await Promise.all((['citizen', 'citizen', 'moderator', 'admin'] as const).map((role) => roleActor(app, role)))
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

  it('follows a rename of the author, on every comment, with the rename', async () => {
    const writer = await createUser(app)
    const ids = [await makeComment(app, post, writer.id), await makeComment(app, post, writer.id, 'moderated')]
    const untouched = await makeComment(app, post, author.user.id)
    const statements = await capturing(async () => {
      const reply = await admin.send(`/api/users/${writer.id}`, { username: 'renamed-writer' }, 'PATCH')
      expect(reply.status).toBe(200)
    })
    for (const id of ids) expect(await storedName(id)).toBe('renamed-writer')
    // One statement for the collection, not one per comment.
    expect(statements.filter((text) => /^UPDATE "blog_comments" SET "author_name"/.test(text))).toHaveLength(1)
    expect(await storedName(untouched)).toBe(await usernameOf(author.user.id))
  })

  it('goes with a deleted account; the comment stays, authorless', async () => {
    const writer = await createUser(app)
    const id = await makeComment(app, post, writer.id)
    expect((await admin.send(`/api/users/${writer.id}`, undefined, 'DELETE')).status).toBe(200)
    expect(await sql(app, 'SELECT author_id_id, author_name FROM blog_comments WHERE id = $1', [id])).toEqual([{ author_id_id: null, author_name: null }])
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
