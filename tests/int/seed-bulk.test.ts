// `npm run seed -- --services N --users U --bookings M`: the bulk rows are what the
// hooks would have written, so the seeded database passes every invariant (one profile and
// one wallet per user, the audit entry of each user's creation, no overlapping open
// bookings), and the counts and the status mix are the ones asked for. `--threads --posts`
// : each generated thread's postCount and lastPostAt are what the posts' hook would
// have recounted. `--classifieds --events`: every status of docs/api.md "Community content", a classified's
// `expiresAt` on the right side of now for its status.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { checkInvariants } from '../helpers/invariants'
import { runScript } from '../helpers/processes'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

let app: TestApp
let seed: { code: number | null; stdout: string; stderr: string }

beforeAll(async () => {
  app = await startTestApp()
  seed = await runScript(
    'scripts/seed.ts',
    [
      '--services',
      '40',
      '--users',
      '30',
      '--bookings',
      '500',
      '--threads',
      '30',
      '--posts',
      '400',
      '--classifieds',
      '100',
      '--events',
      '100',
    ],
    { DATABASE_URL: app.databaseUrl },
    300_000,
  )
}, 360_000)

afterAll(async () => {
  await app?.stop({ drop: true })
})

describe('npm run seed -- --services --users --bookings', () => {
  it('writes the users with profile, wallet and audit entry, and the bookings, and reports the counts', async () => {
    expect(seed.code).toBe(0)
    expect(seed.stdout).toContain('seed: users: 30 created')
    const [people] = await sql<{ users: number; profiles: number; wallets: number; audited: number }>(
      app,
      `WITH generated AS (SELECT id FROM users WHERE email ~ '^customer\\.[0-9a-f]{6}\\.[0-9]+@example\\.com$')
       SELECT (SELECT count(*)::int FROM generated) AS users,
              (SELECT count(*)::int FROM profiles WHERE user_id IN (SELECT id FROM generated)) AS profiles,
              (SELECT count(*)::int FROM wallets WHERE user_id IN (SELECT id FROM generated)) AS wallets,
              (SELECT count(*)::int FROM audit_logs WHERE action = 'user.create' AND target_id IN (SELECT id::text FROM generated)) AS audited`,
    )
    expect(people).toEqual({ users: 30, profiles: 30, wallets: 30, audited: 30 })
    expect(seed.stdout).toContain('seed: bookings: 500 created')
  })

  it('leaves no booking in the past open, has open ones ahead, and no customer booking their own service', async () => {
    const [mix] = await sql<{ stale: number; ahead: number; own: number }>(
      app,
      `SELECT count(*) FILTER (WHERE booking_date < to_char(current_date, 'YYYY-MM-DD') AND status IN ('pending', 'confirmed'))::int AS stale,
              count(*) FILTER (WHERE booking_date >= to_char(current_date, 'YYYY-MM-DD') AND status IN ('pending', 'confirmed'))::int AS ahead,
              -- Generated bookings start at 12:00 to 17:00; the --services ones (09:00) are the provider's own.
              count(*) FILTER (WHERE customer_id = provider_id AND booking_time >= '12:00')::int AS own
       FROM bookings`,
    )
    expect(mix).toEqual({ stale: 0, ahead: expect.any(Number), own: 0 })
    expect(mix!.ahead).toBeGreaterThan(0)
  })

  it('writes the threads and posts, each thread’s postCount and lastPostAt exact', async () => {
    expect(seed.stdout).toContain('seed: forum: 30 threads and 400 posts created')
    const [forum] = await sql<{
      threads: number
      posts: number
      wrong: number
      pinned: number
      hidden: number
      hiddenPosts: number
    }>(
      app,
      `WITH generated AS (SELECT * FROM forum_threads WHERE title LIKE 'Generated thread %'),
            counted AS (SELECT thread_id, count(*)::int AS n, max(created_at) AS last FROM forum_posts WHERE status = 'published' GROUP BY thread_id)
       SELECT (SELECT count(*)::int FROM generated) AS threads,
              (SELECT count(*)::int FROM forum_posts WHERE thread_id IN (SELECT id FROM generated)) AS posts,
              (SELECT count(*)::int FROM generated g LEFT JOIN counted c ON c.thread_id = g.id
                WHERE g.post_count <> coalesce(c.n, 0) OR g.last_post_at IS DISTINCT FROM coalesce(c.last, g.created_at)) AS wrong,
              (SELECT count(*)::int FROM generated WHERE pinned) AS pinned,
              (SELECT count(*)::int FROM generated WHERE status IN ('moderated', 'deleted', 'closed')) AS hidden,
              (SELECT count(*)::int FROM forum_posts WHERE status <> 'published' AND thread_id IN (SELECT id FROM generated)) AS "hiddenPosts"`,
    )
    expect(forum).toEqual({
      threads: 30,
      posts: 400,
      wrong: 0,
      pinned: 1,
      hidden: expect.any(Number),
      hiddenPosts: expect.any(Number),
    })
    expect(forum!.hidden).toBeGreaterThan(0)
    expect(forum!.hiddenPosts).toBeGreaterThan(0)
    // No post dated before its thread or in the future.
    const [dates] = await sql<{ bad: number }>(
      app,
      `SELECT count(*)::int AS bad FROM forum_posts p JOIN forum_threads t ON t.id = p.thread_id WHERE p.created_at < t.created_at OR p.created_at > now()`,
    )
    expect(dates).toEqual({ bad: 0 })
  })

  it('writes the classifieds and events in every status, an active classified not yet expired and an expired one past', async () => {
    expect(seed.stdout).toContain('seed: lists: 100 classifieds and 100 events created')
    const [lists] = await sql<{
      classifieds: number
      classifiedStatuses: number
      events: number
      eventStatuses: number
      wrongExpiry: number
      badEvents: number
      authorless: number
    }>(
      app,
      `WITH c AS (SELECT * FROM classifieds WHERE title LIKE 'Generated classified %'), e AS (SELECT * FROM events WHERE title LIKE 'Generated event %')
       SELECT (SELECT count(*)::int FROM c) AS classifieds, (SELECT count(DISTINCT status)::int FROM c) AS "classifiedStatuses",
              (SELECT count(*)::int FROM e) AS events, (SELECT count(DISTINCT status)::int FROM e) AS "eventStatuses",
              (SELECT count(*)::int FROM c WHERE (status IN ('active', 'sold') AND expires_at <= now()) OR (status = 'expired' AND expires_at > now())) AS "wrongExpiry",
              (SELECT count(*)::int FROM e WHERE ends_at <= starts_at) AS "badEvents",
              (SELECT count(*)::int FROM (SELECT author_id, author_name FROM c UNION ALL SELECT author_id, author_name FROM e) x
                 WHERE author_id IS NULL OR author_name IS DISTINCT FROM (SELECT name FROM users WHERE id = x.author_id)) AS authorless`,
    )
    expect(lists).toEqual({
      classifieds: 100,
      classifiedStatuses: 6,
      events: 100,
      eventStatuses: 3,
      wrongExpiry: 0,
      badEvents: 0,
      authorless: 0,
    })
  })

  it('refuses --posts without --threads (usage, exit 2), before touching the database', async () => {
    const refused = await runScript('scripts/seed.ts', ['--posts', '10'], { DATABASE_URL: app.databaseUrl }, 120_000)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--posts goes into the threads the same run generates')
  }, 150_000)

  it('passes every database invariant', async () => {
    expect(await checkInvariants(app)).toEqual([])
  })
})
