// The transparency figures (src/operations/reports/transparency.ts) in words, for the panel's
// report: each key of the JSON and CSV gets the label a reader sees.
import type { BasePayload } from 'payload'

import { CONTENT_TYPES, type ReportableType } from '../../domain/content-types'
import type { ReportReason } from '../../domain/reports'
import { collectionNoun } from './collectionNoun'
import { panelText } from './i18n/index'

/** A report reason in words, in the panel's language. */
export const reasonLabel = (reason: ReportReason, language = 'en') => panelText(language).t(`reason.${reason}`)

export type Outcome = 'moderated' | 'rejected' | 'deleted' | 'dismissed'
/** A decision's outcome in words, in the panel's language. */
export const outcomeLabel = (outcome: Outcome, language = 'en') => panelText(language).t(`outcome.${outcome}`)

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A post type (`blogComments`) as its collection's plural label ("Blog comments"). */
export function postTypeLabel(payload: BasePayload, postType: string, language = 'en'): string {
  const type = CONTENT_TYPES[postType as ReportableType]
  if (type) return capitalized(collectionNoun(payload, type.collection, language).other)
  return capitalized(postType.replace(/([A-Z])/g, ' $1').toLowerCase())
}

/**
 * A median in hours ("3.5 hours", "1 hour"); "under 0.1 hours" for a few minutes (the figures
 * round to 0.01, so 0 is "under 0.005"); "none in this period" without any.
 */
export function hoursText(hours: number | null, language = 'en'): string {
  const text = panelText(language)
  if (hours === null) return text.t('transparency.noMedian')
  if (hours < 0.05) return text.t('transparency.underHours')
  return text.plural('transparency.hours', hours, {}, 1)
}
