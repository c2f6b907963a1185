// The OpenAPI description of /api/admin/moderation/screening (docs/api.md "Sign-up screening"), from the endpoint's
// own schemas.
import { z } from 'zod'

import { SCREENING_EFFECTS, SCREENING_KINDS } from '../../domain/screening'
import { id, paginationQuery, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import {
  createScreeningBody,
  deleteScreeningBody,
  screeningKindQuery,
  testScreeningBody,
  updateScreeningBody,
} from './screening'
import { actions, ENVELOPE, page, read } from './services/openapi'

const TAG = 'Moderation'

const entry = z
  .object({
    id,
    kind: z.enum(SCREENING_KINDS),
    value: z.string().meta({
      description:
        'As stored: lower-cased; a domain without a leading dot, an email without its +tag, an address or CIDR block',
    }),
    effect: z.enum(SCREENING_EFFECTS),
    note: z.string().nullable(),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'ScreeningEntry' })

const verdict = z.object({
  effect: z.enum(SCREENING_EFFECTS).nullable().meta({ description: 'What sign-up would do; null: let it through' }),
  matches: z.array(
    z.object({ id, kind: z.enum(SCREENING_KINDS), value: z.string(), effect: z.enum(SCREENING_EFFECTS) }),
  ),
})

export const screeningDocs = familyDocs((): PathDocs => ({
  adminModerationScreening: {
    get: read(
      TAG,
      'Sign-up screening entries, newest first (admins only)',
      z.object({ ...screeningKindQuery.shape, ...paginationQuery }),
      page('entries', entry),
    ),
    ...actions(
      TAG,
      'create → 201 {entry}; update → {entry}; delete → {success}; test {email?, ip?} → {effect, matches} (entries in force that a sign-up would meet). Audit `screening.create|update|delete`',
      z.union([createScreeningBody, updateScreeningBody, deleteScreeningBody, testScreeningBody]),
      {
        '200': {
          description: 'update, delete, test',
          schema: z.union([z.object({ entry }), z.object({ success: z.literal(true) }), verdict]),
        },
        '201': { description: 'create', schema: z.object({ entry }) },
      },
      {
        400: `${ENVELOPE}; \`invalid_request\` also for a value that is not of its kind (a domain, an email, an IPv4 or IPv6 address or CIDR block)`,
        404: '`not_found`: no such entry',
      },
    ),
  },
}))
