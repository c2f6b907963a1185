// GET  /api/auth/organization/list → [{id, name, slug, role}]
// POST /api/auth/organization/set-active {organizationId | null} or {organizationSlug} or {} → {organization, session}
import { z } from 'zod'

import { parseAuthInput } from '../../src/lib/auth/errors'
import { presentSession } from '../../src/lib/auth/present'
import { sessionOf } from '../../src/lib/auth/sessions'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { unauthorized } from '../../src/lib/http/errors'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { listOrganizations, setActiveOrganization } from '../../src/operations/auth/organizations'
import { withFreshCache } from './session-response'

export const listOrganizationsEndpoint = defineEndpoint(
  '/auth/organization/list',
  'get',
  async (req) => json(await listOrganizations(req)),
  familyDoc('authDocs', 'authOrganizationList'),
)

// Better Auth's body: an id (null clears), or a slug; neither answers the current one.
export const setActiveBody = z
  .object({
    organizationId: z.uuid({ error: 'organizationId must be an organization id or null' }).nullable().optional(),
    organizationSlug: z
      .string({ error: 'organizationSlug must be a string' })
      .min(1, 'organizationSlug must not be empty')
      .max(200, 'organizationSlug is at most 200 characters')
      .optional(),
  })
  .strict()

export const setActiveEndpoint = defineEndpoint(
  '/auth/organization/set-active',
  'post',
  async (req) => {
    const current = sessionOf(req)
    // Who is asking comes before what they sent: an anonymous caller learns only 401.
    if (!req.user || !current) throw unauthorized()
    const result = await setActiveOrganization(req, parseAuthInput(setActiveBody, await readJson(req)))
    const body = json({ organization: result.organization, session: presentSession(result.session) })
    if (!result.changed) return body
    // A cookie client's cached snapshot still names the old organization: re-issue it.
    const user = req.user!
    return withFreshCache(
      body,
      current,
      {
        id: String(user.id),
        email: user.email,
        name: user.name ?? null,
        emailVerified: Boolean(user.emailVerified),
        roles: user.roles ?? [],
      },
      result.session,
    )
  },
  familyDoc('authDocs', 'authOrganizationSetActive'),
)
