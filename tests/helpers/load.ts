// A mixed, realistic workload for the soak and fault runs: many clients at once
// signing up, signing in, reading their session, browsing the public catalogue, booking,
// and admins listing, editing and moderating. Every answer is counted by action and status;
// the writes the server acknowledged (2xx) are remembered, so a fault test can check that
// each one is in the database afterwards.
import { randomBytes } from 'node:crypto'

import { makeComment, makePost } from './blog'
import { ADMIN_BOOKINGS, bookableService, localDate, PUBLIC_BOOKINGS } from './bookings'
import { type Actor, actor, makeSlot, SERVICES } from './catalogue'
import type { TestApp } from './test-app'
import { testSecret } from './test-database'
import { createAdmin, createUser, signIn, TEST_PASSWORD } from './users'

/** The environment of a server process under test load: API only, rate limits out of reach. */
export const SERVER_UNDER_LOAD_ENV: Record<string, string> = {
  PAYLOAD_SECRET: testSecret(),
  ADMIN_PANEL: 'false',
  RATE_LIMIT_GLOBAL_MAX: '1000000',
  RATE_LIMIT_SIGN_IN_MAX: '1000000',
  RATE_LIMIT_SIGN_UP_MAX: '1000000',
}

export interface LoadFixture {
  admin: Actor
  citizens: Array<{ email: string; token: string }>
  services: string[]
  comments: string[]
}

/** Users, three bookable services (a slot 08:00–20:00 every day, 60 minutes) and comments to moderate. */
export async function seedLoad(
  app: TestApp,
  options: { citizens?: number; comments?: number } = {},
): Promise<LoadFixture> {
  const adminUser = await createAdmin(app)
  const admin = actor(app, adminUser, adminUser.headers)
  const citizens: LoadFixture['citizens'] = []
  for (let i = 0; i < (options.citizens ?? 10); i++) {
    const user = await createUser(app)
    citizens.push({ email: user.email, token: (await signIn(app, user)).token })
  }
  const services: string[] = []
  for (let i = 0; i < 3; i++) {
    const today = localDate(0)
    const service = await bookableService(admin, today, {}, { startTime: '08:00', endTime: '20:00' })
    for (let day = 0; day < 7; day++) {
      if (day !== today.dayOfWeek)
        await makeSlot(admin, service.id, { dayOfWeek: day, startTime: '08:00', endTime: '20:00' })
    }
    services.push(service.id)
  }
  const post = await makePost(app)
  const comments: string[] = []
  const author = await createUser(app)
  for (let i = 0; i < (options.comments ?? 50); i++)
    comments.push(await makeComment(app, post, author.id, 'published', `Comment ${i}`))
  return { admin, citizens, services, comments }
}

export type Action =
  'sign-up' | 'sign-in' | 'get-session' | 'browse' | 'book' | 'admin-read' | 'admin-write' | 'moderate'

// Relative weights: mostly reads, as a public catalogue sees; password hashing (sign-up and
// sign-in) is deliberately rare, as it is in life and because argon2 costs ~50 ms of CPU.
const WEIGHTS: Array<[Action, number]> = [
  ['browse', 36],
  ['get-session', 20],
  ['book', 16],
  ['admin-read', 9],
  ['sign-in', 6],
  ['admin-write', 5],
  ['sign-up', 4],
  ['moderate', 4],
]
/** Every action of the mix. */
export const ACTIONS: readonly Action[] = WEIGHTS.map(([action]) => action)
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)

