// The same Payload behind a second express app built with other settings (READ_CACHE on or
// off, say): the settings are read when the app is made, so they are set for that moment and
// put back. Compares two ways of answering over one database and one Payload.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { createApp } from '../../src/app'
import { withEnv } from './env'

export interface SecondApp {
  url: string
  close: () => Promise<void>
}

export async function startSecondApp(payload: Payload, env: Record<string, string | undefined>): Promise<SecondApp> {
  const express = await withEnv(env, async () => createApp({ payload }))
  const server = http.createServer(express)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
