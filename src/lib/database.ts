// Which PostgreSQL the process uses: DATABASE_URL when set, else the embedded one of
// DATA_DIR (started here, and its URL put into DATABASE_URL for payload.config.ts to read).
import { dataDir } from './data-dir'
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded-database'

export async function useConfiguredDatabase(options: {
  log: (line: string) => void
  shareRunning?: boolean
}): Promise<EmbeddedDatabase | undefined> {
  if (process.env.DATABASE_URL) return undefined
  const embedded = await startEmbeddedDatabase({
    stateDir: dataDir(),
    port: Number(process.env.EMBEDDED_PG_PORT || 54329),
    log: options.log,
    shareRunning: options.shareRunning,
  })
  process.env.DATABASE_URL = embedded.url
  return embedded
}
