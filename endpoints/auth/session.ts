// GET  /api/auth/get-session → {session, user} or null (answered by the shell: Payload's request setup was
//                              most of its cost)
// POST /api/auth/sign-out   → {success: true}, session revoked, cookies cleared
import type { PayloadRequest } from 'payload'

import { clearedCookies } from '../../src/lib/auth/cookies'
import { presentSession, presentSessionUser } from '../../src/lib/auth/present'
import { sessionOf } from '../../src/lib/auth/sessions'
import { defineEndpoint, defineRoute } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { signOut } from '../../src/operations/auth/sign-out'

export const signOutEndpoint = defineEndpoint(
  '/auth/sign-out',
  'post',
  async (req) => {
    await signOut(req)
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
    for (const cookie of clearedCookies()) headers.append('set-cookie', cookie)
    return new Response(JSON.stringify({ success: true }), { status: 200, headers })
  },
  familyDoc('authDocs', 'authSignOut'),
)

function currentSession(user: PayloadRequest['user']) {
  const current = user ? sessionOf({ user } as PayloadRequest) : null
  return user && current ? { session: presentSession(current.session), user: presentSessionUser(user as never) } : null
}

export const getSessionEndpoint = defineRoute({
  path: '/auth/get-session',
  methods: 'get',
  handler: async (req) => json(currentSession(req.user)),
  shell: { answer: async ({ user }) => currentSession(user) },
  doc: familyDoc('authDocs', 'authGetSession'),
})
