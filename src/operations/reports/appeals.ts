// Appeals (docs/api.md "Reports, the moderation queue, appeals and transparency", DSA Art.
// 20): the author of a moderated or rejected item contests the decision once, within 180
// days of it; another moderator or an admin upholds it or reverses it. Reversing restores
// the status recorded before the decision. Each use case is one transaction; deciding locks
// the appeal's row first, so of two moderators at once the second finds it decided (409
// appeal_decided).
import type { PayloadRequest } from 'payload'

import { MODERATING, type ReportableType } from '../../../domain/content-types'
import { isUuid } from '../../../domain/ids'
import { APPEAL_WINDOW_DAYS, type AppealStatus } from '../../../domain/reports'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import type { Pagination } from '../../lib/http/pagination'
import { run, runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import { withContext } from '../catalogue/transaction'
import { notify } from '../notifications/notify'
import { authorOf, lockedItem, lockItem, statusOf, typeOf } from './content'
import { reportErrors, requireSignedIn, requireStaff } from './errors'

const APPEALABLE = ['moderated', 'rejected']

export interface AppealInput {
  postType: ReportableType
  postId: string
  statement: string
}

export interface DecideInput {
  appealId: string
  decision: 'uphold' | 'reverse'
  reason: string
}

// The latest moderated/rejected decision on the item: what an appeal contests.
const LATEST_DECISION = statement(
  'appeal-latest-decision',
  `SELECT id, created_at > now() - make_interval(days => $3) AS in_time
   FROM moderation_decisions WHERE post_type = $1 AND post_id = $2 AND outcome IN ('moderated', 'rejected')
   ORDER BY created_at DESC LIMIT 1`,
)

const INSERT_APPEAL = statement(
  'appeal-insert',
  `INSERT INTO content_appeals (decision_id, post_type, post_id, appellant_id, statement, status, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, 'open', $6, $6)
   ON CONFLICT (decision_id) DO NOTHING
   RETURNING id`,
)

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

// The appeal with the decision it contests, its row locked until the transaction ends.
const LOCK_APPEAL = statement(
  'appeal-lock',
  `SELECT a.id, a.status, a.post_type, a.post_id, a.appellant_id, d.decided_by_id, d.previous_status, d.outcome
   FROM content_appeals a JOIN moderation_decisions d ON d.id = a.decision_id
   WHERE a.id = $1 FOR UPDATE OF a`,
)

const CLOSE_APPEAL = statement(
  'appeal-close',
  `UPDATE content_appeals SET status = $2, decided_by_id = $3, decided_at = $4, decision_reason = $5, updated_at = $4 WHERE id = $1`,
)

const APPEAL_VIEW = `
  SELECT a.id, a.post_type AS "postType", a.post_id AS "postId", a.status, a.statement, a.appellant_id AS "appellantId",
         json_build_object('id', d.id, 'outcome', d.outcome, 'reason', d.reason, 'previousStatus', d.previous_status,
                           'decidedBy', d.decided_by_id, 'decidedAt', ${ISO('d.created_at')}) AS decision,
         a.decided_by_id AS "decidedBy", ${ISO('a.decided_at')} AS "decidedAt", a.decision_reason AS "decisionReason",
         ${ISO('a.created_at')} AS "createdAt"
  FROM content_appeals a JOIN moderation_decisions d ON d.id = a.decision_id`

// Newest first (docs/api.md "Conventions of every route"), by status or all; index content_appeals_status_created.
const APPEALS_PAGE = statement(
  'appeals-page',
  `SELECT (SELECT count(*)::int FROM content_appeals WHERE $3::text IS NULL OR status::text = $3) AS total,
          (SELECT COALESCE(json_agg(page), '[]'::json) FROM (
             ${APPEAL_VIEW} WHERE $3::text IS NULL OR a.status::text = $3 ORDER BY a.created_at DESC, a.id LIMIT $1 OFFSET $2
          ) page) AS appeals`,
)

const ONE_APPEAL = statement('appeal-view', `${APPEAL_VIEW} WHERE a.id = $1`)

export type AppealView = Record<string, unknown> & { id: string; status: AppealStatus }

export async function fileAppeal(req: PayloadRequest, input: AppealInput) {
  const user = requireSignedIn(req)
  const type = typeOf(input.postType)
  return inTransaction(req, async () => {
    const doc = await lockedItem(req, type, input.postId)
    if (!doc) throw reportErrors.notFound()
    if (authorOf(type, doc) !== String(user.id))
      throw reportErrors.forbidden('Only the author of this item may appeal a decision on it')
    if (!APPEALABLE.includes(statusOf(type, doc) ?? ''))
      throw reportErrors.forbidden('Only a moderated or rejected item can be appealed')
    const decision = (
      await runIn<{ id: string; in_time: boolean }>(req, LATEST_DECISION, [
        input.postType,
        input.postId,
        APPEAL_WINDOW_DAYS,
      ])
    ).rows[0]
    if (!decision) throw reportErrors.forbidden('No recorded decision on this item to appeal')
    if (!decision.in_time) throw reportErrors.forbidden(`Decisions can be appealed within ${APPEAL_WINDOW_DAYS} days`)
    const now = new Date().toISOString()
    const id = (
      await runIn<{ id: string }>(req, INSERT_APPEAL, [
        decision.id,
        input.postType,
        input.postId,
        user.id,
        input.statement,
        now,
      ])
    ).rows[0]?.id
    if (!id) throw reportErrors.appealExists()
    await writeAudit(req, {
      action: 'appeal_filed',
      targetType: input.postType,
      targetId: input.postId,
      data: { appealId: id, decisionId: decision.id },
    })
    const appeal = { id, postType: input.postType, postId: input.postId, status: 'open' as const, createdAt: now }
    await emitEvent(
      req,
      'appeal.created',
      { type: input.postType, id: input.postId },
      { ...appeal, decisionId: decision.id, appellantId: String(user.id) },
    )
    return { appeal }
  })
}

export async function listAppeals(req: PayloadRequest, status: AppealStatus | undefined, pagination: Pagination) {
  requireStaff(req, 'moderation.queue')
  const offset = (pagination.page - 1) * pagination.perPage
  const { rows } = await run<{ total: number; appeals: AppealView[] }>(req.payload, APPEALS_PAGE, [
    pagination.perPage,
    offset,
    status ?? null,
  ])
  return { appeals: rows[0]?.appeals ?? [], total: rows[0]?.total ?? 0 }
}

const OUTCOME_TEXT = {
  uphold: 'Après un nouvel examen, la décision prise sur votre contenu est maintenue.',
  reverse: 'Après un nouvel examen, la décision prise sur votre contenu est annulée : il est rétabli.',
}

export async function decideAppeal(req: PayloadRequest, input: DecideInput): Promise<{ appeal: AppealView }> {
  const moderator = requireStaff(req, 'moderation.action')
  if (!isUuid(input.appealId)) throw reportErrors.appealNotFound()
  return inTransaction(req, async () => {
    const appeal = (
      await runIn<{
        id: string
        status: string
        post_type: string
        post_id: string
        appellant_id: string | null
        decided_by_id: string | null
        previous_status: string | null
      }>(req, LOCK_APPEAL, [input.appealId])
    ).rows[0]
    if (!appeal) throw reportErrors.appealNotFound()
    if (appeal.decided_by_id !== null && appeal.decided_by_id === String(moderator.id)) throw reportErrors.selfReview()
    if (appeal.status !== 'open') throw reportErrors.appealDecided()
    const now = new Date().toISOString()

    if (input.decision === 'reverse')
      await restore(req, appeal.post_type as ReportableType, appeal.post_id, appeal.previous_status)
    const status: AppealStatus = input.decision === 'reverse' ? 'reversed' : 'upheld'
    await runIn(req, CLOSE_APPEAL, [appeal.id, status, moderator.id, now, input.reason])
    if (appeal.appellant_id) {
      await notify(req, {
        userId: appeal.appellant_id,
        type: 'moderation',
        title: 'Votre recours a été examiné',
        body: `${OUTCOME_TEXT[input.decision]} Motif : ${input.reason}`,
        targetType: appeal.post_type,
        targetId: appeal.post_id,
      })
    }
    await writeAudit(req, {
      action: input.decision === 'reverse' ? 'appeal_reversed' : 'appeal_upheld',
      targetType: appeal.post_type,
      targetId: appeal.post_id,
      data: {
        appealId: appeal.id,
        reason: input.reason,
        restoredStatus: input.decision === 'reverse' ? appeal.previous_status : undefined,
        authorId: appeal.appellant_id,
      },
    })
    const view = (await runIn<AppealView>(req, ONE_APPEAL, [appeal.id])).rows[0]!
    await emitEvent(req, 'appeal.decided', { type: appeal.post_type, id: appeal.post_id }, view)
    return { appeal: view }
  })
}

/** The item back to its status before the decision (a type no longer registered: left as is). */
async function restore(
  req: PayloadRequest,
  postType: ReportableType,
  postId: string,
  previousStatus: string | null,
): Promise<void> {
  const type = typeOf(postType)
  if (!type || !previousStatus || !(await lockItem(req, type, postId, 'update'))) return
  await withContext(req, { skipAudit: true, [MODERATING]: true }, () =>
    req.payload.update({
      collection: type.collection,
      id: postId,
      data: { [type.statusField]: previousStatus },
      depth: 0,
      overrideAccess: true,
      req,
    }),
  )
}
