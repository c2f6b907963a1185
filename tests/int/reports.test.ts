// POST /api/reports, the moderation queue and what decisions do to reports (docs/api.md
// "Reports, the moderation queue, appeals and transparency"): every code in order, the 201 and
// its rows (report, queue entry, audit), the persistent limit of 20 per hour, the queue's
// order and counts, moderation / deletion / dismissal closing reports with one notification
// per reporter, and a storm of 1,000 reports on one item.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { PayloadRequest } from 'payload'

import { recordDecision } from '../../src/operations/reports/decisions'
import { makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, anonymous, audits, call, count, MISSING_ID } from '../helpers/catalogue'
import { makeItem, statusOf } from '../helpers/community'
import { expectSecurityHeaders } from '../helpers/expectations'
import { checkInvariants } from '../helpers/invariants'
import { bulkCitizens, DISMISS, postAll, QUEUE, queueRows, report, REPORTS, reportStatuses } from '../helpers/reports'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let postId: string
let author: Actor
let reporter: Actor
let moderator: Actor
let admin: Actor

const comment = (body = 'A rude comment', status: 'published' | 'moderated' | 'deleted' = 'published') =>
  makeComment(app, postId, author.user.id, status, body)

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  reporter = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  admin = await roleActor(app, 'admin')
  postId = await makePost(app)
})

afterAll(async () => {
  await app.stop()
})

