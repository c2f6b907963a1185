// Abuse limits of docs/api.md "Rate limits" on the persistent counters: sign-in 5 attempts / 15 min per
// client IP plus 5 failures / 15 min per email; sign-up 10 / hour per IP. Counters are
// written outside the request's transaction so that a failed request still counts.
import type { PayloadRequest } from 'payload'

import { rateLimitIp } from '../client-ip'
import { tooManyRequests } from '../http/global-rate-limit'
import { hit, release } from '../rate-limit'
import { settings } from '../settings'

const LOGIN_MESSAGE = 'Too many login attempts'

export async function limitSignUp(req: PayloadRequest): Promise<void> {
  const state = await hit(req.payload, `sign-up:${rateLimitIp(req.headers)}`, settings().rateLimits.signUp)
  if (state.limited) throw tooManyRequests(state.retryAfter, 'Too many sign-up attempts, try again later')
}

export async function limitSignInAttempt(req: PayloadRequest): Promise<void> {
  const state = await hit(req.payload, `sign-in:${rateLimitIp(req.headers)}`, settings().rateLimits.signInPerIp)
  if (state.limited) throw tooManyRequests(state.retryAfter, LOGIN_MESSAGE)
}

const failureKey = (email: string) => `sign-in-failures:${email}`

/**
 * Takes one of the email's failure slots before the password is checked, so that a burst of
 * simultaneous guesses cannot run more of them than the limit allows (a check-then-record
 * would let every request of the burst pass the check). A sign-in that succeeds gives its
 * slot back: only failures count against the email.
 */
export async function reserveSignInFailure(req: PayloadRequest, email: string): Promise<void> {
  const state = await hit(req.payload, failureKey(email), settings().rateLimits.signInFailuresPerEmail)
  if (state.limited) throw tooManyRequests(state.retryAfter, LOGIN_MESSAGE)
}

export async function releaseSignInFailure(req: PayloadRequest, email: string): Promise<void> {
  await release(req.payload, failureKey(email))
}
