// /api/admin/blog/* (docs/api.md "Admin blog: /api/admin/blog"): admins only (anonymous, citizen and
// moderator 403), the admin API's envelope, posts with localized title, excerpt and body merged per
// language, publish / unpublish / archive with publishedAt kept, delete with its comments, and
// the comment list; the database and the audit entry checked after each change.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, adminActor, anonymous, audits, call, citizenActor, count } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const POSTS = '/api/admin/blog/posts'
const COMMENTS = '/api/admin/blog/comments'
let app: TestApp
let admin: Actor
let citizen: Actor
let moderator: Actor
let seq = 0
const slug = () => `post-${Date.now().toString(36)}-${++seq}`
const lexical = (text: string) => ({
  root: {
    type: 'root',
    format: '',
    indent: 0,
    version: 1,
    direction: 'ltr',
    children: [
      {
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
      },
    ],
  },
})

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  citizen = await citizenActor(app)
  moderator = await roleActor(app, 'moderator')
})

afterAll(async () => {
  await app.stop()
})

const locales = async (id: string) =>
  Object.fromEntries(
    (
      await sql<{ _locale: string; title: string; excerpt: string | null }>(
        app,
        'SELECT _locale, title, excerpt FROM blog_posts_locales WHERE _parent_id = $1',
        [id],
      )
    ).map((row) => [row._locale, { title: row.title, excerpt: row.excerpt }]),
  )

