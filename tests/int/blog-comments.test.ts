// Blog comments through the stock REST route: signed-in users post them, the
// author forced to the caller and the status to `published`; plain text up to 5,000
// characters on a published post; anyone reads published comments of published posts,
// authors and moderators see the rest; an author deletes (status `deleted`) their own; only
// moderation makes a comment `moderated`. Blog posts: public when published, admin-written.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { commentStatus, makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, anonymous, audits, count, MISSING_ID } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser } from '../helpers/users'

const COMMENTS = '/api/blog-comments'

let app: TestApp
let author: Actor
let other: Actor
let moderator: Actor
let admin: Actor
let published: string
let draft: string

const ids = (docs: Array<{ id: string }>) => docs.map((doc) => doc.id)

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  other = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  admin = await roleActor(app, 'admin')
  published = await makePost(app)
  draft = await makePost(app, { status: 'draft' })
})

afterAll(async () => {
  await app.stop()
})

describe('POST /api/blog-comments', () => {
  it('creates a comment as the caller, published, whatever the body says about author or status', async () => {
    const reply = await author.send(COMMENTS, {
      postId: published,
      body: 'Bel article, merci !',
      authorId: other.user.id,
      status: 'moderated',
    })
    expect(reply.status).toBe(201)
    expect(reply.body.doc).toMatchObject({
      postId: expect.objectContaining({ id: published }),
      authorId: author.user.id,
      status: 'published',
      body: 'Bel article, merci !',
    })
    const [row] = await sql<Record<string, unknown>>(
      app,
      'SELECT author_id_id, status FROM blog_comments WHERE id = $1',
      [reply.body.doc.id],
    )
    expect(row).toEqual({ author_id_id: author.user.id, status: 'published' })
    expect(await audits(app, 'blog_comment.create', reply.body.doc.id)).toHaveLength(1)
  })

  it('refuses an anonymous caller (403) and writes nothing', async () => {
    const before = await count(app, 'blog_comments')
    expect((await anonymous(app).send(COMMENTS, { postId: published, body: 'anonymous' })).status).toBe(403)
    expect(await count(app, 'blog_comments')).toBe(before)
  })

  it.each([
    ['a 6,000-character body', () => ({ postId: published, body: 'x'.repeat(6000) }), 'body'],
    [
      'rich-text JSON where text is expected',
      () => ({ postId: published, body: { root: { children: [{ text: 'hi' }] } } }),
      'body',
    ],
    ['a number as body', () => ({ postId: published, body: 42 }), 'body'],
    ['an empty body', () => ({ postId: published, body: '   ' }), 'body'],
    ['no post', () => ({ body: 'hello' }), 'postId'],
    ['a post that does not exist', () => ({ postId: MISSING_ID, body: 'hello' }), 'postId'],
    ['a post id that is not an id', () => ({ postId: 'not-an-id', body: 'hello' }), 'postId'],
    ['a draft post', () => ({ postId: draft, body: 'hello' }), 'postId'],
  ])('400 for %s, on the field, writing nothing', async (_label, body, field) => {
    const before = await count(app, 'blog_comments')
    const reply = await author.send(COMMENTS, body())
    expect(reply.status).toBe(400)
    expect(reply.body.errors[0].data.errors.map((error: { path: string }) => error.path)).toContain(field)
    expect(await count(app, 'blog_comments')).toBe(before)
  })

  it('accepts exactly 5,000 characters', async () => {
    expect((await author.send(COMMENTS, { postId: published, body: 'é'.repeat(5000) })).status).toBe(201)
  })
})

describe('who reads what', () => {
  const made: Record<string, string> = {}

  beforeAll(async () => {
    made.public = await makeComment(app, published, author.user.id)
    made.moderated = await makeComment(app, published, author.user.id, 'moderated')
    made.deleted = await makeComment(app, published, author.user.id, 'deleted')
    made.onDraft = await makeComment(app, draft, author.user.id)
    made.othersModerated = await makeComment(app, published, other.user.id, 'moderated')
  })

  const visible = async (who: Actor) => {
    const reply = await who.get(COMMENTS, { limit: '100', depth: '2' })
    expect(reply.status).toBe(200)
    const seen = new Set(ids(reply.body.docs))
    return Object.entries(made)
      .filter(([, id]) => seen.has(id))
      .map(([key]) => key)
      .sort()
  }

  it('anyone: published comments of published posts', async () => {
    expect(await visible(anonymous(app))).toEqual(['public'])
    expect((await anonymous(app).get(`${COMMENTS}/${made.moderated}`)).status).toBe(404)
    expect((await anonymous(app).get(`${COMMENTS}/${made.onDraft}`)).status).toBe(404)
  })

  it('an author: also their own moderated, deleted and draft-post comments, not another’s', async () => {
    expect(await visible(author)).toEqual(['deleted', 'moderated', 'onDraft', 'public'])
    expect(await visible(other)).toEqual(['othersModerated', 'public'])
  })

  it('moderators and admins: all of them', async () => {
    const all = Object.keys(made).sort()
    expect(await visible(moderator)).toEqual(all)
    expect(await visible(admin)).toEqual(all)
  })

  it('filters only narrow what the rules allow', async () => {
    const reply = await anonymous(app).get(COMMENTS, { 'where[status][equals]': 'moderated' })
    expect(reply.body.docs).toEqual([])
  })

  it('shows the author as a plain id at any depth, and a draft post to nobody through a comment', async () => {
    const reply = await author.get(`${COMMENTS}/${made.onDraft}`, { depth: '3' })
    expect(reply.body.authorId).toBe(author.user.id)
    expect(reply.body.postId).toBe(draft)
    const pub = await anonymous(app).get(`${COMMENTS}/${made.public}`, { depth: '3' })
    expect(pub.body.authorId).toBe(author.user.id)
    expect(pub.body.postId).toMatchObject({ id: published, status: 'published' })
  })
})

