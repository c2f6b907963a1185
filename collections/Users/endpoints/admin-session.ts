// The admin panel's own auth routes (/api/users/login, /logout, /me, /refresh-token,
// /first-register, /forgot-password, /reset-password), answered by our session system so
// the panel and the API share one credential store and one session store. Collection
// endpoints declared here come before Payload's defaults, so these replace them. The panel
// posts forms as `_payload` JSON and reads Payload's `{errors:[{message}]}`; the general
// family's `error` and `message` ride beside it as on every stock route (docs/decisions.md
// "Stock-route errors carry our error and message").
import { addDataAndFileToRequest, type Endpoint, type PayloadRequest } from 'payload'

import { cacheCookie, clearedCookies, sessionCookie } from '../../../src/lib/auth/cookies'
import { sessionOf } from '../../../src/lib/auth/sessions'
import { apiError } from '../../../src/lib/http/errors'
import { toApiError } from '../../../src/lib/http/respond'
import { stockErrorBody } from '../../../src/lib/http/stock-errors'
import { registerFirstAdmin } from '../../../src/operations/auth/first-admin'
import { signIn, type SignInResult } from '../../../src/operations/auth/sign-in'
import { signOut } from '../../../src/operations/auth/sign-out'

type Handler = (req: PayloadRequest) => Promise<Response>

const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000)

function panelJson(body: unknown, status = 200, cookies: string[] = []): Response {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' })
  for (const cookie of cookies) headers.append('set-cookie', cookie)
  return new Response(JSON.stringify(body), { status, headers })
}

function panelEndpoint(path: string, method: 'get' | 'post', handler: Handler): Endpoint {
  return {
    path,
    method,
    handler: async (req) => {
      try {
        return await handler(req)
      } catch (error) {
        const apiError = toApiError(error, (err) => req.payload.logger.error({ err, msg: `admin ${path} failed` }))
        return panelJson(
          stockErrorBody(apiError.status, { error: apiError.code, errors: [{ message: apiError.message }] }),
          apiError.status,
          [],
        )
      }
    },
  }
}

async function formData(req: PayloadRequest): Promise<Record<string, unknown>> {
  await addDataAndFileToRequest(req)
  return (req.data ?? {}) as Record<string, unknown>
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

async function currentUser(req: PayloadRequest) {
  if (!req.user) return null
  // A cookie cache can outlive its user by up to 300 s: a deleted user is "not signed in".
  const user = await req.payload.findByID({
    collection: 'users',
    id: req.user.id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })
  return user ? { ...user, collection: 'users' } : null
}

function sessionCookies(result: SignInResult): string[] {
  return [sessionCookie(result.token), cacheCookie(result.snapshot, result.tokenHash)]
}

async function loggedIn(req: PayloadRequest, result: SignInResult, message: string): Promise<Response> {
  const user = await req.payload.findByID({
    collection: 'users',
    id: result.user.id,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return panelJson(
    { message, user: { ...user, collection: 'users' }, exp: epoch(result.snapshot.session.expiresAt) },
    200,
    sessionCookies(result),
  )
}

export const adminSessionEndpoints: Endpoint[] = [
  panelEndpoint('/login', 'post', async (req) => {
    const data = await formData(req)
    const result = await signIn(req, str(data.email).trim().toLowerCase(), str(data.password))
    return loggedIn(req, result, 'Signed in')
  }),
  panelEndpoint('/first-register', 'post', async (req) => {
    const data = await formData(req)
    const result = await registerFirstAdmin(req, {
      email: str(data.email).trim().toLowerCase(),
      password: str(data.password),
      name: str(data.name) || undefined,
    })
    return loggedIn(req, result, 'Welcome! You are the first admin.')
  }),
  panelEndpoint('/logout', 'post', async (req) => {
    await signOut(req)
    return panelJson({ message: 'Signed out' }, 200, clearedCookies())
  }),
  panelEndpoint('/me', 'get', async (req) => {
    const current = sessionOf(req)
    const user = await currentUser(req)
    if (!user || !current) return panelJson({ user: null, message: 'Not signed in' })
    return panelJson({ user, collection: 'users', exp: epoch(current.session.expiresAt) })
  }),
  panelEndpoint('/refresh-token', 'post', async (req) => {
    const current = sessionOf(req)
    const user = await currentUser(req)
    if (!user || !current) throw apiError('unauthorized', 'Your session has ended; sign in again')
    return panelJson({
      message: 'Session is active',
      user,
      exp: epoch(current.session.expiresAt),
      refreshedToken: null,
    })
  }),
  // Payload's own reset flow would mint its JWT sessions; ours goes through /api/auth.
  ...(['/forgot-password', '/reset-password', '/unlock', '/verify/:token'] as const).map((path) =>
    panelEndpoint(path, 'post', async () => {
      throw apiError('not_found', 'Use /api/auth/forget-password and /api/auth/reset-password')
    }),
  ),
]
