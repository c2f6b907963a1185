// Transparency reports (docs/api.md "Reports, the moderation queue, appeals and
// transparency"): the figures of a period, checked against figures this test computes
// itself, in JavaScript, from the rows it made (reports, decisions of every outcome
// including approvals, appeals open and decided), with the rows' times spread over and
// around the period; CSV; who may read and publish; published copies frozen and public.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { PayloadRequest } from 'payload'

import { REPORTABLE_TYPES } from '../../domain/content-types'
import { recordDecision } from '../../src/operations/reports/decisions'
import { makeComment, makePost, roleActor } from '../helpers/blog'
import { type Actor, anonymous, audits, call, MISSING_ID } from '../helpers/catalogue'
import { APPEALS, bulkCitizens, DECIDE, DISMISS, report } from '../helpers/reports'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const FIGURES = '/api/admin/transparency-report'
const PUBLISH = '/api/admin/transparency-reports'
const PUBLIC = '/api/transparency-reports'
const FROM = '2026-06-10'
const TO = '2026-06-12'
const REASONS = ['spam', 'harassment', 'hate', 'violence', 'sexual', 'illegal', 'misinformation', 'other']

let app: TestApp
let author: Actor
let moderator: Actor
let secondModerator: Actor
let admin: Actor

beforeAll(async () => {
  app = await startTestApp()
  author = await roleActor(app, 'citizen')
  moderator = await roleActor(app, 'moderator')
  secondModerator = await roleActor(app, 'moderator')
  admin = await roleActor(app, 'admin')
  const postId = await makePost(app)
  const citizens = await bulkCitizens(app, 6)
  const comments: string[] = []
  for (let i = 0; i < 14; i++)
    comments.push(await makeComment(app, postId, author.user.id, 'published', `Comment ${i}`))
  // Reports: 1 to 6 per comment, reasons in turn.
  let n = 0
  for (const [i, id] of comments.entries()) {
    for (let r = 0; r <= i % 6; r++)
      expect((await report(citizens[r]!, id, REASONS[n++ % REASONS.length])).status).toBe(201)
  }
  const moderate = (who: Actor, id: string) =>
    who.send('/api/admin/moderate', { postType: 'blogComments', postId: id, reason: 'Contraire aux règles' })
  for (const id of comments.slice(0, 6)) expect((await moderate(moderator, id)).status).toBe(200)
  for (const id of comments.slice(6, 9))
    expect(
      (await moderator.send(DISMISS, { postType: 'blogComments', postId: id, reason: 'Rien de contraire' })).status,
    ).toBe(200)
  expect(
    (
      await call(app, 'PATCH', `/api/blog-comments/${comments[9]}`, {
        headers: moderator.headers,
        body: { status: 'deleted' },
      })
    ).status,
  ).toBe(200)
  // Own initiative: unreported comments moderated.
  for (let i = 0; i < 3; i++)
    expect((await moderate(secondModerator, await makeComment(app, postId, author.user.id))).status).toBe(200)
  // Approvals, recorded as POST /api/admin/approve records them.
  const req = {
    payload: app.payload,
    user: { ...admin.user, collection: 'users' },
    context: {},
  } as unknown as PayloadRequest
  for (const outcome of ['approved', 'approved', 'rejected'] as const) {
    await recordDecision(req, {
      postType: 'blogComments',
      postId: MISSING_ID,
      outcome,
      previousStatus: 'pending_review',
      authorId: author.user.id,
      reason: 'Examen',
    })
  }
  // Appeals: four filed; one upheld, one reversed, two left open.
  const appealIds: string[] = []
  for (const id of comments.slice(0, 4)) {
    const reply = await author.send(APPEALS, {
      postType: 'blogComments',
      postId: id,
      statement: 'Je conteste cette décision.',
    })
    expect(reply.status).toBe(201)
    appealIds.push(reply.body.appeal.id)
  }
  expect(
    (await secondModerator.send(DECIDE, { appealId: appealIds[0], decision: 'uphold', reason: 'Décision confirmée' }))
      .status,
  ).toBe(200)
  expect(
    (await secondModerator.send(DECIDE, { appealId: appealIds[1], decision: 'reverse', reason: 'Décision annulée' }))
      .status,
  ).toBe(200)

  // Spread every row over 2026-06-08 .. 2026-06-14 (around the period), deterministically.
  await sql(
    app,
    `UPDATE content_reports SET created_at = timestamptz '2026-06-08T00:00:00Z' + (abs(hashtext(id::text)) % (7 * 24 * 60)) * interval '1 minute'`,
  )
  await sql(
    app,
    `UPDATE moderation_decisions SET created_at = timestamptz '2026-06-08T00:00:00Z' + (abs(hashtext(id::text)) % (7 * 24 * 60)) * interval '1 minute'`,
  )
  await sql(
    app,
    `UPDATE moderation_decisions SET first_notice_at = created_at - (abs(hashtext(id::text || 'n')) % 5000) * interval '1 minute' WHERE on_notice`,
  )
  await sql(
    app,
    `UPDATE content_appeals SET created_at = timestamptz '2026-06-08T00:00:00Z' + (abs(hashtext(id::text)) % (7 * 24 * 60)) * interval '1 minute'`,
  )
  await sql(
    app,
    `UPDATE content_appeals SET decided_at = created_at + (abs(hashtext(id::text || 'd')) % 6000) * interval '1 minute' WHERE decided_at IS NOT NULL`,
  )
}, 180_000)

