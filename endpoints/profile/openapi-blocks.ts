// The OpenAPI description of /api/profile/blocks (docs/api.md "Blocking between members").
import { z } from 'zod'

import { errorResponses, id, json, pageFields, paginationQuery, SESSION, timestamp } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { blockBody } from './blocks'

const TAGS = ['Profile']
const UNAUTHORIZED = { 401: '`unauthorized`: no valid session' }

const block = z
  .object({ userId: id, username: z.string().nullable(), createdAt: timestamp })
  .meta({ id: 'MemberBlock' })

export const blockDocs = familyDocs((): PathDocs => ({
  profileBlocks: {
    post: {
      tags: TAGS,
      summary: 'Block a member',
      description:
        'While you block them, they cannot comment on, post in the threads of or review your items, nor book your services (403 `forbidden`); your signed-in lists leave their items out; their actions send you no notification. They are not told. A moderator or an admin is blocked only as a source of notifications. No audit entry; it is in your data export.',
      security: SESSION,
      requestBody: { content: { 'application/json': { schema: blockBody } } },
      responses: {
        '201': json('Blocked', z.object({ block })),
        '200': json('Already blocked: the same block', z.object({ block })),
        ...errorResponses(
          'general',
          {
            400: '`invalid_body`, or `invalid_request` (no userId, not a UUID, or yourself)',
            ...UNAUTHORIZED,
            404: '`not_found`: no such user',
          },
          { write: true },
        ),
      },
    },
    get: {
      tags: TAGS,
      summary: 'The members you block, newest first',
      security: SESSION,
      requestParams: { query: z.object(paginationQuery) },
      responses: {
        '200': json('A page of blocks', z.object({ blocks: z.array(block), ...pageFields })),
        ...errorResponses('general', { 400: '`invalid_request`: a bad page or perPage', ...UNAUTHORIZED }),
      },
    },
  },
  profileBlocksUserId: {
    delete: {
      tags: TAGS,
      summary: 'Unblock a member (not blocked: the same answer)',
      security: SESSION,
      requestParams: { path: z.object({ userId: z.string() }) },
      responses: {
        '200': json('Unblocked', z.object({ success: z.literal(true) })),
        ...errorResponses('general', UNAUTHORIZED, { write: true }),
      },
    },
  },
}))
