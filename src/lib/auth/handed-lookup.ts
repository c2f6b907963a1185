// One session lookup per request (docs/decisions.md "One session lookup per request, handed on"): the
// strategy's database answer, and the cookie barrier's round trip, are carried from one step of a request
// to the next on the request's own objects, held weakly, so nothing outlives the request.
import type { findSession } from './sessions'

type Found = Awaited<ReturnType<typeof findSession>>

interface Lookup {
  /** The token's hash: the lookup answers only for the same token. */
  hash: string
  found: Found
  /** Unix ms when it was sent (bearer-cache.ts keeps it under that time). */
  sentAt: number
}

const lookups = new WeakMap<object, Lookup>()
/** Carriers of requests with a catch-up round trip made during them: its outcome. */
const heard = new WeakMap<object, Promise<boolean>>()

/** Records what the database answered for the token hashed `hash` on `carrier` (a Headers). */
export function keepLookup(carrier: object, hash: string, found: Found, sentAt: number): void {
  lookups.set(carrier, { hash, found, sentAt })
}

/** Carries a lookup recorded on `from` (Headers, or the express request) on to `to`. */
export function handOn(from: object, to: object): void {
  const lookup = lookups.get(from)
  if (lookup) lookups.set(to, lookup)
  const barrier = heard.get(from)
  if (barrier) heard.set(to, barrier)
}

/** Records on `carrier` a catch-up round trip made during this request (started after it arrived). */
export function keepHeard(carrier: object, barrier: Promise<boolean>): void {
  heard.set(carrier, barrier)
}

/** The catch-up round trip made earlier in this request; undefined: none was. */
export function heardEarlier(carrier: object): Promise<boolean> | undefined {
  return heard.get(carrier)
}

/** The lookup made earlier in this request for the token hashed `hash`; undefined: none was. */
export function handedLookup(carrier: object, hash: string): { found: Found; sentAt: number } | undefined {
  const lookup = lookups.get(carrier)
  return lookup && lookup.hash === hash ? { found: lookup.found, sentAt: lookup.sentAt } : undefined
}
