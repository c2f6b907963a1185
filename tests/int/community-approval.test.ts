// POST /api/admin/approve (docs/api.md "Community content"): places and articles by admins, classifieds by
// moderators; the checks and codes of docs/api.md "POST /api/admin/moderate" in order; only from pending_review (409
// invalid_transition); approve → published (active, with expiresAt, for classifieds;
// publishedAt on articles), reject → rejected with a reason; the author's French
// notification and the content_approved / content_rejected entry in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { roleActor } from '../helpers/blog'
import { type Actor, adminActor, anonymous, audits, MISSING_ID } from '../helpers/catalogue'
import { makeItem, statusOf } from '../helpers/community'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const APPROVE = '/api/admin/approve'
const DAY = 86_400_000

let app: TestApp
let author: Actor
let moderator: Actor
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  admin = await adminActor(app)
})

afterAll(async () => {
  await app.stop()
})

const notesOf = (id: string) =>
  sql(app, 'SELECT user_id_id AS "userId", type, title, body FROM notifications WHERE target_id = $1', [id])

describe('approving', () => {
  it('an admin publishes a pending place: status, notification, audit entry', async () => {
    const id = await makeItem(app, 'places', author.user.id)
    const reply = await admin.send(APPROVE, { postType: 'places', postId: id, decision: 'approve' })
    expect(reply).toEqual({ status: 200, body: { success: true, postType: 'places', postId: id, status: 'published' } })
    expect(await statusOf(app, 'places', id)).toBe('published')
    expect(await notesOf(id)).toEqual([
      { userId: author.user.id, type: 'moderation', title: 'Votre lieu a été approuvé', body: expect.any(String) },
    ])
    const [entry] = await audits(app, 'content_approved', id)
    expect(entry!.data).toMatchObject({
      postType: 'places',
      reason: null,
      authorId: author.user.id,
      timestamp: expect.any(String),
    })
    expect((await anonymous(app).get(`/api/places/${id}`)).status).toBe(200)
  })

  it('an article gets publishedAt', async () => {
    const id = await makeItem(app, 'articles', author.user.id, 'pending_review')
    expect((await admin.send(APPROVE, { postType: 'articles', postId: id, decision: 'approve' })).status).toBe(200)
    const [row] = await sql<{ status: string; published_at: Date | null }>(
      app,
      'SELECT status, published_at FROM articles WHERE id = $1',
      [id],
    )
    expect(row!.status).toBe('published')
    expect(Math.abs(new Date(row!.published_at!).getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('a moderator approves a classified: active, expiring 30 days later unless its author chose sooner (never past 90)', async () => {
    const plain = await makeItem(app, 'classifieds', author.user.id)
    const sooner = await makeItem(app, 'classifieds', author.user.id, undefined, {
      expiresAt: new Date(Date.now() + 10 * DAY).toISOString(),
    })
    for (const id of [plain, sooner]) {
      expect(
        (await moderator.send(APPROVE, { postType: 'classifieds', postId: id, decision: 'approve' })).body,
      ).toMatchObject({ status: 'active' })
    }
    const days = async (id: string) => {
      const [row] = await sql<{ expires_at: Date }>(app, 'SELECT expires_at FROM classifieds WHERE id = $1', [id])
      return Math.round((new Date(row!.expires_at).getTime() - Date.now()) / DAY)
    }
    expect(await days(plain)).toBe(30)
    expect(await days(sooner)).toBe(10)
    expect((await notesOf(plain))[0]).toMatchObject({ title: 'Votre petite annonce a été approuvée' })
  })
})

describe('rejecting', () => {
  it('needs a reason of at least 5 characters, then rejects with it', async () => {
    const id = await makeItem(app, 'places', author.user.id)
    expect(await admin.send(APPROVE, { postType: 'places', postId: id, decision: 'reject' })).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'VAL_REQUIRED_FIELD', field: 'reason' }),
    })
    expect(await admin.send(APPROVE, { postType: 'places', postId: id, decision: 'reject', reason: ' abc ' })).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'VAL_TOO_SHORT', field: 'reason' }),
    })
    expect(await statusOf(app, 'places', id)).toBe('pending_review')
    const reply = await admin.send(APPROVE, {
      postType: 'places',
      postId: id,
      decision: 'reject',
      reason: 'Adresse introuvable',
    })
    expect(reply.body).toEqual({ success: true, postType: 'places', postId: id, status: 'rejected' })
    expect(await statusOf(app, 'places', id)).toBe('rejected')
    expect(await notesOf(id)).toEqual([
      expect.objectContaining({
        title: 'Votre lieu a été refusé',
        body: expect.stringContaining('Adresse introuvable'),
      }),
    ])
    expect((await audits(app, 'content_rejected', id))[0]!.data).toMatchObject({
      postType: 'places',
      reason: 'Adresse introuvable',
    })
  })
})

