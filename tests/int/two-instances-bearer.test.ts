// Bearer tokens kept by one instance (src/lib/auth/bearer-cache.ts) never outlive a ban, a role
// change or a sign-out made through another: two server processes on one PostgreSQL. An app's
// token is read once by B and answered from that read afterwards; each change goes through A
// (a use case, or the stock route the admin panel uses, which calls no notification of its
// own), and B's very next request answers as the database does. Also while B's listening
// backend is frozen (B cannot know what it missed: it reads the database) and for a ban
// committed while B's listener is down.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { listenerName } from '../../src/lib/auth/stale-listener'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin, createUser, signIn, type TestUser } from '../helpers/users'

// B's first reconnect waits 2–4 s (jitter): long enough for a ban to land while it is down.
const RETRY_MS = 4_000

let local: TestApp
let a: ServerProcess
let b: ServerProcess
let adminHeaders: Record<string, string>

const start = () =>
  startServerProcess({
    ...SERVER_UNDER_LOAD_ENV,
    DATABASE_URL: local.databaseUrl,
    STALE_LISTENER_RETRY_MS: String(RETRY_MS),
  })

beforeAll(async () => {
  local = await startTestApp()
  // One after the other: both run the migrations check at start.
  a = await start()
  b = await start()
  adminHeaders = (await createAdmin(viaServer(local, a.url))).headers
}, 180_000)

afterAll(async () => {
  for (const server of [a, b]) await server?.stop(5_000)
  await local?.stop()
})

const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` })

interface SessionAnswer {
  session: { id: string }
  user: { id: string; name: string | null; roles: string[] }
}

const sessionOnB = async (token: string) =>
  (await (await fetch(`${b.url}/api/auth/get-session`, { headers: bearerOf(token) })).json()) as SessionAnswer | null

/** The user's own bookings (a stock route: 200 signed in, 403 anonymous), as a bearer client of B. */
const bookingsOnB = async (token: string) =>
  (await fetch(`${b.url}/api/bookings?limit=1`, { headers: bearerOf(token) })).status

/**
 * A bearer client of B whose session B has kept: read by B once, then still answered by B after
 * a change to the user that no instance hears of (the database's triggers off for it), which
 * only a kept session can do. The change is put back the same way.
 */
async function keptClientOfB(user: TestUser): Promise<string> {
  // B distrusts every session read in the second its listener (re)connected or a mark fell.
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const { token } = await signIn(viaServer(local, a.url), user)
  const read = await sessionOnB(token)
  expect(read?.user.id).toBe(user.id)
  await unheard('UPDATE users SET name = $2 WHERE id = $1', [user.id, 'Unheard'])
  expect((await sessionOnB(token))?.user.name).toBe(read!.user.name)
  await unheard('UPDATE users SET name = $2 WHERE id = $1', [user.id, read!.user.name])
  expect(await bookingsOnB(token)).toBe(200)
  return token
}

async function unheard(text: string, values: unknown[]): Promise<void> {
  const pool = (
    local.payload.db as unknown as {
      pool: { connect: () => Promise<{ query: (t: string, v?: unknown[]) => Promise<unknown>; release: () => void }> }
    }
  ).pool
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL session_replication_role = replica')
    await client.query(text, values)
    await client.query('COMMIT')
  } finally {
    client.release()
  }
}

async function postOnA(path: string, body: unknown, headers = adminHeaders) {
  const response = await fetch(`${a.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}

async function banThroughA(user: TestUser) {
  await postOnA('/api/auth/admin/ban-user', { userId: user.id, banReason: 'Spam' })
  const rows = await sql<{ banned: boolean; sessions: number }>(
    local,
    'SELECT banned, (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions FROM users WHERE id = $1',
    [user.id],
  )
  expect(rows[0]).toEqual({ banned: true, sessions: 0 })
}

async function expectRefusedOnB(token: string) {
  // The very next request: no waiting for the kept session to age out.
  expect(await bookingsOnB(token)).toBe(403)
  expect(await sessionOnB(token)).toBeNull()
}

async function listenerPid(server: ServerProcess): Promise<number | undefined> {
  const rows = await sql<{ pid: number }>(
    local,
    `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query <> ''`,
    [listenerName(server.child.pid)],
  )
  return rows[0]?.pid
}

async function listeningAgain(server: ServerProcess, killed: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const pid = await listenerPid(server)
    if (pid !== undefined && pid !== killed) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the listener did not reconnect within 30 s')
}

describe('a bearer token kept by one instance follows every change made through another', () => {
  it('a ban through A refuses B’s kept token on its next request', async () => {
    const user = await createUser(local)
    const token = await keptClientOfB(user)
    await banThroughA(user)
    await expectRefusedOnB(token)
  })

  it('a sign-out through A refuses B’s kept token on its next request', async () => {
    const user = await createUser(local)
    const token = await keptClientOfB(user)
    await postOnA('/api/auth/sign-out', {}, bearerOf(token))
    await expectRefusedOnB(token)
  })

  it('a role change through A is B’s answer on the next request', async () => {
    const user = await createUser(local)
    const token = await keptClientOfB(user)
    expect((await sessionOnB(token))?.user.roles).toEqual(['citizen'])
    await postOnA('/api/auth/admin/set-role', { userId: user.id, role: ['citizen', 'moderator'] })
    expect((await sessionOnB(token))?.user.roles).toEqual(['citizen', 'moderator'])
  })

  it('roles taken away through the stock users route (the panel’s way) are B’s next answer', async () => {
    const user = await createUser(local, { roles: ['citizen', 'moderator'] })
    const token = await keptClientOfB(user)
    const response = await fetch(`${a.url}/api/users/${user.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...adminHeaders },
      body: JSON.stringify({ roles: ['citizen'] }),
    })
    expect(response.status).toBe(200)
    expect((await sessionOnB(token))?.user.roles).toEqual(['citizen'])
  })

  it('a ban B has not heard yet is still refused: B catches up before it trusts a kept session', async () => {
    const user = await createUser(local)
    const token = await keptClientOfB(user)
    const backend = (await listenerPid(b))!
    process.kill(backend, 'SIGSTOP')
    try {
      await banThroughA(user)
      // B's catch-up round trip gets no answer from the frozen backend: it reads the database.
      expect(await bookingsOnB(token)).toBe(403)
    } finally {
      process.kill(backend, 'SIGCONT')
    }
    await expectRefusedOnB(token)
  })

  it('a ban while B is not listening is not missed: no kept session is trusted until B listens again', async () => {
    const user = await createUser(local)
    const token = await keptClientOfB(user)
    const killed = (await listenerPid(b))!
    await sql(local, 'SELECT pg_terminate_backend($1)', [killed])
    // Within B's first retry wait (≥ RETRY_MS / 2): the notification reaches no listener of B's.
    await banThroughA(user)
    expect(await listenerPid(b)).toBeUndefined()
    await expectRefusedOnB(token)
    await listeningAgain(b, killed)
    await expectRefusedOnB(token)
  }, 60_000)
})
