// The fuzz run: N generated requests against a running app (anonymous, citizen, admin),
// each answer checked (checks.ts), bodies searched for the stored secrets, then Payload's
// filters probed on every hidden field, and Object.prototype compared before and after.
import http from 'node:http'

import { contractMismatch } from '../openapi-check'
import { sql, type TestApp } from '../test-app'
import { createUser, signIn } from '../users'
import { knownOpen, problemsOf } from './checks'
import { seededRandom } from './random'
import { buildRequest, type Context, type FuzzRequest, type Identity } from './requests'
import { fuzzTargets, type Target } from './targets'
import { HIDDEN_FIELDS, POLLUTION_MARK } from './values'

export interface FuzzFailure {
  index: number
  method: string
  path: string
  note: string
  status?: number
  problems: string[]
}

export interface FuzzReport {
  seed: number
  sent: number
  targets: number
  byStatus: Record<string, number>
  failures: FuzzFailure[]
  /** 5xx answers on a route listed in KNOWN_OPEN (checks.ts), by reason. */
  knownOpen: Record<string, number>
  /** Failures by their first problem, for the summary. */
  failureKinds: Record<string, number>
  durationMs: number
  /** The ten slowest answers, to spot a request shape that ties the server up. */
  slowest: Array<{ ms: number; method: string; path: string; note: string; status: number }>
}

export interface FuzzOptions {
  seed: number
  count: number
  concurrency?: number
  /** Called every `batch` requests with the running report. */
  onProgress?: (report: FuzzReport) => void
}

const BATCH = 250
const MAX_KEPT_FAILURES = 200
const IDENTITIES: Identity[] = ['anonymous', 'citizen', 'admin']

type Answer = { status: number; body: string; contentType?: string } | { error: string; staleSocket?: boolean }

/**
 * One request; sent again once if it went out on a kept-alive socket the server closed while
 * it sat idle (Node's documented keep-alive race, `reusedSocket`: between batches the runner
 * signs in again, which on a busy machine outlasts the server's 5 s keep-alive). That reset
 * happens before the server reads a byte of the request, so it says nothing about the server.
 */
async function send(url: URL, request: FuzzRequest, agent: http.Agent): Promise<Answer> {
  const first = await sendOnce(url, request, agent)
  return 'error' in first && first.staleSocket ? sendOnce(url, request, agent) : first
}

function sendOnce(url: URL, request: FuzzRequest, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...request.headers }
    if (request.body) headers['content-length'] = request.body.length
    let settled = false
    const done = (value: Answer) => {
      if (!settled) resolve(value)
      settled = true
    }
    let outgoing: http.ClientRequest
    let responded = false
    try {
      outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers,
          agent,
          timeout: 60_000,
        },
        (res) => {
          responded = true
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              contentType: res.headers['content-type'],
            }),
          )
          res.on('error', (error) => done({ error: `response: ${error.message}` }))
        },
      )
    } catch (error) {
      // Node refused to send it (an illegal header character): not a server failure.
      resolve({ status: -1, body: String(error) })
      return
    }
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 60 s')))
    outgoing.on('error', (error) => {
      const staleSocket = outgoing.reusedSocket && !responded && (error as NodeJS.ErrnoException).code === 'ECONNRESET'
      done({ error: error.message, staleSocket })
    })
    outgoing.end(request.body)
  })
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

async function knownIds(app: TestApp): Promise<string[]> {
  const rows = await sql<{ id: string }>(
    app,
    `SELECT id::text FROM users UNION ALL SELECT id::text FROM service_listings UNION ALL SELECT id::text FROM service_categories
     UNION ALL SELECT id::text FROM service_availability UNION ALL SELECT id::text FROM organizations UNION ALL SELECT id::text FROM profiles LIMIT 200`,
  )
  return rows.map((row) => row.id)
}

