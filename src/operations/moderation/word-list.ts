// The watched words and the new-member settings in force on this instance (docs/moderation.md
// "5. Watched words and new members"). Both sit in PostgreSQL; every change counts up `moderation_settings.version`
// in its transaction. A write asks for the list, and the list is read again only when that
// version moved, the version itself at most once a second: a change made on any instance is in
// force everywhere within that second plus the write in flight. The matchers are compiled once
// per version and language.
import type { Payload, PayloadRequest } from 'payload'

import type { WatchedEffect } from '../../../domain/watched-words'
import { runIn, statement } from '../../lib/prepared'
import { compileWords, type WordMatcher } from '../../lib/word-matcher'

export interface WatchedWord {
  id: string
  pattern: string
  locale: string | null
  effect: WatchedEffect
  replacement: string | null
  createdAt: string
}

export interface ModerationSettings {
  newMemberDays: number
  newMemberDailyItems: number
  newMemberMaxLinks: number
  newMemberFirstApproved: number
}

/** How long an instance trusts the version it last read. */
export const VERSION_CHECK_MS = 1000

const VERSION = statement('moderation-version', `SELECT version::text AS version FROM moderation_settings WHERE id = 1`)
const LOAD = statement(
  'moderation-load',
  `SELECT s.version::text AS version, s.new_member_days AS "newMemberDays", s.new_member_daily_items AS "newMemberDailyItems",
     s.new_member_max_links AS "newMemberMaxLinks", s.new_member_first_approved AS "newMemberFirstApproved",
     COALESCE((SELECT json_agg(json_build_object('id', w.id, 'pattern', w.pattern, 'locale', w.locale, 'effect', w.effect,
       'replacement', w.replacement, 'createdAt', w.created_at) ORDER BY w.created_at) FROM watched_words w), '[]'::json) AS words
   FROM moderation_settings s WHERE s.id = 1`,
)
/** Counts the version up: in the transaction of every change of the list or the settings. */
export const BUMP_VERSION = statement(
  'moderation-bump',
  `UPDATE moderation_settings SET version = version + 1, updated_at = now() WHERE id = 1`,
)

interface ListState {
  version: string
  checkedAt: number
  words: WatchedWord[]
  settings: ModerationSettings
  matchers: Map<string, WordMatcher<WatchedWord>>
}

export interface WordList {
  words: readonly WatchedWord[]
  settings: ModerationSettings
  /** The matcher of a text in `locale` (its words and those of every language); null: every word. */
  matcher(locale: string | null): WordMatcher<WatchedWord>
}

const states = new WeakMap<Payload, ListState>()

const ALL = '*'

function view(state: ListState): WordList {
  return {
    words: state.words,
    settings: state.settings,
    matcher(locale) {
      const key = locale ?? ALL
      let compiled = state.matchers.get(key)
      if (!compiled) {
        const words =
          locale === null ? state.words : state.words.filter((w) => w.locale === null || w.locale === locale)
        compiled = compileWords(words.map((word) => ({ pattern: word.pattern, value: word })))
        state.matchers.set(key, compiled)
      }
      return compiled
    },
  }
}

async function load(req: PayloadRequest): Promise<ListState> {
  const { rows } = await runIn<ModerationSettings & { version: string; words: WatchedWord[] }>(req, LOAD, [])
  const row = rows[0]
  if (!row) throw new Error('moderation_settings has no row: run the migrations')
  const { version, words, ...settings } = row
  return { version, words, settings, checkedAt: Date.now(), matchers: new Map() }
}

/** The list in force: this instance's copy, checked against the database's version at most once a second. */
export async function currentWordList(req: PayloadRequest): Promise<WordList> {
  const payload = req.payload
  const known = states.get(payload)
  if (known && Date.now() - known.checkedAt < VERSION_CHECK_MS) return view(known)
  if (known) {
    const { rows } = await runIn<{ version: string }>(req, VERSION, [])
    if (rows[0]?.version === known.version) {
      known.checkedAt = Date.now()
      return view(known)
    }
  }
  const fresh = await load(req)
  states.set(payload, fresh)
  return view(fresh)
}

/** After a change on this instance: its own next write reads the list again at once. */
export function forgetWordList(payload: Payload): void {
  states.delete(payload)
}
