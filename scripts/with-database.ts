// Scripts run with the server's environment: DATABASE_URL when set, else the same embedded
// PostgreSQL under .data/ that `npm start` uses: the server's own while it runs, else one
// started for the script and stopped again when it ends.
import path from 'node:path'

import { dataDir } from '../src/lib/data-dir'
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/lib/embedded-database'
import { payloadSecret } from '../src/lib/secret'

export async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  process.env.PAYLOAD_SECRET = payloadSecret()
  let embedded: EmbeddedDatabase | undefined
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedDatabase({
      dataDir: path.join(dataDir(), 'postgres'),
      port: Number(process.env.EMBEDDED_PG_PORT || 54329),
      log: (line) => console.error(line),
      // Beside a running `npm start`, use its PostgreSQL rather than stopping it.
      shareRunning: true,
    })
    process.env.DATABASE_URL = embedded.url
  }
  try {
    return await fn()
  } finally {
    await embedded?.stop()
  }
}