/** Every secret the database holds, so no response can carry one unnoticed. */
async function storedSecrets(app: TestApp): Promise<string[]> {
  const rows = await sql<{ secret: string }>(
    app,
    `SELECT password_hash AS secret FROM users WHERE password_hash IS NOT NULL
     UNION ALL SELECT hash FROM users WHERE hash IS NOT NULL UNION ALL SELECT salt FROM users WHERE salt IS NOT NULL
     UNION ALL SELECT token_hash FROM sessions UNION ALL SELECT token_hash FROM verification_tokens`,
  )
  return rows.map((row) => row.secret).filter((secret) => secret.length >= 16)
}

/** Signed-in citizen and admin; made again when the fuzz deleted or demoted them. */
async function refreshCredentials(app: TestApp, ctx: Context): Promise<void> {
  for (const identity of ['citizen', 'admin'] as const) {
    const current = ctx.credentials[identity]
    if (current) {
      const response = await app.request('/api/auth/get-session', {
        headers: { authorization: `Bearer ${current.token}` },
      })
      const session = (await response.json().catch(() => null)) as { user?: { id: string } } | null
      const rows = session?.user
        ? await sql<{ n: number }>(
            app,
            `SELECT count(*)::int AS n FROM users_roles WHERE parent_id = $1 AND value = $2`,
            [session.user.id, identity],
          )
        : []
      if (rows[0]?.n) continue
    }
    const user = await createUser(app, { roles: [identity] })
    ctx.credentials[identity] = await signIn(app, user)
  }
}

export async function runFuzz(app: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now()
  const random = seededRandom(options.seed)
  const targets: Target[] = fuzzTargets(app.payload)
  const url = new URL(app.url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 4 })
  const ctx: Context = {
    random,
    ids: await knownIds(app),
    credentials: {},
    origin: app.url,
    cookiePrefix: process.env.COOKIE_PREFIX ?? 'community.',
  }
  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    targets: targets.length,
    byStatus: {},
    failures: [],
    knownOpen: {},
    failureKinds: {},
    durationMs: 0,
    slowest: [],
  }
  const fail = (failure: FuzzFailure) => {
    const kind = failure.problems[0]!.replace(/:.*$/s, '')
    report.failureKinds[kind] = (report.failureKinds[kind] ?? 0) + 1
    if (report.failures.length < MAX_KEPT_FAILURES) report.failures.push(failure)
  }

  for (let first = 0; first < options.count; first += BATCH) {
    await refreshCredentials(app, ctx)
    // Built in order before sending, so request N of a seed does not depend on timing.
    const batch = Array.from({ length: Math.min(BATCH, options.count - first) }, () =>
      buildRequest(random.pick(targets), random.pick(IDENTITIES), ctx),
    )
    const bodies: Array<{ index: number; request: FuzzRequest; body: string }> = []
    let next = 0
    const worker = async () => {
      while (next < batch.length) {
        const offset = next++
        const request = batch[offset]!
        const index = first + offset
        if (process.env.FUZZ_TRACE)
          console.error(
            `[fuzz] > #${index} ${request.method} ${request.path.slice(0, 200)} [${request.note}] ${request.body?.length ?? 0} bytes`,
          )
        const sentAt = Date.now()
        const answer = await send(url, request, agent)
        const ms = Date.now() - sentAt
        report.sent++
        if (report.slowest.length < 10 || ms > report.slowest.at(-1)!.ms) {
          report.slowest.push({
            ms,
            method: request.method,
            path: request.path.slice(0, 300),
            note: request.note,
            status: 'status' in answer ? answer.status : 0,
          })
          report.slowest.sort((a, b) => b.ms - a.ms).splice(10)
        }
        if ('error' in answer) {
          fail({
            index,
            method: request.method,
            path: request.path.slice(0, 300),
            note: request.note,
            problems: [`no HTTP answer: ${answer.error}`],
          })
          continue
        }
        report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1
        if (answer.status === -1) continue
        const pathname = request.path.split('?')[0]!
        const sent = `${decodeURIComponentSafe(request.path)} ${request.body?.toString('utf8') ?? ''}`
        const problems = problemsOf(pathname, request.target.collection !== undefined, answer, sent)
        const known = answer.status >= 500 && problems.length === 1 ? knownOpen(request.method, pathname) : undefined
        if (known) report.knownOpen[known] = (report.knownOpen[known] ?? 0) + 1
        else if (problems.length)
          fail({
            index,
            method: request.method,
            path: request.path.slice(0, 300),
            note: request.note,
            status: answer.status,
            problems,
          })
        const mismatch = await contractMismatch(request.method, `${app.url}${request.path}`, answer)
        if (mismatch)
          fail({
            index,
            method: request.method,
            path: request.path.slice(0, 300),
            note: request.note,
            status: answer.status,
            problems: [`openapi: ${mismatch}`],
          })
        if (answer.status < 400 && answer.body) bodies.push({ index, request, body: answer.body })
      }
    }
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
    const secrets = await storedSecrets(app)
    for (const { index, request, body } of bodies) {
      const secret = secrets.find((value) => body.includes(value))
      if (secret)
        fail({
          index,
          method: request.method,
          path: request.path.slice(0, 300),
          note: request.note,
          problems: [`leak: a stored secret in the body (${secret.slice(0, 8)}…)`],
        })
    }
    ctx.ids = await knownIds(app)
    report.durationMs = Date.now() - started
    options.onProgress?.(report)
  }

  await probeHiddenFilters(app, ctx, report, fail)
  for (const problem of pollution())
    fail({ index: -1, method: '-', path: '-', note: 'after the run', problems: [problem] })
  agent.destroy()
  report.durationMs = Date.now() - started
  return report
}

