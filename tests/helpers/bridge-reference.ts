// What the app answered before the shell took over a read (the profile family's hot reads,
// a service's bookable times) or a write (the public booking): the shell's security headers
// and client IP headers, then Payload's bridge alone,
// on a server of its own over the test app's Payload. `sameAnswer` asks the app and this
// reference the same request and expects the same status, headers and body to the byte (a
// session cache cookie compared without its signed value, which carries the second it was
// made).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { expect } from '@jest/globals'
import express from 'express'

import { clientIpHeaders } from '../../src/lib/http/client-ip-headers'
import { payloadBridge } from '../../src/lib/http/payload-bridge'
import { buildRouteTable } from '../../src/lib/http/route-table'
import { API_CSP, securityHeaders } from '../../src/lib/http/security-headers'
import type { TestApp } from './test-app'

type Answer = { status: number; headers: Record<string, string>; cookies: string[]; body: string }

/** A request other than a GET: its method and body. */
export interface Sent {
  method: string
  body: string
}

export interface BridgeReference {
  /** Asks the app and the reference; expects the same answer; the app's. */
  sameAnswer: (path: string, headers?: Record<string, string>, sent?: Sent) => Promise<Answer>
  /**
   * Sends `sent` to the app and `sentToReference` to the reference (two writes, e.g. two free times): both answers, for
   * a test that masks what differs.
   */
  bothAnswers: (
    path: string,
    headers: Record<string, string>,
    sent: Sent,
    sentToReference: Sent,
  ) => Promise<{ ours: Answer; payloads: Answer }>
  close: () => Promise<void>
}

const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

async function answer(base: string, path: string, headers: Record<string, string>, sent?: Sent): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { headers, redirect: 'manual', ...sent })
  const kept: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!HOP.has(name) && name !== 'set-cookie') kept[name] = value
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.replace(/=[^;]*/, '=<signed>'))
  return { status: response.status, headers: kept, cookies, body: await response.text() }
}

export async function startBridgeReference(app: TestApp): Promise<BridgeReference> {
  const bridgeOnly = express()
  bridgeOnly.disable('x-powered-by')
  bridgeOnly.disable('etag')
  bridgeOnly.use(securityHeaders(API_CSP))
  bridgeOnly.use(clientIpHeaders())
  // The app's default for every /api answer that is not a media file (docs/api.md "Caching of public reads").
  bridgeOnly.use((_req, res, next) => {
    res.setHeader('cache-control', 'no-store')
    next()
  })
  // Every root endpoint through its Payload handler, never a shell answer.
  const bridge = payloadBridge(app.payload)
  const routes = buildRouteTable(app.payload.config)
  bridgeOnly.use((req, res, next) =>
    bridge(req, res, next, routes.rootRoute(req.method === 'HEAD' ? 'GET' : req.method, req.path)),
  )
  const server = http.createServer(bridgeOnly)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    sameAnswer: async (path, headers = {}, sent) => {
      const ours = await answer(app.url, path, headers, sent)
      const payloads = await answer(url, path, headers, sent)
      expect({ path, sent, ...ours }).toEqual({ path, sent, ...payloads })
      return ours
    },
    bothAnswers: async (path, headers, sent, sentToReference) => ({
      ours: await answer(app.url, path, headers, sent),
      payloads: await answer(url, path, headers, sentToReference),
    }),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
