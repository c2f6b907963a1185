// A response that hands a new session to the client: the token in the body and in the
// `set-auth-token` header (bearer clients), and the session + cookie-cache cookies.
import type { SignInResult } from '../../src/operations/auth/sign-in'
import { cacheCookie, sessionCookie } from '../../src/lib/auth/cookies'

export function withSession(body: unknown, result: SignInResult, status = 200): Response {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'set-auth-token': result.token,
    'access-control-expose-headers': 'set-auth-token',
  })
  headers.append('set-cookie', sessionCookie(result.token))
  headers.append('set-cookie', cacheCookie(result.snapshot, result.tokenHash))
  return new Response(JSON.stringify(body), { status, headers })
}
