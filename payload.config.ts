// The host's parts only: database, secret, URLs and origins, mail transport, images, types.
// The platform itself is the plugin (src/plugin, docs/plugin.md). Every value comes from
// `settings()` (docs/operations.md), read when this module loads.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { mailAdapter } from './src/lib/mail'
import { payloadSecret } from './src/lib/secret'
import { settings } from './src/lib/settings'
import { communityPlatform, platformDatabase } from './src/plugin/index'

const root = path.dirname(fileURLToPath(import.meta.url))

const config = settings()

export default buildConfig({
  serverURL: config.publicUrl,
  secret: payloadSecret(),
  admin: {
    // Gravatar is unreachable offline; the default avatar needs no network.
    avatar: 'default',
    importMap: { baseDir: root },
    meta: { titleSuffix: ' · Community Platform' },
  },
  // A pushed development schema has none of the migrations' triggers and functions to run them on.
  plugins: [communityPlatform({ migrate: !config.dbPush })],
  db: postgresAdapter({
    ...platformDatabase,
    pool: {
      // Read when Payload connects, not when this module loads: one process may start Payload
      // on one database after another (the testing kit migrates its template, then a copy).
      get connectionString() {
        return process.env.DATABASE_URL
      },
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    },
    // The schema comes from committed migrations, never from a dev push that could stop to
    // ask a question on a terminal nobody watches.
    push: config.dbPush,
    migrationDir: path.join(root, 'src/migrations'),
  }),
  cors: config.trustedOrigins,
  csrf: config.trustedOrigins,
  email: mailAdapter(),
  sharp,
  telemetry: false,
  // Types are generated on purpose (npm run generate:types), not by a child process at every start.
  typescript: { autoGenerate: false, outputFile: path.join(root, 'src/payload-types.ts') },
})
