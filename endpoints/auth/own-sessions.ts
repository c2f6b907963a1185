// The caller's own sessions (docs/api.md "Accounts beyond sign-in (/api/auth)"), Better Auth's paths and bodies:
// GET  /api/auth/list-sessions          → [{id, token, userId, expiresAt, createdAt, updatedAt, ipAddress, userAgent}]
// POST /api/auth/revoke-session {token} → {status: true}   (token: a listed session's `token`, or a real token)
// POST /api/auth/revoke-other-sessions  → {status: true}
// POST /api/auth/revoke-sessions        → {status: true}   (the current session too)
import { z } from 'zod'

import { requireCaller } from '../../src/lib/auth/current'
import { parseAuthInput } from '../../src/lib/auth/errors'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import {
  listOwnSessions,
  revokeAllOwnSessions,
  revokeOtherOwnSessions,
  revokeOwnSession,
} from '../../src/operations/auth/own-sessions'

export const revokeSessionBody = z
  .object({
    token: z.string({ error: 'token must be a string' }).min(1, 'token is required').max(200, 'token is too long'),
  })
  .strict()

export const ownSessionEndpoints = [
  ...defineEndpoint(
    '/auth/list-sessions',
    'get',
    async (req) => json(await listOwnSessions(req, await requireCaller(req))),
    familyDoc('accountDocs', 'authListSessions'),
  ),
  ...defineEndpoint(
    '/auth/revoke-session',
    'post',
    async (req) => {
      const caller = await requireCaller(req)
      await revokeOwnSession(req, caller, parseAuthInput(revokeSessionBody, await readJson(req)).token)
      return json({ status: true })
    },
    familyDoc('accountDocs', 'authRevokeSession'),
  ),
  // No body to read: like sign-out, the session says everything.
  ...defineEndpoint(
    '/auth/revoke-other-sessions',
    'post',
    async (req) => {
      await revokeOtherOwnSessions(req, await requireCaller(req))
      return json({ status: true })
    },
    familyDoc('accountDocs', 'authRevokeOtherSessions'),
  ),
  ...defineEndpoint(
    '/auth/revoke-sessions',
    'post',
    async (req) => {
      await revokeAllOwnSessions(req, await requireCaller(req))
      return json({ status: true })
    },
    familyDoc('accountDocs', 'authRevokeSessions'),
  ),
]
