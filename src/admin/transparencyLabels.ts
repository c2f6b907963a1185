// The transparency figures (src/operations/reports/transparency.ts) in words, for the panel's
// report: each key of the JSON and CSV gets the label a reader sees.
import type { BasePayload } from 'payload'

import { CONTENT_TYPES, type ReportableType } from '../../domain/content-types'
import type { ReportReason } from '../../domain/reports'
import { collectionNoun } from './collectionNoun'
import { countOf } from './plural'

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hate speech',
  violence: 'Violence',
  sexual: 'Sexual content',
  illegal: 'Illegal content',
  misinformation: 'Misinformation',
  other: 'Other reasons',
}

export const OUTCOME_LABELS = {
  moderated: 'Moderated (hidden)',
  rejected: 'Rejected',
  deleted: 'Deleted',
  dismissed: 'Dismissed (no action)',
} as const

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A post type (`blogComments`) as its collection's plural label ("Blog comments"). */
export function postTypeLabel(payload: BasePayload, postType: string): string {
  const type = CONTENT_TYPES[postType as ReportableType]
  if (type) return capitalized(collectionNoun(payload, type.collection).other)
  return capitalized(postType.replace(/([A-Z])/g, ' $1').toLowerCase())
}

/**
 * A median in hours ("3.5 hours", "1 hour"); "under 0.1 hours" for a few minutes (the figures
 * round to 0.01, so 0 is "under 0.005"); "none in this period" without any.
 */
export function hoursText(hours: number | null): string {
  if (hours === null) return 'none in this period'
  if (hours < 0.05) return 'under 0.1 hours'
  return countOf(hours, { one: 'hour', other: 'hours' }, 1)
}
