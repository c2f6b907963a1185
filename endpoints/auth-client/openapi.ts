// The OpenAPI description of GET /api/auth-client/config (docs/api.md "Auth client: GET /api/auth-client/config").
import { z } from 'zod'
import type { ZodOpenApiPathsObject } from 'zod-openapi'

import { errorResponses, json } from '../../src/lib/openapi/common'
import { authClientConfig } from './index'

export const authClientPaths: ZodOpenApiPathsObject = {
  '/api/auth-client/config': {
    get: {
      tags: ['Accounts'],
      summary: 'What an app needs to set up Better Auth’s client against this service (anyone; no secret)',
      description: 'Cacheable: `Cache-Control: public, max-age=300`.',
      security: [{}],
      responses: {
        '200': json(
          'The client configuration',
          authClientConfig,
          z.object({ 'Cache-Control': z.string().meta({ example: 'public, max-age=300' }) }),
        ),
        ...errorResponses('general', {}),
      },
    },
  },
}
