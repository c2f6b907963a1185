// `npm run migrate:create -- <name>`: writes a migration for the difference between the
// collections and the last committed migration's snapshot. Runs on a scratch embedded
// database so it never touches (or asks about) your data.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { freePort, removeEmbeddedState, startEmbeddedDatabase } from '../src/lib/embedded-database'

const name = process.argv[2] ?? 'migration'
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'community-migrate-'))
const db = await startEmbeddedDatabase({ stateDir: scratch, port: await freePort(), log: () => {} })
process.env.DATABASE_URL = db.url
process.env.PAYLOAD_SECRET ||= 'migration-scratch'
process.env.PAYLOAD_DB_PUSH = 'false'
try {
  const { getPayload } = await import('payload')
  const { loadConfig, stopPayload } = await import('../src/lib/payload-lifecycle')
  // Without onInit: the scratch database needs no migrations, workers or mail runner to diff the schema.
  const payload = await getPayload({ config: await loadConfig(), disableOnInit: true })
  await payload.db.createMigration({ migrationName: name, payload, forceAcceptWarning: true, skipEmpty: true })
  await stopPayload(payload)
} finally {
  await db.stop()
  await removeEmbeddedState(scratch)
}
