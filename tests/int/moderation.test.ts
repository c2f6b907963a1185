// POST /api/admin/moderate (docs/api.md "POST /api/admin/moderate"): every
// code in the documented order of checks, with its `field`; nothing changed by a refusal;
// the success effects read back from the database and through the author's
// GET /api/notifications; one transaction (a failing notification undoes the status); and
// two moderators at once: one 200, one BIZ_ALREADY_MODERATED, one notification, one entry.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { commentStatus, makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, anonymous, audits, call, count, MISSING_ID, type Reply } from '../helpers/catalogue'
import { expectSecurityHeaders } from '../helpers/expectations'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const PATH = '/api/admin/moderate'
const REASON = 'Propos injurieux envers un autre membre'

let app: TestApp
let postId: string
let author: Actor
let citizen: Actor
let moderator: Actor
let secondModerator: Actor
let admin: Actor

const moderate = (who: Actor, body: unknown): Promise<Reply> => who.send(PATH, body)
const fresh = (authorId = author.user.id) => makeComment(app, postId, authorId)
const effectsOf = async (commentId: string) => ({
  notifications: await count(app, 'notifications', 'target_id = $1', [commentId]),
  audits: (await audits(app, 'content_moderated', commentId)).length,
})

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  citizen = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  secondModerator = await roleActor(app, 'moderator')
  admin = await roleActor(app, 'admin')
  postId = await makePost(app)
})

afterAll(async () => {
  await app.stop()
})

describe('who may call it', () => {
  it('401 AUTH_UNAUTHORIZED without a session, before anything about the body', async () => {
    for (const raw of ['{"postType":"blogComments"}', 'not json']) {
      const response = await app.request(PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      })
      expect(response.status).toBe(401)
      expectSecurityHeaders(response)
      expect(await response.json()).toEqual({ error: 'AUTH_UNAUTHORIZED', message: expect.any(String) })
    }
  })

  it('401 for a bearer token that names no session', async () => {
    const reply = await call(app, 'POST', PATH, { headers: { authorization: 'Bearer not-a-session' }, body: {} })
    expect(reply).toEqual({ status: 401, body: { error: 'AUTH_UNAUTHORIZED', message: expect.any(String) } })
  })

  it('403 AUTH_FORBIDDEN for a citizen (no moderation.action), even with a bad body, and nothing changes', async () => {
    const commentId = await fresh(citizen.user.id === author.user.id ? moderator.user.id : author.user.id)
    const valid = await moderate(citizen, { postType: 'blogComments', postId: commentId, reason: REASON })
    expect(valid).toEqual({ status: 403, body: { error: 'AUTH_FORBIDDEN', message: expect.any(String) } })
    const bad = await call(app, 'POST', PATH, { headers: citizen.headers, raw: '{oops' })
    expect(bad.body.error).toBe('AUTH_FORBIDDEN')
    expect(await commentStatus(app, commentId)).toBe('published')
    expect(await effectsOf(commentId)).toEqual({ notifications: 0, audits: 0 })
  })

  it('admits moderators and admins: the one /api/admin route open to a non-admin', async () => {
    expect(
      (await moderate(moderator, { postType: 'blogComments', postId: await fresh(), reason: REASON })).status,
    ).toBe(200)
    expect((await moderate(admin, { postType: 'blogComments', postId: await fresh(), reason: REASON })).status).toBe(
      200,
    )
    // Every other /api/admin route stays admin-only.
    expect((await moderator.get('/api/admin/services/services')).status).toBe(403)
  })

  it('answers other methods with 405 in the moderation family', async () => {
    const reply = await moderator.get(PATH)
    expect(reply).toEqual({ status: 405, body: { error: 'method_not_allowed', message: expect.any(String) } })
  })
})

