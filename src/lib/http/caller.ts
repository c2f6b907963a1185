// The caller of an express request, resolved once by the shell (the rate limit's staff check, the read
// cache, a shell answer and Payload's handler all read this one result: docs/plugin.md "Declaring a route").
import type { Request as ExpressRequest } from 'express'
import { executeAuthStrategies, type Payload, type PayloadRequest } from 'payload'

import { bringsCredentials, handAuth, type ResolvedCaller } from '../auth/strategy'
import { credentialsWereUnchecked } from './unavailable'

export type RequestCaller = ResolvedCaller

const ANONYMOUS: Promise<RequestCaller> = Promise.resolve({ user: null, unchecked: false })
// Kept beside the request rather than on it: a property added to every request would change its shape.
const callers = new WeakMap<ExpressRequest, Promise<RequestCaller>>()

/**
 * The request's caller, resolved at its first use; `barrier`: a catch-up round trip this request started
 * already, for the strategy to wait on instead of one of its own (the first use's only).
 */
export function callerOf(payload: Payload, req: ExpressRequest, barrier?: Promise<boolean>): Promise<RequestCaller> {
  if (!bringsCredentials(req.headers.authorization, req.headers.cookie)) return ANONYMOUS
  let caller = callers.get(req)
  if (!caller) {
    caller = resolve(payload, credentialHeaders(req), barrier)
    callers.set(req, caller)
  }
  return caller
}

async function resolve(payload: Payload, headers: Headers, barrier?: Promise<boolean>): Promise<RequestCaller> {
  const req = handAuth({}, { barrier }) as PayloadRequest
  const { user, responseHeaders } = await executeAuthStrategies({
    headers,
    payload,
    canSetHeaders: true,
    isGraphQL: false,
    req,
  })
  return { user, responseHeaders, unchecked: credentialsWereUnchecked(headers) }
}

// What an auth strategy reads of a request: its credentials, not the whole of its headers.
function credentialHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  const { authorization, cookie } = req.headers
  if (authorization !== undefined) headers.set('authorization', authorization)
  if (cookie !== undefined) headers.set('cookie', cookie)
  return headers
}