function pickAction(): Action {
  let roll = Math.random() * TOTAL_WEIGHT
  for (const [action, weight] of WEIGHTS) {
    roll -= weight
    if (roll < 0) return action
  }
  return 'browse'
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!
const pad = (n: number) => String(n).padStart(2, '0')

interface Request {
  method: string
  path: string
  headers?: Record<string, string>
  body?: unknown
}

function requestFor(action: Action, fixture: LoadFixture, next: { comment: () => string | undefined }): Request {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  switch (action) {
    case 'sign-up':
      return {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        body: {
          email: `load-${randomBytes(6).toString('hex')}@example.test`,
          password: TEST_PASSWORD,
          name: 'Load Test',
        },
      }
    case 'sign-in':
      return {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        body: { email: pick(fixture.citizens).email, password: TEST_PASSWORD },
      }
    case 'get-session':
      return { method: 'GET', path: '/api/auth/get-session', headers: bearer(pick(fixture.citizens).token) }
    case 'browse':
      return {
        method: 'GET',
        path: pick([
          '/api/service-listings?limit=10',
          '/api/service-categories?limit=20',
          '/api/service-availability?limit=20',
          '/api/blog-comments?limit=10',
          `/api/service-listings/${pick(fixture.services)}?depth=1`,
        ]),
      }
    case 'book': {
      // A date 20–80 days ahead and a half-hour start: enough collisions to exercise 409s.
      const date = localDate(20 + Math.floor(Math.random() * 60)).date
      const time = `${pad(8 + Math.floor(Math.random() * 11))}:${Math.random() < 0.5 ? '00' : '30'}`
      return {
        method: 'POST',
        path: PUBLIC_BOOKINGS,
        headers: bearer(pick(fixture.citizens).token),
        body: { serviceId: pick(fixture.services), bookingDate: date, bookingTime: time },
      }
    }
    case 'admin-read':
      return {
        method: 'GET',
        path: pick([`${SERVICES}?perPage=20`, `${ADMIN_BOOKINGS}?perPage=20`, '/api/audit-logs?limit=10']),
        headers: fixture.admin.headers,
      }
    case 'admin-write':
      return {
        method: 'PATCH',
        path: SERVICES,
        headers: fixture.admin.headers,
        body: {
          action: 'update',
          id: pick(fixture.services),
          translations: [{ inLanguage: 'en', title: `Piano lesson ${randomBytes(2).toString('hex')}` }],
        },
      }
    case 'moderate': {
      const comment = next.comment()
      if (!comment) return requestFor('admin-read', fixture, next)
      return {
        method: 'POST',
        path: '/api/admin/moderate',
        headers: fixture.admin.headers,
        body: { postType: 'blogComments', postId: comment, reason: 'Load test moderation' },
      }
    }
  }
}

/** A write the server said it made (2xx): what a fault test looks for in the database. */
export type AcknowledgedWrite =
  { kind: 'booking'; id: string } | { kind: 'sign-up'; email: string } | { kind: 'moderation'; id: string }

export interface FiveXX {
  action: Action
  path: string
  status: number
  body: string
}

export interface LoadReport {
  sent: number
  /** status (0: no HTTP answer) → count */
  byStatus: Record<string, number>
  byAction: Record<string, Record<string, number>>
  latenciesMs: number[]
  fiveXX: FiveXX[]
  /** Network failures (no answer), by error code or message. */
  networkErrors: Record<string, number>
  acknowledged: AcknowledgedWrite[]
  durationMs: number
}

export interface LoadOptions {
  url: string
  fixture: LoadFixture
  clients: number
  /** Ends when this resolves (e.g. a timer, or a fault scenario finishing). */
  until: Promise<unknown>
  /** Sees every answer as it comes (status 0: none), e.g. to watch for 503 during a fault. */
  onAnswer?: (action: Action, status: number, body: string, headers?: Headers) => void
  timeoutMs?: number
}

const errorName = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error)
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const report: LoadReport = {
    sent: 0,
    byStatus: {},
    byAction: {},
    latenciesMs: [],
    fiveXX: [],
    networkErrors: {},
    acknowledged: [],
    durationMs: 0,
  }
  const comments = [...options.fixture.comments]
  const next = { comment: () => comments.shift() }
  let done = false
  void options.until.then(() => (done = true))
  const started = Date.now()

  const count = (action: Action, status: number) => {
    report.sent++
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1
    const byAction = (report.byAction[action] ??= {})
    byAction[status] = (byAction[status] ?? 0) + 1
  }

  const client = async () => {
    while (!done) {
      const action = pickAction()
      const request = requestFor(action, options.fixture, next)
      const began = performance.now()
      try {
        const response = await fetch(`${options.url}${request.path}`, {
          method: request.method,
          headers: {
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...request.headers,
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
        })
        const text = await response.text()
        report.latenciesMs.push(performance.now() - began)
        count(action, response.status)
        options.onAnswer?.(action, response.status, text, response.headers)
        if (response.status >= 500)
          report.fiveXX.push({ action, path: request.path, status: response.status, body: text.slice(0, 500) })
        if (response.ok) remember(report, action, request, text)
      } catch (error) {
        count(action, 0)
        const name = errorName(error)
        report.networkErrors[name] = (report.networkErrors[name] ?? 0) + 1
        options.onAnswer?.(action, 0, name)
        // The server is gone or refusing: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }
  await Promise.all(Array.from({ length: options.clients }, client))
  report.durationMs = Date.now() - started
  return report
}

function remember(report: LoadReport, action: Action, request: Request, text: string) {
  if (action === 'book')
    report.acknowledged.push({ kind: 'booking', id: (JSON.parse(text) as { booking: { id: string } }).booking.id })
  else if (action === 'sign-up')
    report.acknowledged.push({ kind: 'sign-up', email: (request.body as { email: string }).email })
  else if (action === 'moderate' && request.path === '/api/admin/moderate')
    report.acknowledged.push({ kind: 'moderation', id: (request.body as { postId: string }).postId })
}

/** The acknowledged writes that are not in the database (empty when every one is there). */
export async function missingWrites(
  query: (text: string, values: unknown[]) => Promise<unknown[]>,
  writes: AcknowledgedWrite[],
): Promise<AcknowledgedWrite[]> {
  const missing: AcknowledgedWrite[] = []
  for (const write of writes) {
    const rows =
      write.kind === 'booking'
        ? await query('SELECT 1 FROM bookings WHERE id = $1', [write.id])
        : write.kind === 'sign-up'
          ? await query('SELECT 1 FROM users WHERE email = $1', [write.email])
          : await query(`SELECT 1 FROM blog_comments WHERE id = $1 AND status = 'moderated'`, [write.id])
    if (rows.length === 0) missing.push(write)
  }
  return missing
}

/** The q-quantile (0..1) of the latencies, in ms. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

/** One line: how many, which statuses, p50/p99. */
export function summary(report: LoadReport): string {
  return `${report.sent} requests in ${(report.durationMs / 1000).toFixed(1)} s (${((report.sent * 1000) / report.durationMs).toFixed(0)}/s); statuses ${JSON.stringify(report.byStatus)}; p50 ${quantile(report.latenciesMs, 0.5).toFixed(0)} ms, p99 ${quantile(report.latenciesMs, 0.99).toFixed(0)} ms`
}

/** The writes among the actions (what `acknowledged` collects when answered 2xx). */
const WRITES: ReadonlySet<Action> = new Set(['book', 'sign-up', 'moderate'])

export interface AnswerWatch {
  /** Give to runLoad (it passes every answer on to `also`). */
  onAnswer: NonNullable<LoadOptions['onAnswer']>
  /** Resolves once `count` more writes have been answered 2xx (a condition, not a clock). */
  writes: (count: number) => Promise<void>
  /** Resolves once `count` more answers of any action have been 2xx. */
  successes: (count: number) => Promise<void>
}

/**
 * Watches a load's answers, so a fault test can strike "under load" once the load has done
 * something rather than after a fixed number of seconds: as soon as that on a quiet machine,
 * and still after real work on a loaded one. A server that never gets there fails the test
 * at its timeout.
 */
export function watchAnswers(also?: LoadOptions['onAnswer']): AnswerWatch {
  const done = { writes: 0, successes: 0 }
  const waiters: Array<{ kind: keyof typeof done; at: number; resolve: () => void }> = []
  const wait = (kind: keyof typeof done) => (count: number) =>
    new Promise<void>((resolve) => waiters.push({ kind, at: done[kind] + count, resolve }))
  return {
    onAnswer: (action, status, body, headers) => {
      also?.(action, status, body, headers)
      if (status < 200 || status >= 300) return
      done.successes++
      if (WRITES.has(action)) done.writes++
      for (const waiter of [...waiters]) {
        if (done[waiter.kind] < waiter.at) continue
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    },
    writes: wait('writes'),
    successes: wait('successes'),
  }
}
