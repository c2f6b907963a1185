// Bench only (`npm run bench -- cookie-barrier`), never in the application: preloaded with
// `node --import` into the comparison server, it takes the barrier out of the stale listener's
// catch-up round trip (docs/decisions.md "A cookie snapshot waits for the instance to hear
// every commit", src/lib/auth/stale-listener.ts `caughtUp`) and changes nothing else: the same
// server with the barrier removed, so the bench can time what it costs. The listener's first
// LISTEN (which makes it listen) still goes to the database. After it, a repeated LISTEN (the
// catch-up when nothing is registered to read) is answered at once, and the catch-up's read of
// every collection's version (docs/decisions.md "The cookie barrier is the version read") goes
// to a connection of this hook's own that listens to nothing: the same read, the same sharing,
// one round trip all the same, but its answer no longer says the listener has heard
// everything. Plain JS: it loads before tsx.
import pg from 'pg'

const LISTEN = 'LISTEN community_user_stale'
const listening = new WeakSet()
/** Per listener client: its stand-in's connection (one, like the listener's). */
const standIns = new WeakMap()
const query = pg.Client.prototype.query

function standInOf(client) {
  let standIn = standIns.get(client)
  if (!standIn) {
    const p = client.connectionParameters
    const other = new pg.Client({ user: p.user, password: p.password, host: p.host, port: p.port, database: p.database, ssl: p.ssl, application_name: 'bench-no-barrier-stand-in' })
    other.on('error', () => undefined)
    standIn = other.connect().then(() => other)
    standIns.set(client, standIn)
  }
  return standIn
}

pg.Client.prototype.query = function (config, ...rest) {
  if (listening.has(this)) {
    if (config === LISTEN) return Promise.resolve({ command: 'LISTEN', rows: [], rowCount: null })
    return standInOf(this).then((other) => query.call(other, config, ...rest))
  }
  const result = query.call(this, config, ...rest)
  if (config === LISTEN) result.then(() => listening.add(this), () => undefined)
  return result
}
