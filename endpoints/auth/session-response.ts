// A response that hands a new session to the client: the token in the body and in the
// `set-auth-token` header (bearer clients), and the session + cookie-cache cookies.
import { cacheCookie, sessionCookie, type SessionSnapshot } from '../../src/lib/auth/cookies'
import type { AccountUser, Caller } from '../../src/lib/auth/current'
import type { SessionInfo } from '../../src/lib/auth/sessions'
import type { SignInResult } from '../../src/operations/auth/sign-in'

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

/**
 * A cookie client's cached snapshot (trusted for 300 s) names what the session and user were
 * when it was signed: after a change to either it is re-issued with the new values.
 */
export function withFreshCache(
  response: Response,
  current: SessionInfo,
  user: SessionSnapshot['user'],
  session: SessionSnapshot['session'] = current.session,
): Response {
  response.headers.append('set-cookie', cacheCookie({ session, user }, current.tokenHash))
  return response
}

/** The user part of a snapshot, from the account the request was checked against. */
export const snapshotUserOf = (
  user: Pick<AccountUser, 'id' | 'email' | 'name' | 'emailVerified' | 'roles'>,
): SessionSnapshot['user'] => ({
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
  roles: user.roles,
})

/**
 * The caller's session now has `organizationId` active (create, accept-invitation): its cached snapshot is re-issued.
 */
export const withActiveOrganization = (
  response: Response,
  { user, current }: Caller,
  organizationId: string,
): Response =>
  withFreshCache(response, current, snapshotUserOf(user), { ...current.session, activeOrganizationId: organizationId })
