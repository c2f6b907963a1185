// What a browser file's server starts from, as template databases made once per run: the
// demo data of `npm run seed` (it boots Payload and writes through the Local API: a minute on
// a busy machine), and on top of it or of the migrated template the admin of `npm run
// create-admin` (another Payload boot). Every file that asks clones the result (CREATE
// DATABASE … TEMPLATE, a file copy) instead of running the scripts again. What the seed
// printed (the moderator's password) is kept as the seeded template's comment.
import { createHash, type Hash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { adminInputsHash } from '../../src/lib/admin-build'
import { ensureTemplate, onServer } from '../../src/lib/postgres/template-database'
import { runScript } from './processes'
import { createTestDatabase, testDatabaseServer, testSecret } from './test-database'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCRIPT_TIMEOUT_MS = 180_000

/**
 * A template's name: `prefix`, then a hash of the template it is cut from, what the scripts
 * run (scripts/, and the app's code whose hooks write the rows), today's date (UTC: the demo
 * bookings and events lie some days from the day they were made) and `extra`. A change to any
 * of them names a new template, so one, once built, never changes; on a DATABASE_URL server
 * it serves later runs of the same day too.
 */
function derivedTemplateName(prefix: string, from: string, extra: string[] = []): string {
  const hash: Hash = createHash('sha256')
    .update(from)
    .update(adminInputsHash(ROOT))
    .update(new Date().toISOString().slice(0, 10))
  const scripts = path.join(ROOT, 'scripts')
  // Every file under scripts/, folders included (scripts/cluster/), in a fixed order.
  const files = (fs.readdirSync(scripts, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(scripts, file)).isFile())
    .sort()
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(scripts, file)))
  for (const part of extra) hash.update('\0').update(part)
  return `${prefix}${hash.digest('hex').slice(0, 16)}`
}

async function runOrThrow(file: string, args: string[], url: string): Promise<string> {
  const result = await runScript(file, args, { DATABASE_URL: url, PAYLOAD_SECRET: testSecret() }, SCRIPT_TIMEOUT_MS)
  if (result.code !== 0)
    throw new Error(`${file} failed (${result.code ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** The seeded template (built here unless there) and what `npm run seed` printed when it made it. */
async function seededTemplate(): Promise<{ name: string; seedOutput: string }> {
  const { adminUrl, template } = testDatabaseServer()
  const name = derivedTemplateName('community_seeded_', template)
  // Built once (workers asking at once: the later ones wait for the first, then clone).
  await ensureTemplate(adminUrl, name, async (url) => {
    const output = await runOrThrow('scripts/seed.ts', [], url)
    await onServer(adminUrl, (client) =>
      client.query(
        `COMMENT ON DATABASE ${client.escapeIdentifier(new URL(url).pathname.slice(1))} IS ${client.escapeLiteral(output)}`,
      ),
    )
  })
  const [row] = await onServer(
    adminUrl,
    async (client) =>
      (
        await client.query<{ output: string | null }>(
          `SELECT shobj_description(oid, 'pg_database') AS output FROM pg_database WHERE datname = $1`,
          [name],
        )
      ).rows,
  )
  return { name, seedOutput: row?.output ?? '' }
}

/** `from` with a verified admin made by `npm run create-admin` (built here unless there): its name. */
async function adminTemplate(from: string, admin: { email: string; password: string }): Promise<string> {
  const { adminUrl } = testDatabaseServer()
  const name = derivedTemplateName('community_admin_', from, [admin.email, admin.password])
  await ensureTemplate(
    adminUrl,
    name,
    async (url) =>
      void (await runOrThrow('scripts/create-admin.ts', ['--email', admin.email, '--password', admin.password], url)),
    from,
  )
  return name
}

/**
 * A fresh database for a browser file: the migrated template, with the demo data when `seed`,
 * with `admin` made by `npm run create-admin`; and what the seed printed ('' without `seed`).
 */
export async function createFixtureDatabase(options: {
  seed?: boolean
  admin?: { email: string; password: string }
}): Promise<{ url: string; drop: () => Promise<void>; seedOutput: string }> {
  const base = options.seed ? await seededTemplate() : { name: testDatabaseServer().template, seedOutput: '' }
  const template = options.admin ? await adminTemplate(base.name, options.admin) : base.name
  return { ...(await createTestDatabase(template)), seedOutput: base.seedOutput }
}
