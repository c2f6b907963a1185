// The shared cache of public stock reads (docs/decisions.md "The read cache keeps Payload's own answer under
// a version"): Payload's own answer, served only while its version is current, so never older than the last
// committed write on any instance.
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { headersWithCors, type Payload } from 'payload'

import { type CatchUpRead, caughtUp, readOnCatchUp } from '../auth/stale-listener'
import { callerOf } from '../http/caller'
import { onPrimary } from '../replicas/read-context'
import { settings } from '../settings'
import { matchesIfNoneMatch, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, strongEtag, VARY } from './conditional'
import { countFree } from './count-free'
import { dependenciesOf, type PublicReads, publicReadsOf } from './dependencies'
import { ByteLru } from './lru'
import {
  allVersionsRead,
  collectionsWithTriggers,
  compactVersions,
  type VersionReader,
  versionReader,
} from './versions'

/**
 * A faster source of Payload's exact body for some reads (the forum's public lists,
 * docs/decisions.md "Anonymous forum reads answered by the shell"): the document object, or
 * undefined when it does not answer this read.
 */
export type Fill = (read: {
  slug: string
  id: string | undefined
  params: URLSearchParams
  user: unknown
}) => Promise<unknown>

export interface ReadCache {
  /**
   * Answers a stock read from the cache (or fills it), or hands back Payload's answer for the
   * bridge to send as any other (errors, 503, reads the cache does not serve).
   */
  serve: (
    req: ExpressRequest,
    res: ExpressResponse,
    url: URL,
    request: () => Request,
    fromPayload: () => Promise<Response>,
  ) => Promise<Response | undefined>
  /**
   * A hit answered as soon as the shell has counted the request (docs/decisions.md "A current
   * cache hit is answered right after the rate limit"): the kept answer when it is current, a
   * 304 when the client holds it. True when answered; false leaves the request to the bridge
   * (and `serve`) unchanged.
   */
  answerHit: (req: ExpressRequest, res: ExpressResponse) => Promise<boolean>
}

type Reader = { id: unknown; roles?: unknown } | null

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const JSON_UTF8 = 'application/json; charset=utf-8'
const COMPACT_EVERY_MS = 5 * 60_000

