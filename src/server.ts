// `npm start`: the database (embedded unless DATABASE_URL is set), Payload with its
// migrations, the admin panel (Next) and the API on one port, and an orderly shutdown.
import http from 'node:http'
import type { Socket } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Payload } from 'payload'

import { isStaff } from '../domain/permissions'
import { createApp } from './app'
import { type AdminPanel, adminPanel } from './lib/admin-panel'
import { useConfiguredDatabase } from './lib/database'
import { sweepOrphanFiles } from './lib/media/orphan-files'
import { trackConnections } from './lib/open-connections'
import { startPayload, stopPayload } from './lib/payload-lifecycle'
import { payloadSecret } from './lib/secret'
import { settings } from './lib/settings'
import { staffRequestCheck } from './lib/staff-request'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const log = (line: string) => console.log(`[server] ${line}`)

// Next's anonymous usage reporting has nowhere to go offline and nothing to learn here.
process.env.NEXT_TELEMETRY_DISABLED ??= '1'

/** How long a stop waits for requests in progress before it ends them (SHUTDOWN_GRACE_MS). */
function shutdownGraceMs(): number {
  const raw = process.env.SHUTDOWN_GRACE_MS
  const value = raw === undefined || raw === '' ? 10_000 : Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds, not "${raw}"`)
  }
  return value
}
// What the stop may take after the HTTP server closed (Next, jobs, the pool, the database):
// past it the process exits anyway, non-zero.
const STAGES_BOUND_MS = 10_000
// A second signal waits this long for the embedded PostgreSQL's fast shutdown, no longer.
const DATABASE_AT_ONCE_MS = 1_500
const SIGNAL_NUMBERS: Record<string, number> = { SIGINT: 2, SIGTERM: 15 }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
/** `work`, or false once `ms` have passed without it settling. */
const within = (ms: number, work: Promise<unknown>) =>
  Promise.race([work.then(() => true), sleep(ms).then(() => false)])

// Files of failed uploads a crash or a lost clean-up left; in the background: a
// slow bucket listing must not hold the start. Only here, never where Payload starts for a
// script or a test, and not in the servers tests and the bench start (MEDIA_SWEEP_AT_START=
// false): those share the project's media/ folder with databases of their own.
function sweepAtStart(payload: Payload): void {
  sweepOrphanFiles(payload).then(
    (results) => {
      for (const { collection, where, removed } of results)
        if (removed.length)
          log(
            `removed ${removed.length} file(s) of ${collection} that no record names from ${where}: ${removed.join(', ')}`,
          )
      log('media sweep done')
    },
    (error: unknown) =>
      payload.logger.error({ err: error, msg: 'media sweep failed; files no record names stay until the next start' }),
  )
}

async function main() {
  const started = Date.now()
  const config = settings()
  const graceMs = shutdownGraceMs()
  // Fail before anything starts when production lacks its secret.
  process.env.PAYLOAD_SECRET = payloadSecret()
  // Payload opens a WebSocket to Next dev's hot reload (ws://localhost:$PORT/_next/hmr) unless
  // NODE_ENV is production; there is none to reach outside `npm run dev`.
  const dev = config.adminPanelDev
  if (!dev) process.env.DISABLE_PAYLOAD_HMR ??= 'true'
  // The panel's build sees the environment the process started with (no embedded DATABASE_URL).
  const buildEnv = { ...process.env }

  // What a stop must end, as far as the start has come.
  let embedded: Awaited<ReturnType<typeof useConfiguredDatabase>>
  let payload: Payload | undefined
  let panel: AdminPanel | undefined
  let stop: ((signal: string) => Promise<void>) | undefined
  let stopping = false
  const exitAtOnce = async (signal: string) => {
    log(`${signal} again: exiting now`)
    // Ends a panel build in progress (its abort is immediate), which would otherwise outlive us.
    void panel?.close()
    if (embedded) await within(DATABASE_AT_ONCE_MS, embedded.stop())
    process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 1))
  }
  const onSignal = (signal: string) => {
    if (stopping) return void exitAtOnce(signal)
    stopping = true
    if (stop) return void stop(signal)
    // Still starting: nothing is served yet, so nothing is waited for.
    log(`${signal} during the start: stopping`)
    void (async () => {
      if (payload)
        await within(
          STAGES_BOUND_MS,
          stopPayload(payload, log).catch(() => undefined),
        )
      if (embedded) await within(STAGES_BOUND_MS, embedded.stop())
      process.exit(1)
    })()
  }
  // The stop runs unawaited: the signal handler returns, the stop ends the process itself.
  process.on('SIGTERM', () => onSignal('SIGTERM'))
  process.on('SIGINT', () => onSignal('SIGINT'))

  // Sets DATABASE_URL, which payload.config.ts reads when it loads below (and in Next's bundle).
  embedded = await useConfiguredDatabase({ log })
  payload = await startPayload()
  // The production build of the panel (built first if its sources changed, while the API is
  // already served) unless `npm run dev` asked for Next dev. ADMIN_PANEL=false leaves Next out.
  panel = config.adminPanel ? adminPanel({ root, dev, port: config.port, log, buildEnv }) : undefined

  const app = createApp({
    payload,
    dev,
    nextHandler: panel?.handler,
    isRateLimitExempt: staffRequestCheck(payload, isStaff),
  })
  const server = http.createServer(app)
  // A kept-alive connection is closed by the client (or the load balancer, 60 s on the usual
  // ones), not by us: node's 5 s default races a client reusing the socket at that moment,
  // whose request is then lost ("other side closed"; seen under load).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  const connections = trackConnections(server)
  // No route takes a WebSocket outside Next dev's hot reload: an upgrade is answered 404 and
  // closed, never left open with nobody to read it (it would sit in CLOSE-WAIT and hold a stop).
  if (!dev || !panel) {
    server.on('upgrade', (_req, socket: Socket) => {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n', () => socket.destroy())
    })
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, resolve)
  })
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1)
  const ready = () => {
    const parts = `${panel ? 'admin at /admin, ' : 'admin panel off, '}API at /api`
    log(`ready on ${config.publicUrl} (${parts}) in ${seconds()} s`)
  }
  if (config.media.sweepAtStart) sweepAtStart(payload)

  stop = async (signal: string) => {
    const open = connections.describe()
    log(`${signal}: finishing in-flight requests${open.length ? ` (${open.length}: ${open.join(', ')})` : ' (none)'}`)
    // Stop accepting; every connection carrying no request ends now, the others after their answer.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    connections.drain()
    let forced = !(await within(graceMs, closed))
    if (forced) {
      const left = connections.describe()
      const named = left.length ? `: ${left.join(', ')}` : ''
      log(`forced close: ${left.length} request(s) still unanswered after ${graceMs / 1000} s${named}`)
      connections.destroyAll()
      await within(1_000, closed)
    }
    // Each stage is logged, so a slow stop shows where it waited.
    log('http closed')
    const stages = (async () => {
      await panel?.close()
      await stopPayload(payload!, log).catch((err) => log(`closing the database pool failed: ${err}`))
      if (embedded) await embedded.stop()
    })()
    if (!(await within(STAGES_BOUND_MS, stages))) {
      log(`the stop's last stages took more than ${STAGES_BOUND_MS / 1000} s; exiting without them`)
      forced = true
    }
    log('stopped')
    process.exit(forced ? 1 : 0)
  }

  if (!panel) return ready()
  if (panel.needsBuild) {
    const until = '/admin answers 503 until then'
    log(`API ready on ${config.publicUrl} in ${seconds()} s; the admin panel is being built (${until})`)
  }
  if (await panel.start(server)) ready()
  // As ready as it will get: whoever waits for the start goes on, and finds /admin's 503 page.
  else if (!stopping) {
    log(`ready on ${config.publicUrl} (admin panel failed, /admin answers 503; API at /api) in ${seconds()} s`)
  }
}

// A promise a library leaves unhandled would end the process, and with it every request in
// flight (Payload 3.90.2 left one for a `where` through two relationships: docs/decisions.md
// "Queries on the stock routes are guarded", now refused before Payload sees it). Logged,
// not fatal: one bad request costs one request.
process.on('unhandledRejection', (reason) => {
  console.error(
    `[server] unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  )
})

main().catch((error: unknown) => {
  console.error(`[server] could not start: ${error instanceof Error ? error.message : String(error)}`)
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack)
  process.exit(1)
})
