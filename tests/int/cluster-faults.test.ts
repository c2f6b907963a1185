// Faults in `npm run cluster`'s deployment (scripts/cluster/cluster.ts): one of the
// three instances SIGKILLed under load through HAProxy loses no write it acknowledged, and the
// balancer takes it out of rotation so the others go on without an error; then the primary
// restarted: every instance answers /api/health/ready 503 while it is down (so the balancer
// routes to none), reconnects by itself (pool, PgBouncer, the stale-session LISTEN) and
// answers 200 after, and writes go through again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { listenerName } from '../../src/lib/auth/stale-listener'
import { startTestCluster, type TestCluster } from '../helpers/cluster'
import { checkInvariants } from '../helpers/invariants'
import { type LoadFixture, missingWrites, runLoad, seedLoad, summary } from '../helpers/load'
import { viaServer } from '../helpers/server-app'
import { startTestApp, type TestApp } from '../helpers/test-app'

let test: TestCluster
let local: TestApp
let fixture: LoadFixture

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it is true; a bound against hanging, not a timing assertion. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`)
    await sleep(200)
  }
}

const readyStatus = (url: string) =>
  fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(10_000) }).then((response) => response.status)

beforeAll(async () => {
  test = await startTestCluster()
  // Fixtures (users, services, comments to moderate) through an in-process Payload on the primary;
  // its own background workers stay out of the way (nothing here depends on who sends).
  local = await startTestApp({ databaseUrl: test.cluster.primaryUrl })
  fixture = await seedLoad(viaServer(local, test.cluster.lb.url), { citizens: 6, comments: 30 })
}, 240_000)

afterAll(async () => {
  await local?.stop({ drop: false })
  await test?.stop()
})

describe('faults behind the load balancer', () => {
  it('one instance SIGKILLed under load: no acknowledged write is lost, and the others go on', async () => {
    const victim = test.cluster.instances[1]!
    let finish!: () => void
    const load = runLoad({
      url: test.cluster.lb.url,
      fixture: { ...fixture, comments: fixture.comments.splice(0, 20) },
      clients: 12,
      until: new Promise<void>((resolve) => (finish = resolve)),
    })
    await sleep(3_000)
    process.kill(-victim.pid, 'SIGKILL')
    await victim.exited
    await until(
      'the balancer takes the dead instance out',
      async () => (await test.cluster.lb.states())[victim.name] === 'DOWN',
    )
    finish()
    const report = await load
    console.log(`[cluster fault: SIGKILL] ${summary(report)}; network errors ${JSON.stringify(report.networkErrors)}`)
    expect(report.acknowledged.length).toBeGreaterThan(0)
    // Only what was in flight on the killed instance fails, once per client at most: the
    // balancer's 502 (no answer had begun) or the client's connection cut (one had).
    expect(report.fiveXX.filter((answer) => answer.status !== 502)).toEqual([])
    expect(Object.keys(report.networkErrors).filter((name) => name !== 'UND_ERR_SOCKET')).toEqual([])
    const cut = Object.values(report.networkErrors).reduce((sum, n) => sum + n, 0)
    expect(report.fiveXX.length + cut).toBeLessThanOrEqual(12)
    expect(await missingWrites((text, values) => test.sql(text, values), report.acknowledged)).toEqual([])
    expect(await checkInvariants(local)).toEqual([])

    // From now on: every answer from the two others, none failed.
    const served = new Set<string>()
    const after = await runLoad({
      url: test.cluster.lb.url,
      fixture: { ...fixture, comments: [] },
      clients: 8,
      until: sleep(2_000),
      onAnswer: (_action, _status, _body, headers) => headers && served.add(headers.get('x-served-by') ?? ''),
    })
    expect(after.fiveXX).toEqual([])
    expect(after.networkErrors).toEqual({})
    expect(after.sent).toBeGreaterThan(0)
    expect([...served].sort()).toEqual(
      test.cluster.instances.filter((instance) => instance !== victim).map((instance) => instance.name),
    )
  }, 120_000)

  it('the primary restarted: /api/health/ready is 503 meanwhile, 200 after; the instances reconnect and write again', async () => {
    const alive = test.cluster.instances.filter(
      (instance) => instance.child.exitCode === null && instance.child.signalCode === null,
    )
    expect(alive).toHaveLength(2)
    await test.cluster.pair.primary.stop()
    for (const instance of alive)
      await until(`${instance.name} says it is not ready`, async () => (await readyStatus(instance.url)) === 503)
    const down = await fetch(`${alive[0]!.url}/api/health/ready`)
    expect(await down.json()).toMatchObject({ database: 'unreachable' })
    await until('the balancer takes every instance out', async () =>
      Object.values(await test.cluster.lb.states()).every((state) => state.startsWith('DOWN')),
    )
    expect((await fetch(`${test.cluster.lb.url}/api/health/ready`)).status).toBe(503)

    await test.cluster.pair.primary.start()
    for (const instance of alive)
      await until(`${instance.name} is ready again`, async () => (await readyStatus(instance.url)) === 200)
    await test.cluster.lb.waitUntilUp(alive.map((instance) => instance.name))
    // Each instance listens for bans again, on its own connection to the restarted primary.
    // A listener's first statement is its LISTEN (the later ones, its catch-up reads).
    await until('every instance listens again', async () => {
      const rows = await test.sql<{ application_name: string }>(
        `SELECT application_name FROM pg_stat_activity WHERE application_name LIKE 'community-stale-listener:%' AND query <> ''`,
      )
      return alive.every((instance) => rows.some((row) => row.application_name === listenerName(instance.pid)))
    })
    // Reads and writes through the balancer, on both instances.
    const again = await runLoad({
      url: test.cluster.lb.url,
      fixture: { ...fixture, comments: [] },
      clients: 6,
      until: sleep(2_000),
    })
    expect(again.fiveXX).toEqual([])
    expect(again.networkErrors).toEqual({})
    expect(again.byAction.book?.['201'] ?? 0).toBeGreaterThan(0)
    expect(await missingWrites((text, values) => test.sql(text, values), again.acknowledged)).toEqual([])
    // The replica streams from the restarted primary again.
    await test.cluster.pair.waitUntilStreaming()
  }, 120_000)
})
