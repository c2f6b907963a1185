// `npm run cluster [-- --instances N] [--port P] [--no-panel] [--verbose]`: the deployment of
// cluster.ts on loopback, for trying the service as it runs beyond one machine. Shows each
// step while it starts (a step still going says so every 10 s), then the start time per part
// and in all, prints where each part is, and stops them all on Ctrl-C or SIGTERM
// (a second Ctrl-C kills what is left). Not part of `npm start`. docs/operations.md
// "Scaling out".
import { parseArgs } from 'node:util'

import { type Cluster, startCluster, startTimes } from './cluster'

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'no-panel': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
})

const say = (line: string) => console.log(`[cluster] ${line}`)

function table(cluster: Cluster): string {
  const rows: Array<[string, string, string]> = [
    ['load balancer', cluster.lb.url, `haproxy pid ${cluster.lb.pid}; stats ${cluster.lb.statsUrl}`],
    ...cluster.instances.map((instance): [string, string, string] => [
      instance.name,
      instance.url,
      `pid ${instance.pid}`,
    ]),
    ['pgbouncer', cluster.pooledUrl, `pid ${cluster.bouncer.pid}; transaction mode`],
    ['primary', cluster.primaryUrl, cluster.pair.primary.dataDir],
    ['replica', cluster.replicaUrl, cluster.pair.replica.dataDir],
  ]
  const width = Math.max(...rows.map(([name]) => name.length))
  return rows.map(([name, where, what]) => `  ${name.padEnd(width)}  ${where}  (${what})`).join('\n')
}

async function main() {
  const instances = Number(values.instances)
  const port = Number(values.port)
  if (!Number.isInteger(instances) || instances < 1)
    throw new Error(`--instances must be a whole number of at least 1, got "${values.instances}"`)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`--port must be a TCP port, got "${values.port}"`)

  let cluster: Cluster | undefined
  let stoppingSince = 0
  const starting = new AbortController()
  const stop = (signal: string) => {
    if (stoppingSince) {
      // npm and tsx relay the terminal's Ctrl-C to the process that already had it from the
      // terminal: a copy within a second is that echo, not a second Ctrl-C.
      if (Date.now() - stoppingSince < 1_000) return
      say(`${signal} again: leaving what is left`)
      process.exit(1)
    }
    stoppingSince = Date.now()
    say(`${signal}: stopping everything`)
    // While starting: the start stops what it started after its current step, then fails.
    if (!cluster) return starting.abort()
    void cluster.stop().then(() => {
      say('stopped')
      process.exit(0)
    })
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  const adminPanel = !values['no-panel']
  say(
    `starting ${instances} instance(s)${adminPanel ? ' with the admin panel' : ', admin panel off'} behind a load balancer on port ${port}`,
  )
  cluster = await startCluster({
    instances,
    port,
    adminPanel,
    progress: say,
    signal: starting.signal,
    log: values.verbose ? (line) => console.log(line) : undefined,
    onExit: (name, how) =>
      say(
        `${name} ended (${how}); ${name.startsWith('instance') ? 'the load balancer routes around it' : 'the cluster is degraded'}`,
      ),
  })
  say(
    `start time per part:\n${startTimes(cluster)
      .map((line) => `  ${line}`)
      .join('\n')}`,
  )
  say(`ready in ${(cluster.startMs / 1000).toFixed(1)} s:\n${table(cluster)}`)
  say(
    `API at ${cluster.lb.url}/api${adminPanel ? `, admin panel at ${cluster.lb.url}/admin` : ''}; Ctrl-C stops everything (the databases are removed)`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof Error && error.name === 'AbortError') {
    say('stopped before it was ready')
    process.exit(0)
  }
  console.error(`[cluster] could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
