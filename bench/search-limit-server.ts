// The limit for GET /api/search: plain express + pg in a process of its own, running the route's very
// statement (src/operations/search/search.ts SEARCH_STATEMENT, the same values for an anonymous reader) on the
// same index, with the same pool size, the same global rate-limit hit and the same snippet escaping, so what
// differs is the stack around it: the shell's middleware, Payload's request. Run by bench/search.ts.
import http from 'node:http'

import express, { type Request, type Response } from 'express'
import pg from 'pg'

import type { CounterHost } from '../src/lib/rate-limit'
import { hitLeased } from '../src/lib/rate-limit-lease'
import { HEADLINE_OPTIONS, presentSnippet, SEARCH_STATEMENT, splitPrefix } from '../src/operations/search/search'
import { SEARCH_CONFIGS, SEARCH_TYPES } from '../src/operations/search/search-objects'

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
})
// rate-limit-lease.ts only ever touches `payload.db.pool`.
const payload: CounterHost = { db: { pool }, logger: console }
const RULE = { max: 1_000_000_000, windowSeconds: 60 }

interface Row {
  total: number
  type: string | null
  id: string | null
  slug: string | null
  score: number
  created_at: Date
  title: string
  snippet: string
}

const app = express()
app.disable('x-powered-by')
app.disable('etag')
app.get('/api/health', (_req, res) => {
  res.json({ ok: true })
})
app.get('/api/search', async (req: Request, res: Response) => {
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  const q = String(req.query.q ?? '').trim()
  if (!q || q.length > 200) return void res.status(400).json({ error: 'invalid_request', message: 'q' })
  const page = Number(req.query.page ?? 1)
  const perPage = Math.min(Number(req.query.perPage ?? 20), 50)
  const { rest, prefix } = splitPrefix(q)
  const { rows } = await pool.query<Row>({
    name: SEARCH_STATEMENT.name,
    text: SEARCH_STATEMENT.text,
    values: [
      rest,
      prefix,
      SEARCH_TYPES,
      null,
      false,
      false,
      'en',
      perPage,
      (page - 1) * perPage,
      'en',
      SEARCH_CONFIGS.en,
      HEADLINE_OPTIONS,
    ],
  })
  const total = rows[0]?.total ?? 0
  res.json({
    results: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        type: row.type,
        id: row.id,
        slug: row.slug,
        title: row.title,
        snippet: presentSnippet(row.snippet),
        score: Number(row.score),
        createdAt: row.created_at.toISOString(),
      })),
    total,
    page,
    perPage,
    totalPages: Math.ceil(total / perPage),
  })
})

const server = http.createServer(app)
server.keepAliveTimeout = 30_000
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
