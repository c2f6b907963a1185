// Users for tests: a verified account with roles, a session made the way sign-in makes one
// (its bearer token works over HTTP), and the very `req.user` our auth strategy builds from
// that token, so a Local API call made with the user's `req` meets the same access rules as
// the HTTP request would.
import { randomBytes } from 'node:crypto'

import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { Role } from '../../domain/permissions'
import { createSession } from '../lib/auth/sessions'
import { sessionStrategy } from '../lib/auth/strategy'

/** Sent as the user agent of the kit's requests, so their audit entries say where they came from. */
export const KIT_USER_AGENT = 'community-platform/testing'

export const KIT_PASSWORD = 'Correct-Horse-42!'

export interface UserOptions {
  roles?: Role[]
  email?: string
  name?: string
  /** Default true: a signed-up user must verify the address before signing in. */
  verified?: boolean
  password?: string
}

export interface KitUser {
  id: string
  email: string
  password: string
  roles: Role[]
  /** The session's bearer token, for HTTP. */
  token: string
  /** `{ authorization: 'Bearer …' }`, for fetch. */
  headers: Record<string, string>
  /** What `req.user` is over HTTP with that token. */
  user: NonNullable<PayloadRequest['user']>
  /**
   * A request acting as this user, for Local API calls with `overrideAccess: false`. One call
   * at a time: Payload keeps a call's transaction on its `req` (use `newReq()` for calls at once).
   */
  req: PayloadRequest
  newReq: () => Promise<PayloadRequest>
}

/** A Local API request as `user` (null: anonymous), with the headers a client would send. */
export const requestAs = (payload: Payload, user: PayloadRequest['user'] | null): Promise<PayloadRequest> =>
  createLocalReq({ user: user ?? undefined, req: { headers: new Headers({ 'user-agent': KIT_USER_AGENT }) } }, payload)

export async function createKitUser(payload: Payload, options: UserOptions = {}): Promise<KitUser> {
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.test`
  const roles = options.roles ?? ['citizen']
  const password = options.password ?? KIT_PASSWORD
  const doc = await payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password, roles, emailVerified: options.verified ?? true, name: options.name } as never,
  })
  const id = String(doc.id)
  const { token } = await createSession(await requestAs(payload, null), id)
  const headers = { authorization: `Bearer ${token}` }
  const { user } = await sessionStrategy.authenticate({ headers: new Headers(headers), payload })
  if (!user) throw new Error(`The session made for ${email} was not accepted by the auth strategy`)
  const newReq = () => requestAs(payload, user)
  return { id, email, password, roles, token, headers, user, req: await newReq(), newReq }
}
