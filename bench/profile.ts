// The profile family's hot reads: a public profile by username (anonymous,
// eleven published counts in one statement) and the caller's notifications inbox (bearer,
// 20 of 200, with the unread count), beside the limit (bench/limit-server.ts: express + pg,
// the same statements, session check and rate-limit hit). Target: ≥ 0.8× the limit.
// Then the personal data export of a user with 10,000 notifications and 1,000 bookings,
// read slowly (as a phone on a poor network would), with the server's RSS sampled every
// 100 ms: it must grow by < 100 MB (the export streams in pages). `npm run bench -- profile`.
import { freePort } from '../src/lib/embedded-database'
import { measure } from './autocannon'
import { adminCredentials, type BenchApp, log } from './harness'
import { cpuPerRequest, startServerProcess } from './processes'
import { SECONDS } from './reads'
import { markdownTable, type Row, type ScenarioResult } from './report'

const CONNECTIONS = [1, 10]
const SEQUENTIAL = 300
const NOTIFICATIONS = 200
const THREADS = 30

interface Pool {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>
}

export async function profileBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  const credentials = await adminCredentials(app)
  const me = (await (await fetch(`${app.url}/api/profile`, { headers: credentials.bearer })).json()) as {
    profile: { userId: string; username: string }
  }
  const { userId, username } = me.profile
  await pool.query(
    `INSERT INTO notifications (user_id_id, type, title, body, read_at, created_at, updated_at)
     SELECT $1, 'booking', 'Booking ' || g, 'Your booking moved', CASE WHEN g % 3 = 0 THEN now() END, now() - (g || ' minutes')::interval, now() FROM generate_series(1, $2) g`,
    [userId, NOTIFICATIONS],
  )
  await pool.query(
    `INSERT INTO forum_threads (author_id, author_name, title, body, status, pinned, post_count, last_post_at, created_at, updated_at)
     SELECT $1, $3, 'Thread ' || g, 'Body', 'published', false, 0, now(), now(), now() FROM generate_series(1, $2) g`,
    [userId, THREADS, username],
  )
  const reads = [
    { name: 'public profile, anonymous', path: `/api/profile/${username.toUpperCase()}`, headers: {} },
    {
      name: 'notifications inbox, 20 of 200, bearer',
      path: '/api/profile/notifications?perPage=20',
      headers: credentials.bearer,
    },
  ]
  const limit = await startServerProcess('bench/limit-server.ts', await freePort(), { DATABASE_URL: app.databaseUrl })
  const rows: Row[] = []
  const cpu: Array<{ read: string; ours: number; limit: number }> = []
  try {
    for (const read of reads) {
      const [ours, theirs] = await Promise.all(
        [app.url, limit.url].map(async (base) =>
          JSON.stringify(await (await fetch(`${base}${read.path}`, { headers: read.headers })).json()),
        ),
      )
      if (ours !== theirs) throw new Error(`profile: ours and the limit disagree on ${read.path}`)
      for (const connections of CONNECTIONS) {
        log(`profile: ${read.name}, ${connections} connection(s), ${SECONDS} s each side`)
        const options = { connections, seconds: SECONDS, headers: read.headers }
        const oursResult = await measure(`${app.url}${read.path}`, options)
        const serverRssMb = await app.server.rssMb()
        const limitResult = await measure(`${limit.url}${read.path}`, options)
        rows.push({ scenario: read.name, connections, ours: oursResult, limit: limitResult, serverRssMb })
      }
      log(`profile: ${read.name}, CPU of ${SEQUENTIAL} sequential requests each side`)
      cpu.push({
        read: read.name,
        ours: await cpuPerRequest(app.server.pid, `${app.url}${read.path}`, SEQUENTIAL, read.headers),
        limit: await cpuPerRequest(limit.pid, `${limit.url}${read.path}`, SEQUENTIAL, read.headers),
      })
    }
  } finally {
    await limit.stop()
  }
  const exported = await exportMemory(app, pool)
  const markdown = [
    markdownTable(
      rows.map((row) => ({
        scenario: row.scenario,
        conns: String(row.connections),
        'ours req/s': row.ours.rps.toFixed(0),
        'ours p50': `${row.ours.p50} ms`,
        'limit req/s': row.limit!.rps.toFixed(0),
        'limit p50': `${row.limit!.p50} ms`,
        'ours ÷ limit': `${(row.ours.rps / Math.max(row.limit!.rps, 1)).toFixed(2)}×`,
        'non-2xx/errors': String(row.ours.errors + row.ours.non2xx + row.limit!.errors + row.limit!.non2xx),
      })),
    ),
    '',
    `Server CPU per request, ${SEQUENTIAL} sequential requests each side (less moved by other work on the machine than a rate): ${cpu.map((row) => `${row.read} ${row.ours.toFixed(2)} ms, the limit ${row.limit.toFixed(2)} ms (the limit ÷ ours ${(row.limit / row.ours).toFixed(2)}×)`).join('; ')}.`,
    '',
    `Export of ${EXPORT_NOTIFICATIONS.toLocaleString('en')} notifications and ${EXPORT_BOOKINGS.toLocaleString('en')} bookings (${(exported.bytes / 1e6).toFixed(1)} MB, read at ≤ ${READ_CHUNK / 1024} KiB per ${READ_PAUSE_MS} ms): server RSS ${exported.before.toFixed(0)} MB before, peak ${exported.peak.toFixed(0)} MB, growth ${(exported.peak - exported.before).toFixed(0)} MB (target < 100 MB), ${(exported.ms / 1000).toFixed(1)} s.`,
  ].join('\n')
  log(markdown)
  return {
    rows,
    sections: [{ name: 'profile', markdown }],
    data: { notifications: NOTIFICATIONS, threads: THREADS, exported, cpu },
  }
}

const EXPORT_NOTIFICATIONS = 10_000
const EXPORT_BOOKINGS = 1_000
const READ_CHUNK = 256 * 1024
const READ_PAUSE_MS = 20

/** One export read slowly, the server's RSS sampled meanwhile. */
async function exportMemory(app: BenchApp, pool: Pool) {
  const email = `bench-export-${Date.now()}@example.test`
  await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { email, password: 'Bench-Passw0rd!', roles: ['citizen'], emailVerified: true } as never,
  })
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench-Passw0rd!' }),
  })
  const { token, user } = (await signIn.json()) as { token: string; user: { id: string } }
  await pool.query(
    `INSERT INTO notifications (user_id_id, type, title, body, created_at, updated_at)
     SELECT $1, 'booking', 'Your booking ' || g || ' was confirmed', repeat('A longer notification body. ', 8), now() - (g || ' seconds')::interval, now() FROM generate_series(1, $2) g`,
    [user.id, EXPORT_NOTIFICATIONS],
  )
  await pool.query(
    `INSERT INTO bookings (customer_id, booking_date, booking_time, end_time, start_minute, end_minute, status, customer_message)
     SELECT $1, '2030-01-01', '10:00', '11:00', 600, 660, 'completed', 'Please ring twice' FROM generate_series(1, $2)`,
    [user.id, EXPORT_BOOKINGS],
  )
  const before = await app.server.rssMb()
  let peak = before
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await app.server.rssMb())
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const started = Date.now()
  const response = await fetch(`${app.url}/api/profile/export`, { headers: { authorization: `Bearer ${token}` } })
  if (response.status !== 200) throw new Error(`profile: export answered ${response.status}`)
  let bytes = 0
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes % READ_CHUNK < value.byteLength) await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS))
  }
  const ms = Date.now() - started
  sampling = false
  await sampler
  return { before, peak, bytes, ms }
}
