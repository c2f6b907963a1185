// GET /api/auth-client/config (docs/api.md "Auth client: GET /api/auth-client/config"): what an app needs to set up
// Better Auth's own client against this service, from the settings the server runs with.
// Anyone may read it; it names no secret; it changes only with a deployment, so it is
// cacheable for five minutes.
import { z } from 'zod'

import { COOKIE_CACHE_SECONDS, SESSION_LIFETIME } from '../../src/lib/auth/timing'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_NAMES } from '../../src/lib/password-rules'
import { settings } from '../../src/lib/settings'

export const AUTH_CLIENT_CONFIG_PATH = '/auth-client/config'
export const AUTH_CLIENT_PLUGINS = ['organization', 'admin'] as const

export const authClientConfig = z
  .object({
    baseURL: z
      .string()
      .meta({ description: 'The service’s public origin (PUBLIC_URL)', example: 'https://api.example.org' }),
    basePath: z.literal('/api/auth'),
    cookiePrefix: z.string().meta({ example: 'community.' }),
    plugins: z
      .array(z.enum(AUTH_CLIENT_PLUGINS))
      .meta({ description: 'Better Auth client plugins the server answers for: organizationClient(), adminClient()' }),
    emailVerificationRequired: z.literal(true),
    password: z.object({
      minLength: z.int(),
      rules: z.array(z.string()).meta({ description: 'What a password must contain besides its length' }),
    }),
    session: z.object({
      expiresInSeconds: z.int(),
      cookieCache: z.object({
        enabled: z.boolean(),
        maxAge: z.int().meta({ description: 'Seconds the signed session cookie is trusted' }),
      }),
    }),
    locales: z.array(z.string()).meta({ description: 'The content languages (LOCALES), the first the default' }),
  })
  .meta({ id: 'AuthClientConfig' })

export function readAuthClientConfig(): z.infer<typeof authClientConfig> {
  const current = settings()
  return {
    baseURL: current.publicUrl,
    basePath: '/api/auth',
    cookiePrefix: current.cookiePrefix,
    plugins: [...AUTH_CLIENT_PLUGINS],
    emailVerificationRequired: true,
    password: { minLength: PASSWORD_MIN_LENGTH, rules: [...PASSWORD_RULE_NAMES] },
    session: { expiresInSeconds: SESSION_LIFETIME, cookieCache: { enabled: true, maxAge: COOKIE_CACHE_SECONDS } },
    locales: [...current.locales],
  }
}

export const authClientEndpoints = defineEndpoint(
  AUTH_CLIENT_CONFIG_PATH,
  'get',
  async () => json(readAuthClientConfig(), 200, { 'cache-control': 'public, max-age=300' }),
  familyDoc('authClientDocs', 'authClientConfig'),
)
