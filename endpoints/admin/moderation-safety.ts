// GET               /api/admin/moderation/watched-words → {words, total, page, perPage, totalPages}
// POST|PATCH|DELETE /api/admin/moderation/watched-words {action: create|update|delete|test, …}
// GET|PATCH         /api/admin/moderation/settings → {settings}
// Admins only (docs/api.md "Watched words and new members"); errors in the moderation family.
import { z } from 'zod'

import { PATTERN_MAX_LENGTH, SETTING_MAX, WATCHED_EFFECTS } from '../../domain/watched-words'
import { invalidBody, parseInput, readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { settings } from '../../src/lib/settings'
import { patternWords } from '../../src/lib/word-matcher'
import {
  createWatchedWord,
  deleteWatchedWord,
  listWatchedWords,
  readModerationSettings,
  testWatchedWords,
  updateModerationSettings,
  updateWatchedWord,
} from '../../src/operations/moderation/watched-words'
import { requireAdmin } from '../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId } from './services/actions'

export const WATCHED_WORDS_PATH = '/admin/moderation/watched-words'
export const MODERATION_SETTINGS_PATH = '/admin/moderation/settings'
const ACTIONS = ['create', 'update', 'delete', 'test'] as const

export const TEST_TEXT_MAX = 100_000

const pattern = z
  .string({ error: 'pattern must be a string' })
  .trim()
  .min(1, 'pattern is required')
  .max(PATTERN_MAX_LENGTH, `pattern is at most ${PATTERN_MAX_LENGTH} characters`)
  .refine((value) => patternWords(value).length > 0, 'pattern needs at least one letter or digit')
const effect = z.enum(WATCHED_EFFECTS, { error: `effect is one of ${WATCHED_EFFECTS.join(', ')}` })
// Read when the route is called: LOCALES is configuration.
const locale = z
  .string({ error: 'locale must be a string or null' })
  .refine((value) => settings().locales.includes(value), {
    error: () => `locale is one of ${settings().locales.join(', ')}, or null for every language`,
  })
  .nullable()
const replacement = z
  .string({ error: 'replacement must be a string or null' })
  .max(PATTERN_MAX_LENGTH, `replacement is at most ${PATTERN_MAX_LENGTH} characters`)
  .nullable()

export const createWatchedWordBody = z
  .object({
    action: z.literal('create'),
    pattern,
    effect,
    locale: locale.optional(),
    replacement: replacement.optional(),
  })
  .strict()
export const updateWatchedWordBody = z
  .object({
    action: z.literal('update'),
    id: targetId,
    pattern: pattern.optional(),
    effect: effect.optional(),
    locale: locale.optional(),
    replacement: replacement.optional(),
  })
  .strict()
  .refine((body) => notEmpty(body), 'Nothing to update: send at least one field')
export const deleteWatchedWordBody = z.object({ action: z.literal('delete'), id: targetId }).strict()
export const testWatchedWordsBody = z
  .object({
    action: z.literal('test'),
    text: z.string({ error: 'text must be a string' }).max(TEST_TEXT_MAX, 'text is at most 100,000 characters'),
    locale: locale.optional(),
  })
  .strict()

const setting = z
  .number({ error: 'a whole number from 0 to 1000' })
  .int('a whole number from 0 to 1000')
  .min(0, 'a whole number from 0 to 1000')
  .max(SETTING_MAX, 'a whole number from 0 to 1000')
export const moderationSettingsBody = z
  .object({
    newMemberDays: setting.optional(),
    newMemberDailyItems: setting.optional(),
    newMemberMaxLinks: setting.optional(),
    newMemberFirstApproved: setting.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update: send at least one setting')

export const moderationSafetyEndpoints = [
  ...defineEndpoint(
    WATCHED_WORDS_PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      return json(await listWatchedWords(req, parsePagination(req.searchParams)))
    },
    familyDoc('moderationSafetyDocs', 'adminModerationWatchedWords'),
  ),

  ...defineEndpoint(
    WATCHED_WORDS_PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body } = await readAction(req, ACTIONS, ['update', 'delete'])
      switch (action) {
        case 'create': {
          const { action: _action, ...input } = parseInput(createWatchedWordBody, body)
          return json(await createWatchedWord(req, input), 201)
        }
        case 'update': {
          const { action: _action, id, ...input } = parseInput(updateWatchedWordBody, body)
          return json(await updateWatchedWord(req, id, input))
        }
        case 'delete':
          return json(await deleteWatchedWord(req, parseInput(deleteWatchedWordBody, body).id))
        case 'test': {
          const { action: _action, ...input } = parseInput(testWatchedWordsBody, body)
          return json(await testWatchedWords(req, input))
        }
      }
    },
    familyDoc('moderationSafetyDocs', 'adminModerationWatchedWords'),
  ),

  ...defineEndpoint(
    MODERATION_SETTINGS_PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      return json(await readModerationSettings(req))
    },
    familyDoc('moderationSafetyDocs', 'adminModerationSettings'),
  ),

  ...defineEndpoint(
    MODERATION_SETTINGS_PATH,
    'patch',
    async (req) => {
      requireAdmin(req)
      const body = await readJson(req)
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw invalidBody('The request body must be a JSON object')
      return json(await updateModerationSettings(req, parseInput(moderationSettingsBody, body)))
    },
    familyDoc('moderationSafetyDocs', 'adminModerationSettings'),
  ),
]