describe('the body, in the documented order of checks', () => {
  let target: string
  beforeAll(async () => {
    target = await fresh()
  })

  it('400 invalid_body for a body that is not a JSON object', async () => {
    for (const raw of ['not json', '', '[1,2]', '"text"', 'null', '42']) {
      const reply = await call(app, 'POST', PATH, { headers: moderator.headers, raw })
      expect(reply).toEqual({ status: 400, body: { error: 'invalid_body', message: expect.any(String) } })
    }
    const form = await app.request(PATH, {
      method: 'POST',
      headers: { ...moderator.headers, 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(form.status).toBe(400)
    expect((await form.json()).error).toBe('invalid_body')
  })

  it.each([
    [{}, 'postType'],
    [{ postId: 'x', reason: REASON }, 'postType'],
    [{ postType: 'blogComments' }, 'postId'],
    [{ postType: 'blogComments', reason: REASON }, 'postId'],
    [{ postType: 'blogComments', postId: MISSING_ID }, 'reason'],
    // Not a string, null or empty counts as missing.
    [{ postType: 42, postId: MISSING_ID, reason: REASON }, 'postType'],
    [{ postType: 'blogComments', postId: 42, reason: REASON }, 'postId'],
    [{ postType: 'blogComments', postId: null, reason: REASON }, 'postId'],
    [{ postType: 'blogComments', postId: '', reason: REASON }, 'postId'],
    [{ postType: 'blogComments', postId: MISSING_ID, reason: ['a reason'] }, 'reason'],
    [{ postType: 'blogComments', postId: MISSING_ID, reason: { text: REASON } }, 'reason'],
    // Missing beats an unknown type or a short reason.
    [{ postType: 'reviews', reason: 'x' }, 'postId'],
  ])('400 VAL_REQUIRED_FIELD for %j names %s', async (body, field) => {
    const reply = await moderate(moderator, body)
    expect(reply).toEqual({ status: 400, body: { error: 'VAL_REQUIRED_FIELD', message: expect.any(String), field } })
  })

  it('400 VAL_INVALID_ENUM (field postType) for an unsupported type, before the reason is looked at', async () => {
    for (const postType of [
      'classifieds',
      'places',
      'articles',
      'forum-posts',
      'BlogComments',
      'blog-comments',
      'constructor',
      '__proto__',
    ]) {
      const reply = await moderate(moderator, { postType, postId: target, reason: 'x' })
      expect(reply).toEqual({
        status: 400,
        body: { error: 'VAL_INVALID_ENUM', message: expect.any(String), field: 'postType' },
      })
    }
  })

  it('400 VAL_TOO_SHORT (field reason) under 5 characters once trimmed, before any lookup', async () => {
    for (const reason of ['     ', 'abcd', '  abcd  ', '\n\t ab \n']) {
      for (const postId of [target, MISSING_ID]) {
        const reply = await moderate(moderator, { postType: 'blogComments', postId, reason })
        expect(reply).toEqual({
          status: 400,
          body: { error: 'VAL_TOO_SHORT', message: expect.any(String), field: 'reason' },
        })
      }
    }
  })

  it('400 VAL_TOO_LONG (field reason) for a 100 kB reason', async () => {
    const reply = await moderate(moderator, { postType: 'blogComments', postId: target, reason: 'x'.repeat(100_000) })
    expect(reply).toEqual({
      status: 400,
      body: { error: 'VAL_TOO_LONG', message: expect.any(String), field: 'reason' },
    })
  })

  it('left the comment untouched through all of the above', async () => {
    expect(await commentStatus(app, target)).toBe('published')
    expect(await effectsOf(target)).toEqual({ notifications: 0, audits: 0 })
  })
})

describe('the content', () => {
  it('404 BIZ_NOT_FOUND for an id that names nothing (a UUID with no row, or not an id at all)', async () => {
    for (const postId of [MISSING_ID, 'not-an-id', "1' OR '1'='1", '   ', 'x'.repeat(500)]) {
      const reply = await moderate(moderator, { postType: 'blogComments', postId, reason: REASON })
      expect(reply).toEqual({ status: 404, body: { error: 'BIZ_NOT_FOUND', message: expect.any(String) } })
    }
  })

  it('404 BIZ_NOT_FOUND for a deleted comment, which stays deleted', async () => {
    const deleted = await makeComment(app, postId, author.user.id, 'deleted')
    const reply = await moderate(moderator, { postType: 'blogComments', postId: deleted, reason: REASON })
    expect(reply.status).toBe(404)
    expect(reply.body.error).toBe('BIZ_NOT_FOUND')
    expect(await commentStatus(app, deleted)).toBe('deleted')
  })

  it('403 BIZ_SELF_MODERATION on one’s own comment, even one already moderated (self comes first)', async () => {
    const own = await fresh(moderator.user.id)
    const reply = await moderate(moderator, { postType: 'blogComments', postId: own, reason: REASON })
    expect(reply).toEqual({ status: 403, body: { error: 'BIZ_SELF_MODERATION', message: expect.any(String) } })
    expect(await commentStatus(app, own)).toBe('published')
    expect(await effectsOf(own)).toEqual({ notifications: 0, audits: 0 })

    const ownModerated = await makeComment(app, postId, moderator.user.id, 'moderated')
    expect(
      (await moderate(moderator, { postType: 'blogComments', postId: ownModerated, reason: REASON })).body.error,
    ).toBe('BIZ_SELF_MODERATION')
  })

  it('400 BIZ_ALREADY_MODERATED the second time, with no second notification or entry', async () => {
    const commentId = await fresh()
    expect((await moderate(moderator, { postType: 'blogComments', postId: commentId, reason: REASON })).status).toBe(
      200,
    )
    const again = await moderate(secondModerator, {
      postType: 'blogComments',
      postId: commentId,
      reason: 'Encore une fois',
    })
    expect(again).toEqual({ status: 400, body: { error: 'BIZ_ALREADY_MODERATED', message: expect.any(String) } })
    expect(await effectsOf(commentId)).toEqual({ notifications: 1, audits: 1 })
  })
})

describe('success', () => {
  let commentId: string
  let reply: Reply

  beforeAll(async () => {
    commentId = await fresh()
    reply = await moderator.send(PATH, { postType: 'blogComments', postId: commentId, reason: `  ${REASON}  ` })
  })

  it('answers 200 {success, postType, postId, status: "moderated"}', () => {
    expect(reply).toEqual({
      status: 200,
      body: { success: true, postType: 'blogComments', postId: commentId, status: 'moderated' },
    })
  })

  it('sets the comment moderated', async () => {
    expect(await commentStatus(app, commentId)).toBe('moderated')
  })

  it('notifies the author: type moderation, French title, the reason in the body, the target', async () => {
    const rows = await sql<Record<string, unknown>>(
      app,
      'SELECT user_id_id, type, title, body, target_type, target_id, read_at FROM notifications WHERE target_id = $1',
      [commentId],
    )
    expect(rows).toEqual([
      {
        user_id_id: author.user.id,
        type: 'moderation',
        title: 'Votre commentaire a été modéré',
        body: expect.stringContaining(REASON),
        target_type: 'blogComments',
        target_id: commentId,
        read_at: null,
      },
    ])
  })

  it('records content_moderated: the moderator, the target, ip, user agent and the documented data', async () => {
    const [entry, ...more] = await audits(app, 'content_moderated', commentId)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      user_id: moderator.user.id,
      target_id: commentId,
      target_type: 'blogComments',
      ip: '203.0.113.42',
      user_agent: 'catalogue-tests/1.0',
    })
    expect(entry!.data).toEqual({
      postType: 'blogComments',
      reason: REASON,
      authorId: author.user.id,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    // The status change itself leaves no second, generic entry.
    expect(await audits(app, 'blog_comment.update', commentId)).toEqual([])
  })

  it('the author reads it through GET /api/notifications and marks it read; nobody else sees it', async () => {
    const list = await author.get('/api/notifications', { 'where[targetId][equals]': commentId })
    expect(list.status).toBe(200)
    expect(list.body.docs).toHaveLength(1)
    const [notification] = list.body.docs
    expect(notification).toMatchObject({
      userId: author.user.id,
      type: 'moderation',
      title: 'Votre commentaire a été modéré',
      targetType: 'blogComments',
      targetId: commentId,
    })
    expect(notification.body).toContain(REASON)

    const read = await author.send(
      `/api/notifications/${notification.id}`,
      { readAt: new Date().toISOString() },
      'PATCH',
    )
    expect(read.status).toBe(200)
    expect(
      (
        await sql<{ read_at: Date | null }>(app, 'SELECT read_at FROM notifications WHERE id = $1', [notification.id])
      )[0]!.read_at,
    ).not.toBeNull()

    for (const other of [citizen, moderator, admin]) {
      expect((await other.get('/api/notifications', { 'where[targetId][equals]': commentId })).body.docs).toEqual([])
      expect((await other.get(`/api/notifications/${notification.id}`)).status).toBe(404)
    }
  })

  it('hides the comment from the public but not from its author', async () => {
    expect((await anonymous(app).get(`/api/blog-comments/${commentId}`)).status).toBe(404)
    expect((await citizen.get(`/api/blog-comments/${commentId}`)).status).toBe(404)
    expect((await author.get(`/api/blog-comments/${commentId}`)).body).toMatchObject({
      id: commentId,
      status: 'moderated',
    })
  })
})

describe('one transaction', () => {
  it('a notification that cannot be written undoes the status change and the audit entry', async () => {
    const commentId = await fresh()
    // A real failure inside the transaction, after the status update: the notifications
    // table refuses this one row.
    await sql(
      app,
      `CREATE FUNCTION refuse_notification() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
    )
    await sql(
      app,
      `CREATE TRIGGER refuse_one BEFORE INSERT ON notifications FOR EACH ROW WHEN (NEW.target_id = '${commentId}') EXECUTE FUNCTION refuse_notification()`,
    )
    try {
      const reply = await moderate(moderator, { postType: 'blogComments', postId: commentId, reason: REASON })
      expect(reply).toEqual({ status: 500, body: { error: 'internal_error', message: 'Internal server error' } })
      expect(await commentStatus(app, commentId)).toBe('published')
      expect(await effectsOf(commentId)).toEqual({ notifications: 0, audits: 0 })
    } finally {
      await sql(app, 'DROP TRIGGER refuse_one ON notifications')
      await sql(app, 'DROP FUNCTION refuse_notification()')
    }
    // And the comment can still be moderated afterwards.
    expect((await moderate(moderator, { postType: 'blogComments', postId: commentId, reason: REASON })).status).toBe(
      200,
    )
  })
})

describe('two moderators at once', () => {
  it('one 200, the others BIZ_ALREADY_MODERATED; one notification, one audit entry (five rounds)', async () => {
    const third = await roleActor(app, 'admin')
    for (let round = 0; round < 5; round++) {
      const commentId = await fresh()
      const replies = await Promise.all(
        [moderator, secondModerator, third].map((who, index) =>
          moderate(who, { postType: 'blogComments', postId: commentId, reason: `${REASON} (${index})` }),
        ),
      )
      expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400])
      for (const loser of replies.filter((r) => r.status === 400))
        expect(loser.body.error).toBe('BIZ_ALREADY_MODERATED')
      expect(await commentStatus(app, commentId)).toBe('moderated')
      expect(await effectsOf(commentId)).toEqual({ notifications: 1, audits: 1 })
    }
  })
})
