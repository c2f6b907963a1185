// The admin panel as `npm start` serves it: the API does not wait for it. A start that finds
// no current build builds it first (src/lib/admin-build.ts) while the API already answers;
// until Next is ready every path it would serve answers a small 503 page with Retry-After.
import { EventEmitter } from 'node:events'
import type http from 'node:http'

import type { RequestHandler } from 'express'

import { adminBuildIsCurrent, ensureAdminBuild } from './admin-build'

type State = 'building' | 'starting' | 'ready' | 'failed' | 'stopped'

export interface AdminPanel {
  /** Next's handler once it is ready, the 503 page until then (or for good after a failed build). */
  handler: RequestHandler
  /** Builds (if needed) and prepares Next; settles true once Next serves, false if it never will. */
  start: (server: http.Server) => Promise<boolean>
  /** Whether the start found no current build (the panel comes after the API). */
  needsBuild: boolean
  /** Ends a build in progress and Next. */
  close: () => Promise<void>
}

export interface AdminPanelOptions {
  root: string
  /** `npm run dev`: Next dev, no build. */
  dev: boolean
  port: number
  log: (line: string) => void
  /** The build's environment: the one the process started with (no embedded DATABASE_URL). */
  buildEnv: NodeJS.ProcessEnv
}

const RETRY_AFTER_S: Partial<Record<State, number>> = { building: 15, starting: 3 }

function page(title: string, text: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''
  const head = `<meta charset="utf-8">${refresh}<title>${title}</title>`
  return `<!doctype html><html lang="en"><head>${head}</head><body><h1>${title}</h1><p>${text}</p></body></html>\n`
}

const PAGES: Record<Exclude<State, 'ready'>, { title: string; text: string }> = {
  building: {
    title: 'The admin panel is being built',
    text: 'This takes a minute or two at the first start after an update. The API is already served.',
  },
  starting: { title: 'The admin panel is starting', text: 'It will answer in a moment.' },
  failed: {
    title: 'The admin panel could not be built',
    text: 'The server log holds the build’s output. The API is served; a start of the server builds it anew.',
  },
  stopped: { title: 'The server is stopping', text: 'Try again in a moment.' },
}

export function adminPanel({ root, dev, port, log, buildEnv }: AdminPanelOptions): AdminPanel {
  const needsBuild = !dev && !adminBuildIsCurrent(root)
  let state: State = needsBuild ? 'building' : 'starting'
  let nextHandle: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | undefined
  let nextApp: { close: () => Promise<void> } | undefined
  let started: Promise<boolean> | undefined
  const stop = new AbortController()

  const handler: RequestHandler = (req, res) => {
    if (state === 'ready' && nextHandle) return void nextHandle(req, res)
    const waiting = state as Exclude<State, 'ready'>
    const retryAfter = RETRY_AFTER_S[waiting]
    if (retryAfter) res.setHeader('retry-after', String(retryAfter))
    res.status(503).setHeader('cache-control', 'no-store')
    res.type('html').send(page(PAGES[waiting].title, PAGES[waiting].text, retryAfter))
  }

  const start = (server: http.Server) =>
    (started ??= (async () => {
      try {
        if (needsBuild) await ensureAdminBuild(root, log, undefined, { signal: stop.signal, env: buildEnv })
        stop.signal.throwIfAborted()
        state = 'starting'
        const { default: next } = await import('next')
        // Next puts its 'upgrade' listener on this server: the real one for dev's hot reload; in
        // production a stand-in, as no route of the panel takes one and Next's listener would
        // hold such a socket open unanswered (src/server.ts answers upgrades there).
        const httpServer = dev ? server : (new EventEmitter() as http.Server)
        const app = next({ dev, dir: root, hostname: 'localhost', port, httpServer })
        nextApp = app
        await app.prepare()
        stop.signal.throwIfAborted()
        nextHandle = app.getRequestHandler()
        state = 'ready'
        return true
      } catch (error) {
        if (stop.signal.aborted) {
          state = 'stopped'
          return false
        }
        state = 'failed'
        const reason = error instanceof Error ? error.message : String(error)
        log(`the admin panel could not be built or started: ${reason}; /admin answers 503 until a start builds it`)
        return false
      }
    })())

  const close = async () => {
    stop.abort(new Error('the server is stopping'))
    if (state !== 'ready') state = 'stopped'
    await started
    await nextApp?.close().catch(() => undefined)
  }

  return { handler, start, needsBuild, close }
}