afterAll(async () => {
  await app.stop()
})

/**
 * The median of `values` as PostgreSQL answers `round(percentile_cont(0.5)::numeric, 2)`, null
 * when empty: it interpolates in float8 as `lo + (hi - lo) * 0.5`, and the cast to numeric keeps
 * 15 significant digits before rounding half away from zero (53.2249999… is 53.225, then 53.23,
 * where Math.round on the float would give 53.22: a CI run failed on exactly that).
 */
function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  const lo = sorted[Math.ceil(middle) - 1]!
  const hi = sorted[Math.floor(middle)]!
  const value = lo + (hi - lo) * 0.5
  return Math.round(Number((Number(value.toPrecision(15)) * 100).toPrecision(15))) / 100
}

const tally = (keys: string[], values: string[]) =>
  Object.fromEntries(keys.map((key) => [key, values.filter((value) => value === key).length]))

async function expectedFigures(from: string, to: string) {
  const lo = Date.parse(`${from}T00:00:00Z`)
  const hi = Date.parse(`${to}T00:00:00Z`) + 86_400_000
  const within = (time: Date | null) => time !== null && time.getTime() >= lo && time.getTime() < hi
  const reports = (
    await sql<{ reason: string; post_type: string; created_at: Date }>(
      app,
      'SELECT reason::text, post_type, created_at FROM content_reports',
    )
  ).filter((row) => within(row.created_at))
  const decisions = (
    await sql<{
      outcome: string
      post_type: string
      on_notice: boolean
      created_at: Date
      first_notice_at: Date | null
    }>(app, 'SELECT outcome::text, post_type, on_notice, created_at, first_notice_at FROM moderation_decisions')
  ).filter((row) => within(row.created_at))
  const appeals = await sql<{ status: string; created_at: Date; decided_at: Date | null }>(
    app,
    'SELECT status::text, created_at, decided_at FROM content_appeals',
  )
  const moderation = decisions.filter((row) => row.outcome !== 'approved')
  const decided = appeals.filter((row) => within(row.decided_at))
  const hours = (a: Date, b: Date) => (a.getTime() - b.getTime()) / 3_600_000
  return {
    period: { from, to },
    notices: {
      total: reports.length,
      byReason: tally(
        REASONS,
        reports.map((r) => r.reason),
      ),
      byPostType: tally(
        [...REPORTABLE_TYPES],
        reports.map((r) => r.post_type),
      ),
    },
    decisions: {
      total: moderation.length,
      onNotice: moderation.filter((d) => d.on_notice).length,
      ownInitiative: moderation.filter((d) => !d.on_notice).length,
      byPostType: tally(
        [...REPORTABLE_TYPES],
        moderation.map((d) => d.post_type),
      ),
      byOutcome: tally(
        ['moderated', 'rejected', 'deleted', 'dismissed'],
        moderation.map((d) => d.outcome),
      ),
    },
    medianHoursNoticeToDecision: median(
      moderation.filter((d) => d.on_notice).map((d) => hours(d.created_at, d.first_notice_at!)),
    ),
    appeals: {
      received: appeals.filter((a) => within(a.created_at)).length,
      upheld: decided.filter((a) => a.status === 'upheld').length,
      reversed: decided.filter((a) => a.status === 'reversed').length,
      open: appeals.filter(
        (a) => a.created_at.getTime() < hi && (a.decided_at === null || a.decided_at.getTime() >= hi),
      ).length,
      medianHoursToDecision: median(decided.map((a) => hours(a.decided_at!, a.created_at))),
    },
    approvals: {
      approved: decisions.filter((d) => d.outcome === 'approved').length,
      rejected: decisions.filter((d) => d.outcome === 'rejected').length,
    },
  }
}