describe('POST /api/reports: the checks in order', () => {
  it('401 AUTH_UNAUTHORIZED without a session, before the body', async () => {
    const response = await app.request(REPORTS, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'not json',
    })
    expect(response.status).toBe(401)
    expectSecurityHeaders(response)
    expect(await response.json()).toEqual({ error: 'AUTH_UNAUTHORIZED', message: expect.any(String) })
  })

  it('400 invalid_body for a body that is not a JSON object', async () => {
    for (const raw of ['not json', '[]', '"x"', 'null']) {
      expect(await call(app, 'POST', REPORTS, { headers: reporter.headers, raw })).toEqual({
        status: 400,
        body: { error: 'invalid_body', message: expect.any(String) },
      })
    }
  })

  it.each([
    [{}, 'postType'],
    [{ postType: 'blogComments', reason: 'spam' }, 'postId'],
    [{ postType: 'blogComments', postId: MISSING_ID }, 'reason'],
    [{ postType: 'blogComments', postId: MISSING_ID, reason: 42 }, 'reason'],
  ])('400 VAL_REQUIRED_FIELD for %j names %s', async (body, field) => {
    expect(await reporter.send(REPORTS, body)).toEqual({
      status: 400,
      body: { error: 'VAL_REQUIRED_FIELD', message: expect.any(String), field },
    })
  })

  it('400 VAL_INVALID_ENUM for an unknown postType, then for an unknown reason', async () => {
    expect(await reporter.send(REPORTS, { postType: 'nope', postId: MISSING_ID, reason: 'nope' })).toEqual({
      status: 400,
      body: { error: 'VAL_INVALID_ENUM', message: expect.any(String), field: 'postType' },
    })
    for (const reason of ['nope', 'SPAM', '__proto__']) {
      expect(await reporter.send(REPORTS, { postType: 'blogComments', postId: MISSING_ID, reason })).toEqual({
        status: 400,
        body: { error: 'VAL_INVALID_ENUM', message: expect.any(String), field: 'reason' },
      })
    }
  })

  it('details: at most 1,000 characters (VAL_TOO_LONG), a string or nothing', async () => {
    const target = await comment()
    expect(await report(reporter, target, 'spam', { details: 'x'.repeat(1001) })).toEqual({
      status: 400,
      body: { error: 'VAL_TOO_LONG', message: expect.any(String), field: 'details' },
    })
    expect((await report(reporter, target, 'spam', { details: { a: 1 } })).body.error).toBe('invalid_request')
    expect(await count(app, 'content_reports', 'post_id = $1', [target])).toBe(0)
    expect((await report(reporter, target, 'spam', { details: 'é'.repeat(1000) })).status).toBe(201)
  })

  it('404 BIZ_NOT_FOUND: no such item, not an id, deleted, or not visible to the caller', async () => {
    const draftPost = await makePost(app, { status: 'draft' })
    const onDraft = await makeComment(app, draftPost, author.user.id)
    const targets = [
      MISSING_ID,
      'not-an-id',
      await comment('hidden', 'moderated'),
      await comment('gone', 'deleted'),
      onDraft,
    ]
    for (const postId of targets) {
      expect(await report(reporter, postId)).toEqual({
        status: 404,
        body: { error: 'BIZ_NOT_FOUND', message: expect.any(String) },
      })
    }
    expect(
      await count(app, 'content_reports', 'reporter_id = $1 AND post_id = ANY($2)', [
        reporter.user.id,
        targets.slice(2),
      ]),
    ).toBe(0)
  })

  it('400 BIZ_SELF_REPORT for one’s own content', async () => {
    const own = await comment()
    expect(await report(author, own)).toEqual({
      status: 400,
      body: { error: 'BIZ_SELF_REPORT', message: expect.any(String) },
    })
    expect(await count(app, 'content_reports', 'post_id = $1', [own])).toBe(0)
  })

  it('201 with the report; the row, the queue entry and the audit entry content_reported', async () => {
    const target = await comment('Buy cheap watches at example.test')
    const reply = await report(reporter, target, 'spam', { details: '  Advertising  ' })
    expect(reply).toEqual({
      status: 201,
      body: {
        report: {
          id: expect.any(String),
          postType: 'blogComments',
          postId: target,
          reason: 'spam',
          status: 'open',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      },
    })
    const [row] = await sql<any>(
      app,
      'SELECT post_type, reporter_id, reason::text, details, status::text FROM content_reports WHERE id = $1',
      [reply.body.report.id],
    )
    expect(row).toEqual({
      post_type: 'blogComments',
      reporter_id: reporter.user.id,
      reason: 'spam',
      details: 'Advertising',
      status: 'open',
    })
    expect(await queueRows(app, target)).toEqual([{ status: 'open', reports: '1', reasons: { spam: 1 } }])
    const entries = await audits(app, 'content_reported', target)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      user_id: reporter.user.id,
      target_type: 'blogComments',
      data: { reportId: reply.body.report.id, reason: 'spam', authorId: author.user.id },
    })
  })

  it('409 report_exists for a second open report by the same user; others may still report', async () => {
    const target = await comment()
    expect((await report(reporter, target, 'spam')).status).toBe(201)
    expect(await report(reporter, target, 'hate')).toEqual({
      status: 409,
      body: { error: 'report_exists', message: expect.any(String) },
    })
    expect((await report(admin, target, 'hate')).status).toBe(201)
    expect(await queueRows(app, target)).toEqual([{ status: 'open', reports: '2', reasons: { spam: 1, hate: 1 } }])
  })

  it('429 past 20 reports per user per hour, counted in PostgreSQL; refusals do not count', async () => {
    const [flooder] = await bulkCitizens(app, 1)
    expect((await report(flooder!, MISSING_ID)).status).toBe(404)
    for (let i = 0; i < 20; i++) expect((await report(flooder!, await comment(`c${i}`))).status).toBe(201)
    const target = await comment()
    const response = await app.request(REPORTS, {
      method: 'POST',
      headers: { ...flooder!.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ postType: 'blogComments', postId: target, reason: 'spam' }),
    })
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({ error: 'too_many_requests', message: expect.any(String) })
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3500)
    expect(response.headers.get('x-retry-after')).toBe(response.headers.get('retry-after'))
    expect(await count(app, 'content_reports', 'post_id = $1', [target])).toBe(0)
    const [limit] = await sql<{ count: number }>(app, 'SELECT count FROM rate_limits WHERE key = $1', [
      `reports:user:${flooder!.user.id}`,
    ])
    expect(Number(limit!.count)).toBeGreaterThanOrEqual(21)
  })
})

