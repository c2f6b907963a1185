// A program that keeps an embedded PostgreSQL running, as `npm start` does, for tests of what
// another program finds on the same folder. Run as `node <its build> <stateDir> <port>` (the
// run's plain-JS build, scripts/node-build/; `node --import tsx <this file>` without one): one
// process without PostgreSQL's watchdog, so that killing it orphans its PostgreSQL (as when both die).
import { startEmbeddedDatabase } from '../../src/lib/embedded-database'

const [stateDir, port] = process.argv.slice(2)
await startEmbeddedDatabase({ stateDir: stateDir!, port: Number(port), log: () => {}, stopWithOwner: false })
console.log('ready')
setInterval(() => {}, 1 << 30)
