// The HTTP side of cached answers (docs/api.md "Caching of public reads"): a strong ETag
// from the collection's version and the query, `Cache-Control` for anonymous public answers,
// and `If-None-Match` compared as RFC 9110 §13.1.2 says (weak comparison, a list, or `*`).
import { createHash } from 'node:crypto'

/** How long a client or proxy may reuse an anonymous answer, and serve it while it asks again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60'
/** Signed-in answers: the reader's own, never stored on the way (docs/api.md "Conventions of every
 * route": no-store or private).
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'
/** An answer depends on who asks (the session cookie or bearer token) and, through CORS, on Origin. */
export const VARY = 'Origin, Authorization, Cookie'

export function strongEtag(key: string, version: string): string {
  return `"${createHash('sha256').update(key).update('\n').update(version).digest('base64url').slice(0, 32)}"`
}

export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}