describe('GET /api/admin/moderation/queue', () => {
  it('401 anonymous, 403 AUTH_FORBIDDEN for a citizen, 400 for a bad filter or page', async () => {
    expect(await anonymous(app).get(QUEUE)).toEqual({
      status: 401,
      body: { error: 'AUTH_UNAUTHORIZED', message: expect.any(String) },
    })
    expect(await reporter.get(QUEUE)).toEqual({
      status: 403,
      body: { error: 'AUTH_FORBIDDEN', message: expect.any(String) },
    })
    expect((await moderator.get(QUEUE, { postType: 'nope' })).body).toEqual({
      error: 'VAL_INVALID_ENUM',
      message: expect.any(String),
      field: 'postType',
    })
    expect((await moderator.get(QUEUE, { page: '0' })).body.error).toBe('invalid_request')
  })

  it('lists items with open reports, oldest first report first, with counts per reason and an excerpt', async () => {
    const reporters = await bulkCitizens(app, 3)
    const older = await comment(`Older   one\n${'x'.repeat(300)}`)
    const newer = await comment('Newer one')
    await report(reporters[0]!, older, 'hate')
    await report(reporters[0]!, newer, 'spam')
    await report(reporters[1]!, older, 'hate')
    await report(reporters[2]!, older, 'violence')
    const all = (await moderator.get(QUEUE, { perPage: '100' })).body
    const mine = all.items.filter((item: any) => item.postId === older || item.postId === newer)
    expect(mine.map((item: any) => item.postId)).toEqual([older, newer])
    expect(mine[0]).toEqual({
      postType: 'blogComments',
      postId: older,
      status: 'published',
      authorId: author.user.id,
      excerpt: expect.stringMatching(/^Older one x+…$/),
      reports: 3,
      reasons: { hate: 2, violence: 1 },
      firstReportedAt: expect.any(String),
    })
    expect(mine[0].excerpt).toHaveLength(200)
    const firsts = all.items.map((item: any) => item.firstReportedAt)
    expect([...firsts].sort()).toEqual(firsts)
    expect(all.total).toBe(await count(app, 'report_queue', "status = 'open'"))
    expect(all).toMatchObject({ page: 1, perPage: 100, totalPages: Math.ceil(all.total / 100) })
    const paged = (await moderator.get(QUEUE, { perPage: '1', page: '2', postType: 'blogComments' })).body
    expect(paged.items).toEqual([all.items[1]])
    expect(paged.total).toBe(all.total)
  })
})

