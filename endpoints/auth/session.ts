// GET /api/auth/get-session → {session, user} or null
// POST /api/auth/sign-out   → {success: true}, session revoked, cookies cleared
import { clearedCookies } from '../../src/lib/auth/cookies'
import { presentSession, presentUser } from '../../src/lib/auth/present'
import { sessionOf } from '../../src/lib/auth/sessions'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { signOut } from '../../src/operations/auth/sign-out'

export const getSessionEndpoint = defineEndpoint('/auth/get-session', 'get', async (req) => {
  const current = sessionOf(req)
  if (!req.user || !current) return json(null)
  return json({ session: presentSession(current.session), user: presentUser(req.user as never) })
})

export const signOutEndpoint = defineEndpoint('/auth/sign-out', 'post', async (req) => {
  await signOut(req)
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
  for (const cookie of clearedCookies()) headers.append('set-cookie', cookie)
  return new Response(JSON.stringify({ success: true }), { status: 200, headers })
})