/**
 * A hidden field is usable as a filter when `exists=true` and `exists=false` on it split the
 * list differently: each collection's list route, each hidden field (directly and through a
 * relationship to users), as each identity. Refused (4xx) or ignored (equal totals) passes.
 */
async function probeHiddenFilters(
  app: TestApp,
  ctx: Context,
  report: FuzzReport,
  fail: (failure: FuzzFailure) => void,
): Promise<void> {
  await refreshCredentials(app, ctx)
  for (const collection of app.payload.config.collections) {
    const userLinks = (collection.fields as Array<{ name?: string; type: string; relationTo?: unknown }>)
      .filter((field) => field.type === 'relationship' && field.relationTo === 'users' && field.name)
      .map((field) => `${field.name}.`)
    for (const field of ['', ...userLinks].flatMap((prefix) => HIDDEN_FIELDS.map((name) => `${prefix}${name}`))) {
      for (const identity of IDENTITIES) {
        const credentials = ctx.credentials[identity]
        const headers: Record<string, string> = credentials ? { authorization: `Bearer ${credentials.token}` } : {}
        const totals: number[] = []
        for (const exists of ['true', 'false']) {
          const path = `/api/${collection.slug}?${new URLSearchParams({ [`where[${field}][exists]`]: exists, limit: '1', depth: '0' })}`
          const response = await app.request(path, { headers })
          const body = await response.text()
          report.sent++
          report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1
          const problems = problemsOf(`/api/${collection.slug}`, true, { status: response.status, body })
          if (problems.length)
            fail({
              index: -1,
              method: 'GET',
              path,
              note: `hidden-filter probe, ${identity}`,
              status: response.status,
              problems,
            })
          if (response.status === 200) totals.push((JSON.parse(body) as { totalDocs: number }).totalDocs)
        }
        if (totals.length === 2 && totals[0] !== totals[1]) {
          fail({
            index: -1,
            method: 'GET',
            path: `/api/${collection.slug}?where[${field}][exists]=…`,
            note: `hidden-filter probe, ${identity}`,
            status: 200,
            problems: [`leak: ${field} usable as a filter (${totals[0]} vs ${totals[1]} documents)`],
          })
        }
      }
    }
  }
}

/** Properties planted on the shared prototypes by any request of the run. */
export function pollution(): string[] {
  const problems: string[] = []
  for (const [name, proto] of [
    ['Object', Object.prototype],
    ['Array', Array.prototype],
    ['Function', Function.prototype],
  ] as const) {
    const planted = Object.keys(proto)
    if (planted.length) problems.push(`prototype pollution: ${name}.prototype has ${planted.join(', ')}`)
  }
  if (({} as Record<string, unknown>)[POLLUTION_MARK] !== undefined)
    problems.push(`prototype pollution: ({}).${POLLUTION_MARK} is set`)
  return problems
}
