// The limit for the forum's public reads: GET /api/forum-threads and
// GET /api/forum-posts?where[thread][equals]=… on plain express + pg, in a process of its
// own. Same pool size, the same global rate-limit hit, the same access rule (an anonymous
// reader sees the public statuses: the WHERE inside the statements), the same two prepared
// statements and the same presenters (src/operations/community/forum-reads.ts, imported: the
// answer must be the same, tests/int/forum-reads.test.ts checks it), so what differs is the
// stack around them: the shell's middleware, the query's parsing. Run by bench/forum.ts.
import http from 'node:http'

import express, { type Request, type Response } from 'express'
import pg from 'pg'

import type { CounterHost } from '../src/lib/rate-limit'
import { hitLeased } from '../src/lib/rate-limit-lease'
import {
  answerForumRead,
  FORUM_POSTS_PATH,
  FORUM_THREADS_PATH,
  forumReadOf,
} from '../src/operations/community/forum-reads'

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 10),
})
// forum-reads.ts only ever touches `payload.db.pool`.
const payload: CounterHost = { db: { pool }, logger: console }
const RULE = { max: 1_000_000_000, windowSeconds: 60 }
const DEFAULT_DEPTH = 2

const app = express()
app.disable('x-powered-by')
app.disable('etag')
app.get('/api/health', (_req, res) => {
  res.json({ ok: true })
})
app.get([FORUM_THREADS_PATH, FORUM_POSTS_PATH], async (req: Request, res: Response) => {
  await hitLeased(payload, `global:${req.socket.remoteAddress}`, RULE)
  // The bench reads anonymously; a credential would need the session check this limit leaves out.
  if (req.headers.authorization || req.headers.cookie)
    return void res.status(400).json({ error: 'invalid_request', message: 'The limit serves anonymous reads only' })
  const url = new URL(req.originalUrl, 'http://localhost')
  const read = forumReadOf(url.pathname, url.searchParams, DEFAULT_DEPTH)
  if (!read) return void res.status(400).json({ error: 'invalid_request', message: 'Not a forum read the limit knows' })
  res.json(await answerForumRead(payload, read))
})

const server = http.createServer(app)
server.keepAliveTimeout = 30_000
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
