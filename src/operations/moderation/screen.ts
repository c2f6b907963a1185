// What the watched words and the new-member limits do to a text a member writes (docs/moderation.md
// "5. Watched words and new members", "New members"): `screenTexts` censors and sorts the words met by effect;
// `newMemberVerdict` counts a young account's items; `fileServiceReport` puts an item in the
// report queue as the service (no reporter). Callers decide what a verdict means for their record.
import type { PayloadRequest } from 'payload'

import { CONTENT_TYPES, type ContentTypeName } from '../../../domain/content-types'
import { isStaff } from '../../../domain/permissions'
import { DEFAULT_REPLACEMENT, LIMITED_EFFECTS, type WatchedEffect } from '../../../domain/watched-words'
import { writeAudit } from '../../../hooks/shared/audit'
import { apiError } from '../../lib/http/errors'
import { runIn, statement } from '../../lib/prepared'
import { settings } from '../../lib/settings'
import { censor, countLinks } from '../../lib/word-matcher'
import { excerptOf } from '../reports/content'
import { currentWordList, type WatchedWord } from './word-list'

export interface TextVerdict {
  /** Each text as it is to be stored: censored where a `censor` word met it. */
  texts: string[]
  /** The words of the text met with each effect (as written in the text), staff's left out but for censor. */
  met: Record<Exclude<WatchedEffect, 'censor'>, string[]>
}

export interface ScreenOptions {
  /** Only `block` and `censor` apply (profiles, booking messages). */
  limited?: boolean
}

/** The content language of the request, when it is one of LOCALES; null: the words of every language apply. */
export function textLocale(req: PayloadRequest): string | null {
  const locale = req.locale
  return typeof locale === 'string' && settings().locales.includes(locale) ? locale : null
}

const unique = (items: string[]) => [...new Set(items)]

export async function screenTexts(
  req: PayloadRequest,
  texts: readonly string[],
  options: ScreenOptions = {},
): Promise<TextVerdict> {
  const met: TextVerdict['met'] = { block: [], require_approval: [], flag: [] }
  const list = await currentWordList(req)
  if (list.words.length === 0) return { texts: [...texts], met }
  const matcher = list.matcher(textLocale(req))
  const staff = isStaff(req.user)
  const out = texts.map((text) => {
    if (!text) return text
    const matches = matcher
      .match(text)
      .filter((m) => !options.limited || LIMITED_EFFECTS.includes(m.value.effect))
      .filter((m) => m.value.effect === 'censor' || !staff)
    const censored = matches.filter((m) => m.value.effect === 'censor')
    for (const m of matches) if (m.value.effect !== 'censor') met[m.value.effect].push(text.slice(m.start, m.end))
    return censored.length
      ? censor(text, censored, (word: WatchedWord) => word.replacement ?? DEFAULT_REPLACEMENT)
      : text
  })
  return {
    texts: out,
    met: { block: unique(met.block), require_approval: unique(met.require_approval), flag: unique(met.flag) },
  }
}

export const blockedMessage = (words: string[]) =>
  `This text contains words that are not allowed here: ${words.join(', ')}`

export const tooManyLinksMessage = (max: number) => `A new member's text may hold at most ${max} links`

export interface NewMemberVerdict {
  /** Seconds until the daily cap lets one more item through; null when it does now. */
  retryAfter: number | null
  /** The most links one text may hold; null: no limit. */
  maxLinks: number | null
  /** One of the first items that wait for approval. */
  hold: boolean
}

const DAY_MS = 86_400_000

// Everything a member writes that the cap counts: every content type and blog comments, one row each.
let itemsQuery: ReturnType<typeof statement> | undefined
function itemsOf(req: PayloadRequest) {
  if (itemsQuery) return itemsQuery
  const parts = (Object.keys(CONTENT_TYPES) as ContentTypeName[]).map((name) => {
    const type = CONTENT_TYPES[name]
    const table = req.payload.db.tableNameMap.get(type.collection.replace(/-/g, '_'))
    const author = `${type.authorField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_id`
    const visible = type.publicStatuses.map((status) => `'${status}'`).join(', ')
    return `SELECT created_at, ${type.statusField}::text IN (${visible}) AS shown FROM "${table}" WHERE "${author}" = $1`
  })
  itemsQuery = statement(
    'new-member-items',
    `SELECT count(*)::int AS total, bool_or(shown) AS shown,
       count(*) FILTER (WHERE created_at > $2)::int AS today, min(created_at) FILTER (WHERE created_at > $2) AS oldest
     FROM (${parts.join(' UNION ALL ')}) items`,
  )
  return itemsQuery
}

const ACCOUNT_AGE = statement('new-member-account', `SELECT created_at FROM users WHERE id = $1`)
// Concurrent writes of one member queue here, so the cap's count cannot be overrun.
const LOCK_MEMBER = statement(
  'new-member-lock',
  `SELECT pg_advisory_xact_lock(hashtextextended('new-member:' || $1, 0))`,
)