describe('decisions close reports', () => {
  const resolvedNotices = (postId: string) =>
    sql<{ user_id_id: string; body: string }>(
      app,
      "SELECT user_id_id, body FROM notifications WHERE type = 'report_resolved' AND target_id = $1",
      [postId],
    )

  it('moderating closes them as actioned, tells each reporter once, closes the queue entry, records the decision', async () => {
    const target = await comment()
    const reporters = await bulkCitizens(app, 3)
    for (const who of reporters) expect((await report(who, target, 'harassment')).status).toBe(201)
    expect(
      (
        await moderator.send('/api/admin/moderate', {
          postType: 'blogComments',
          postId: target,
          reason: 'Harcèlement caractérisé',
        })
      ).status,
    ).toBe(200)
    expect(await reportStatuses(app, target)).toEqual(['actioned', 'actioned', 'actioned'])
    const notices = await resolvedNotices(target)
    expect(notices.map((n) => n.user_id_id).sort()).toEqual(reporters.map((r) => r.user.id).sort())
    expect(notices[0]!.body).toContain('actioned')
    expect(await queueRows(app, target)).toEqual([{ status: 'closed', reports: '3', reasons: { harassment: 3 } }])
    const [decision] = await sql<any>(
      app,
      'SELECT outcome::text, previous_status, decided_by_id, on_notice, first_notice_at IS NOT NULL AS timed FROM moderation_decisions WHERE post_id = $1',
      [target],
    )
    expect(decision).toEqual({
      outcome: 'moderated',
      previous_status: 'published',
      decided_by_id: moderator.user.id,
      on_notice: true,
      timed: true,
    })
    expect(
      (await moderator.get(QUEUE, { perPage: '100' })).body.items.some((item: any) => item.postId === target),
    ).toBe(false)
  })

  it('moderating an unreported item is a decision of the moderator’s own initiative', async () => {
    const target = await comment()
    expect(
      (
        await moderator.send('/api/admin/moderate', {
          postType: 'blogComments',
          postId: target,
          reason: 'Hors sujet manifeste',
        })
      ).status,
    ).toBe(200)
    expect(await sql(app, 'SELECT on_notice FROM moderation_decisions WHERE post_id = $1', [target])).toEqual([
      { on_notice: false },
    ])
  })

  it('a moderator deleting an item (stock PATCH) closes its reports as actioned; an author deleting does not', async () => {
    const target = await comment()
    await report(reporter, target, 'illegal')
    const patched = await call(app, 'PATCH', `/api/blog-comments/${target}`, {
      headers: moderator.headers,
      body: { status: 'deleted' },
    })
    expect(patched.status).toBe(200)
    expect(await reportStatuses(app, target)).toEqual(['actioned'])
    expect(
      await sql(app, 'SELECT outcome::text, previous_status FROM moderation_decisions WHERE post_id = $1', [target]),
    ).toEqual([{ outcome: 'deleted', previous_status: 'published' }])
    expect(await resolvedNotices(target)).toHaveLength(1)

    const own = await comment()
    await report(reporter, own, 'spam')
    expect(
      (await call(app, 'PATCH', `/api/blog-comments/${own}`, { headers: author.headers, body: { status: 'deleted' } }))
        .status,
    ).toBe(200)
    expect(await reportStatuses(app, own)).toEqual(['open'])
    expect(await count(app, 'moderation_decisions', 'post_id = $1', [own])).toBe(0)
    expect(
      (await moderator.get(QUEUE, { perPage: '100' })).body.items.find((item: any) => item.postId === own).status,
    ).toBe('deleted')
  })

  it('recordDecision, as POST /api/admin/approve calls it: an approval leaves reports open, a rejection closes them as actioned', async () => {
    const target = await comment()
    await report(reporter, target, 'other')
    const req = {
      payload: app.payload,
      user: { ...admin.user, collection: 'users' },
      context: {},
    } as unknown as PayloadRequest
    const approved = await recordDecision(req, {
      postType: 'blogComments',
      postId: target,
      outcome: 'approved',
      previousStatus: 'pending_review',
      authorId: author.user.id,
      reason: null,
    })
    expect(approved).toEqual({ id: expect.any(String), onNotice: true, reportsClosed: 0 })
    expect(await reportStatuses(app, target)).toEqual(['open'])
    const rejected = await recordDecision(req, {
      postType: 'blogComments',
      postId: target,
      outcome: 'rejected',
      previousStatus: 'pending_review',
      authorId: author.user.id,
      reason: 'Hors charte',
    })
    expect(rejected.reportsClosed).toBe(1)
    expect(await reportStatuses(app, target)).toEqual(['actioned'])
    expect(
      await sql(
        app,
        'SELECT outcome::text, decided_by_id FROM moderation_decisions WHERE post_id = $1 ORDER BY created_at',
        [target],
      ),
    ).toEqual([
      { outcome: 'approved', decided_by_id: admin.user.id },
      { outcome: 'rejected', decided_by_id: admin.user.id },
    ])
  })

  describe('POST /api/admin/moderation/dismiss', () => {
    it('401, 403 for a citizen, field checks, 404, 409 when nothing is open', async () => {
      expect((await anonymous(app).send(DISMISS, {})).body.error).toBe('AUTH_UNAUTHORIZED')
      expect(
        (await reporter.send(DISMISS, { postType: 'blogComments', postId: MISSING_ID, reason: 'Rien à signaler' })).body
          .error,
      ).toBe('AUTH_FORBIDDEN')
      expect((await moderator.send(DISMISS, { postType: 'blogComments', postId: MISSING_ID })).body).toEqual({
        error: 'VAL_REQUIRED_FIELD',
        message: expect.any(String),
        field: 'reason',
      })
      expect(
        (await moderator.send(DISMISS, { postType: 'blogComments', postId: MISSING_ID, reason: 'abc' })).body.field,
      ).toBe('reason')
      expect(
        (await moderator.send(DISMISS, { postType: 'blogComments', postId: MISSING_ID, reason: 'Rien à signaler' }))
          .status,
      ).toBe(404)
      const quiet = await comment()
      expect(
        await moderator.send(DISMISS, { postType: 'blogComments', postId: quiet, reason: 'Rien à signaler' }),
      ).toEqual({ status: 409, body: { error: 'no_open_reports', message: expect.any(String) } })
      expect(await count(app, 'moderation_decisions', 'post_id = $1', [quiet])).toBe(0)
    })

    it('closes the reports as dismissed, tells each reporter, audit reports_dismissed, the item untouched', async () => {
      const target = await comment()
      const reporters = await bulkCitizens(app, 2)
      for (const who of reporters) await report(who, target, 'misinformation')
      expect(
        await moderator.send(DISMISS, {
          postType: 'blogComments',
          postId: target,
          reason: 'Opinion, pas une fausse information',
        }),
      ).toEqual({
        status: 200,
        body: { success: true, postType: 'blogComments', postId: target, dismissed: 2 },
      })
      expect(await reportStatuses(app, target)).toEqual(['dismissed', 'dismissed'])
      const notices = await resolvedNotices(target)
      expect(notices).toHaveLength(2)
      expect(notices[0]!.body).toContain('dismissed')
      expect(await audits(app, 'reports_dismissed', target)).toEqual([
        expect.objectContaining({ user_id: moderator.user.id, data: expect.objectContaining({ reports: 2 }) }),
      ])
      expect(await sql(app, 'SELECT status FROM blog_comments WHERE id = $1', [target])).toEqual([
        { status: 'published' },
      ])
      expect(await sql(app, 'SELECT outcome::text FROM moderation_decisions WHERE post_id = $1', [target])).toEqual([
        { outcome: 'dismissed' },
      ])
      // A new report after the dismissal opens a new queue entry.
      expect((await report(reporter, target, 'spam')).status).toBe(201)
      expect((await queueRows(app, target)).map((row) => row.status)).toEqual(['closed', 'open'])
    })
  })
})

