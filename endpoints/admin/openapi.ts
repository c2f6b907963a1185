// The OpenAPI description of POST /api/admin/moderate (docs/api.md "Blog, moderation and
// notifications") and POST /api/admin/approve (docs/api.md "Community content"). The
// endpoint reads its body by hand, check by check in docs/api.md "POST
// /api/admin/moderate"'s order; this schema describes the same rules from the same
// constants.
import { z } from 'zod'

import { APPROVED_TYPES, POST_TYPES } from '../../domain/content-types'
import { errorResponses, json, SESSION } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { DECISIONS } from './approve'
import { REASON_MAX, REASON_MIN } from './moderate'

// Built with the family's documents: the declarations that import them define these constants.
const moderationBody = () =>
  z.object({
    postType: z.enum(POST_TYPES as [string, ...string[]]),
    postId: z.string().meta({ description: 'The content’s id' }),
    reason: z
      .string()
      .min(REASON_MIN)
      .max(REASON_MAX)
      .meta({ description: `${REASON_MIN}..${REASON_MAX} characters once trimmed` }),
  })

export const moderationDocs = familyDocs((): PathDocs => ({
  adminModerate: {
    post: {
      tags: ['Moderation'],
      summary: 'Hide a piece of content (moderators and admins); notifies its author',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: moderationBody() } } },
      responses: {
        '200': json(
          'Moderated',
          z.object({
            success: z.literal(true),
            postType: z.enum(POST_TYPES as [string, ...string[]]),
            postId: z.string(),
            status: z.literal('moderated'),
          }),
        ),
        ...errorResponses(
          'moderation',
          {
            400: '`invalid_body`, `VAL_REQUIRED_FIELD`, `VAL_INVALID_ENUM`, `VAL_TOO_SHORT`, `VAL_TOO_LONG` (with `field`), or `BIZ_ALREADY_MODERATED`',
            401: '`AUTH_UNAUTHORIZED`: no valid session',
            403: '`AUTH_FORBIDDEN` (no `moderation.action`), `BIZ_SELF_MODERATION`, or `forbidden` (CSRF rule)',
            404: '`BIZ_NOT_FOUND`: no such content, or it is deleted',
          },
          { write: true },
        ),
      },
    },
  },
}))

const approvalBody = () =>
  z.object({
    postType: z.enum(APPROVED_TYPES as [string, ...string[]]),
    postId: z.string().meta({ description: 'The item’s id' }),
    decision: z.enum(DECISIONS as [string, ...string[]]),
    reason: z
      .string()
      .min(REASON_MIN)
      .max(REASON_MAX)
      .optional()
      .meta({ description: `Required to reject; ${REASON_MIN}..${REASON_MAX} characters once trimmed` }),
  })

export const approvalDocs = familyDocs((): PathDocs => ({
  adminApprove: {
    post: {
      tags: ['Moderation'],
      summary: 'Approve or reject a pending place, article (admins) or classified (moderators); notifies its author',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: approvalBody() } } },
      responses: {
        '200': json(
          'Decided',
          z.object({
            success: z.literal(true),
            postType: z.enum(APPROVED_TYPES as [string, ...string[]]),
            postId: z.string(),
            status: z.enum(['published', 'active', 'rejected']),
          }),
        ),
        ...errorResponses(
          'moderation',
          {
            400: '`invalid_body`, `VAL_REQUIRED_FIELD`, `VAL_INVALID_ENUM`, `VAL_TOO_SHORT`, `VAL_TOO_LONG` (with `field`)',
            401: '`AUTH_UNAUTHORIZED`: no valid session',
            403: '`AUTH_FORBIDDEN` (no `moderation.action`, or not the type’s approval permission), `BIZ_SELF_MODERATION`, or `forbidden` (CSRF rule)',
            404: '`BIZ_NOT_FOUND`: no such item',
            409: '`invalid_transition`: the item is not pending review',
          },
          { write: true },
        ),
      },
    },
  },
}))
