// The real server (src/server.ts, as `npm start` runs it) on a database of its own, with a
// verified admin made by `npm run create-admin` and, when asked, the demo data of `npm run
// seed`: the setup the admin panel tests and the process tests share. `stop` undoes it all
// (the server, the SQL client, the database), so a file leaves nothing running behind it.
import pg from 'pg'

import { PANEL_READY_TIMEOUT_MS, runScript, startServerProcess, type ServerProcess } from './processes'
import { createTestDatabase, testSecret } from './test-database'

export interface ServerFixtureOptions {
  /** Made with `npm run create-admin` before the server starts. */
  admin?: { email: string; password: string }
  /** `npm run seed` before the server starts (its output: `seedOutput`). */
  seed?: boolean
  /** More environment for the server (e.g. `ADMIN_PANEL: 'false'`); the scripts get it too. */
  env?: Record<string, string | undefined>
  /** Default: 60 s with ADMIN_PANEL=false, else long enough for a first start that builds the panel. */
  readyTimeoutMs?: number
}

export interface ServerFixture {
  server: ServerProcess
  /** `http://127.0.0.1:<port>` */
  url: string
  /** The same on localhost: Chromium accepts the Secure session cookie over plain http only there. */
  panelUrl: string
  databaseUrl: string
  /** What `npm run seed` printed ('' without `seed`). */
  seedOutput: string
  /** Raw SQL against the server's database (one client, opened at the first call). */
  sql: <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>
  /** Stops the server (SIGTERM, SIGKILL after `graceMs`), closes the SQL client, drops the database. */
  stop: (graceMs?: number) => Promise<void>
}

async function run(file: string, args: string[], env: Record<string, string | undefined>, timeoutMs?: number): Promise<string> {
  const result = await runScript(file, args, env, timeoutMs)
  if (result.code !== 0) throw new Error(`${file} failed (${result.code ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

export async function startServerFixture(options: ServerFixtureOptions = {}): Promise<ServerFixture> {
  const database = await createTestDatabase()
  const env: Record<string, string | undefined> = { DATABASE_URL: database.url, PAYLOAD_SECRET: testSecret(), ...options.env }
  let server: ServerProcess | undefined
  let client: Promise<pg.Client> | undefined
  const stop = async (graceMs?: number) => {
    await server?.stop(graceMs)
    if (client) await (await client).end()
    await database.drop()
  }
  try {
    if (options.admin) await run('scripts/create-admin.ts', ['--email', options.admin.email, '--password', options.admin.password], env)
    const seedOutput = options.seed ? await run('scripts/seed.ts', [], env, 180_000) : ''
    server = await startServerProcess(env, options.readyTimeoutMs ?? (env.ADMIN_PANEL === 'false' ? 60_000 : PANEL_READY_TIMEOUT_MS))
    const url = server.url
    return {
      server,
      url,
      panelUrl: url.replace('127.0.0.1', 'localhost'),
      databaseUrl: database.url,
      seedOutput,
      sql: async (text, values = []) => {
        client ??= (async () => {
          const connected = new pg.Client({ connectionString: database.url })
          await connected.connect()
          return connected
        })()
        return (await (await client).query(text, values)).rows
      },
      stop,
    }
  } catch (error) {
    await stop(5_000)
    throw error
  }
}
