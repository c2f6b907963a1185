// POST /api/auth/sign-out   → {success: true}, session revoked, cookies cleared
// (GET /api/auth/get-session is answered by the shell: src/lib/http/get-session-route.ts.)
import { clearedCookies } from '../../src/lib/auth/cookies'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { signOut } from '../../src/operations/auth/sign-out'

export const signOutEndpoint = defineEndpoint('/auth/sign-out', 'post', async (req) => {
  await signOut(req)
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
  for (const cookie of clearedCookies()) headers.append('set-cookie', cookie)
  return new Response(JSON.stringify({ success: true }), { status: 200, headers })
})
