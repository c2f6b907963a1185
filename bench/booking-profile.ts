// `npx tsx bench/booking-profile.ts [count]`: where one public booking's time goes (statements, wall and CPU
// time, a CPU profile by where the code lives), in this process, for comparing one build with another.
import fs from 'node:fs/promises'
import http from 'node:http'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { nthTime } from './bookings'
import { runWithOwnPayload } from './own-payload'

const COUNT = Number(process.argv[2] ?? 300)
const PASSWORD = 'Bench-Passw0rd!'

/** Where a sampled function lives, in a few buckets named for the booking's stages. */
function bucketOf(url: string, name: string): string {
  if (!url)
    return name === '(garbage collector)'
      ? 'garbage collection'
      : name === '(idle)' || name === '(program)'
        ? name
        : 'native/other'
  if (url.includes('/payload/dist/collections/operations')) return 'payload: collection operation'
  if (url.includes('/payload/dist/fields/hooks')) return 'payload: field hooks (validate, beforeChange, afterRead)'
  if (url.includes('/payload/dist/fields/')) return 'payload: fields other'
  if (url.includes('/payload/dist/utilities/createPayloadRequest') || url.includes('/payload/dist/utilities/'))
    return 'payload: utilities (request setup, i18n…)'
  if (url.includes('/payload/dist/auth')) return 'payload: auth strategies'
  if (url.includes('/payload/')) return 'payload: other'
  if (url.includes('/drizzle-orm/') || url.includes('/@payloadcms/drizzle') || url.includes('/@payloadcms/db-postgres'))
    return 'db adapter (drizzle)'
  if (url.includes('/pg/') || url.includes('/pg-protocol/') || url.includes('/pg-pool/')) return 'pg driver'
  if (url.includes('/express/') || url.includes('/router/') || url.includes('/body-parser/')) return 'express'
  if (url.includes('/zod/')) return 'zod'
  if (url.includes('/undici/') || url.startsWith('node:internal/deps/undici')) return 'fetch (client and Web Request)'
  if (url.startsWith('node:')) return `node: ${url.replace('node:internal/', '').split('/').slice(0, 2).join('/')}`
  if (url.includes('node_modules')) return `other module: ${url.split('node_modules/')[1]?.split('/')[0]}`
  if (url.includes('/bench/')) return 'load generator'
  return `ours: ${path.relative(process.cwd(), url.replace('file://', ''))}`
}

runWithOwnPayload('booking-profile', { LOG_LEVEL: 'warn' }, async (payload) => {
  const { createApp } = await import('../src/app')
  const { ensureNoOverlap } = await import('./no-overlap')
  payload.logger.level = 'warn'
  // PROFILE_NO_MAIL=1: the request path alone, without the mail runner the bookings wake.
  if (process.env.PROFILE_NO_MAIL) await (await import('../src/lib/mail-queue/runner')).stopMailRunner(payload)
  const pool = payload.db.pool
  await ensureNoOverlap({ payload } as never, pool)
  const server = http.createServer(createApp({ payload }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const provider = await payload.create({
      collection: 'users',
      data: { email: 'provider@example.test', password: PASSWORD, roles: ['citizen'], emailVerified: true } as never,
      overrideAccess: true,
    })
    const service = await payload.create({
      collection: 'service-listings',
      data: {
        slug: 'profile-service',
        provider: provider.id,
        status: 'active',
        basePrice: '30.00',
        priceType: 'hourly',
        durationMinutes: 5,
        translations: [{ inLanguage: 'en', title: 'Profile service' }],
        inLanguage: 'en',
      } as never,
      overrideAccess: true,
    })
    for (let day = 0; day < 7; day++) {
      await payload.create({
        collection: 'service-availability',
        data: { service: service.id, dayOfWeek: day, startTime: '00:00', endTime: '23:59' } as never,
        overrideAccess: true,
      })
    }
    await payload.create({
      collection: 'users',
      data: { email: 'customer@example.test', password: PASSWORD, roles: ['citizen'], emailVerified: true } as never,
      overrideAccess: true,
    })
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.test', password: PASSWORD }),
    })
    const { token } = (await signIn.json()) as { token: string }
    let next = 0
    const bookOne = async () => {
      const response = await fetch(`${url}/api/services/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ serviceId: service.id, ...nthTime(next++) }),
      })
      await response.text()
      if (response.status !== 201) throw new Error(`booking answered ${response.status}`)
    }
    for (let i = 0; i < COUNT; i++) await bookOne()

    // Statements of the measured bookings, timed at the client (send to result).
    const timings = new Map<string, { count: number; ms: number }>()
    const original = pg.Client.prototype.query
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const query = args[0] as string | { text: string }
      const text = (typeof query === 'string' ? query : query.text).replace(/\s+/g, ' ').slice(0, 110)
      const started = performance.now()
      const result = (original as (...values: unknown[]) => unknown).apply(this, args)
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        void (result as Promise<unknown>).then(
          () => {
            const entry = timings.get(text) ?? { count: 0, ms: 0 }
            entry.count++
            entry.ms += performance.now() - started
            timings.set(text, entry)
          },
          () => undefined,
        )
      }
      return result
    } as typeof original

    const session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: 100 })
    await session.post('Profiler.start')
    const cpu = process.cpuUsage()
    const started = performance.now()
    for (let i = 0; i < COUNT; i++) await bookOne()
    const wall = performance.now() - started
    const used = process.cpuUsage(cpu)
    const { profile } = await session.post('Profiler.stop')
    pg.Client.prototype.query = original

    console.log(
      `\n${COUNT} bookings one after the other: ${(wall / COUNT).toFixed(2)} ms each (wall), CPU ${((used.user + used.system) / 1000 / COUNT).toFixed(2)} ms each (this process: server and load generator), load ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    )
    console.log('\nStatements per booking (mean time at the client, round trip included):')
    let sqlMs = 0
    for (const [text, { count, ms }] of timings) {
      sqlMs += ms
      console.log(`  ${(count / COUNT).toFixed(2)} × ${(ms / count).toFixed(3)} ms  ${text}`)
    }
    console.log(`  total statement time per booking: ${(sqlMs / COUNT).toFixed(2)} ms`)

    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    const counts = new Map<string, number>()
    for (const sample of profile.samples ?? []) {
      const node = byId.get(sample)!
      const bucket = bucketOf(node.callFrame.url, node.callFrame.functionName)
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
    }
    const total = profile.samples?.length ?? 0
    const idle = counts.get('(idle)') ?? 0
    console.log(
      `\nCPU profile of the measured bookings (${total} samples, ${((idle / total) * 100).toFixed(0)} % idle), busy samples by place, ms per booking:`,
    )
    const perSample = wall / total
    for (const [bucket, n] of [...counts]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)) {
      console.log(`  ${((n * perSample) / COUNT).toFixed(3).padStart(7)} ms  ${bucket}`)
    }
    if (process.env.PROFILE_OUT) await fs.writeFile(process.env.PROFILE_OUT, JSON.stringify(profile))
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
