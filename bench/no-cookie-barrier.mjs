// Bench only (`npm run bench -- cookie-barrier`), never in the application: preloaded with
// `node --import` into the comparison server, it answers the stale listener's catch-up round
// trip (decision 189, src/lib/auth/stale-listener.ts `heardUpToNow`) at once, without asking
// PostgreSQL: the same server with the barrier removed, so the bench can time what it costs.
// The listener's first LISTEN (which makes it listen) still goes to the database; only the
// repeats are skipped. Plain JS: it loads before tsx.
import pg from 'pg'

const LISTEN = 'LISTEN community_user_stale'
const listening = new WeakSet()
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (config, ...rest) {
  if (config === LISTEN && listening.has(this)) return Promise.resolve({ command: 'LISTEN', rows: [], rowCount: null })
  const result = query.call(this, config, ...rest)
  if (config === LISTEN) result.then(() => listening.add(this), () => undefined)
  return result
}