/** The limits on a member's next item or comment, within the write's transaction (null: none apply). */
export async function newMemberVerdict(req: PayloadRequest): Promise<NewMemberVerdict | null> {
  const user = req.user
  if (!user || isStaff(user)) return null
  const { settings: limits } = await currentWordList(req)
  if (limits.newMemberDays === 0) return null
  const [account] = (await runIn<{ created_at: Date }>(req, ACCOUNT_AGE, [user.id])).rows
  if (!account || Date.now() - new Date(account.created_at).getTime() >= limits.newMemberDays * DAY_MS) return null
  await runIn(req, LOCK_MEMBER, [String(user.id)])
  const since = new Date(Date.now() - DAY_MS)
  const [items] = (
    await runIn<{ total: number; shown: boolean | null; today: number; oldest: Date | null }>(req, itemsOf(req), [
      user.id,
      since.toISOString(),
    ])
  ).rows
  if (items?.shown) return null
  const today = items?.today ?? 0
  const capped = limits.newMemberDailyItems > 0 && today >= limits.newMemberDailyItems
  const oldest = items?.oldest ? new Date(items.oldest).getTime() : Date.now()
  return {
    retryAfter: capped ? Math.max(1, Math.ceil((oldest + DAY_MS - Date.now()) / 1000)) : null,
    maxLinks: limits.newMemberMaxLinks > 0 ? limits.newMemberMaxLinks : null,
    hold: (items?.total ?? 0) < limits.newMemberFirstApproved,
  }
}

/** The texts holding more links than a new member may write in one text. */
export const overLinked = (texts: readonly string[], max: number | null): boolean =>
  max !== null && texts.some((text) => countLinks(text) > max)

const INSERT_SERVICE_REPORT = statement(
  'service-report-insert',
  `INSERT INTO content_reports (post_type, post_id, reporter_id, reason, details, status, updated_at, created_at)
   VALUES ($1, $2, NULL, 'other', $3, 'open', $4, $4) RETURNING id`,
)
const UPSERT_SERVICE_QUEUE = statement(
  'service-report-queue-upsert',
  `INSERT INTO report_queue (post_type, post_id, status, item_status, author_id, excerpt, reports, reasons, first_reported_at, updated_at, created_at)
   VALUES ($1, $2, 'open', $3, $4, $5, 1, '{"other": 1}'::jsonb, $6, $6, $6)
   ON CONFLICT (post_type, post_id) WHERE status = 'open' DO UPDATE SET
     reports = report_queue.reports + 1,
     reasons = report_queue.reasons || jsonb_build_object('other', COALESCE((report_queue.reasons ->> 'other')::int, 0) + 1),
     item_status = EXCLUDED.item_status, excerpt = EXCLUDED.excerpt, updated_at = $6`,
)

/** A report by the service itself (reporter null, reason `other`) into the moderation queue, audited without a user. */
export async function fileServiceReport(
  req: PayloadRequest,
  postType: ContentTypeName,
  doc: Record<string, unknown>,
  details: string,
): Promise<void> {
  const type = CONTENT_TYPES[postType]
  const postId = String(doc.id)
  const author = doc[type.authorField]
  const authorId =
    author && typeof author === 'object' ? String((author as { id: unknown }).id) : author ? String(author) : null
  const now = new Date().toISOString()
  const [report] = (await runIn<{ id: string }>(req, INSERT_SERVICE_REPORT, [postType, postId, details, now])).rows
  await writeAudit(req, {
    action: 'content_reported',
    userId: null,
    targetType: postType,
    targetId: postId,
    data: { reportId: report!.id, postType, reason: 'other', authorId },
  })
  const status = String(doc[type.statusField] ?? '')
  await runIn(req, UPSERT_SERVICE_QUEUE, [postType, postId, status, authorId, excerptOf(doc), now])
}

const UPSERT_HOLD = statement(
  'watched-word-hold-upsert',
  `INSERT INTO watched_word_holds (post_type, post_id, held_as, words) VALUES ($1, $2, $3, $4::jsonb)
   ON CONFLICT (post_type, post_id) DO UPDATE SET held_as = EXCLUDED.held_as, words = EXCLUDED.words, created_at = now()`,
)

/** Records why an item waits (the words, none for a new member's first items): the panel and the queue show it. */
export async function recordHold(
  req: PayloadRequest,
  postType: ContentTypeName,
  postId: string,
  heldAs: 'pending_review' | 'moderated',
  words: string[],
): Promise<void> {
  await runIn(req, UPSERT_HOLD, [postType, postId, heldAs, JSON.stringify(words)])
}

/**
 * The text fields of a profile or a booking as they are to be stored (only `block` and `censor` apply there):
 * censored, or refused with 400 `content_blocked` naming the field and the words.
 */
export async function screenFields<T extends object>(
  req: PayloadRequest,
  input: T,
  fields: ReadonlyArray<keyof T & string>,
): Promise<T> {
  const out = { ...input } as Record<string, unknown>
  for (const field of fields) {
    const value = out[field]
    if (typeof value !== 'string' || value === '') continue
    const verdict = await screenTexts(req, [value], { limited: true })
    if (verdict.met.block.length) {
      const message = blockedMessage(verdict.met.block)
      throw apiError('content_blocked', message, { issues: [{ path: field, message }] })
    }
    out[field] = verdict.texts[0]
  }
  return out as T
}