async function created(fields: Record<string, unknown> = {}) {
  const reply = await admin.send(POSTS, { action: 'create', slug: slug(), title: { en: 'Spring fair' }, ...fields })
  if (reply.status !== 201) throw new Error(`create: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.post
}

describe('access and envelope', () => {
  it('403 forbidden for anonymous, citizen and moderator on both routes and every mutation', async () => {
    const before = await count(app, 'blog_posts')
    for (const who of [anonymous(app), citizen, moderator]) {
      expect(await who.get(POSTS)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      expect(await who.get(COMMENTS)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      for (const method of ['POST', 'PATCH', 'DELETE'])
        expect((await who.send(POSTS, { action: 'create', slug: slug(), title: { en: 'x' } }, method)).status).toBe(403)
    }
    expect(await count(app, 'blog_posts')).toBe(before)
  })

  it('400 invalid_body, missing_action, unknown_action, missing_id, invalid_request', async () => {
    expect((await call(app, 'POST', POSTS, { headers: admin.headers, raw: 'nope' })).body.error).toBe('invalid_body')
    expect((await admin.send(POSTS, {})).body.error).toBe('missing_action')
    expect((await admin.send(POSTS, { action: 'promote' })).body.error).toBe('unknown_action')
    for (const action of ['update', 'publish', 'unpublish', 'archive', 'delete'])
      expect((await admin.send(POSTS, { action })).body.error).toBe('missing_id')
    for (const body of [
      { action: 'create', slug: 'Bad Slug', title: { en: 'x' } },
      { action: 'create', slug: slug() },
      { action: 'create', slug: slug(), title: { xx: 'x' } },
      { action: 'create', slug: slug(), title: { en: 'x' }, excerpt: { en: 'e'.repeat(501) } },
      { action: 'create', slug: slug(), title: { en: 'x' }, status: 'deleted' },
      { action: 'create', slug: slug(), title: { en: 'x' }, body: { en: 'plain' } },
      { action: 'create', slug: slug(), title: { en: 'x' }, excerpt: { fr: 'Sans titre' } },
      { action: 'update', id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const reply = await admin.send(POSTS, body)
      expect({ body, status: reply.status, error: reply.body.error }).toEqual({
        body,
        status: 400,
        error: 'invalid_request',
      })
    }
    expect((await admin.get(POSTS, { status: 'gone' })).body.error).toBe('invalid_request')
    expect((await admin.get(COMMENTS, { postId: 'x' })).body.error).toBe('invalid_request')
  })
})

describe('posts', () => {
  it('201 create (draft by default, the admin its author), audited; GET ?id= with body; listed and found by q in any title', async () => {
    const post = await created({
      title: { en: 'Harvest festival', fr: 'Fête des vendanges' },
      excerpt: { en: 'Grapes' },
      body: { en: lexical('Come along') },
    })
    expect(post).toMatchObject({
      title: { en: 'Harvest festival', fr: 'Fête des vendanges' },
      excerpt: { en: 'Grapes' },
      status: 'draft',
      publishedAt: null,
      authorId: admin.user.id,
      commentCount: 0,
    })
    expect(post.body.en.root.children[0].children[0].text).toBe('Come along')
    expect(await locales(post.id)).toEqual({
      en: { title: 'Harvest festival', excerpt: 'Grapes' },
      fr: { title: 'Fête des vendanges', excerpt: null },
    })
    expect(await audits(app, 'blog_post.create', post.id)).toHaveLength(1)
    expect(await audits(app, 'blog_post.update', post.id)).toHaveLength(0)
    expect((await admin.get(POSTS, { id: post.id })).body.post).toEqual(post)
    const listed = await admin.get(POSTS, { q: 'VENDANGES' })
    expect(listed.status).toBe(200)
    expect(listed.body.posts).toEqual([expect.objectContaining({ id: post.id, slug: post.slug })])
    expect(listed.body.posts[0].body).toBeUndefined()
    expect(
      (await admin.get(POSTS, { status: 'draft', perPage: '100' })).body.posts.map((p: { id: string }) => p.id),
    ).toContain(post.id)
    expect((await admin.get(POSTS, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
  })

  it('update merges localized objects per language (null clears one), audited once', async () => {
    const post = await created({ title: { en: 'Old', fr: 'Ancien' }, excerpt: { en: 'E', fr: 'F' } })
    const reply = await admin.send(
      POSTS,
      { action: 'update', id: post.id, title: { fr: 'Nouveau' }, excerpt: { en: null, de: 'D' } },
      'PATCH',
    )
    expect(reply.status).toBe(400) // excerpt.de needs a German title
    const ok = await admin.send(
      POSTS,
      { action: 'update', id: post.id, title: { fr: 'Nouveau', de: 'Neu' }, excerpt: { en: null, de: 'D' } },
      'PATCH',
    )
    expect(ok.status).toBe(200)
    expect(ok.body.post).toMatchObject({
      title: { en: 'Old', fr: 'Nouveau', de: 'Neu' },
      excerpt: { fr: 'F', de: 'D' },
    })
    expect(await locales(post.id)).toEqual({
      en: { title: 'Old', excerpt: null },
      fr: { title: 'Nouveau', excerpt: 'F' },
      de: { title: 'Neu', excerpt: 'D' },
    })
    expect(await audits(app, 'blog_post.update', post.id)).toHaveLength(1)
  })

  it('409 slug_taken on create and update', async () => {
    const a = await created()
    const b = await created()
    expect(await admin.send(POSTS, { action: 'create', slug: a.slug, title: { en: 'x' } })).toMatchObject({
      status: 409,
      body: { error: 'slug_taken' },
    })
    expect(await admin.send(POSTS, { action: 'update', id: b.id, slug: a.slug })).toMatchObject({
      status: 409,
      body: { error: 'slug_taken' },
    })
    expect((await sql(app, 'SELECT slug FROM blog_posts WHERE id = $1', [b.id]))[0]).toEqual({ slug: b.slug })
  })

  it('publish stamps publishedAt once; unpublish → draft and archive keep it; each audited; 404 for an unknown id', async () => {
    const post = await created()
    const published = await admin.send(POSTS, { action: 'publish', id: post.id })
    expect(published.status).toBe(200)
    expect(published.body.post.status).toBe('published')
    const stamp = published.body.post.publishedAt
    expect(stamp).toEqual(expect.any(String))
    expect((await admin.send(POSTS, { action: 'unpublish', id: post.id })).body.post).toMatchObject({
      status: 'draft',
      publishedAt: stamp,
    })
    expect((await admin.send(POSTS, { action: 'publish', id: post.id })).body.post).toMatchObject({
      status: 'published',
      publishedAt: stamp,
    })
    expect((await admin.send(POSTS, { action: 'archive', id: post.id })).body.post).toMatchObject({
      status: 'archived',
      publishedAt: stamp,
    })
    expect((await sql(app, 'SELECT status FROM blog_posts WHERE id = $1', [post.id]))[0]).toEqual({
      status: 'archived',
    })
    expect(await audits(app, 'blog_post.publish', post.id)).toHaveLength(2)
    expect(await audits(app, 'blog_post.unpublish', post.id)).toHaveLength(1)
    expect(await audits(app, 'blog_post.archive', post.id)).toHaveLength(1)
    expect(await admin.send(POSTS, { action: 'publish', id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
  })

  it('delete removes the post and its comments, audited; commentCount before', async () => {
    const id = await makePost(app)
    await makeComment(app, id, citizen.user.id)
    await makeComment(app, id, citizen.user.id, 'moderated')
    expect((await admin.get(POSTS, { id })).body.post.commentCount).toBe(2)
    expect(await admin.send(POSTS, { action: 'delete', id }, 'DELETE')).toEqual({
      status: 200,
      body: { success: true, id },
    })
    expect(await count(app, 'blog_posts', 'id = $1', [id])).toBe(0)
    expect(await count(app, 'blog_comments', 'post_id_id = $1', [id])).toBe(0)
    expect(await audits(app, 'blog_post.delete', id)).toHaveLength(1)
    expect((await admin.send(POSTS, { action: 'delete', id })).status).toBe(404)
  })
})

describe('comments', () => {
  it('every status, newest first, filtered by status, postId and q', async () => {
    const postId = await makePost(app)
    const first = await makeComment(app, postId, citizen.user.id, 'published', 'Lovely needle work')
    const second = await makeComment(app, postId, citizen.user.id, 'moderated', 'Rude words')
    const all = await admin.get(COMMENTS, { postId })
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ total: 2, page: 1, perPage: 20, totalPages: 1 })
    expect(all.body.comments.map((c: { id: string }) => c.id)).toEqual([second, first])
    expect(all.body.comments[1]).toEqual({
      id: first,
      postId,
      authorId: citizen.user.id,
      authorName: expect.any(String),
      content: 'Lovely needle work',
      status: 'published',
      createdAt: expect.any(String),
    })
    expect(
      (await admin.get(COMMENTS, { postId, status: 'moderated' })).body.comments.map((c: { id: string }) => c.id),
    ).toEqual([second])
    expect((await admin.get(COMMENTS, { q: 'NEEDLE' })).body.comments.map((c: { id: string }) => c.id)).toEqual([first])
    expect((await admin.get(COMMENTS, { status: 'hidden' })).body.error).toBe('invalid_request')
  })
})
