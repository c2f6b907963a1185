// Every decision on an item is recorded here (DSA Art. 17): by moderation (src/operations/
// moderation/moderate.ts), by approval (POST /api/admin/approve: `approved`, `rejected`), by a
// moderator deleting an item (./hooks.ts) and by a dismissal (./dismiss.ts). Call it inside the
// decision's transaction, after the item's row is locked and changed: the decision row, the
// closing of the item's open reports (`actioned`, or `dismissed`), the queue row's closing and
// one `report_resolved` notification per reporter commit with the decision or not at all.
// Set-based statements, so a decision on an item with a thousand reports is four statements.
import type { PayloadRequest } from 'payload'

import type { DecisionOutcome } from '../../../domain/reports'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { runIn, statement } from '../../lib/prepared'

export interface DecisionInput {
  postType: string
  postId: string
  outcome: DecisionOutcome
  /** The item's status before the decision: what reversing an appeal restores. */
  previousStatus: string | null
  authorId: string | null
  reason?: string | null
  /** Defaults to the request's user. */
  decidedBy?: string | null
}

export interface RecordedDecision {
  id: string
  onNotice: boolean
  /** Reports closed by it (0 for approvals, which leave reports open). */
  reportsClosed: number
}

// Whether the decision answers notices: the item's open reports, and the first one's time
// (the transparency report's time from notice to decision).
const OPEN_NOTICES = statement(
  'decision-open-notices',
  `SELECT count(*)::int AS n, min(created_at) AS first FROM content_reports WHERE post_type = $1 AND post_id = $2 AND status = 'open'`,
)

const INSERT_DECISION = statement(
  'decision-insert',
  `INSERT INTO moderation_decisions (post_type, post_id, outcome, previous_status, author_id, decided_by_id, reason, on_notice, first_notice_at, updated_at, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
   RETURNING id`,
)

// Closes the open reports, tells each reporter once (not one whose inbox of the type is off, nor one who blocks the
// decider: docs/api.md "Notification settings", "Blocking between members"), closes the queue row: one statement.
const CLOSE_REPORTS = statement(
  'decision-close-reports',
  `WITH closed AS (
     UPDATE content_reports SET status = $3, decision_id = $4, resolved_at = $5, updated_at = $5
     WHERE post_type = $1 AND post_id = $2 AND status = 'open'
     RETURNING reporter_id
   ), told AS (
     INSERT INTO notifications (user_id_id, type, title, body, target_type, target_id, updated_at, created_at)
     SELECT DISTINCT reporter_id, 'report_resolved'::enum_notifications_type, $6, $7, $1, $2, $5::timestamptz,
            $5::timestamptz
       FROM closed c
      WHERE reporter_id IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM notification_settings s
           WHERE s.user_id = c.reporter_id AND s.type = 'report_resolved' AND NOT s.inbox)
        AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = c.reporter_id AND b.blocked_id = $8::uuid)
     RETURNING 1
   ), queue AS (
     UPDATE report_queue SET status = 'closed', closed_at = $5, updated_at = $5
     WHERE post_type = $1 AND post_id = $2 AND status = 'open'
     RETURNING 1
   )
   SELECT (SELECT count(*) FROM closed)::int AS closed, (SELECT count(*) FROM told)::int AS told, (SELECT count(*) FROM queue)::int AS queue`,
)

/** French, as every notification of the moderation family. */
export const REPORT_RESOLVED_TITLE = 'Votre signalement a été traité'
const RESOLVED_BODY: Record<'actioned' | 'dismissed', string> = {
  actioned: 'Le contenu que vous avez signalé a été retiré par l’équipe de modération (issue : actioned).',
  dismissed:
    'Après examen, le contenu que vous avez signalé reste en ligne : votre signalement est classé sans suite (issue : dismissed).',
}

export async function recordDecision(req: PayloadRequest, input: DecisionInput): Promise<RecordedDecision> {
  const now = new Date().toISOString()
  const notices = (await runIn<{ n: number; first: Date | null }>(req, OPEN_NOTICES, [input.postType, input.postId]))
    .rows[0]
  const onNotice = (notices?.n ?? 0) > 0
  const decidedBy =
    input.decidedBy === undefined ? (req.user?.id == null ? null : String(req.user.id)) : input.decidedBy
  const inserted = await runIn<{ id: string }>(req, INSERT_DECISION, [
    input.postType,
    input.postId,
    input.outcome,
    input.previousStatus,
    input.authorId,
    decidedBy,
    input.reason ?? null,
    onNotice,
    notices?.first ?? null,
    now,
  ])
  const id = inserted.rows[0]!.id
  // An approval says the item may be shown: reports about it stay for a moderator to weigh.
  if (input.outcome === 'approved' || !onNotice) return { id, onNotice, reportsClosed: 0 }
  const reportStatus = input.outcome === 'dismissed' ? 'dismissed' : 'actioned'
  const closed = await runIn<{ closed: number }>(req, CLOSE_REPORTS, [
    input.postType,
    input.postId,
    reportStatus,
    id,
    now,
    REPORT_RESOLVED_TITLE,
    RESOLVED_BODY[reportStatus],
    decidedBy,
  ])
  const reportsClosed = closed.rows[0]?.closed ?? 0
  // docs/api.md "Webhooks (/api/admin/webhooks)" report.resolved: one event per decision that
  // closes an item's open reports.
  if (reportsClosed > 0) {
    await emitEvent(
      req,
      'report.resolved',
      { type: input.postType, id: input.postId },
      {
        postType: input.postType,
        postId: input.postId,
        status: reportStatus,
        reportsClosed,
        decisionId: id,
        outcome: input.outcome,
        reason: input.reason ?? null,
        resolvedAt: now,
      },
    )
  }
  return { id, onNotice, reportsClosed }
}
