// Appeals (docs/api.md "Reports, the moderation queue, appeals and transparency"): who may
// appeal what and when (author, moderated or rejected item, 180 days, once), the list by
// status, and deciding: not by the moderator who decided (BIZ_SELF_REVIEW), two moderators at
// once (one 200, one 409), reversing restores the status recorded before the decision, the
// author is told, audit appeal_upheld / appeal_reversed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { commentStatus, makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, anonymous, audits, call, count, MISSING_ID } from '../helpers/catalogue'
import { makeItem, statusOf } from '../helpers/community'
import { ADMIN_APPEALS, APPEALS, DECIDE, report } from '../helpers/reports'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let postId: string
let author: Actor
let other: Actor
let moderator: Actor
let secondModerator: Actor
let thirdModerator: Actor
let admin: Actor

const STATEMENT = 'Ce commentaire était une citation, pas une insulte.'

/** A comment by the author, reported and moderated by `by`: its id. */
async function moderated(by: Actor = moderator): Promise<string> {
  const id = await makeComment(app, postId, author.user.id)
  await report(other, id, 'harassment')
  const reply = await by.send('/api/admin/moderate', {
    postType: 'blogComments',
    postId: id,
    reason: 'Propos injurieux',
  })
  if (reply.status !== 200) throw new Error(`moderation failed: ${JSON.stringify(reply)}`)
  return id
}

const appeal = (who: Actor, id: string, statement = STATEMENT) =>
  who.send(APPEALS, { postType: 'blogComments', postId: id, statement })
const decide = (who: Actor, appealId: string, decision: 'uphold' | 'reverse', reason = 'Réexamen fait') =>
  who.send(DECIDE, { appealId, decision, reason })

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  other = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  secondModerator = await roleActor(app, 'moderator')
  thirdModerator = await roleActor(app, 'moderator')
  admin = await roleActor(app, 'admin')
  postId = await makePost(app)
})

afterAll(async () => {
  await app.stop()
})

describe('POST /api/appeals', () => {
  it('401 AUTH_UNAUTHORIZED, then the body checks in order', async () => {
    expect((await anonymous(app).send(APPEALS, {})).body).toEqual({
      error: 'AUTH_UNAUTHORIZED',
      message: expect.any(String),
    })
    expect((await call(app, 'POST', APPEALS, { headers: author.headers, raw: '[]' })).body.error).toBe('invalid_body')
    expect((await author.send(APPEALS, { postType: 'blogComments', postId: MISSING_ID })).body).toEqual({
      error: 'VAL_REQUIRED_FIELD',
      message: expect.any(String),
      field: 'statement',
    })
    expect((await author.send(APPEALS, { postType: 'x', postId: MISSING_ID, statement: STATEMENT })).body.field).toBe(
      'postType',
    )
    expect((await appeal(author, MISSING_ID, '  123456789  ')).body).toEqual({
      error: 'VAL_TOO_SHORT',
      message: expect.any(String),
      field: 'statement',
    })
    expect((await appeal(author, MISSING_ID, 'x'.repeat(2001))).body).toEqual({
      error: 'VAL_TOO_LONG',
      message: expect.any(String),
      field: 'statement',
    })
    for (const id of [MISSING_ID, 'not-an-id'])
      expect(await appeal(author, id)).toEqual({
        status: 404,
        body: { error: 'BIZ_NOT_FOUND', message: expect.any(String) },
      })
  })

  it('403 AUTH_FORBIDDEN for anyone but the author, for an item not moderated, and past 180 days', async () => {
    const id = await moderated()
    expect(await appeal(other, id)).toEqual({
      status: 403,
      body: { error: 'AUTH_FORBIDDEN', message: expect.any(String) },
    })
    expect((await appeal(moderator, id)).status).toBe(403)
    const published = await makeComment(app, postId, author.user.id)
    expect((await appeal(author, published)).body.error).toBe('AUTH_FORBIDDEN')
    const old = await moderated()
    await sql(app, "UPDATE moderation_decisions SET created_at = now() - interval '181 days' WHERE post_id = $1", [old])
    expect((await appeal(author, old)).body.error).toBe('AUTH_FORBIDDEN')
    await sql(app, "UPDATE moderation_decisions SET created_at = now() - interval '179 days' WHERE post_id = $1", [old])
    expect((await appeal(author, old)).status).toBe(201)
    expect(await count(app, 'content_appeals', 'post_id = ANY($1)', [[id, published]])).toBe(0)
  })

  it('201 with the appeal, its row and audit entry; a second appeal is 409 appeal_exists', async () => {
    const id = await moderated()
    const reply = await appeal(author, id)
    expect(reply).toEqual({
      status: 201,
      body: {
        appeal: {
          id: expect.any(String),
          postType: 'blogComments',
          postId: id,
          status: 'open',
          createdAt: expect.any(String),
        },
      },
    })
    const [row] = await sql<any>(
      app,
      'SELECT a.status::text, a.appellant_id, a.statement, d.outcome::text FROM content_appeals a JOIN moderation_decisions d ON d.id = a.decision_id WHERE a.id = $1',
      [reply.body.appeal.id],
    )
    expect(row).toEqual({ status: 'open', appellant_id: author.user.id, statement: STATEMENT, outcome: 'moderated' })
    expect(await audits(app, 'appeal_filed', id)).toHaveLength(1)
    expect(await appeal(author, id, 'Une seconde tentative de recours')).toEqual({
      status: 409,
      body: { error: 'appeal_exists', message: expect.any(String) },
    })
    expect(await count(app, 'content_appeals', 'post_id = $1', [id])).toBe(1)
  })
})

