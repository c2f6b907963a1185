// Names and value lists of the reports area (docs/api.md "Reports, the moderation queue,
// appeals and transparency"), in a module of their own so the operations, endpoints and
// OpenAPI document use them without loading the collections.
export const CONTENT_REPORTS = 'content-reports'
export const REPORT_QUEUE = 'report-queue'
export const MODERATION_DECISIONS = 'moderation-decisions'
export const CONTENT_APPEALS = 'content-appeals'
export const TRANSPARENCY_PUBLICATIONS = 'transparency-publications'

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'illegal',
  'misinformation',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const
export const QUEUE_STATUSES = ['open', 'closed'] as const

/** What a recorded decision did: docs/api.md "Reports, the moderation queue, appeals and
 * transparency"'s four outcomes, and approvals (docs/api.md "Community content").
 */
export const DECISION_OUTCOMES = ['moderated', 'rejected', 'deleted', 'dismissed', 'approved'] as const
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number]

export const APPEAL_STATUSES = ['open', 'upheld', 'reversed'] as const
export type AppealStatus = (typeof APPEAL_STATUSES)[number]

export const DETAILS_MAX = 1000
export const STATEMENT_MIN = 10
export const STATEMENT_MAX = 2000
export const APPEAL_WINDOW_DAYS = 180
