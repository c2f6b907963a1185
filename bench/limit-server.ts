// The limit: what a hand-written express + pg service would do for the same
// requests. Same pool size, the same SQL (the same prepared statements, imported), the same
// per-request rate-limit hit and session check, the same JSON; none of Payload's request
// setup, our shell's middleware or Payload's router. Run by the bench in its own process.
import http from 'node:http'

import express, { type Request, type Response } from 'express'
import pg from 'pg'

import { hasPermission, hasRole } from '../domain/permissions'
import {
  cacheCookieName,
  readCacheCookie,
  readCookie,
  sessionCookieName,
  type SessionSnapshot,
} from '../src/lib/auth/cookies'
import { accountUserOf } from '../src/lib/auth/current'
import { presentSession, presentSessionUser } from '../src/lib/auth/present'
import { presentAccountUser } from '../src/lib/auth/present-account'
import { findSession, snapshotOf } from '../src/lib/auth/sessions'
import { bearerToken } from '../src/lib/auth/strategy'
import { tokenHash } from '../src/lib/auth/tokens'
import { ApiError } from '../src/lib/http/errors'
import { paginated, parsePagination } from '../src/lib/http/pagination'
import { parseBoolean } from '../src/lib/http/pagination'
import type { CounterHost } from '../src/lib/rate-limit'
import { hitLeased } from '../src/lib/rate-limit-lease'
import { bookingPageQuery } from '../src/operations/bookings/admin-bookings'
import { presentAdminBooking } from '../src/operations/bookings/present'
import { presentService } from '../src/operations/catalogue/present-service'
import { queryService, queryServicePage } from '../src/operations/catalogue/services-query'
import { listInbox } from '../src/operations/profile/inbox'
import { getPublicProfile } from '../src/operations/profile/public-profile'
import { QUEUE_PAGE } from '../src/operations/reports/queue'

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
})
// The modules above only ever touch `payload.db.pool`.
const payload: CounterHost = { db: { pool }, logger: console }
const RULE = { max: 1_000_000_000, windowSeconds: 60 }

/** The caller's session: the bearer token from the database, else the session cookie's signed cache. */
async function session(req: Request): Promise<SessionSnapshot | null> {
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  const token = bearerToken(new Headers(req.headers as Record<string, string>))
  if (token) {
    const found = await findSession(payload, token)
    return found ? snapshotOf(found.doc, found.user) : null
  }
  const cookieToken = readCookie(req.headers.cookie, sessionCookieName())
  return cookieToken ? readCacheCookie(readCookie(req.headers.cookie, cacheCookieName()), tokenHash(cookieToken)) : null
}

const app = express()
app.disable('x-powered-by')
app.disable('etag')

app.get('/api/health', async (_req, res) => {
  await pool.query('SELECT 1')
  res.json({ status: 'ok' })
})

app.get('/api/auth/get-session', async (req: Request, res: Response) => {
  const found = await session(req)
  if (!found) return res.json(null)
  res.json({ session: presentSession(found.session), user: presentSessionUser(found.user as never) })
})

app.get('/api/admin/services/services', async (req: Request, res: Response) => {
  const found = await session(req)
  if (!found || !hasRole(found.user, 'admin')) return res.status(403).json({ error: 'forbidden', message: 'Forbidden' })
  const params = new URL(req.originalUrl, 'http://localhost').searchParams
  const id = params.get('id')
  if (id) {
    const one = await queryService(payload, id)
    if (!one) return res.status(404).json({ error: 'not_found', message: 'Service not found' })
    return res.json({ service: presentService(one.doc, { category: one.category, fullTranslations: true }) })
  }
  const page = parsePagination(params)
  const { total, rows } = await queryServicePage(
    payload,
    { q: params.get('q') ?? undefined },
    page.perPage,
    (page.page - 1) * page.perPage,
  )
  res.json(
    paginated(
      'services',
      rows.map(({ doc, category }) => presentService(doc, { category })),
      total,
      page,
    ),
  )
})

