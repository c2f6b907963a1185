// The admin API's watched words and new-member settings (docs/api.md "Watched words and new members"):
// each change one transaction with its audit entry and the count-up of the version every instance
// compares (./word-list.ts); `test` shows what the list in force does to a text.
import type { PayloadRequest } from 'payload'

import { isUuid } from '../../../domain/ids'
import type { WatchedEffect } from '../../../domain/watched-words'
import { writeAudit } from '../../../hooks/shared/audit'
import { apiError, notFound } from '../../lib/http/errors'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { runIn, statement } from '../../lib/prepared'
import { afterCommit, inTransaction } from '../../lib/transaction'
import { fold } from '../../lib/word-matcher'
import { BUMP_VERSION, currentWordList, forgetWordList, type ModerationSettings, type WatchedWord } from './word-list'

export interface WatchedWordInput {
  pattern?: string
  effect?: WatchedEffect
  locale?: string | null
  replacement?: string | null
}

const COLUMNS = `id, pattern, locale, effect, replacement, created_at AS "createdAt"`

const LIST = statement(
  'watched-words-list',
  `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM watched_words ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
)
const COUNT = statement('watched-words-count', `SELECT count(*)::int AS total FROM watched_words`)
const INSERT = statement(
  'watched-words-insert',
  `INSERT INTO watched_words (pattern, folded, locale, effect, replacement) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (folded, COALESCE(locale, '')) DO NOTHING RETURNING ${COLUMNS}`,
)
const FIND = statement('watched-words-find', `SELECT ${COLUMNS} FROM watched_words WHERE id = $1 FOR UPDATE`)
const TAKEN = statement(
  'watched-words-taken',
  `SELECT 1 FROM watched_words WHERE folded = $1 AND COALESCE(locale, '') = COALESCE($2, '') AND id <> $3`,
)
const UPDATE = statement(
  'watched-words-update',
  `UPDATE watched_words SET pattern = $2, folded = $3, locale = $4, effect = $5, replacement = $6, updated_at = now()
   WHERE id = $1 RETURNING ${COLUMNS}`,
)
const DELETE = statement('watched-words-delete', `DELETE FROM watched_words WHERE id = $1 RETURNING ${COLUMNS}`)

type Row = Omit<WatchedWord, 'createdAt'> & { createdAt: Date | string }

const present = (row: Row): WatchedWord => ({
  id: row.id,
  pattern: row.pattern,
  locale: row.locale,
  effect: row.effect,
  replacement: row.replacement,
  createdAt: new Date(row.createdAt).toISOString(),
})

const alreadyExists = () => apiError('already_exists', 'This pattern is already watched in this language')

/** The replacement is kept only for censor (default `***` when matched). */
const replacementOf = (effect: WatchedEffect, replacement: string | null | undefined) =>
  effect === 'censor' ? (replacement ?? null) : null

const auditData = (word: WatchedWord) => ({
  pattern: word.pattern,
  locale: word.locale,
  effect: word.effect,
  replacement: word.replacement,
})

/** A change of the list: in force on this instance from its next write, on the others within a second. */
async function changed(req: PayloadRequest): Promise<void> {
  await runIn(req, BUMP_VERSION, [])
  afterCommit(req, () => forgetWordList(req.payload))
}

export async function listWatchedWords(req: PayloadRequest, page: Pagination) {
  const { rows } = await runIn<Row & { total: number }>(req, LIST, [page.perPage, (page.page - 1) * page.perPage])
  const total = rows[0]?.total ?? (await runIn<{ total: number }>(req, COUNT, [])).rows[0]?.total ?? 0
  return paginated('words', rows.map(present), total, page)
}

const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some((e) => (e as { code?: string } | undefined)?.code === '23505')

export async function createWatchedWord(
  req: PayloadRequest,
  input: Required<Pick<WatchedWordInput, 'pattern' | 'effect'>> & WatchedWordInput,
): Promise<{ word: WatchedWord }> {
  return inTransaction(req, async () => {
    const { rows } = await runIn<Row>(req, INSERT, [
      input.pattern,
      fold(input.pattern),
      input.locale ?? null,
      input.effect,
      replacementOf(input.effect, input.replacement),
    ])
    if (!rows[0]) throw alreadyExists()
    const word = present(rows[0])
    await writeAudit(req, {
      action: 'watched_word.create',
      targetType: 'watched_words',
      targetId: word.id,
      data: auditData(word),
    })
    await changed(req)
    return { word }
  })
}

async function findWord(req: PayloadRequest, id: string): Promise<WatchedWord> {
  const [row] = isUuid(id) ? (await runIn<Row>(req, FIND, [id])).rows : []
  if (!row) throw notFound('Watched word not found')
  return present(row)
}

export async function updateWatchedWord(
  req: PayloadRequest,
  id: string,
  input: WatchedWordInput,
): Promise<{ word: WatchedWord }> {
  return inTransaction(req, async () => {
    const before = await findWord(req, id)
    const pattern = input.pattern ?? before.pattern
    const locale = input.locale === undefined ? before.locale : input.locale
    const effect = input.effect ?? before.effect
    const replacement = replacementOf(effect, input.replacement === undefined ? before.replacement : input.replacement)
    if ((await runIn(req, TAKEN, [fold(pattern), locale, id])).rowCount > 0) throw alreadyExists()
    let row: Row | undefined
    try {
      row = (await runIn<Row>(req, UPDATE, [id, pattern, fold(pattern), locale, effect, replacement])).rows[0]
    } catch (error) {
      // Another admin took the same pattern and language meanwhile: the unique index decides.
      if (isUniqueViolation(error)) throw alreadyExists()
      throw error
    }
    const word = present(row!)
    const changes = Object.fromEntries(
      Object.entries(auditData(word)).filter(([key, value]) => before[key as keyof WatchedWord] !== value),
    )
    await writeAudit(req, { action: 'watched_word.update', targetType: 'watched_words', targetId: id, data: changes })
    await changed(req)
    return { word }
  })
}

export async function deleteWatchedWord(req: PayloadRequest, id: string): Promise<{ success: true }> {
  return inTransaction(req, async () => {
    const [row] = isUuid(id) ? (await runIn<Row>(req, DELETE, [id])).rows : []
    if (!row) throw notFound('Watched word not found')
    await writeAudit(req, {
      action: 'watched_word.delete',
      targetType: 'watched_words',
      targetId: id,
      data: { deleted: auditData(present(row)) },
    })
    await changed(req)
    return { success: true }
  })
}

export interface TestMatch {
  pattern: string
  effect: WatchedEffect
  start: number
  end: number
}

/** What the list in force meets in `text`: with `locale`, that language's words and every language's; else all. */
export async function testWatchedWords(
  req: PayloadRequest,
  input: { text: string; locale?: string | null },
): Promise<{ matches: TestMatch[] }> {
  const list = await currentWordList(req)
  const matches = list
    .matcher(input.locale ?? null)
    .match(input.text)
    .map((m) => ({ pattern: m.value.pattern, effect: m.value.effect, start: m.start, end: m.end }))
  return { matches }
}

const SETTINGS = statement(
  'moderation-settings-read',
  `SELECT new_member_days AS "newMemberDays", new_member_daily_items AS "newMemberDailyItems",
     new_member_max_links AS "newMemberMaxLinks", new_member_first_approved AS "newMemberFirstApproved"
   FROM moderation_settings WHERE id = 1`,
)
const SETTINGS_LOCKED = statement('moderation-settings-lock', `${SETTINGS.text} FOR UPDATE`)
const SETTINGS_UPDATE = statement(
  'moderation-settings-update',
  `UPDATE moderation_settings SET new_member_days = $1, new_member_daily_items = $2, new_member_max_links = $3,
     new_member_first_approved = $4, updated_at = now() WHERE id = 1`,
)

export async function readModerationSettings(req: PayloadRequest): Promise<{ settings: ModerationSettings }> {
  const [row] = (await runIn<ModerationSettings>(req, SETTINGS, [])).rows
  return { settings: row! }
}

export async function updateModerationSettings(
  req: PayloadRequest,
  input: Partial<ModerationSettings>,
): Promise<{ settings: ModerationSettings }> {
  return inTransaction(req, async () => {
    const [before] = (await runIn<ModerationSettings>(req, SETTINGS_LOCKED, [])).rows
    const settings = { ...before!, ...input }
    await runIn(req, SETTINGS_UPDATE, [
      settings.newMemberDays,
      settings.newMemberDailyItems,
      settings.newMemberMaxLinks,
      settings.newMemberFirstApproved,
    ])
    await writeAudit(req, {
      action: 'moderation_settings.update',
      targetType: 'moderation_settings',
      targetId: null,
      data: { settings, previous: { ...before! } },
    })
    await changed(req)
    return { settings }
  })
}
