// Hostile-input fuzzing, fixed seed (the long run is `npm run fuzz`): generated
// requests to every root endpoint and every collection route, as anonymous, citizen and
// admin. Every request gets an HTTP answer, none is a 5xx, every error body is JSON in its
// route's family, no hidden field leaks or filters, Object.prototype stays clean and the
// database invariants hold afterwards.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { dropMedia } from '../helpers/catalogue'
import { KNOWN_OPEN } from '../helpers/fuzz/checks'
import { type FuzzReport, pollution, runFuzz } from '../helpers/fuzz/run'
import { seedFuzzData } from '../helpers/fuzz/seed'
import { fuzzTargets } from '../helpers/fuzz/targets'
import { checkInvariants } from '../helpers/invariants'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const SEED = 20261125
const COUNT = 1500

let app: TestApp
let report: FuzzReport

beforeAll(async () => {
  app = await startTestApp()
  await seedFuzzData(app)
  report = await runFuzz(app, { seed: SEED, count: COUNT })
}, 400_000) // ≈ 35 s on a quiet machine; several times that on a loaded one

afterAll(async () => {
  await dropMedia(app)
  await app.stop()
})

const describeFailures = () =>
  report.failures
    .slice(0, 20)
    .map(
      (failure) =>
        `#${failure.index} ${failure.method} ${failure.path.slice(0, 160)} [${failure.note}] → ${failure.status ?? '-'}: ${failure.problems.join('; ')}`,
    )
    .join('\n')

describe('hostile input, fixed seed', () => {
  it('aims at every root endpoint and every route of every collection in the config', () => {
    const targets = fuzzTargets(app.payload)
    for (const endpoint of app.payload.config.endpoints)
      expect(targets).toContainEqual(
        expect.objectContaining({ method: endpoint.method.toUpperCase(), path: endpoint.path }),
      )
    for (const collection of app.payload.config.collections) {
      // e.g. payload-migrations: no REST routes.
      if (!collection.endpoints || collection.endpoints.length === 0) continue
      expect(targets).toContainEqual(
        expect.objectContaining({ method: 'GET', path: `/${collection.slug}`, collection: collection.slug }),
      )
      expect(targets).toContainEqual(expect.objectContaining({ method: 'PATCH', path: `/${collection.slug}/:id` }))
    }
    // The bookable-times and calendar routes, the slots query with its date shape.
    expect(targets).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/services/:id/slots', query: { from: 'date', to: 'date' } }),
    )
    expect(targets).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/bookings/:id/calendar.ics', collection: 'bookings' }),
    )
  })

  it(`sends ${COUNT} requests and more, every one answered without a failure`, () => {
    expect(report.sent).toBeGreaterThanOrEqual(COUNT)
    expect(describeFailures()).toBe('')
    expect(report.failureKinds).toEqual({})
    // Only the open items of docs/reliability.md may answer 5xx.
    for (const reason of Object.keys(report.knownOpen))
      expect(KNOWN_OPEN.map((known) => known.reason)).toContain(reason)
  })

  it('gets past the front door: some requests succeed and some are refused as invalid', () => {
    const count = (from: number, to: number) =>
      Object.entries(report.byStatus)
        .filter(([status]) => Number(status) >= from && Number(status) < to)
        .reduce((sum, [, n]) => sum + n, 0)
    expect(count(200, 300)).toBeGreaterThan(50)
    expect(count(400, 401)).toBeGreaterThan(100)
    expect(count(401, 404)).toBeGreaterThan(50)
  })

  it('leaves Object.prototype and the other shared prototypes untouched', () => {
    expect(pollution()).toEqual([])
  })

  it('leaves the database invariants true', async () => {
    expect(await checkInvariants(app)).toEqual([])
  })

  it('the invariant checks see a planted violation, and not a look-alike', async () => {
    const plant = async (data: object) =>
      (
        await sql<{ id: string }>(
          app,
          `INSERT INTO audit_logs (action, data, updated_at, created_at) VALUES ('test.planted', $1, now(), now()) RETURNING id::text`,
          [JSON.stringify(data)],
        )
      )[0]!.id
    const nested = await plant({ changed: { password: 'x' } })
    const lookAlike = await plant({ email: 'password', reason: 'unknown_email' })
    try {
      const violations = await checkInvariants(app)
      expect(violations).toEqual([expect.stringContaining(nested)])
      expect(violations.join('\n')).not.toContain(lookAlike)
    } finally {
      await sql(app, `DELETE FROM audit_logs WHERE action = 'test.planted'`)
    }
  })
})
