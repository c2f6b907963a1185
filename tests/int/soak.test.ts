// The short soak inside `npm test`: the mixed workload of `npm run soak` from 20
// clients for 10 s against a real server process: no 5xx, every request answered, the
// invariants hold afterwards. (RSS is reported; its trend is judged by the long run only, ten
// seconds being mostly warm-up.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { BENCH_ENV } from '../../bench/harness'
import { type ServerProcess, startServerProcess } from '../../bench/processes'
import { freePort } from '../../src/lib/embedded-database'
import { viaServer } from '../helpers/server-app'
import { runSoak } from '../helpers/soak'
import { startTestApp, type TestApp } from '../helpers/test-app'

let local: TestApp
let server: ServerProcess

beforeAll(async () => {
  local = await startTestApp()
  server = await startServerProcess('src/server.ts', await freePort(), {
    ...BENCH_ENV,
    DATABASE_URL: local.databaseUrl,
    ADMIN_PANEL: 'false',
  })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await local?.stop()
})

describe('short soak', () => {
  it('20 clients for 10 s of mixed work: no 5xx, all answered, invariants hold', async () => {
    const lines: string[] = []
    // At least 10 s, and on until every action has been answered 2xx five times (on a
    // loaded machine ten seconds may not reach each action: the checks below must not depend on speed).
    const result = await runSoak({
      app: viaServer(local, server.url),
      clients: 20,
      seconds: 10,
      minEachAction: 5,
      rssMb: server.rssMb,
      log: (line) => lines.push(line),
    })
    console.log(lines.join('\n'))
    // The short run judges nothing beyond the checks below: its log says no verdict.
    expect(lines.join('\n')).not.toMatch(/\b(PASS|FAIL|GROWING|flat)\b/)
    expect(result.report.fiveXX).toEqual([])
    expect(result.report.networkErrors).toEqual({})
    expect(result.violations).toEqual([])
    for (const action of [
      'sign-up',
      'sign-in',
      'get-session',
      'browse',
      'book',
      'admin-read',
      'admin-write',
      'moderate',
    ]) {
      expect(Object.keys(result.report.byAction[action] ?? {}).some((status) => status.startsWith('2'))).toBe(true)
    }
  }, 120_000)
})
