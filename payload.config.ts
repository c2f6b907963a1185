// Composition only: database, collections, endpoints, localization, email, storage.
// Every value comes from `settings()` (API-CONTRACT §8), read when this module loads.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { harden } from './collections/hardening'
import { collections } from './collections/index'
import { PUBLIC_READS } from './collections/publicReads'
import { catalogueDatabase } from './collections/ServiceListings/catalogue-indexes'
import { endpoints } from './endpoints/index'
import { clientErrorHook } from './src/lib/http/client-errors'
import { MAX_UPLOAD_BYTES } from './src/lib/media/limits'
import { mediaStorage } from './src/lib/media/storage'
import { mailAdapter } from './src/lib/mail'
import { jobsConfig } from './src/lib/mail-queue/send-mail-task'
import { staleListener } from './src/lib/auth/stale-listener'
import { reminderMailConditions, reminderSweeper } from './src/operations/bookings/reminders'
import { webhookWorker } from './src/operations/webhooks/deliver'
import { communityJobs, expireClassifiedsTask } from './src/operations/community/jobs'
import { payloadSecret } from './src/lib/secret'
import { settings } from './src/lib/settings'
import { REQUIRED_OBJECTS } from './src/operations/database-objects'

const root = path.dirname(fileURLToPath(import.meta.url))

// @payloadcms/email-nodemailer and @payloadcms/storage-s3 have no 3.90.2 release; their
// 3.90.1 is what pairs with payload 3.90.2 (docs/decisions.md). Payload's dev-time version
// checker would reject the mix with an unhandled rejection, so it is switched off.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'
const config = settings()

// harden: rules that must also reach Payload's own collections (collections/hardening.ts).
export default buildConfig({
  serverURL: config.publicUrl,
  secret: payloadSecret(),
  admin: {
    user: 'users',
    // Gravatar is unreachable offline; the default avatar needs no network.
    avatar: 'default',
    importMap: { baseDir: root },
    meta: { titleSuffix: ' · Community Platform' },
    // The panel for editors and translators (issue 13, docs/admin-panel.md): what needs the
    // signed-in person now, and the translation coverage view.
    components: {
      beforeDashboard: ['/src/admin/WorkQueue#WorkQueue', '/src/admin/ModerationDesk#ModerationDesk'],
      afterNavLinks: ['/src/admin/CoverageNavLink#CoverageNavLink', '/src/admin/TransparencyNavLink#TransparencyNavLink'],
      views: {
        translationCoverage: { Component: '/src/admin/TranslationCoverageView#TranslationCoverageView', path: '/translations' },
        transparency: { Component: '/src/admin/TransparencyView#TransparencyView', path: '/transparency' },
      },
    },
  },
  collections,
  endpoints,
  // Stock routes answer a client's malformed input with 400, not 500 (issue 11's fuzzer).
  hooks: { afterError: [clientErrorHook] },
  localization: {
    locales: config.locales,
    defaultLocale: config.locales[0] ?? 'en',
    fallback: true,
  },
  editor: lexicalEditor(),
  db: postgresAdapter({
    idType: 'uuid',
    pool: {
      // Read when Payload connects, not when this module loads: one process may start Payload
      // on one database after another (the testing kit migrates its template, then a copy).
      get connectionString() {
        return process.env.DATABASE_URL
      },
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    },
    // The schema comes from committed migrations, never from a dev push that could stop to
    // ask a question on a terminal nobody watches (STACK-NOTES "Schema push").
    push: config.dbPush,
    migrationDir: path.join(root, 'src/migrations'),
    // pg_trgm and the catalogue's named indexes (trigram search, list filters).
    ...catalogueDatabase,
  }),
  // The documented API is REST; GraphQL would be a second, unaudited way to every collection.
  graphQL: { disable: true },
  cors: config.trustedOrigins,
  csrf: config.trustedOrigins,
  email: mailAdapter(),
  // Outgoing mail goes through Payload's jobs queue (src/lib/mail-queue).
  jobs: jobsConfig([expireClassifiedsTask()], reminderMailConditions),
  // Timers every server process runs beside the mail runner (src/lib/background-workers.ts).
  custom: {
    backgroundWorkers: [staleListener, communityJobs, reminderSweeper, webhookWorker],
    publicReads: PUBLIC_READS,
    // Checked at every start: the server refuses a database without them (src/lib/postgres/required-objects.ts).
    requiredObjects: REQUIRED_OBJECTS,
  },
  plugins: mediaStorage(),
  sharp,
  // Payload's own multipart parser (stock upload routes, the admin panel): one file of at
  // most 10 MiB, refused with 413 while it streams (docs/decisions.md). busboy reports its
  // limit when a file reaches `fileSize`, hence the one extra byte.
  upload: { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } },
  telemetry: false,
  // Types are generated on purpose (npm run generate:types), not by a child process at every start.
  typescript: { autoGenerate: false, outputFile: path.join(root, 'src/payload-types.ts') },
}).then(harden)
