// The demo data of `npm run seed` as a template database: the seed runs once (it boots
// Payload and writes through the Local API: a minute on a busy machine) and every file that
// asks for it clones the result (CREATE DATABASE … TEMPLATE, a file copy) instead of seeding
// again. What the seed printed (the moderator's password) is kept as the template's comment.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { adminInputsHash } from '../../src/lib/admin-build'
import { ensureTemplate, onServer } from '../../src/lib/postgres/template-database'
import { runScript } from './processes'
import { createTestDatabase, testDatabaseServer, testSecret } from './test-database'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SEED_TIMEOUT_MS = 180_000

/**
 * The seeded template's name: the migrated template it is cut from, what the seed runs (the
 * scripts, and the app's code whose hooks write the rows) and today's date (UTC), since the
 * demo bookings and events lie some days from the day they were made. A change to any of
 * them names a new template, so one, once built, never changes; on a DATABASE_URL server it
 * serves later runs of the same day too.
 */
function seededTemplateName(migrated: string): string {
  const hash = createHash('sha256').update(migrated).update(adminInputsHash(ROOT)).update(new Date().toISOString().slice(0, 10))
  const scripts = path.join(ROOT, 'scripts')
  // Every file under scripts/, folders included (scripts/cluster/), in a fixed order.
  const files = (fs.readdirSync(scripts, { recursive: true }) as string[]).filter((file) => fs.statSync(path.join(scripts, file)).isFile()).sort()
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(scripts, file)))
  return `community_seeded_${hash.digest('hex').slice(0, 16)}`
}

/** A fresh database with the demo data, and what `npm run seed` printed when it made them. */
export async function createSeededTestDatabase(): Promise<{ url: string; drop: () => Promise<void>; seedOutput: string }> {
  const { adminUrl, template } = testDatabaseServer()
  const seeded = seededTemplateName(template)
  // Built once (two workers asking at once: the second waits for the first, then clones).
  await ensureTemplate(adminUrl, seeded, async (url) => {
    const result = await runScript('scripts/seed.ts', [], { DATABASE_URL: url, PAYLOAD_SECRET: testSecret() }, SEED_TIMEOUT_MS)
    if (result.code !== 0) throw new Error(`scripts/seed.ts failed (${result.code ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
    await onServer(adminUrl, (client) => client.query(`COMMENT ON DATABASE ${client.escapeIdentifier(new URL(url).pathname.slice(1))} IS ${client.escapeLiteral(result.stdout)}`))
  })
  const [row] = await onServer(adminUrl, async (client) => (await client.query<{ output: string | null }>(`SELECT shobj_description(oid, 'pg_database') AS output FROM pg_database WHERE datname = $1`, [seeded])).rows)
  const database = await createTestDatabase(seeded)
  return { ...database, seedOutput: row?.output ?? '' }
}
