// A bench script that measures inside its own process (bench/booking-profile.ts,
// bench/mail-cost.ts): an embedded PostgreSQL of its own in a temporary folder, the bench's
// environment, Payload started on it; afterwards Payload stopped, the database stopped and
// its folder removed, whatever `work` did, and the process ended (0, or 1 with the error).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'

import { BENCH_ENV } from './harness'

export function runWithOwnPayload(
  name: string,
  env: Record<string, string>,
  work: (payload: Payload) => Promise<void>,
): void {
  const run = async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-`))
    const { freePort, removeEmbeddedState, startEmbeddedDatabase } = await import('../src/lib/embedded-database')
    const db = await startEmbeddedDatabase({
      stateDir: root,
      port: await freePort(),
      database: name.replace(/[^a-z]/g, ''),
      log: () => {},
    })
    // Set before the application's modules load: they read the environment once.
    Object.assign(process.env, BENCH_ENV, { DATABASE_URL: db.url }, env)
    const { startPayload, stopPayload } = await import('../src/lib/payload-lifecycle')
    const payload = await startPayload()
    try {
      await work(payload)
    } finally {
      await stopPayload(payload)
      payload.logger.level = 'silent'
      await db.stop()
      await removeEmbeddedState(root)
    }
  }
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