describe('changing a comment', () => {
  it('an author deletes their own (status deleted); nothing else they send changes', async () => {
    const id = await makeComment(app, published, author.user.id, 'published', 'original text')
    const reply = await author.send(
      `${COMMENTS}/${id}`,
      { status: 'deleted', body: 'rewritten', postId: draft, authorId: other.user.id },
      'PATCH',
    )
    expect(reply.status).toBe(200)
    const [row] = await sql<Record<string, unknown>>(
      app,
      'SELECT status, body, post_id_id, author_id_id FROM blog_comments WHERE id = $1',
      [id],
    )
    expect(row).toEqual({
      status: 'deleted',
      body: 'original text',
      post_id_id: published,
      author_id_id: author.user.id,
    })
    expect(await audits(app, 'blog_comment.update', id)).toHaveLength(1)
    // Once deleted it is no longer theirs to change (only admins bring it back).
    expect([403, 404]).toContain((await author.send(`${COMMENTS}/${id}`, { status: 'published' }, 'PATCH')).status)
    expect(await commentStatus(app, id)).toBe('deleted')
  })

  it('nobody else’s comment: a citizen is refused and nothing changes', async () => {
    const id = await makeComment(app, published, author.user.id)
    for (const status of ['deleted', 'moderated']) {
      expect([403, 404]).toContain((await other.send(`${COMMENTS}/${id}`, { status }, 'PATCH')).status)
    }
    expect([403, 404]).toContain(
      (await anonymous(app).send(`${COMMENTS}/${id}`, { status: 'deleted' }, 'PATCH')).status,
    )
    expect(await commentStatus(app, id)).toBe('published')
  })

  it('`moderated` only through moderation, not by a plain update, whoever asks', async () => {
    const id = await makeComment(app, published, author.user.id)
    for (const who of [author, moderator, admin]) {
      const reply = await who.send(`${COMMENTS}/${id}`, { status: 'moderated' }, 'PATCH')
      expect(reply.status).toBe(400)
      expect(reply.body.errors[0].data.errors[0]).toMatchObject({
        path: 'status',
        message: expect.stringContaining('/api/admin/moderate'),
      })
    }
    expect(await commentStatus(app, id)).toBe('published')
  })

  it('a moderator (comment.delete_any) deletes any comment but cannot restore one; an admin can', async () => {
    const id = await makeComment(app, published, author.user.id)
    expect((await moderator.send(`${COMMENTS}/${id}`, { status: 'deleted' }, 'PATCH')).status).toBe(200)
    expect((await moderator.send(`${COMMENTS}/${id}`, { status: 'published' }, 'PATCH')).status).toBe(403)
    expect(await commentStatus(app, id)).toBe('deleted')
    expect((await admin.send(`${COMMENTS}/${id}`, { status: 'published' }, 'PATCH')).status).toBe(200)
    expect(await commentStatus(app, id)).toBe('published')
  })

  it('DELETE removes a row for admins only', async () => {
    const id = await makeComment(app, published, author.user.id)
    for (const who of [author, moderator, anonymous(app)]) {
      expect((await who.send(`${COMMENTS}/${id}`, undefined, 'DELETE')).status).toBe(403)
    }
    expect((await admin.send(`${COMMENTS}/${id}`, undefined, 'DELETE')).status).toBe(200)
    expect(await count(app, 'blog_comments', 'id = $1', [id])).toBe(0)
  })
})

describe('blog posts', () => {
  it('anyone reads published posts; drafts are for admins', async () => {
    const list = await anonymous(app).get('/api/blog-posts', { limit: '100' })
    expect(ids(list.body.docs)).toContain(published)
    expect(ids(list.body.docs)).not.toContain(draft)
    expect((await author.get(`/api/blog-posts/${draft}`)).status).toBe(404)
    expect((await admin.get(`/api/blog-posts/${draft}`)).status).toBe(200)
  })

  it('only admins write them; the first publication is stamped and audited', async () => {
    const body = { title: 'Nouvelles du quartier', slug: 'nouvelles-du-quartier', status: 'published' }
    for (const who of [author, moderator, anonymous(app)])
      expect((await who.send('/api/blog-posts', body)).status).toBe(403)
    const reply = await admin.send('/api/blog-posts', body)
    expect(reply.status).toBe(201)
    expect(reply.body.doc).toMatchObject({
      authorId: admin.user.id,
      status: 'published',
      publishedAt: expect.any(String),
    })
    expect(await audits(app, 'blog_post.create', reply.body.doc.id)).toHaveLength(1)
  })

  it('deleting a post takes its comments with it', async () => {
    const post = await makePost(app)
    await makeComment(app, post, author.user.id)
    await makeComment(app, post, other.user.id, 'moderated')
    expect((await admin.send(`/api/blog-posts/${post}`, undefined, 'DELETE')).status).toBe(200)
    expect(await count(app, 'blog_comments', 'post_id_id = $1', [post])).toBe(0)
  })

  it('deleting an account keeps its comments, authorless', async () => {
    const leaving = await createUser(app)
    const id = await makeComment(app, published, leaving.id)
    await app.payload.delete({ collection: 'users', id: leaving.id, overrideAccess: true })
    expect(await sql(app, 'SELECT author_id_id FROM blog_comments WHERE id = $1', [id])).toEqual([
      { author_id_id: null },
    ])
  })
})
