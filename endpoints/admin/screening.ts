// GET                 /api/admin/moderation/screening[?kind=] → {entries, total, page, perPage, totalPages}
// POST|PATCH|DELETE   /api/admin/moderation/screening {action: create|update|delete|test, …}
// Admins only (docs/api.md "Sign-up screening").
import { z } from 'zod'

import { SCREENING_EFFECTS, SCREENING_KINDS } from '../../domain/screening'
import { parseInput } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { invalidRequest } from '../../src/lib/http/errors'
import { parsePagination } from '../../src/lib/http/pagination'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { createEntry, deleteEntry, listEntries, screen, updateEntry } from '../../src/operations/moderation/screening'
import { requireAdmin } from '../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId } from './services/actions'

const PATH = '/admin/moderation/screening'
const ACTIONS = ['create', 'update', 'delete', 'test'] as const

const kind = z.enum(SCREENING_KINDS, { error: `kind must be one of ${SCREENING_KINDS.join(', ')}` })
const effect = z.enum(SCREENING_EFFECTS, { error: `effect must be one of ${SCREENING_EFFECTS.join(', ')}` })
const value = z.string({ error: 'value must be a string' }).trim().min(1, 'value is required').max(320)
const note = z.string({ error: 'note must be a string' }).max(500).nullable()
const expiresAt = z.iso
  .datetime({ offset: true, error: 'expiresAt must be an ISO 8601 date-time' })
  .nullable()
  .meta({ description: 'Empty or null: never; once passed the entry no longer applies' })

export const screeningKindQuery = z.object({ kind: kind.optional() })
export const createScreeningBody = z
  .object({ action: z.literal('create'), kind, value, effect, note: note.optional(), expiresAt: expiresAt.optional() })
  .strict()
export const updateScreeningBody = z
  .object({
    action: z.literal('update'),
    id: targetId,
    kind: kind.optional(),
    value: value.optional(),
    effect: effect.optional(),
    note: note.optional(),
    expiresAt: expiresAt.optional(),
  })
  .strict()
  .refine((body) => notEmpty(body), 'Nothing to update: send at least one field')
export const deleteScreeningBody = z.object({ action: z.literal('delete'), id: targetId }).strict()
export const testScreeningBody = z
  .object({
    action: z.literal('test'),
    email: z.string().trim().min(1).max(320).optional(),
    ip: z.string().trim().min(1).max(64).optional(),
  })
  .strict()
  .refine((body) => body.email !== undefined || body.ip !== undefined, 'Send an email, an ip or both')

export const screeningEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      const query = screeningKindQuery.safeParse({ kind: req.searchParams.get('kind') ?? undefined })
      if (!query.success) throw invalidRequest(`kind must be one of ${SCREENING_KINDS.join(', ')}`)
      return json(await listEntries(req, parsePagination(req.searchParams), query.data.kind))
    },
    familyDoc('screeningDocs', 'adminModerationScreening'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      const { action, body } = await readAction(req, ACTIONS, ['update', 'delete'])
      switch (action) {
        case 'create': {
          const { action: _action, ...input } = parseInput(createScreeningBody, body)
          return json(await createEntry(req, input), 201)
        }
        case 'update': {
          const { action: _action, id, ...input } = parseInput(updateScreeningBody, body)
          return json(await updateEntry(req, id, input))
        }
        case 'delete':
          return json(await deleteEntry(req, parseInput(deleteScreeningBody, body).id))
        case 'test': {
          const { email, ip } = parseInput(testScreeningBody, body)
          return json(await screen(req, email, ip))
        }
      }
    },
    familyDoc('screeningDocs', 'adminModerationScreening'),
  ),
]