export function readCache(payload: Payload, options: { fill?: Fill } = {}): ReadCache | undefined {
  const reads = publicReadsOf(payload.config)
  const config = settings().readCache
  if (!reads || !config.enabled) return undefined
  const apiRoute = payload.config.routes.api.replace(/\/+$/, '')
  const lru = new ByteLru(config.maxBytes)
  // A miss answered by Payload takes the community lists' totals from list_counts (count-free.ts).
  const withKeptTotals = countFree(payload, reads.countedLists ?? {})
  // Who reads, as answerHit found it, and the version it read (after the request arrived): on
  // its miss, serve (later in the same request) asks no strategy again and fills under that
  // version. Held weakly by the express request, so nothing outlives it.
  const readersFound = new WeakMap<
    ExpressRequest,
    { user: Reader; authHeaders?: Headers; version?: Promise<string | undefined> }
  >()
  // Every collection's version, read by the stale listener's catch-up round trip (versions.ts).
  const allVersions = allVersionsRead(reads)
  readOnCatchUp(allVersions)
  let served: Promise<Map<string, VersionReader>> | undefined
  let compactedAt = Date.now()

  // Worked out at the first read; after a failure (the database down at that moment) again at the next.
  const readers = () =>
    (served ??= servedCollections(payload, reads, allVersions).catch((error: unknown) => {
      payload.logger.error({
        err: error,
        msg: 'read cache: could not check the version triggers; reads go to Payload until it can',
      })
      served = undefined
      return new Map<string, VersionReader>()
    }))

  /** `/api/<slug>` or `/api/<slug>/<uuid>`; anything else under a collection is Payload's. */
  const targetOf = (pathname: string) => {
    if (!pathname.startsWith(`${apiRoute}/`)) return undefined
    const [slug, id, ...rest] = pathname.slice(apiRoute.length + 1).split('/')
    if (!slug || rest.length > 0 || (id !== undefined && !UUID.test(id))) return undefined
    return { slug, id }
  }

  // Payload's CORS headers for the request's Origin (docs/api.md: `cors` is the trusted
  // origins); the answer without an Origin is the same every time and is kept.
  let withoutOrigin: Array<[string, string]> | undefined
  const corsHeaders = (origin: string | undefined): Array<[string, string]> => {
    if (origin === undefined && withoutOrigin) return withoutOrigin
    const headers = new Headers(origin === undefined ? undefined : { origin })
    const computed = [...headersWithCors({ headers: new Headers(), req: { payload, headers } }).entries()]
    if (origin === undefined) withoutOrigin = computed
    return computed
  }

  const compactNow = () => {
    if (Date.now() - compactedAt < COMPACT_EVERY_MS) return
    compactedAt = Date.now()
    compactVersions(payload).catch((error: unknown) =>
      payload.logger.warn({ err: error, msg: 'read cache: compacting collection_versions failed' }),
    )
  }

  /**
   * Who reads, as the shell resolved the request's caller (once per request: src/lib/http/caller.ts);
   * `barrier`: the round trip started for this request. Undefined: the database could not check the session.
   */
  const readerOfRequest = async (
    req: ExpressRequest,
    barrier?: Promise<boolean>,
  ): Promise<{ user: Reader; authHeaders?: Headers } | undefined> => {
    const caller = await callerOf(payload, req, barrier)
    if (caller.unchecked) return undefined
    return { user: caller.user as Reader, authHeaders: caller.responseHeaders }
  }

  const keyOf = (target: { slug: string; id: string | undefined }, search: string, user: Reader) => {
    const shared =
      !user || (reads.sharedWhenSignedIn?.collections.includes(target.slug) && reads.sharedWhenSignedIn.reader(user))
    // A signed-in reader's answer depends on who they are and on their roles (staff read more).
    return `${target.slug}\n${target.id ?? ''}\n${search}\n${shared ? 'public' : readerOf(user!)}`
  }

  /** The kept (or just made) answer, with its headers; 304 when an anonymous client holds it. */
  const send = (
    req: ExpressRequest,
    res: ExpressResponse,
    answer: { body: Buffer; etag?: string },
    user: Reader,
    authHeaders: Headers | undefined,
  ) => {
    res.status(200)
    for (const [name, value] of corsHeaders(req.headers.origin)) res.setHeader(name, value)
    const cookies = authHeaders?.getSetCookie() ?? []
    if (cookies.length) res.setHeader('set-cookie', cookies)
    res.setHeader('vary', VARY)
    if (!user && answer.etag) {
      res.setHeader('etag', answer.etag)
      res.setHeader('cache-control', PUBLIC_CACHE_CONTROL)
      if (matchesIfNoneMatch(req.headers['if-none-match'], answer.etag)) {
        res.status(304).end()
        return
      }
    } else res.setHeader('cache-control', PRIVATE_CACHE_CONTROL)
    res.setHeader('content-type', JSON_UTF8)
    res.setHeader('content-length', String(answer.body.byteLength))
    res.end(req.method === 'HEAD' ? undefined : answer.body)
  }

  return {
    answerHit: async (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const url = new URL(req.originalUrl, 'http://localhost')
      const target = targetOf(url.pathname)
      const versions = target && (await readers()).get(target.slug)
      if (!target || !versions) return false
      // A signed-in reader's check waits on the database: the cookie barrier
      // (docs/decisions.md "A cookie snapshot waits for the instance to hear every commit")
      // is a round trip on the listener's connection made after the request arrived, and so
      // is the version read. One round trip is both (docs/decisions.md "The cookie barrier
      // is the version read"): started here, handed to the strategy, its version read below.
      const round =
        req.headers.authorization !== undefined || req.headers.cookie !== undefined
          ? caughtUp(versions.want)
          : undefined
      const early = round && versions.read(round).catch(() => undefined)
      const who = await readerOfRequest(
        req,
        round?.then((outcome) => outcome.heard),
      )
      if (!who) return false
      const found = { ...who, version: early }
      readersFound.set(req, found)
      // The raw query: an answer is kept only under a query the bridge has checked and bounded
      // already (stock-query.ts; bounding a bounded query changes nothing), so any other query
      // finds nothing here and goes the bridge's way.
      const cached = lru.get(keyOf(target, url.search, who.user))
      if (!cached) return false
      found.version ??= versions.read().catch(() => undefined)
      const version = await found.version
      if (version !== cached.version) return false
      send(req, res, cached, who.user, who.authHeaders)
      return true
    },

    serve: async (req, res, url, request, fromPayload) => {
      const target = targetOf(url.pathname)
      const versions = target && (await readers()).get(target.slug)
      if (!target || !versions) return fromPayload()

      // The database could not check the session: Payload's route, then the bridge's 503.
      const found = readersFound.get(req)
      const who = found ?? (await readerOfRequest(req))
      if (!who) return fromPayload()
      const { user, authHeaders } = who
      const key = keyOf(target, url.search, user)

      // The version could not be read (the database is down): Payload's route as before, whose
      // failure the bridge answers 503 in the stock routes' error shape.
      const version = await (found?.version ?? versions.read().catch(() => undefined))
      if (version === undefined) return fromPayload()
      const cached = lru.get(key)
      let body: Buffer
      let etag: string | undefined
      if (cached && cached.version === version) {
        body = cached.body
        etag = cached.etag
      } else {
        // A miss reads the primary: the answer is kept under the primary's version, which a
        // replica's older rows must not fill (docs/decisions.md "Read replicas with our own
        // chooser" routes the other public reads).
        const filled = options.fill
          ? await onPrimary(() => options.fill!({ slug: target.slug, id: target.id, params: url.searchParams, user }))
          : undefined
        if (filled !== undefined) body = Buffer.from(JSON.stringify(filled))
        else {
          const response = await onPrimary(() => withKeptTotals(fromPayload))
          if (response.status !== 200) return response
          body = Buffer.from(await response.arrayBuffer())
        }
        // Kept only when no write committed while it was made: the answer then is the state at
        // `version`, and its tag names exactly these bytes.
        if ((await versions.read().catch(() => undefined)) === version) {
          etag = strongEtag(key, version)
          lru.set(key, { version, body, etag })
        }
        compactNow()
      }
      send(req, res, { body, etag }, user, authHeaders)
      return undefined
    },
  }
}

