// One webhook delivery attempt that never throws, its connection made through the checked resolution and
// kept alive per host and rule set (docs/decisions.md "Webhook SSRF: every resolved address checked on the
// connection's own lookup").
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'

import { resolveTarget, type TargetRules, urlProblem } from './target'

/** Response bodies are kept to 1 kB (docs/api.md "Webhooks (/api/admin/webhooks)"). */
export const KEPT_BODY_BYTES = 1024

export interface SendResult {
  ok: boolean
  status: number | null
  body: string | null
  error: string | null
  durationMs: number
}

export interface Outgoing {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  rules: TargetRules
  /** Attempts one instance makes at once to one host and port (the pool's sockets). */
  perHost: number
}

const checkedLookup =
  (rules: TargetRules): LookupFunction =>
  (hostname, options, callback) => {
    resolveTarget(hostname, rules).then(
      (addresses) => {
        if ((options as { all?: boolean }).all)
          (callback as (err: null, addresses: Array<{ address: string; family: number }>) => void)(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (error: Error) => callback(Object.assign(error, { code: 'EREFUSEDTARGET' }), '', 0),
    )
  }

/** Idle kept sockets are closed after this long (receivers commonly close theirs at 5 s). */
const IDLE_SOCKET_MS = 4_000

const agents = new Map<string, http.Agent>()

/** The keep-alive pool for a scheme and rule set; `perHost` sockets at most to one host and port. */
function agentFor(protocol: string, rules: TargetRules, perHost: number): http.Agent {
  const key = `${protocol}|${rules.allowHttp}|${rules.allowPrivate}|${perHost}`
  let agent = agents.get(key)
  if (!agent) {
    const options = {
      keepAlive: true,
      maxSockets: perHost,
      maxFreeSockets: perHost,
      timeout: IDLE_SOCKET_MS,
      scheduling: 'lifo' as const,
    }
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
    agents.set(key, agent)
  }
  return agent
}

type Outcome = Omit<SendResult, 'durationMs'>

export function send(outgoing: Outgoing): Promise<SendResult> {
  const started = performance.now()
  const finish = (result: Outcome): SendResult => ({ ...result, durationMs: Math.round(performance.now() - started) })
  const problem = urlProblem(outgoing.url, outgoing.rules)
  if (problem) return Promise.resolve(finish({ ok: false, status: null, body: null, error: problem }))
  return post(outgoing, new URL(outgoing.url), false).then(finish)
}

function post(outgoing: Outgoing, url: URL, again: boolean): Promise<Outcome> {
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const done = (result: Outcome | Promise<Outcome>) => {
      if (settled) return
      settled = true
      resolve(result)
    }
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) },
        lookup: checkedLookup(outgoing.rules),
        agent: agentFor(url.protocol, outgoing.rules, outgoing.perHost),
        timeout: outgoing.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = []
        let kept = 0
        response.on('data', (chunk: Buffer) => {
          if (kept >= KEPT_BODY_BYTES) return
          chunks.push(chunk.subarray(0, KEPT_BODY_BYTES - kept))
          kept += Math.min(chunk.length, KEPT_BODY_BYTES - kept)
          // Enough kept: the rest is not read (the connection is closed, not drained).
          if (kept >= KEPT_BODY_BYTES) response.destroy()
        })
        const end = () => {
          const status = response.statusCode ?? null
          const text = Buffer.concat(chunks).toString('utf8')
          done({ ok: status !== null && status >= 200 && status < 300, status, body: text, error: null })
        }
        response.on('end', end)
        response.on('close', end)
        response.on('error', end)
      },
    )
    // The whole attempt, not only idle time, is bounded by the timeout.
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${outgoing.timeoutMs} ms`)),
      outgoing.timeoutMs,
    )
    request.on('timeout', () => request.destroy(new Error(`No answer within ${outgoing.timeoutMs} ms`)))
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A kept socket the receiver closed just as it was reused: once more (node's documented
      // pattern). Should the receiver have read it after all, a duplicate carries the same
      // webhook-id, as any retry does (at least once).
      if (!again && request.reusedSocket && error.code === 'ECONNRESET') return done(post(outgoing, url, true))
      done({ ok: false, status: null, body: null, error: error.message.slice(0, KEPT_BODY_BYTES) })
    })
    request.on('close', () => clearTimeout(deadline))
    request.end(outgoing.body)
  })
}
