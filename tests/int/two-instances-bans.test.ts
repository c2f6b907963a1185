// Bans reach every instance's cookie cache, also while a listener reconnects or has not heard yet
// (docs/decisions.md "Bans, role changes and revocations reach every instance").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { listenerName } from '../../src/lib/auth/stale-listener'
import { SERVER_UNDER_LOAD_ENV } from '../helpers/load'
import { type ServerProcess, startServerProcess } from '../helpers/processes'
import { viaServer } from '../helpers/server-app'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createAdmin, createUser, signIn, type TestUser } from '../helpers/users'

const CACHE_COOKIE = 'community.session_data'
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

const cacheCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${CACHE_COOKIE}=`))

/** The user's own bookings (a stock route: 200 signed in, 403 anonymous), as a cookie client of B. */
const bookingsOnB = (cookie: string) => fetch(`${b.url}/api/bookings?limit=1`, { headers: { cookie } })

const sessionOnB = async (cookie: string) =>
  (
    (await (await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie } })).json()) as {
      user: { id: string }
    } | null
  )?.user.id ?? null

/**
 * A cookie client of B whose snapshot B trusts: signed at least a second after B's listener
 * last (re)connected (B distrusts every snapshot signed up to that second), and answered from
 * the cache (no fresh snapshot in the answer, so B did not ask the database).
 */
async function cachedClientOfB(user: TestUser): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const { cookie } = await signIn(viaServer(local, b.url), user)
  expect(cookie).toContain(`${CACHE_COOKIE}=`)
  const served = await bookingsOnB(cookie)
  expect(served.status).toBe(200)
  expect(cacheCookieOf(served)).toBeUndefined()
  return cookie
}

async function banThroughA(user: TestUser) {
  const response = await fetch(`${a.url}/api/auth/admin/ban-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...adminHeaders },
    body: JSON.stringify({ userId: user.id, banReason: 'Spam' }),
  })
  expect(response.status).toBe(200)
  const rows = await sql<{ banned: boolean; sessions: number }>(
    local,
    'SELECT banned, (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions FROM users WHERE id = $1',
    [user.id],
  )
  expect(rows[0]).toEqual({ banned: true, sessions: 0 })
}

async function expectRefusedOnB(cookie: string) {
  // The very next request: no waiting for the snapshot to age out.
  expect((await bookingsOnB(cookie)).status).toBe(403)
  expect(await sessionOnB(cookie)).toBeNull()
}

// The listener's connection once it has sent a statement: its first is its LISTEN, the later
// ones its catch-up round trips (which read the versions: docs/decisions.md "The cookie barrier is the version read").
async function listenerPid(server: ServerProcess): Promise<number | undefined> {
  const rows = await sql<{ pid: number }>(
    local,
    `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query <> ''`,
    [listenerName(server.child.pid)],
  )
  return rows[0]?.pid
}

async function killListener(server: ServerProcess): Promise<number> {
  const pid = await listenerPid(server)
  expect(pid).toBeDefined()
  await sql(local, 'SELECT pg_terminate_backend($1)', [pid])
  return pid!
}

async function listeningAgain(server: ServerProcess, killed: number): Promise<void> {
  // Bounded: the first retry comes within RETRY_MS.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const pid = await listenerPid(server)
    if (pid !== undefined && pid !== killed) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the listener did not reconnect within 30 s')
}

describe('a ban through one instance reaches the other cookie cache at once', () => {
  it('every instance listens on its own named connection', async () => {
    expect(await listenerPid(a)).toBeDefined()
    expect(await listenerPid(b)).toBeDefined()
  })

  it('a cookie client of B is refused on its next request after a ban through A', async () => {
    const user = await createUser(local)
    const cookie = await cachedClientOfB(user)
    await banThroughA(user)
    await expectRefusedOnB(cookie)
  })

  it('a ban B has not heard yet when the next request arrives is still refused: B catches up before it trusts a snapshot', async () => {
    const user = await createUser(local)
    const cookie = await cachedClientOfB(user)
    // B's listening backend frozen: the ban's notification waits in PostgreSQL for it, as it
    // does for a moment under load, while A has already answered.
    const backend = (await listenerPid(b))!
    process.kill(backend, 'SIGSTOP')
    try {
      await banThroughA(user)
      // Answered while the backend is still frozen: B's catch-up round trip gets no answer, so
      // B does not trust the snapshot and asks the database.
      expect((await bookingsOnB(cookie)).status).toBe(403)
    } finally {
      process.kill(backend, 'SIGCONT')
    }
    await expectRefusedOnB(cookie)
    expect(await listenerPid(b)).toBe(backend)
  })

  it('a read-cache hit of B for a ban B has not heard yet is not answered from the snapshot: its version read is the barrier', async () => {
    const user = await createUser(local)
    // Their own classified awaiting review: shown to them alone, so their total is one more than anyone else's.
    await sql(
      local,
      `INSERT INTO classifieds (author_id, title, currency, status) VALUES ($1, 'Awaiting review', 'EUR', 'pending_review')`,
      [user.id],
    )
    const cookie = await cachedClientOfB(user)
    const totalOnB = async (headers: Record<string, string>) => {
      const response = await fetch(`${b.url}/api/classifieds?limit=1&sort=-createdAt`, { headers })
      expect(response.status).toBe(200)
      return ((await response.json()) as { totalDocs: number }).totalDocs
    }
    const anonymous = await totalOnB({})
    // Twice: the second is a hit, from the snapshot.
    for (let i = 0; i < 2; i++) expect(await totalOnB({ cookie })).toBe(anonymous + 1)
    const backend = (await listenerPid(b))!
    process.kill(backend, 'SIGSTOP')
    try {
      await banThroughA(user)
      // The round trip the cache starts (its version read, on the frozen connection) is the
      // strategy's barrier: unanswered, so the snapshot is not trusted and the session is gone.
      expect(await totalOnB({ cookie })).toBe(anonymous)
    } finally {
      process.kill(backend, 'SIGCONT')
    }
    await expectRefusedOnB(cookie)
  })

  it('after B’s LISTEN connection is killed and reconnects, a ban through A still reaches B', async () => {
    const killed = await killListener(b)
    await listeningAgain(b, killed)
    const user = await createUser(local)
    const cookie = await cachedClientOfB(user)
    await banThroughA(user)
    await expectRefusedOnB(cookie)
  }, 60_000)

  it('a ban committed while B is not listening is not missed: B trusts no snapshot until it listens again, and none signed before', async () => {
    const user = await createUser(local)
    const cookie = await cachedClientOfB(user)
    const killed = await killListener(b)
    // Within B's first retry wait (≥ RETRY_MS / 2): the NOTIFY reaches no listener of B's.
    await banThroughA(user)
    expect(await listenerPid(b)).toBeUndefined()
    await expectRefusedOnB(cookie)
    await listeningAgain(b, killed)
    await expectRefusedOnB(cookie)
  }, 60_000)

  it('a user ending their own sessions through A (a stolen cookie) cuts B’s cookie client too', async () => {
    const user = await createUser(local)
    const cookie = await cachedClientOfB(user)
    const { token } = await signIn(viaServer(local, a.url), user)
    const response = await fetch(`${a.url}/api/auth/revoke-sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(await sql(local, 'SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual([])
    await expectRefusedOnB(cookie)
  })
})
