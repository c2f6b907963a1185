// A digest run (src/operations/notifications/digests.ts `sendDigests`, what each instance's sweep
// calls) over BENCH_DIGEST_MEMBERS members (default 10,000 then 100,000), every one with `booking`
// mail set to `daily` and one in BENCH_DIGEST_FRACTION (default 10) with three unread items: the time
// per 1,000 members and the bench process's RSS sampled through the run. The run's RSS growth staying
// the same at both sizes is what shows it streams (a page of members at a time) instead of loading
// them. In the bench process (where Payload runs beside the server), so its RSS is the sweep's alone.
// `npm run bench -- digests`.
import { settings } from '../src/lib/settings'
import { DIGEST_PAGE, sendDigests } from '../src/operations/notifications/digests'
import { countRows, log, seedTo, type BenchApp } from './harness'
import { markdownTable, type ScenarioResult } from './report'

const SIZES = (process.env.BENCH_DIGEST_MEMBERS ?? '10000,100000').split(',').map(Number).filter((n) => n > 0)
const FRACTION = Number(process.env.BENCH_DIGEST_FRACTION ?? 10)
const ITEMS_EACH = 3
const SAMPLE_MS = 20

const mb = (bytes: number) => bytes / 2 ** 20

interface Run {
  members: number
  digests: number
  seconds: number
  rssBeforeMb: number
  rssPeakMb: number
  heapBeforeMb: number
  heapPeakMb: number
}

/** Every member's `booking` mail set to daily, and unread items for one in FRACTION at `at`. */
async function prepare(app: BenchApp, at: Date): Promise<number> {
  const pool = app.payload.db.pool
  await pool.query(
    `INSERT INTO notification_settings (user_id, type, inbox, email, updated_at)
     SELECT id, 'booking', true, 'daily', now() FROM users ON CONFLICT (user_id, type) DO NOTHING`,
  )
  const { rowCount } = await pool.query(
    `INSERT INTO notifications (user_id_id, type, title, body, updated_at, created_at)
     SELECT u.id, 'booking', 'Booking confirmed: bench ' || n, 'Your booking was confirmed.', $1, $1
     FROM users u CROSS JOIN generate_series(1, $2::int) n
     WHERE abs(hashtext(u.id::text)) % $3::int = 0`,
    [at, ITEMS_EACH, FRACTION],
  )
  await pool.query('ANALYZE notification_settings, notifications, notification_digests')
  return rowCount ?? 0
}

async function measureRun(app: BenchApp, members: number, now: Date): Promise<Run> {
  const before = process.memoryUsage()
  let rssPeak = before.rss
  let heapPeak = before.heapUsed
  const sampler = setInterval(() => {
    const usage = process.memoryUsage()
    rssPeak = Math.max(rssPeak, usage.rss)
    heapPeak = Math.max(heapPeak, usage.heapUsed)
  }, SAMPLE_MS)
  const started = process.hrtime.bigint()
  let digests: number
  try {
    digests = await sendDigests(app.payload, now)
  } finally {
    clearInterval(sampler)
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const after = process.memoryUsage()
  return {
    members,
    digests,
    seconds,
    rssBeforeMb: mb(before.rss),
    rssPeakMb: mb(Math.max(rssPeak, after.rss)),
    heapBeforeMb: mb(before.heapUsed),
    heapPeakMb: mb(Math.max(heapPeak, after.heapUsed)),
  }
}

export async function digestsBench(app: BenchApp): Promise<ScenarioResult> {
  const hour = settings().digests.hour
  const today = new Date()
  const runs: Run[] = []
  for (const [index, size] of SIZES.entries()) {
    const started = Date.now()
    const sizes = await seedTo(app, { ...(await countRows(app)), users: size })
    // Each size is its own day at DIGEST_HOUR, its items half an hour before: a period of its own.
    const now = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1 + index, hour, 5)
    const items = await prepare(app, new Date(now.getTime() - 30 * 60_000))
    log(`digests: ${sizes.users.toLocaleString('en')} members, ${items.toLocaleString('en')} unread items (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`)
    const run = await measureRun(app, sizes.users, now)
    log(`digests: ${run.digests.toLocaleString('en')} digests in ${run.seconds.toFixed(1)} s, peak RSS ${run.rssPeakMb.toFixed(0)} MB`)
    runs.push(run)
    // The mails are the mail queue's to send (bench/mail-cost.ts measures that), not this run's.
    await app.payload.db.pool.query(`DELETE FROM payload_jobs WHERE queue = 'mail'`)
  }
  const table = markdownTable(
    runs.map((run) => ({
      members: run.members.toLocaleString('en'),
      digests: run.digests.toLocaleString('en'),
      'run time': `${run.seconds.toFixed(1)} s`,
      'per 1,000 members': `${((run.seconds * 1000) / (run.members / 1000)).toFixed(0)} ms`,
      'RSS before': `${run.rssBeforeMb.toFixed(0)} MB`,
      'RSS peak': `${run.rssPeakMb.toFixed(0)} MB`,
      'RSS growth': `${(run.rssPeakMb - run.rssBeforeMb).toFixed(0)} MB`,
      'heap peak − before': `${(run.heapPeakMb - run.heapBeforeMb).toFixed(0)} MB`,
    })),
  )
  const markdown = [
    `Every member with \`booking\` mail \`daily\`, one in ${FRACTION} with ${ITEMS_EACH} unread items; pages of ${DIGEST_PAGE} members; the bench process's memory sampled every ${SAMPLE_MS} ms.`,
    '',
    table,
  ].join('\n')
  return { sections: [{ name: 'digests', markdown }], data: { runs } }
}