describe('GET /api/admin/transparency-report', () => {
  it('admins only: 403 forbidden for moderators, citizens and anonymous callers', async () => {
    for (const who of [moderator, author, anonymous(app)]) {
      expect(await who.get(FIGURES, { from: FROM, to: TO })).toEqual({
        status: 403,
        body: { error: 'forbidden', message: expect.any(String) },
      })
    }
  })

  it('400 invalid_request for a missing or unreal date, from after to, or an unknown format', async () => {
    const queries = [
      {},
      { from: FROM },
      { from: '2026-02-30', to: TO },
      { from: '10/06/2026', to: TO },
      { from: TO, to: FROM },
      { from: FROM, to: TO, format: 'xml' },
      // Year 0 is a date to JavaScript, not to PostgreSQL (1 BC precedes AD 1): 400, not 500.
      { from: '0000-01-01', to: TO },
      { from: '2026-06-10T00:00', to: TO },
    ]
    for (const query of queries) {
      const reply = await admin.get(FIGURES, query as Record<string, string>)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe('invalid_request')
    }
    // Refused by the route, naming the field, not by PostgreSQL's out-of-range error.
    expect((await admin.get(FIGURES, { from: '0000-01-01', to: TO })).body.issues).toEqual([
      { path: 'from', message: expect.any(String) },
    ])
  })

  it.each([
    [FROM, TO],
    ['2026-06-08', '2026-06-14'],
    ['2026-06-11', '2026-06-11'],
    ['2025-01-01', '2025-12-31'],
  ])('the figures for %s..%s equal those computed here from the rows', async (from, to) => {
    const reply = await admin.get(FIGURES, { from, to })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(await expectedFigures(from, to))
  })

  it('a period of every representable day (0001-01-01..9999-12-31) is answered, the same figures as computed here', async () => {
    const reply = await admin.get(FIGURES, { from: '0001-01-01', to: '9999-12-31' })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual(await expectedFigures('0001-01-01', '9999-12-31'))
  })

  it('the wide period holds everything this test made', async () => {
    // Rows are spread over 06-08..06-14 and appeals decided up to about four days later.
    const body = (await admin.get(FIGURES, { from: '2026-06-08', to: '2026-06-30' })).body
    expect(body.notices.total).toBe(45)
    expect(body.decisions.byOutcome).toEqual({ moderated: 9, rejected: 1, deleted: 1, dismissed: 3 })
    // Own initiative: the three unreported comments, and the rejection (no reports).
    expect(body.decisions.ownInitiative).toBe(3 + 1)
    expect(body.approvals).toEqual({ approved: 2, rejected: 1 })
    expect(body.appeals).toMatchObject({ received: 4, upheld: 1, reversed: 1, open: 2 })
  })

  it('CSV: one metric,value row per figure', async () => {
    const response = await app.request(`${FIGURES}?from=${FROM}&to=${TO}&format=csv`, { headers: admin.headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = await response.text()
    const expected = await expectedFigures(FROM, TO)
    const lines = text.trimEnd().split('\r\n')
    expect(lines[0]).toBe('metric,value')
    expect(lines).toContain(`notices.total,${expected.notices.total}`)
    expect(lines).toContain(`notices.byReason.spam,${expected.notices.byReason.spam}`)
    expect(lines).toContain(`decisions.byOutcome.dismissed,${expected.decisions.byOutcome.dismissed}`)
    expect(lines).toContain(`approvals.approved,${expected.approvals.approved}`)
    expect(lines).toContain(`period.from,${FROM}`)
  })
})

describe('published reports', () => {
  it('POST: admins only (403 forbidden), dates checked (400)', async () => {
    expect((await moderator.send(PUBLISH, { from: FROM, to: TO })).body.error).toBe('forbidden')
    expect((await admin.send(PUBLISH, { from: FROM })).body.error).toBe('invalid_request')
    expect((await call(app, 'POST', PUBLISH, { headers: admin.headers, raw: 'nope' })).body.error).toBe('invalid_body')
    for (const body of [
      { from: '2026-02-30', to: TO },
      { from: TO, to: FROM },
      { from: '0000-01-01', to: TO },
      { from: 20260610, to: TO },
    ]) {
      expect(await admin.send(PUBLISH, body)).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_request' }),
      })
    }
    expect(await sql(app, 'SELECT count(*)::int AS n FROM transparency_publications')).toEqual([{ n: 0 }])
    expect(await audits(app, 'transparency_report_published')).toEqual([])
  })

  it('201 with a frozen copy, audit transparency_report_published; public list and copy; later rows change the live figures only', async () => {
    const reply = await admin.send(PUBLISH, { from: '2026-06-08', to: '2026-06-14' })
    expect(reply.status).toBe(201)
    const { id, publishedAt, ...figures } = reply.body.report
    expect(figures).toEqual(await expectedFigures('2026-06-08', '2026-06-14'))
    expect(await audits(app, 'transparency_report_published', id)).toEqual([
      expect.objectContaining({ user_id: admin.user.id, data: { from: '2026-06-08', to: '2026-06-14' } }),
    ])

    // A report made later, dated inside the period: the live figures move, the copy does not.
    await sql(
      app,
      `INSERT INTO content_reports (post_type, post_id, reporter_id, reason, status, created_at) VALUES ('blogComments', $1, $2, 'spam', 'dismissed', '2026-06-09T10:00:00Z')`,
      [MISSING_ID, author.user.id],
    )
    expect((await admin.get(FIGURES, { from: '2026-06-08', to: '2026-06-14' })).body.notices.total).toBe(
      figures.notices.total + 1,
    )

    const list = await anonymous(app).get(PUBLIC)
    expect(list).toEqual({
      status: 200,
      body: {
        reports: [{ id, period: { from: '2026-06-08', to: '2026-06-14' }, publishedAt }],
        total: 1,
        page: 1,
        perPage: 20,
        totalPages: 1,
      },
    })
    expect(await anonymous(app).get(`${PUBLIC}/${id}`)).toEqual({ status: 200, body: { report: reply.body.report } })
    for (const missing of [MISSING_ID, 'not-an-id', `${id}x`]) {
      expect(await anonymous(app).get(`${PUBLIC}/${missing}`)).toEqual({
        status: 404,
        body: expect.objectContaining({ error: 'not_found' }),
      })
    }
    // The stock route of the copies (it names who published) is the admins'.
    expect((await anonymous(app).get('/api/transparency-publications')).status).toBe(403)
  })
})