describe('GET /api/admin/appeals', () => {
  it('401, 403 for a citizen, VAL_INVALID_ENUM for an unknown status', async () => {
    expect((await anonymous(app).get(ADMIN_APPEALS)).status).toBe(401)
    expect((await author.get(ADMIN_APPEALS)).body.error).toBe('AUTH_FORBIDDEN')
    expect((await moderator.get(ADMIN_APPEALS, { status: 'closed' })).body).toEqual({
      error: 'VAL_INVALID_ENUM',
      message: expect.any(String),
      field: 'status',
    })
  })

  it('lists appeals newest first with the decision appealed, filtered by status', async () => {
    const id = await moderated()
    const filed = (await appeal(author, id)).body.appeal
    const open = (await moderator.get(ADMIN_APPEALS, { status: 'open', perPage: '100' })).body
    expect(open.appeals[0]).toEqual({
      id: filed.id,
      postType: 'blogComments',
      postId: id,
      status: 'open',
      statement: STATEMENT,
      appellantId: author.user.id,
      decision: {
        id: expect.any(String),
        outcome: 'moderated',
        reason: 'Propos injurieux',
        previousStatus: 'published',
        decidedBy: moderator.user.id,
        decidedAt: expect.any(String),
      },
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      createdAt: filed.createdAt,
    })
    expect(open.appeals.every((a: any) => a.status === 'open')).toBe(true)
    expect(open.total).toBe(await count(app, 'content_appeals', "status = 'open'"))
    expect(
      (await moderator.get(ADMIN_APPEALS, { status: 'reversed' })).body.appeals.some((a: any) => a.id === filed.id),
    ).toBe(false)
  })
})

