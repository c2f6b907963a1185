// A digest run (src/operations/notifications/digests.ts `sendDigests`, what each instance's sweep
// calls) over BENCH_DIGEST_MEMBERS members (default 10,000 then 100,000), every one with `booking`
// mail set to `daily` and one in BENCH_DIGEST_FRACTION (default 10) with three unread items: the time
// per 1,000 members and the bench process's RSS through the run, then, in a second run at the same size,
// the heap it still holds after a full collection every 250 ms: that staying the same through the run and
// at both sizes is what shows it streams (a page of members at a time) instead of loading them. In the
// bench process (where Payload runs beside the server), so its RSS is the sweep's alone.
// `npm run bench -- digests`.
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'

import { settings } from '../src/lib/settings'
import { DIGEST_PAGE, sendDigests } from '../src/operations/notifications/digests'
import { type BenchApp, countRows, log, seedTo } from './harness'
import { markdownTable, type ScenarioResult } from './report'

const SIZES = (process.env.BENCH_DIGEST_MEMBERS ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
const FRACTION = Number(process.env.BENCH_DIGEST_FRACTION ?? 10)
const ITEMS_EACH = 3
const SAMPLE_MS = 20
const GC_SAMPLE_MS = 250

// A full collection on demand, so the heap still held (not garbage awaiting collection) can be read mid-run.
v8.setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

const mb = (bytes: number) => bytes / 2 ** 20

interface Run {
  members: number
  digests: number
  seconds: number
  rssBeforeMb: number
  rssPeakMb: number
  /** The heap still held after a full collection: before the run, and the most of it seen during the run. */
  retainedBeforeMb: number
  retainedPeakMb: number
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

/** One run at `now`; with `heldEvery`, a full collection that often to read the heap still held. */
async function measureRun(app: BenchApp, members: number, now: Date, heldEvery?: number) {
  collect()
  const before = process.memoryUsage()
  let rssPeak = before.rss
  let heldPeak = before.heapUsed
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }, SAMPLE_MS)
  const collector = heldEvery
    ? setInterval(() => {
        collect()
        heldPeak = Math.max(heldPeak, process.memoryUsage().heapUsed)
      }, heldEvery)
    : undefined
  const started = process.hrtime.bigint()
  let digests: number
  try {
    digests = await sendDigests(app.payload, now)
  } finally {
    clearInterval(sampler)
    clearInterval(collector)
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  return {
    members,
    digests,
    seconds,
    rssBefore: mb(before.rss),
    rssPeak: mb(rssPeak),
    heldBefore: mb(before.heapUsed),
    heldPeak: mb(heldPeak),
  }
}

export async function digestsBench(app: BenchApp): Promise<ScenarioResult> {
  const hour = settings().digests.hour
  const today = new Date()
  const runs: Run[] = []
  let day = 1
  // Each run is its own day at DIGEST_HOUR, with new items half an hour before: a period of its own.
  const nextRun = async (members: number, heldEvery?: number) => {
    const now = new Date(today.getFullYear(), today.getMonth(), today.getDate() + day++, hour, 5)
    const items = await prepare(app, new Date(now.getTime() - 30 * 60_000))
    const run = await measureRun(app, members, now, heldEvery)
    const collections = heldEvery ? ` (collections every ${heldEvery} ms)` : ''
    log(
      `digests: ${members.toLocaleString('en')} members, ${items.toLocaleString('en')} unread items: ` +
        `${run.digests.toLocaleString('en')} digests in ${run.seconds.toFixed(1)} s${collections}`,
    )
    // The mails are the mail queue's to send (bench/mail-cost.ts measures that), not this run's.
    await app.payload.db.pool.query(`DELETE FROM payload_jobs WHERE queue = 'mail'`)
    return run
  }
  for (const size of SIZES) {
    const sizes = await seedTo(app, { ...(await countRows(app)), users: size })
    // Timed and RSS without forced collections; the heap held read in a second run of its own.
    const timed = await nextRun(sizes.users)
    const held = await nextRun(sizes.users, GC_SAMPLE_MS)
    runs.push({
      members: sizes.users,
      digests: timed.digests,
      seconds: timed.seconds,
      rssBeforeMb: timed.rssBefore,
      rssPeakMb: timed.rssPeak,
      retainedBeforeMb: held.heldBefore,
      retainedPeakMb: held.heldPeak,
    })
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
      'heap held before': `${run.retainedBeforeMb.toFixed(0)} MB`,
      'heap held, most during': `${run.retainedPeakMb.toFixed(0)} MB`,
    })),
  )
  const markdown = [
    `Every member with \`booking\` mail \`daily\`, one in ${FRACTION} with ${ITEMS_EACH} unread items; ` +
      `pages of ${DIGEST_PAGE} members; the bench process's RSS sampled every ${SAMPLE_MS} ms; the heap it holds ` +
      `(after a full collection every ${GC_SAMPLE_MS} ms) in a second run of the same size the next day, not timed.`,
    '',
    table,
  ].join('\n')
  return { sections: [{ name: 'digests', markdown }], data: { runs } }
}
