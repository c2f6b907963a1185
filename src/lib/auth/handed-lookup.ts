// One session lookup per request (issue 31). Several steps of one request may each run the
// auth strategy: the global rate limit's staff exemption (src/lib/staff-request.ts), then the
// route (the shell's own answers, the read cache, Payload's bridge). Each used to read the
// session from the database again. The strategy now keeps what it read on the Headers it was
// given, and the shell carries it on to the Headers it builds later for the same express
// request (webHeaders, the bridge's Web Request), where the strategy finds it and asks no
// database.
// Same security: what is handed on is the database's answer read earlier in this very request
// (a revoked or banned session was refused there and is refused again from it); a session
// revoked while a request runs was a race before too (the two lookups were microseconds
// apart). Nothing outlives the request: the carriers are its own objects, held weakly.
// The cookie barrier is handed on the same way (decision 199): once a catch-up round
// trip made during this request has been answered (stale-listener.ts `heardUpToNow`), every
// change committed before the request arrived has been heard, which is all a later strategy
// run of the same request needs (a signed-in miss: ours, then Payload's REST handler's). What
// is handed on is the round trip's outcome, answered or still on the wire: the read cache
// starts it before the strategy runs and reads its version from the same round trip
// (decision 207).
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