describe('POST /api/admin/appeals/decide', () => {
  it('401, 403 for a citizen, field checks, 404 for no such appeal', async () => {
    expect((await anonymous(app).send(DECIDE, {})).status).toBe(401)
    expect(
      (await author.send(DECIDE, { appealId: MISSING_ID, decision: 'uphold', reason: 'Réexamen fait' })).body.error,
    ).toBe('AUTH_FORBIDDEN')
    expect(
      (await moderator.send(DECIDE, { appealId: MISSING_ID, decision: 'maybe', reason: 'Réexamen fait' })).body,
    ).toEqual({ error: 'VAL_INVALID_ENUM', message: expect.any(String), field: 'decision' })
    expect((await moderator.send(DECIDE, { appealId: MISSING_ID, decision: 'uphold', reason: 'abc' })).body.field).toBe(
      'reason',
    )
    for (const appealId of [MISSING_ID, 'nope', `${MISSING_ID}0`])
      expect((await decide(moderator, appealId, 'uphold')).body.error).toBe('BIZ_NOT_FOUND')
  })

  it('403 BIZ_SELF_REVIEW for the moderator who took the decision; nothing changes', async () => {
    const id = await moderated(moderator)
    const appealId = (await appeal(author, id)).body.appeal.id
    expect(await decide(moderator, appealId, 'reverse')).toEqual({
      status: 403,
      body: { error: 'BIZ_SELF_REVIEW', message: expect.any(String) },
    })
    expect(await commentStatus(app, id)).toBe('moderated')
    expect(await sql(app, 'SELECT status::text FROM content_appeals WHERE id = $1', [appealId])).toEqual([
      { status: 'open' },
    ])
  })

  it('reverse restores the status before the decision, tells the author, audit appeal_reversed', async () => {
    const id = await moderated(moderator)
    const appealId = (await appeal(author, id)).body.appeal.id
    const reply = await decide(admin, appealId, 'reverse', 'Citation mal comprise')
    expect(reply.status).toBe(200)
    expect(reply.body.appeal).toMatchObject({
      id: appealId,
      status: 'reversed',
      decidedBy: admin.user.id,
      decisionReason: 'Citation mal comprise',
      decidedAt: expect.any(String),
    })
    expect(await commentStatus(app, id)).toBe('published')
    const [notice] = await sql<any>(
      app,
      "SELECT type::text, body FROM notifications WHERE user_id_id = $1 AND target_id = $2 AND title = 'Votre recours a été examiné'",
      [author.user.id, id],
    )
    expect(notice).toEqual({ type: 'moderation', body: expect.stringContaining('Citation mal comprise') })
    expect(await audits(app, 'appeal_reversed', id)).toEqual([
      expect.objectContaining({
        user_id: admin.user.id,
        data: expect.objectContaining({ appealId, restoredStatus: 'published' }),
      }),
    ])
    // A reversal is not a new moderation decision.
    expect(await count(app, 'moderation_decisions', 'post_id = $1', [id])).toBe(1)
  })

  it('uphold keeps the item moderated, tells the author, audit appeal_upheld', async () => {
    const id = await moderated(moderator)
    const appealId = (await appeal(author, id)).body.appeal.id
    expect((await decide(secondModerator, appealId, 'uphold')).body.appeal.status).toBe('upheld')
    expect(await commentStatus(app, id)).toBe('moderated')
    expect(
      await count(
        app,
        'notifications',
        "user_id_id = $1 AND target_id = $2 AND title = 'Votre recours a été examiné'",
        [author.user.id, id],
      ),
    ).toBe(1)
    expect(await audits(app, 'appeal_upheld', id)).toHaveLength(1)
  })

  it('a decided appeal: 409 appeal_decided to anyone else, BIZ_SELF_REVIEW (checked first) to the decision’s moderator; nothing changes', async () => {
    const id = await moderated(moderator)
    const appealId = (await appeal(author, id)).body.appeal.id
    expect((await decide(secondModerator, appealId, 'uphold', 'Décision confirmée')).status).toBe(200)
    expect(await decide(thirdModerator, appealId, 'reverse')).toEqual({
      status: 409,
      body: { error: 'appeal_decided', message: expect.any(String) },
    })
    expect((await decide(moderator, appealId, 'reverse')).body.error).toBe('BIZ_SELF_REVIEW')
    expect(await commentStatus(app, id)).toBe('moderated')
    expect(
      await sql(app, 'SELECT status::text, decided_by_id, decision_reason FROM content_appeals WHERE id = $1', [
        appealId,
      ]),
    ).toEqual([{ status: 'upheld', decided_by_id: secondModerator.user.id, decision_reason: 'Décision confirmée' }])
    expect(await audits(app, 'appeal_reversed', id)).toEqual([])
    expect(await count(app, 'notifications', "target_id = $1 AND title = 'Votre recours a été examiné'", [id])).toBe(1)
  })

  it('an appeal on a community type: a moderated group, reversed to published', async () => {
    const group = await makeItem(app, 'groups', author.user.id)
    expect(
      (await moderator.send('/api/admin/moderate', { postType: 'groups', postId: group, reason: 'Nom trompeur' }))
        .status,
    ).toBe(200)
    expect((await other.send(APPEALS, { postType: 'groups', postId: group, statement: STATEMENT })).body.error).toBe(
      'AUTH_FORBIDDEN',
    )
    const filed = await author.send(APPEALS, { postType: 'groups', postId: group, statement: STATEMENT })
    expect(filed.body.appeal).toMatchObject({ postType: 'groups', postId: group, status: 'open' })
    expect((await decide(secondModerator, filed.body.appeal.id, 'reverse')).body.appeal).toMatchObject({
      status: 'reversed',
      postType: 'groups',
    })
    expect(await statusOf(app, 'groups', group)).toBe('published')
  })

  it('two moderators deciding one appeal at once: one 200, one 409 appeal_decided, one effect', async () => {
    const id = await moderated(moderator)
    const appealId = (await appeal(author, id)).body.appeal.id
    const replies = await Promise.all([
      decide(secondModerator, appealId, 'reverse'),
      decide(thirdModerator, appealId, 'uphold'),
    ])
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409])
    expect(replies.find((reply) => reply.status === 409)!.body).toEqual({
      error: 'appeal_decided',
      message: expect.any(String),
    })
    const winner = replies.find((reply) => reply.status === 200)!.body.appeal.status
    expect(await commentStatus(app, id)).toBe(winner === 'reversed' ? 'published' : 'moderated')
    expect((await audits(app, 'appeal_reversed', id)).length + (await audits(app, 'appeal_upheld', id)).length).toBe(1)
    expect(await count(app, 'notifications', "target_id = $1 AND title = 'Votre recours a été examiné'", [id])).toBe(1)
  })
})
