// The OpenAPI description of POST /api/admin/moderate (docs/api.md "Blog, moderation and
// notifications"). The endpoint reads its body by hand, check by check in API-CONTRACT §6's
// order; this schema describes the same rules from the same constants.
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { errorResponses, json, SESSION } from '../../src/lib/openapi/common'
import { POST_TYPES } from '../../src/operations/moderation/content-types'
import { REASON_MAX, REASON_MIN } from './moderate'

const moderationBody = z.object({
  postType: z.enum(POST_TYPES as [string, ...string[]]),
  postId: z.string().meta({ description: 'The content’s id' }),
  reason: z.string().min(REASON_MIN).max(REASON_MAX).meta({ description: `${REASON_MIN}..${REASON_MAX} characters once trimmed` }),
})

export const moderationPaths: ZodOpenApiPathsObject = {
  '/api/admin/moderate': {
    post: {
      tags: ['Moderation'],
      summary: 'Hide a piece of content (moderators and admins); notifies its author',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: moderationBody } } },
      responses: {
        '200': json('Moderated', z.object({ success: z.literal(true), postType: z.enum(POST_TYPES as [string, ...string[]]), postId: z.string(), status: z.literal('moderated') })),
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
}
