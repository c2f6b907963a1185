// Scripts run with the server's environment: DATABASE_URL when set, else the same embedded
// PostgreSQL under .data/ that `npm start` uses: the server's own while it runs, else one
// started for the script and stopped again when it ends.
import { useConfiguredDatabase } from '../src/lib/database'
import { payloadSecret } from '../src/lib/secret'

export async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  process.env.PAYLOAD_SECRET = payloadSecret()
  // Beside a running `npm start`, use its PostgreSQL rather than stopping it.
  const embedded = await useConfiguredDatabase({ log: (line) => console.error(line), shareRunning: true })
  try {
    return await fn()
  } finally {
    await embedded?.stop()
  }
}
