// Bench only, never in the application: preloaded into the comparison server of `npm run bench --
// cookie-barrier`, it sends the catch-up's read to a connection that listens to nothing, the same round trip
// without the barrier. Plain JS: it loads before tsx.
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
    const other = new pg.Client({
      user: p.user,
      password: p.password,
      host: p.host,
      port: p.port,
      database: p.database,
      ssl: p.ssl,
      application_name: 'bench-no-barrier-stand-in',
    })
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
  if (config === LISTEN)
    result.then(
      () => listening.add(this),
      () => undefined,
    )
  return result
}
