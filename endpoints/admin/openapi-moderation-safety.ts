// The OpenAPI description of /api/admin/moderation/watched-words and /api/admin/moderation/settings
// (docs/api.md "Watched words and new members"), from the endpoint's own schemas.
import { z } from 'zod'
import type { ZodOpenApiOperationObject } from 'zod-openapi'

import { WATCHED_EFFECTS } from '../../domain/watched-words'
import { errorResponses, id, json, pageFields, paginationQuery, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import {
  createWatchedWordBody,
  deleteWatchedWordBody,
  moderationSettingsBody,
  testWatchedWordsBody,
  updateWatchedWordBody,
} from './moderation-safety'

const TAG = 'Moderation'
const FORBIDDEN = '`forbidden`: not signed in as an admin'
const ENVELOPE =
  '`invalid_body` (not a JSON object), `missing_action`, `unknown_action`, `missing_id`, or `invalid_request` (a field is wrong; the message names it)'

const word = z.object({
  id,
  pattern: z.string(),
  locale: z.string().nullable().meta({ description: 'A content language, or null for every language' }),
  effect: z.enum(WATCHED_EFFECTS),
  replacement: z.string().nullable().meta({ description: 'For censor; null means `***`' }),
  createdAt: timestamp,
})
const match = z.object({
  pattern: z.string(),
  effect: z.enum(WATCHED_EFFECTS),
  start: z.int().meta({ description: 'Offset in the text, in UTF-16 code units' }),
  end: z.int().meta({ description: 'Exclusive' }),
})
const settings = z.object({
  settings: z.object({
    newMemberDays: z.int(),
    newMemberDailyItems: z.int(),
    newMemberMaxLinks: z.int(),
    newMemberFirstApproved: z.int(),
  }),
})
const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } })

const mutation = (): ZodOpenApiOperationObject => ({
  tags: [TAG],
  summary:
    'create → 201 {word}; update → {word}; delete → {success}; test {text, locale?} → {matches} (what the list in force meets)',
  security: SESSION,
  requestBody: body(
    z.union([createWatchedWordBody, updateWatchedWordBody, deleteWatchedWordBody, testWatchedWordsBody]),
  ),
  responses: {
    '200': json(
      'update, delete, test',
      z.union([z.object({ word }), z.object({ success: z.literal(true) }), z.object({ matches: z.array(match) })]),
    ),
    '201': json('create', z.object({ word })),
    ...errorResponses(
      'moderation',
      {
        400: ENVELOPE,
        403: FORBIDDEN,
        404: '`not_found`: no watched word with this id',
        409: '`already_exists`: the same pattern (ignoring case and accents) and language',
      },
      { write: true },
    ),
  },
})

export const moderationSafetyDocs = familyDocs((): PathDocs => ({
  adminModerationWatchedWords: {
    get: {
      tags: [TAG],
      summary: 'The watched words, newest first (admins)',
      security: SESSION,
      requestParams: { query: z.object(paginationQuery) },
      responses: {
        '200': json('One page', z.object({ words: z.array(word), ...pageFields })),
        ...errorResponses('moderation', { 400: '`invalid_request`: page or perPage', 403: FORBIDDEN }),
      },
    },
    post: mutation(),
    patch: mutation(),
    delete: mutation(),
  },
  adminModerationSettings: {
    get: {
      tags: [TAG],
      summary: 'The limits for new members (admins); 0 switches one off',
      security: SESSION,
      responses: { '200': json('The settings', settings), ...errorResponses('moderation', { 403: FORBIDDEN }) },
    },
    patch: {
      tags: [TAG],
      summary: 'Change some of the limits for new members (admins); in force on every instance within 2 s',
      security: SESSION,
      requestBody: body(moderationSettingsBody),
      responses: {
        '200': json('The settings now', settings),
        ...errorResponses(
          'moderation',
          {
            400: '`invalid_body`, or `invalid_request`: a value that is not a whole number from 0 to 1000, an unknown setting, none',
            403: FORBIDDEN,
          },
          { write: true },
        ),
      },
    },
  },
}))
