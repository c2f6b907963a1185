// Scripts run with the server's environment: DATABASE_URL when set, else the same embedded
// PostgreSQL under .data/ that `npm start` uses (stopped again when the script ends).
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
    })
    process.env.DATABASE_URL = embedded.url
  }
  try {
    return await fn()
  } finally {
    await embedded?.stop()
  }
}
