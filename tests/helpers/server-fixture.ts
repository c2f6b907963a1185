// The real server (src/server.ts, as `npm start` runs it) on a database of its own, with a
// verified admin made by `npm run create-admin` and, when asked, the demo data of `npm run
// seed`: the setup the admin panel tests and the process tests share. `stop` undoes it all
// (the server, the SQL client, the database), so a file leaves nothing running behind it.
// The seed and the admin are made once per run into template databases that every file
// clones (tests/helpers/seeded-template.ts): each is a process booting Payload, seconds of
// CPU that the setup of every browser file paid before.
import pg from 'pg'

import { PANEL_READY_TIMEOUT_MS, type ServerProcess, startServerProcess } from './processes'
import { createFixtureDatabase } from './seeded-template'
import { testSecret } from './test-database'

export interface ServerFixtureOptions {
  /**
   * Made with `npm run create-admin`, once per run for the same credentials and `seed` (a template database; the
   * server's `env` does not reach it).
   */
  admin?: { email: string; password: string }
  /**
   * The demo data of `npm run seed` before the server starts (its output: `seedOutput`), cloned from a seeded template.
   */
  seed?: boolean
  /** More environment for the server (e.g. `ADMIN_PANEL: 'false'`). */
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

export async function startServerFixture(options: ServerFixtureOptions = {}): Promise<ServerFixture> {
  const database = await createFixtureDatabase(options)
  const env: Record<string, string | undefined> = {
    DATABASE_URL: database.url,
    PAYLOAD_SECRET: testSecret(),
    ...options.env,
  }
  let server: ServerProcess | undefined
  let client: Promise<pg.Client> | undefined
  const stop = async (graceMs?: number) => {
    await server?.stop(graceMs)
    if (client) await (await client).end()
    await database.drop()
  }
  try {
    server = await startServerProcess(
      env,
      options.readyTimeoutMs ?? (env.ADMIN_PANEL === 'false' ? 60_000 : PANEL_READY_TIMEOUT_MS),
    )
    const url = server.url
    return {
      server,
      url,
      panelUrl: url.replace('127.0.0.1', 'localhost'),
      databaseUrl: database.url,
      seedOutput: database.seedOutput,
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
