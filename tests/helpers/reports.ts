// Fixtures of the reports tests: many signed-in citizens at once (rows and sessions written in
// bulk: a thousand sign-ins would spend a minute hashing passwords, and the storm test is about
// the reports, not the sign-ins), and calls to the docs/api.md "Reports, the moderation queue,
// appeals and transparency" routes.
import { createHash, randomBytes } from 'node:crypto'

import { type Actor, actor, type Reply } from './catalogue'
import { sql, type TestApp } from './test-app'

export const REPORTS = '/api/reports'
export const QUEUE = '/api/admin/moderation/queue'
export const DISMISS = '/api/admin/moderation/dismiss'
export const APPEALS = '/api/appeals'
export const ADMIN_APPEALS = '/api/admin/appeals'
export const DECIDE = '/api/admin/appeals/decide'

/** `n` citizens with a bearer session each, made in three statements. */
export async function bulkCitizens(app: TestApp, n: number): Promise<Actor[]> {
  const tokens = Array.from({ length: n }, () => randomBytes(24).toString('hex'))
  const users = await sql<{ id: string; email: string }>(
    app,
    `INSERT INTO users (email, email_verified) SELECT 'bulk-' || md5(random()::text) || '-' || i || '@example.test', true FROM generate_series(1, $1) i RETURNING id, email`,
    [n],
  )
  const ids = users.map((user) => user.id)
  await sql(
    app,
    `INSERT INTO users_roles ("order", parent_id, value) SELECT 1, id, 'citizen' FROM unnest($1::uuid[]) id`,
    [ids],
  )
  await sql(
    app,
    `INSERT INTO sessions (user_id, token_hash, expires_at, refreshed_at) SELECT id, hash, now() + interval '1 day', now() FROM unnest($1::uuid[], $2::text[]) AS t(id, hash)`,
    [ids, tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
  )
  return users.map((user, i) =>
    actor(
      app,
      { id: user.id, email: user.email, password: '', roles: ['citizen'] },
      { authorization: `Bearer ${tokens[i]}` },
    ),
  )
}

export const report = (
  who: Actor,
  postId: string,
  reason = 'spam',
  extra: Record<string, unknown> = {},
): Promise<Reply> => who.send(REPORTS, { postType: 'blogComments', postId, reason, ...extra })

export interface QueueRow {
  status: string
  reports: string
  reasons: Record<string, number>
}

export async function queueRows(app: TestApp, postId: string): Promise<QueueRow[]> {
  return sql<QueueRow>(
    app,
    `SELECT status::text, reports, reasons FROM report_queue WHERE post_id = $1 ORDER BY created_at`,
    [postId],
  )
}

export async function reportStatuses(app: TestApp, postId: string): Promise<string[]> {
  const rows = await sql<{ status: string }>(
    app,
    `SELECT status::text FROM content_reports WHERE post_id = $1 ORDER BY created_at`,
    [postId],
  )
  return rows.map((row) => row.status)
}

/**
 * POSTs every body at once over at most `sockets` connections (node:http): a thousand sockets
 * opened in one tick overflow the test server's listen backlog (511) and get reset by the
 * kernel before the app sees them. The requests are all in flight together either way.
 */
export async function postAll(
  app: TestApp,
  path: string,
  requests: Array<{ headers: Record<string, string>; body: unknown }>,
  sockets = 400,
): Promise<number[]> {
  const { default: http } = await import('node:http')
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  const url = new URL(path, app.url)
  try {
    return await Promise.all(
      requests.map(
        ({ headers, body }) =>
          new Promise<number>((resolve, reject) => {
            const request = http.request(
              url,
              { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
              (response) => {
                response.resume()
                response.on('end', () => resolve(response.statusCode ?? 0))
              },
            )
            request.on('error', reject)
            request.end(JSON.stringify(body))
          }),
      ),
    )
  } finally {
    agent.destroy()
  }
}