describe('checks, in the documented order', () => {
  it('401 AUTH_UNAUTHORIZED, then 403 AUTH_FORBIDDEN for a citizen', async () => {
    const id = await makeItem(app, 'places', author.user.id)
    expect(await anonymous(app).send(APPROVE, {})).toEqual({
      status: 401,
      body: expect.objectContaining({ error: 'AUTH_UNAUTHORIZED' }),
    })
    expect(await author.send(APPROVE, { postType: 'places', postId: id, decision: 'approve' })).toEqual({
      status: 403,
      body: expect.objectContaining({ error: 'AUTH_FORBIDDEN' }),
    })
  })

  it('400 invalid_body, VAL_REQUIRED_FIELD in field order, VAL_INVALID_ENUM for postType and decision', async () => {
    expect((await moderator.send(APPROVE, [1])).body.error).toBe('invalid_body')
    expect((await moderator.send(APPROVE, {})).body).toMatchObject({ error: 'VAL_REQUIRED_FIELD', field: 'postType' })
    expect((await moderator.send(APPROVE, { postType: 'places' })).body).toMatchObject({
      error: 'VAL_REQUIRED_FIELD',
      field: 'postId',
    })
    expect((await moderator.send(APPROVE, { postType: 'places', postId: MISSING_ID })).body).toMatchObject({
      error: 'VAL_REQUIRED_FIELD',
      field: 'decision',
    })
    for (const postType of ['reviews', 'blogComments', 'place', '__proto__']) {
      expect((await moderator.send(APPROVE, { postType, postId: MISSING_ID, decision: 'approve' })).body).toMatchObject(
        { error: 'VAL_INVALID_ENUM', field: 'postType' },
      )
    }
    expect(
      (await moderator.send(APPROVE, { postType: 'classifieds', postId: MISSING_ID, decision: 'maybe' })).body,
    ).toMatchObject({ error: 'VAL_INVALID_ENUM', field: 'decision' })
  })

  it('403 AUTH_FORBIDDEN: places and articles are for admins only', async () => {
    for (const postType of ['places', 'articles']) {
      const id = await makeItem(app, postType, author.user.id, 'pending_review')
      expect(await moderator.send(APPROVE, { postType, postId: id, decision: 'approve' })).toEqual({
        status: 403,
        body: expect.objectContaining({ error: 'AUTH_FORBIDDEN' }),
      })
      expect(await statusOf(app, postType, id)).toBe('pending_review')
    }
  })

  it('404 BIZ_NOT_FOUND, 403 BIZ_SELF_MODERATION, 409 invalid_transition', async () => {
    expect(await moderator.send(APPROVE, { postType: 'classifieds', postId: MISSING_ID, decision: 'approve' })).toEqual(
      { status: 404, body: expect.objectContaining({ error: 'BIZ_NOT_FOUND' }) },
    )
    expect(
      (await moderator.send(APPROVE, { postType: 'classifieds', postId: 'nope', decision: 'approve' })).status,
    ).toBe(404)
    const own = await makeItem(app, 'classifieds', moderator.user.id)
    expect(await moderator.send(APPROVE, { postType: 'classifieds', postId: own, decision: 'approve' })).toEqual({
      status: 403,
      body: expect.objectContaining({ error: 'BIZ_SELF_MODERATION' }),
    })
    const draft = await makeItem(app, 'articles', author.user.id)
    expect(await admin.send(APPROVE, { postType: 'articles', postId: draft, decision: 'approve' })).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'invalid_transition' }),
    })
    expect(await statusOf(app, 'articles', draft)).toBe('draft')
  })

  it('two deciders at once: one 200, one 409, one notification, one audit entry', async () => {
    const id = await makeItem(app, 'classifieds', author.user.id)
    const replies = await Promise.all(
      [moderator, admin].map((who) => who.send(APPROVE, { postType: 'classifieds', postId: id, decision: 'approve' })),
    )
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409])
    expect(await notesOf(id)).toHaveLength(1)
    expect(await audits(app, 'content_approved', id)).toHaveLength(1)
  })
})

describe('decisions recorded for reports, appeals and transparency', () => {
  const decisionsOf = (id: string) =>
    sql(
      app,
      'SELECT outcome, previous_status AS "previousStatus", decided_by_id AS "decidedBy", author_id AS "authorId" FROM moderation_decisions WHERE post_id = $1 ORDER BY created_at',
      [id],
    )

  it('an approval and a rejection are recorded with the status before them', async () => {
    const approved = await makeItem(app, 'places', author.user.id)
    const rejected = await makeItem(app, 'places', author.user.id)
    expect((await admin.send(APPROVE, { postType: 'places', postId: approved, decision: 'approve' })).status).toBe(200)
    expect(
      (
        await admin.send(APPROVE, {
          postType: 'places',
          postId: rejected,
          decision: 'reject',
          reason: 'Adresse introuvable',
        })
      ).status,
    ).toBe(200)
    expect(await decisionsOf(approved)).toEqual([
      { outcome: 'approved', previousStatus: 'pending_review', decidedBy: admin.user.id, authorId: author.user.id },
    ])
    expect(await decisionsOf(rejected)).toEqual([
      { outcome: 'rejected', previousStatus: 'pending_review', decidedBy: admin.user.id, authorId: author.user.id },
    ])
  })

  it('a rejected classified is appealed by its author; another moderator reverses it back to pending_review', async () => {
    const id = await makeItem(app, 'classifieds', author.user.id)
    expect(
      (
        await moderator.send(APPROVE, {
          postType: 'classifieds',
          postId: id,
          decision: 'reject',
          reason: 'Photo manquante',
        })
      ).status,
    ).toBe(200)
    const appeal = await author.send('/api/appeals', {
      postType: 'classifieds',
      postId: id,
      statement: 'La photo est maintenant jointe à l’annonce.',
    })
    expect(appeal.status).toBe(201)
    // The moderator who rejected it may not review the appeal; an admin may.
    expect(
      (
        await moderator.send('/api/admin/appeals/decide', {
          appealId: appeal.body.appeal.id,
          decision: 'reverse',
          reason: 'Revu par moi',
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await admin.send('/api/admin/appeals/decide', {
          appealId: appeal.body.appeal.id,
          decision: 'reverse',
          reason: 'Photo ajoutée',
        })
      ).status,
    ).toBe(200)
    expect(await statusOf(app, 'classifieds', id)).toBe('pending_review')
  })
})
