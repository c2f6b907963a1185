// A real HTTP receiver of webhooks on loopback: records every request (headers as sent, body
// as text), answers with the status `answer` picks, can go down and come back on its port.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { Webhook } from 'standardwebhooks'

export interface Received {
  headers: Record<string, string>
  body: string
  json: { type: string; timestamp: string; data: Record<string, any> }
}

export interface Receiver {
  url: string
  port: number
  received: Received[]
  /** The status of the next answers (default 204). */
  answer: (received: Received) => number
  /** Extra text answered in the body. */
  answerBody: string
  down: () => Promise<void>
  up: () => Promise<void>
  /** Waits until `count` requests matching `match` arrived; their list. */
  waitFor: (match: (received: Received) => boolean, count?: number, timeoutMs?: number) => Promise<Received[]>
  close: () => Promise<void>
}

export async function startReceiver(port = 0): Promise<Receiver> {
  let server: http.Server | null = null
  const receiver: Receiver = {
    url: '',
    port,
    received: [],
    answer: () => 204,
    answerBody: '',
    async up() {
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
          )
          const item: Received = { headers, body, json: JSON.parse(body) }
          receiver.received.push(item)
          response.writeHead(receiver.answer(item), { 'content-type': 'text/plain' })
          response.end(receiver.answerBody)
        })
      })
      await new Promise<void>((resolve) => server!.listen(receiver.port, '127.0.0.1', resolve))
      receiver.port = (server!.address() as AddressInfo).port
      receiver.url = `http://127.0.0.1:${receiver.port}/hook`
    },
    async down() {
      if (!server) return
      server.closeAllConnections()
      await new Promise<void>((resolve) => server!.close(() => resolve()))
      server = null
    },
    async waitFor(match, count = 1, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const found = receiver.received.filter(match)
        if (found.length >= count) return found
        if (Date.now() > until)
          throw new Error(
            `webhook receiver: ${found.length} of ${count} expected requests after ${timeoutMs} ms (got ${receiver.received.map((r) => r.json.type).join(', ')})`,
          )
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    close: () => receiver.down(),
  }
  await receiver.up()
  return receiver
}

/** Verifies a received request as an app would, with the `standardwebhooks` package; the payload it returns. */
export function verified(secret: string, received: Received): unknown {
  return new Webhook(secret).verify(received.body, received.headers)
}

/** Settings for a test app: http and loopback receivers allowed, short retries, quick polling. */
export const WEBHOOK_TEST_ENV: Record<string, string> = {
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOKS_RETRY_DELAYS_MS: '300,300,300,300,300,300',
  WEBHOOKS_POLL_MS: '100',
}
