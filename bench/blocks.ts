// A member's signed-in list when they block 100 members, beside the same list of a member who blocks nobody
// (docs/api.md "Blocking between members": the list leaves the blocked members' items out in its query). 2,000
// published forum threads, half of them by the 100 blocked members. Measured alternating the two members in rounds
// (each round's ratio from two measurements next to each other in time; the median of the rounds reported): the
// kept answer (the read cache, what a member re-reading their list gets) and a miss at every request (a query
// string never asked before: Payload's list with the access rule's extra condition). Target: with 100 blocks ÷
// with none ≥ 0.8. `npm run bench -- blocks`.
import { measure } from './autocannon'
import { type BenchApp, log, signedInMember } from './harness'
import { SECONDS } from './reads'
import { markdownTable, type ScenarioResult } from './report'

const BLOCKED = 100
const THREADS_EACH = 10
const OTHER_THREADS = 1_000
const ROUNDS = 5
const MISSES = 100
const KEPT_SECONDS = Math.min(SECONDS, 3)
const LIST = '/api/forum-threads?limit=20&depth=0'

async function member(app: BenchApp, name: string): Promise<{ id: string; headers: Record<string, string> }> {
  const { id, bearer } = await signedInMember(app, 'citizen', name)
  return { id, headers: bearer }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Milliseconds per request of `count` sequential misses (each query string new to the cache). */
async function missMs(app: BenchApp, headers: Record<string, string>, count: number, tag: string): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${app.url}${LIST}&where[title][not_equals]=${tag}-${i}`, { headers })
    if (response.status !== 200) throw new Error(`blocks: list answered ${response.status}`)
    await response.arrayBuffer()
  }
  return (performance.now() - started) / count
}

export async function blocksBench(app: BenchApp): Promise<ScenarioResult> {
  const pool = app.payload.db.pool
  const free = await member(app, 'unblocking')
  const blocker = await member(app, 'blocker')
  const stamp = Date.now()
  const { rows: blocked } = await pool.query(
    `INSERT INTO users (email, email_verified) SELECT 'bench-blocked-' || g || '-' || $2 || '@example.test', true
     FROM generate_series(1, $1) g RETURNING id`,
    [BLOCKED, stamp],
  )
  const other = await member(app, 'other')
  await pool.query(
    `INSERT INTO forum_threads (author_id, author_name, title, body, status, pinned, post_count, last_post_at, created_at, updated_at)
     SELECT a.id, 'Blocked', 'Thread ' || g, 'Body', 'published', false, 0, now(), now() - (g || ' seconds')::interval, now()
     FROM unnest($1::uuid[]) a(id), generate_series(1, $2) g`,
    [blocked.map((row) => row.id), THREADS_EACH],
  )
  await pool.query(
    `INSERT INTO forum_threads (author_id, author_name, title, body, status, pinned, post_count, last_post_at, created_at, updated_at)
     SELECT $1, 'Other', 'Thread ' || g, 'Body', 'published', false, 0, now(), now() - (g || ' seconds')::interval, now()
     FROM generate_series(1, $2) g`,
    [other.id, OTHER_THREADS],
  )
  await pool.query(`INSERT INTO member_blocks (blocker_id, blocked_id) SELECT $1, id FROM unnest($2::uuid[]) b(id)`, [
    blocker.id,
    blocked.map((row) => row.id),
  ])
  const seen = async (who: { headers: Record<string, string> }) =>
    ((await (await fetch(`${app.url}${LIST}`, { headers: who.headers })).json()) as { totalDocs: number }).totalDocs
  const totals = { none: await seen(free), blocking: await seen(blocker) }
  if (totals.none - totals.blocking !== BLOCKED * THREADS_EACH)
    throw new Error(`blocks: the blocker's list counts ${totals.blocking}, the other ${totals.none}`)

  const kept: Record<'none' | 'blocking', number[]> = { none: [], blocking: [] }
  const missed: Record<'none' | 'blocking', number[]> = { none: [], blocking: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, who] of [
      ['none', free],
      ['blocking', blocker],
    ] as const) {
      log(`blocks: round ${round + 1}, ${key}, kept answers ${KEPT_SECONDS} s, then ${MISSES} misses`)
      kept[key].push(
        (await measure(`${app.url}${LIST}`, { connections: 10, seconds: KEPT_SECONDS, headers: who.headers })).rps,
      )
      missed[key].push(await missMs(app, who.headers, MISSES, `${key}-${round}`))
    }
  }
  const perRound = (values: Record<'none' | 'blocking', number[]>, ratio: (none: number, blocking: number) => number) =>
    median(values.none.map((none, round) => ratio(none, values.blocking[round]!)))
  const keptRatio = perRound(kept, (none, blocking) => blocking / none)
  const missRatio = perRound(missed, (none, blocking) => none / blocking)
  const markdown = [
    markdownTable([
      {
        read: `kept answer (read cache), 10 connections, req/s, median of ${ROUNDS}`,
        'no blocks': median(kept.none).toFixed(0),
        '100 blocks': median(kept.blocking).toFixed(0),
        '100 blocks ÷ none (median of the rounds’ ratios)': `${keptRatio.toFixed(2)}×`,
      },
      {
        read: `a miss at every request, sequential, ms per request, median of ${ROUNDS}`,
        'no blocks': median(missed.none).toFixed(2),
        '100 blocks': median(missed.blocking).toFixed(2),
        '100 blocks ÷ none (median of the rounds’ ratios)': `${missRatio.toFixed(2)}× (as a rate)`,
      },
    ]),
    '',
    `Signed-in \`GET ${LIST}\` of 2,000 published threads; the blocker's list counts ${totals.blocking}, the other member's ${totals.none}. Target ≥ 0.8×.`,
  ].join('\n')
  log(markdown)
  return { sections: [{ name: 'blocks', markdown }], data: { totals, kept, missed, keptRatio, missRatio } }
}
