// The OpenAPI description of GET /api/auth-client/config (docs/api.md "Auth client: GET /api/auth-client/config").
import { z } from 'zod'

import { errorResponses, json } from '../../src/lib/openapi/common'
import { familyDocs, type PathDocs } from '../../src/lib/openapi/routes'
import { authClientConfig } from './index'

export const authClientDocs = familyDocs((): PathDocs => ({
  authClientConfig: {
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
}))