// The public catalogue (bench/catalogue.ts): the same rate-limit hit and session
// check as every route here, then the body Payload answers for that query, kept by the bench in
// `bench_catalogue_bodies` (one indexed read): the least SQL a hand-written handler can send for
// the same bytes. It stands for the best such a handler could do; ours reads the collection's
// version instead and keeps the body in memory.
const CATALOGUE_BODY = 'SELECT body FROM bench_catalogue_bodies WHERE path = $1'
app.get('/api/service-listings', async (req: Request, res: Response) => {
  await session(req)
  const { rows } = await pool.query({ name: 'bench-catalogue-body', text: CATALOGUE_BODY, values: [req.originalUrl] })
  if (!rows[0]) return res.status(404).json({ error: 'not_found', message: 'No body kept for this query' })
  res.type('application/json').send(rows[0].body as string)
})

// admin/list-users with an email search (bench/list-users.ts): the statement
// src/lib/auth/list-users-query.ts builds for that query, written out by hand.
const LIST_USERS = `SELECT (SELECT count(*)::int FROM users u WHERE u.email ILIKE $1) AS total, u.id, u.email, u.name, u.username, u.image, u.email_verified, NULL AS password_hash,
       u.banned, u.ban_reason, u.ban_expires, u.created_at, u.updated_at,
       ARRAY(SELECT r.value::text FROM users_roles r WHERE r.parent_id = u.id ORDER BY r."order") AS roles
  FROM users u WHERE u.email ILIKE $1 ORDER BY u.created_at desc, u.id LIMIT $2 OFFSET $3`

app.get('/api/auth/admin/list-users', async (req: Request, res: Response) => {
  const found = await session(req)
  if (!found || !hasRole(found.user, 'admin')) return res.status(403).json({ error: 'forbidden', message: 'Forbidden' })
  const params = new URL(req.originalUrl, 'http://localhost').searchParams
  const limit = Number(params.get('limit') ?? 100)
  const offset = Number(params.get('offset') ?? 0)
  const search = (params.get('searchValue') ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)
  const { rows } = await pool.query(LIST_USERS, [`%${search}%`, limit, offset])
  res.json({
    users: rows.map((row) => presentAccountUser(accountUserOf(row))),
    total: rows[0]?.total ?? 0,
    limit,
    offset,
  })
})

app.get('/api/admin/services/bookings', async (req: Request, res: Response) => {
  const found = await session(req)
  if (!found || !hasRole(found.user, 'admin')) return res.status(403).json({ error: 'forbidden', message: 'Forbidden' })
  const page = parsePagination(new URL(req.originalUrl, 'http://localhost').searchParams)
  const { statement, values } = bookingPageQuery({}, page)
  const { rows } = await pool.query({ ...statement, values })
  res.json(
    paginated(
      'bookings',
      rows.filter((row) => row.id !== null).map(presentAdminBooking),
      Number(rows[0]?.total ?? 0),
      page,
    ),
  )
})

app.get('/api/admin/moderation/queue', async (req: Request, res: Response) => {
  const found = await session(req)
  if (!found || !hasPermission(found.user, 'moderation.queue'))
    return res.status(403).json({ error: 'AUTH_FORBIDDEN', message: 'Forbidden' })
  const page = parsePagination(new URL(req.originalUrl, 'http://localhost').searchParams)
  const { rows } = await pool.query({ ...QUEUE_PAGE, values: [page.perPage, (page.page - 1) * page.perPage] })
  res.json(paginated('items', rows[0].items, rows[0].total, page))
})

// The profile family's hot reads (bench/profile.ts): the inbox and a public profile, with the
// same statements (src/operations/profile, imported; they only touch `payload.db.pool`).

app.get('/api/profile/notifications', async (req: Request, res: Response) => {
  const found = await session(req)
  if (!found) return res.status(401).json({ error: 'unauthorized', message: 'Authentication required' })
  const params = new URL(req.originalUrl, 'http://localhost').searchParams
  res.json(
    await listInbox(payload, String(found.user.id), parseBoolean(params, 'unread') ?? false, parsePagination(params)),
  )
})

app.get('/api/profile/:username', async (req: Request, res: Response) => {
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  try {
    res.json(await getPublicProfile(payload, String(req.params.username)))
  } catch (error) {
    if (error instanceof ApiError) return res.status(error.status).json({ error: error.code, message: error.message })
    throw error
  }
})

const server = http.createServer(app)
server.keepAliveTimeout = 30_000
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
