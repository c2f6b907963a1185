// `npm start`: the database (embedded unless DATABASE_URL is set), Payload with its
// migrations, the admin panel (Next) and the API on one port, and an orderly shutdown.
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Payload } from 'payload'

import { isStaff } from '../domain/permissions'
import { createApp } from './app'
import { ensureAdminBuild } from './lib/admin-build'
import { useConfiguredDatabase } from './lib/database'
import { sweepOrphanFiles } from './lib/media/orphan-files'
import { startPayload, stopPayload } from './lib/payload-lifecycle'
import { payloadSecret } from './lib/secret'
import { settings } from './lib/settings'
import { staffRequestCheck } from './lib/staff-request'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const log = (line: string) => console.log(`[server] ${line}`)

// Next's anonymous usage reporting has nowhere to go offline and nothing to learn here.
process.env.NEXT_TELEMETRY_DISABLED ??= '1'

async function startAdminPanel(dev: boolean, port: number) {
  const { default: next } = await import('next')
  const nextApp = next({ dev, dir: root, hostname: 'localhost', port })
  await nextApp.prepare()
  return nextApp
}

// Files of failed uploads a crash or a lost clean-up left; in the background: a
// slow bucket listing must not hold the start. Only here, never where Payload starts for a
// script or a test, and not in the servers tests and the bench start (MEDIA_SWEEP_AT_START=
// false): those share the project's media/ folder with databases of their own.
function sweepAtStart(payload: Payload): void {
  sweepOrphanFiles(payload).then(
    (results) => {
      for (const { collection, where, removed } of results) if (removed.length) log(`removed ${removed.length} file(s) of ${collection} that no record names from ${where}: ${removed.join(', ')}`)
      log('media sweep done')
    },
    (error: unknown) => payload.logger.error({ err: error, msg: 'media sweep failed; files no record names stay until the next start' }),
  )
}

async function main() {
  const started = Date.now()
  const config = settings()
  // Fail before anything starts when production lacks its secret.
  process.env.PAYLOAD_SECRET = payloadSecret()

  // Before the database starts: a build (≈1.5 GB for a minute) should not sit beside it.
  if (config.adminPanel && !config.adminPanelDev) await ensureAdminBuild(root, log)

  // Sets DATABASE_URL, which payload.config.ts reads when it loads below (and in Next's bundle).
  const embedded = await useConfiguredDatabase({ log })

  const payload = await startPayload()
  // The production build of the panel (built here first if its sources changed) unless
  // `npm run dev` asked for Next dev. ADMIN_PANEL=false leaves Next out: the API alone.
  const dev = config.adminPanelDev
  const nextApp = config.adminPanel ? await startAdminPanel(dev, config.port) : undefined
  const nextHandle = nextApp?.getRequestHandler()

  const app = createApp({
    payload,
    dev,
    nextHandler: nextHandle ? (req, res) => void nextHandle(req, res) : undefined,
    isRateLimitExempt: staffRequestCheck(payload, isStaff),
  })
  const server = http.createServer(app)
  // A kept-alive connection is closed by the client (or the load balancer, 60 s on the usual
  // ones), not by us: node's 5 s default races a client reusing the socket at that moment,
  // whose request is then lost ("other side closed"; seen under load).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, resolve)
  })
  log(`ready on ${config.publicUrl} (${nextApp ? 'admin at /admin, ' : 'admin panel off, '}API at /api) in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (config.media.sweepAtStart) sweepAtStart(payload)

  let stopping = false
  // Once stopping, every answer closes its connection: a kept-alive client would otherwise
  // go on sending requests on it, keeping the server busy until the forced cut below ended
  // the requests that were in flight at the signal (fault 3).
  const answering = new Set<http.ServerResponse>()
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close')
  }
  server.on('request', (_req, res: http.ServerResponse) => {
    if (stopping) return closeAfter(res)
    answering.add(res)
    res.once('close', () => answering.delete(res))
  })
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log(`${signal}: finishing in-flight requests`)
    answering.forEach(closeAfter)
    // Stop accepting; idle keep-alive sockets would hold close() open, so drop those.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    const forced = setTimeout(() => {
      log(`forced close: ${answering.size} request(s) still unanswered after 10 s`)
      server.closeAllConnections()
    }, 10_000)
    await closed
    clearTimeout(forced)
    // Each stage is logged, so a slow stop shows where it waited.
    log('http closed')
    await nextApp?.close().catch(() => undefined)
    await stopPayload(payload, log).catch((err) => log(`closing the database pool failed: ${err}`))
    if (embedded) await embedded.stop()
    log('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

// A promise a library leaves unhandled would end the process, and with it every request in
// flight (Payload 3.90.2 left one for a `where` through two relationships: docs/decisions.md
// "Queries on the stock routes are guarded", now refused before Payload sees it). Logged,
// not fatal: one bad request costs one request.
process.on('unhandledRejection', (reason) => {
  console.error(`[server] unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`)
})

main().catch((error: unknown) => {
  console.error(`[server] could not start: ${error instanceof Error ? error.message : String(error)}`)
  if (process.env.DEBUG && error instanceof Error) console.error(error.stack)
  process.exit(1)
})