const readerOf = (user: NonNullable<Reader>) =>
  `user:${String(user.id)}:${Array.isArray(user.roles) ? [...user.roles].map(String).sort().join(',') : ''}`

/** The collections served, each with its version read; those not fully covered by triggers left out. */
async function servedCollections(
  payload: Payload,
  reads: PublicReads,
  allVersions: CatchUpRead,
): Promise<Map<string, VersionReader>> {
  const served = new Map<string, VersionReader>()
  const dependencies = new Map(reads.collections.map((slug) => [slug, dependenciesOf(payload.config, reads, slug)]))
  const covered = await collectionsWithTriggers(payload, [...new Set([...dependencies.values()].flat())])
  for (const [slug, needs] of dependencies) {
    const missing = needs.filter((dependency) => !covered.has(dependency))
    if (missing.length === 0) served.set(slug, versionReader(payload, slug, needs, reads, allVersions))
    else
      payload.logger.warn({
        msg: `read cache: ${slug} is left to Payload: no version triggers on ${missing.join(', ')}`,
      })
  }
  return served
}

/** For tests: the collections the cache serves on this app's database, and what each depends on. */
export async function servedBy(payload: Payload): Promise<Record<string, string[]>> {
  const reads = publicReadsOf(payload.config)
  if (!reads) return {}
  const served = await servedCollections(payload, reads, allVersionsRead(reads))
  return Object.fromEntries([...served.keys()].map((slug) => [slug, dependenciesOf(payload.config, reads, slug)]))
}
