// `npm run bench:kit [-- RUNS]`: how long the testing kit (src/testing.ts) takes to start and
// stop, on the embedded PostgreSQL, in a fresh folder so the first start builds the cluster
// and the template; the later starts reuse them (targets: ≤ 30 s first, ≤ 5 s after,
// stop ≤ 1 s). Loading the modules (the config and all it imports) is timed apart: any test
// process pays it once, whatever it does. The folder is removed after.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { removeEmbeddedState } from '../src/lib/embedded-database'
import { loadConfig } from '../src/lib/payload-lifecycle'

const runs = Number(process.argv[2] ?? 5)
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const loading = Date.now()
const { startPlatform } = await import('../src/testing')
await loadConfig()
console.log(`modules loaded in ${seconds(Date.now() - loading)}`)

delete process.env.DATABASE_URL
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'community-kit-bench-'))
const starts: number[] = []
const stops: number[] = []
try {
  for (let run = 0; run <= runs; run += 1) {
    const started = Date.now()
    const platform = await startPlatform({ dir })
    const start = Date.now() - started
    await platform.createUser()
    const stopping = Date.now()
    await platform.stop()
    const stop = Date.now() - stopping
    console.log(
      `${run === 0 ? 'first start' : `start ${run}`}: ${seconds(start)}${platform.builtTemplate ? ' (built the cluster and the template)' : ''}, stop ${seconds(stop)}`,
    )
    if (run > 0) {
      starts.push(start)
      stops.push(stop)
    }
  }
  console.log(
    `median of ${runs} later starts: ${seconds(median(starts))}; median of their stops: ${seconds(median(stops))}`,
  )
} finally {
  for (const entry of await fs.readdir(dir))
    if (entry.startsWith('slot-') && !entry.endsWith('.lock')) await removeEmbeddedState(path.join(dir, entry))
  await fs.rm(dir, { recursive: true, force: true })
}