describe('every registry type is reportable, not only blog comments', () => {
  const reportItem = (who: Actor, postType: string, postId: string, reason = 'spam') =>
    who.send(REPORTS, { postType, postId, reason })
  const queueItem = async (postId: string) =>
    (await moderator.get(QUEUE, { perPage: '100' })).body.items.find((item: any) => item.postId === postId)

  it('a group: 201, queued with its excerpt and author, BIZ_SELF_REPORT for its author; moderating it closes the report', async () => {
    const group = await makeItem(app, 'groups', author.user.id, undefined, { name: 'Jardiniers   du quartier' })
    expect(await reportItem(author, 'groups', group)).toEqual({
      status: 400,
      body: { error: 'BIZ_SELF_REPORT', message: expect.any(String) },
    })
    expect((await reportItem(reporter, 'groups', group, 'hate')).body.report).toMatchObject({
      postType: 'groups',
      postId: group,
      reason: 'hate',
      status: 'open',
    })
    expect(await reportItem(reporter, 'groups', group)).toEqual({
      status: 409,
      body: { error: 'report_exists', message: expect.any(String) },
    })
    expect(await queueItem(group)).toEqual({
      postType: 'groups',
      postId: group,
      status: 'published',
      authorId: author.user.id,
      excerpt: 'Jardiniers du quartier',
      reports: 1,
      reasons: { hate: 1 },
      firstReportedAt: expect.any(String),
    })
    expect(
      (await moderator.get(QUEUE, { postType: 'groups', perPage: '100' })).body.items.map((item: any) => item.postId),
    ).toContain(group)
    expect(
      (await moderator.send('/api/admin/moderate', { postType: 'groups', postId: group, reason: 'Propos haineux' }))
        .status,
    ).toBe(200)
    expect(await reportStatuses(app, group)).toEqual(['actioned'])
    expect(
      await count(app, 'notifications', "type = 'report_resolved' AND target_id = $1 AND user_id_id = $2", [
        group,
        reporter.user.id,
      ]),
    ).toBe(1)
    expect(await queueItem(group)).toBeUndefined()
  })

  it('a classified (approved, never moderated): 404 while pending or rejected, 201 once active; dismissed with its postType', async () => {
    for (const status of ['pending_review', 'rejected']) {
      const hidden = await makeItem(app, 'classifieds', author.user.id, status)
      expect(await reportItem(reporter, 'classifieds', hidden)).toEqual({
        status: 404,
        body: { error: 'BIZ_NOT_FOUND', message: expect.any(String) },
      })
    }
    const active = await makeItem(app, 'classifieds', author.user.id, 'active', {
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect((await reportItem(reporter, 'classifieds', active, 'illegal')).status).toBe(201)
    expect((await queueItem(active))?.status).toBe('active')
    expect(
      await moderator.send(DISMISS, { postType: 'classifieds', postId: active, reason: 'Annonce conforme' }),
    ).toEqual({
      status: 200,
      body: { success: true, postType: 'classifieds', postId: active, dismissed: 1 },
    })
    expect(await reportStatuses(app, active)).toEqual(['dismissed'])
    expect(await statusOf(app, 'classifieds', active)).toBe('active')
  })
})

describe('removed items (types without a deleted status: the row goes)', () => {
  const future = () => new Date(Date.now() + 86_400_000).toISOString()

  it('removed by its author: no decision; the queue entry says deleted and can still be dismissed', async () => {
    const id = await makeItem(app, 'classifieds', author.user.id, 'active', { expiresAt: future() })
    expect((await reporter.send(REPORTS, { postType: 'classifieds', postId: id, reason: 'spam' })).status).toBe(201)
    expect((await call(app, 'DELETE', `/api/classifieds/${id}`, { headers: author.headers })).status).toBe(200)
    expect(await count(app, 'moderation_decisions', 'post_id = $1', [id])).toBe(0)
    expect(await reportStatuses(app, id)).toEqual(['open'])
    expect(
      (await moderator.get(QUEUE, { perPage: '100' })).body.items.find((item: any) => item.postId === id),
    ).toMatchObject({ status: 'deleted', authorId: author.user.id })
    expect(
      await moderator.send(DISMISS, { postType: 'classifieds', postId: id, reason: 'Annonce retirée par son auteur' }),
    ).toEqual({
      status: 200,
      body: { success: true, postType: 'classifieds', postId: id, dismissed: 1 },
    })
    expect(await reportStatuses(app, id)).toEqual(['dismissed'])
    expect(
      await sql(app, 'SELECT outcome::text, previous_status, author_id FROM moderation_decisions WHERE post_id = $1', [
        id,
      ]),
    ).toEqual([{ outcome: 'dismissed', previous_status: 'deleted', author_id: author.user.id }])
    expect((await queueRows(app, id)).map((row) => row.status)).toEqual(['closed'])
    // Nothing left open: the item is as missing as any other.
    expect(
      (await moderator.send(DISMISS, { postType: 'classifieds', postId: id, reason: 'Encore une fois' })).status,
    ).toBe(404)
  })

  it('removed by a moderator (stock DELETE): a recorded decision closing its reports as actioned', async () => {
    const id = await makeItem(app, 'classifieds', author.user.id, 'active', { expiresAt: future() })
    expect((await reporter.send(REPORTS, { postType: 'classifieds', postId: id, reason: 'illegal' })).status).toBe(201)
    expect((await call(app, 'DELETE', `/api/classifieds/${id}`, { headers: moderator.headers })).status).toBe(200)
    expect(
      await sql(
        app,
        'SELECT outcome::text, previous_status, decided_by_id FROM moderation_decisions WHERE post_id = $1',
        [id],
      ),
    ).toEqual([{ outcome: 'deleted', previous_status: 'active', decided_by_id: moderator.user.id }])
    expect(await reportStatuses(app, id)).toEqual(['actioned'])
    expect(await count(app, 'notifications', "type = 'report_resolved' AND target_id = $1", [id])).toBe(1)
    expect((await queueRows(app, id)).map((row) => row.status)).toEqual(['closed'])
  })
})

describe('a storm of 1,000 reports from 1,000 users on one item', () => {
  it('every one 201, one queue entry with the exact count, no 5xx', async () => {
    const target = await comment('Storm target')
    const crowd = await bulkCitizens(app, 1000)
    const reasons = ['spam', 'hate', 'harassment', 'other']
    const started = Date.now()
    const statuses = await postAll(
      app,
      REPORTS,
      crowd.map((who, i) => ({
        headers: who.headers,
        body: { postType: 'blogComments', postId: target, reason: reasons[i % 4] },
      })),
    )
    const seconds = (Date.now() - started) / 1000
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect(statuses.filter((status) => status === 201)).toHaveLength(1000)
    expect(await queueRows(app, target)).toEqual([
      { status: 'open', reports: '1000', reasons: { spam: 250, hate: 250, harassment: 250, other: 250 } },
    ])
    expect(await count(app, 'content_reports', "post_id = $1 AND status = 'open'", [target])).toBe(1000)
    expect(await count(app, 'audit_logs', "action = 'content_reported' AND target_id = $1", [target])).toBe(1000)
    console.log(`report storm: 1,000 reports in ${seconds.toFixed(1)} s`)
    // One decision closes all of them, one notification each.
    expect(
      (
        await moderator.send('/api/admin/moderate', {
          postType: 'blogComments',
          postId: target,
          reason: 'Contenu illicite',
        })
      ).status,
    ).toBe(200)
    expect(await count(app, 'notifications', "type = 'report_resolved' AND target_id = $1", [target])).toBe(1000)
  }, 120_000)
})

describe('afterwards', () => {
  it('the reports invariants hold (one open queue entry per reported item, counting its open reports; list_counts)', async () => {
    // The bulk citizens (tests/helpers/reports.ts) skip the account plumbing (profile, wallet,
    // audited sign-in) that other invariants check: only the queue's are this file's.
    const mine = (await checkInvariants(app)).filter(
      (line) => line.startsWith('every item with open reports') || line.startsWith('list_counts'),
    )
    expect(mine).toEqual([])
  })
})
