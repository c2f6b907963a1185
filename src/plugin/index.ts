import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import type { Config, JobsConfig, Migration, Payload, Plugin } from 'payload'

import { guardCollection, hardenSanitized } from '../../collections/hardening'
import { collections } from '../../collections/index'
import { PUBLIC_READS } from '../../collections/publicReads'
import { catalogueDatabase } from '../../collections/ServiceListings/catalogue-indexes'
import { endpoints } from '../../endpoints/index'
import { PANEL_I18N } from '../admin/i18n/index'
import { staleListener } from '../lib/auth/stale-listener'
import { type BackgroundWorker, backgroundWorkersOf } from '../lib/background-workers'
import { clientErrorHook } from '../lib/http/client-errors'
import { deleteSentMail, startMailRunner } from '../lib/mail-queue/runner'
import { jobsConfig } from '../lib/mail-queue/send-mail-task'
import { MAX_UPLOAD_BYTES } from '../lib/media/limits'
import { mediaStorage } from '../lib/media/storage'
import { reportFailedCommits } from '../lib/postgres/failed-commits'
import { listenForLostConnections } from '../lib/postgres/lost-connections'
import { refuseWithoutRequiredObjects } from '../lib/postgres/required-objects'
import { settings } from '../lib/settings'
import { migrations } from '../migrations/index'
import { scheduledPublishing, takeOverScheduledPublishing } from '../operations/blog/schedule'
import { reminderMailConditions, reminderSweeper } from '../operations/bookings/reminders'
import { waitlistSweeper } from '../operations/bookings/waitlist'
import { communityJobs, expireClassifiedsTask } from '../operations/community/jobs'
import { REQUIRED_OBJECTS } from '../operations/database-objects'
import { digestSweeper } from '../operations/notifications/digests'
import { webhookWorker } from '../operations/webhooks/deliver'

// @payloadcms/email-nodemailer and @payloadcms/storage-s3 have no 3.90.2 release; their
// 3.90.1 is what pairs with payload 3.90.2 (docs/decisions.md). Payload's dev-time version
// checker would reject the mix with an unhandled rejection, so it is switched off.
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

export interface CommunityPlatformOptions {
  /**
   * Run the platform's migrations when Payload starts, before any worker (default: true).
   * False when the host runs them itself (`platformMigrations`, e.g. as the adapter's
   * `prodMigrations`) or lets a development adapter push the schema.
   */
  migrate?: boolean
  /** The locales when the host's config has no `localization` (default: `LOCALES`, en,fr,de,es,it,nl). */
  locales?: string[]
}

/** The platform's migrations, for a host that runs them through its own adapter. */
// Migration files type their arguments more narrowly than the adapter's Migration type.
export const platformMigrations = migrations as Migration[]

/**
 * What the platform needs of the host's `postgresAdapter`: uuid ids (its migrations make uuid
 * keys) and the catalogue's extension and named indexes (collection config cannot say them).
 */
export const platformDatabase = { idType: 'uuid', ...catalogueDatabase } satisfies Partial<PostgresAdapterArgs>

/** Timers every server process runs beside the mail runner (src/lib/background-workers.ts). */
const WORKERS: BackgroundWorker[] = [
  staleListener,
  communityJobs,
  reminderSweeper,
  waitlistSweeper,
  webhookWorker,
  digestSweeper,
  scheduledPublishing,
]

// The panel for editors and translators (docs/admin-panel.md): what needs the signed-in
// person now, and the translation coverage and transparency views. Paths are read from the
// host's `admin.importMap.baseDir`, this repository's root.
const PANEL = {
  beforeDashboard: ['/src/admin/WorkQueue#WorkQueue', '/src/admin/ModerationDesk#ModerationDesk'],
  afterNavLinks: [
    '/src/admin/CoverageNavLink#CoverageNavLink',
    '/src/admin/TransparencyNavLink#TransparencyNavLink',
    '/src/admin/WatchedWordsNavLink#WatchedWordsNavLink',
  ],
  views: {
    translationCoverage: {
      Component: '/src/admin/TranslationCoverageView#TranslationCoverageView',
      path: '/translations',
    },
    transparency: { Component: '/src/admin/TransparencyView#TransparencyView', path: '/transparency' },
    watchedWords: { Component: '/src/admin/WatchedWordsView#WatchedWordsView', path: '/watched-words' },
  },
} as const

/** The platform's tasks beside the host's; the queue's access and collection are the platform's (jobsConfig). */
function withPlatformJobs(host: JobsConfig | undefined): JobsConfig {
  const platform = jobsConfig([expireClassifiedsTask()], reminderMailConditions)
  const hostOverrides = host?.jobsCollectionOverrides
  const platformOverrides = platform.jobsCollectionOverrides!
  return {
    ...host,
    ...platform,
    tasks: [...(host?.tasks ?? []), ...(platform.tasks ?? [])],
    jobsCollectionOverrides: ({ defaultJobsCollection }) => {
      const fromHost = hostOverrides ? hostOverrides({ defaultJobsCollection }) : defaultJobsCollection
      return platformOverrides({ defaultJobsCollection: fromHost })
    },
  }
}

function refuseOtherDatabases(db: Config['db'] | undefined): void {
  // A uuid adapter states its ids as text before it is built.
  if (db?.name === 'postgres' && db.defaultIDType === 'text') return
  throw new Error(
    'communityPlatform needs postgresAdapter({ ...platformDatabase, … }): its migrations are PostgreSQL, uuid ids',
  )
}

/** What must happen once Payload runs, before the host's onInit and before any request. */
async function startPlatform(payload: Payload, options: CommunityPlatformOptions): Promise<void> {
  // Our session strategy is the only way in: Payload's JWT strategy would accept tokens
  // minted by Payload's own login/reset operations, a second session system.
  payload.authStrategies = payload.authStrategies.filter((strategy) => strategy.name !== 'local-jwt')
  // Payload adds its own collections and every collection's timestamps while it sanitizes,
  // after the plugins ran, with no option to change them: onInit is the first point that sees them.
  hardenSanitized(payload.config)
  takeOverScheduledPublishing(payload.config)
  listenForLostConnections(payload)
  reportFailedCommits(payload)
  if (options.migrate !== false) await payload.db.migrate({ migrations: platformMigrations })
  // A pushed development schema has none of the migrations' functions and triggers to check.
  if (!settings().dbPush) await refuseWithoutRequiredObjects(payload)
  // Mail waiting from before (SMTP was down, the last process stopped) goes out now.
  await deleteSentMail(payload.db.pool)
  startMailRunner(payload)
  for (const worker of backgroundWorkersOf(payload)) worker.start(payload)
}

/**
 * The community platform as a Payload plugin: its collections, endpoints, access, hooks,
 * jobs, panel, migrations and start-up, added to the host's config (docs/plugin.md).
 */
export const communityPlatform =
  (options: CommunityPlatformOptions = {}): Plugin =>
  async (incoming: Config): Promise<Config> => {
    refuseOtherDatabases(incoming.db)
    const locales = options.locales ?? settings().locales
    const hostWorkers = (incoming.custom?.backgroundWorkers as BackgroundWorker[] | undefined) ?? []
    let config: Config = {
      ...incoming,
      admin: {
        ...incoming.admin,
        user: incoming.admin?.user ?? 'users',
        components: {
          ...incoming.admin?.components,
          beforeDashboard: [...(incoming.admin?.components?.beforeDashboard ?? []), ...PANEL.beforeDashboard],
          afterNavLinks: [...(incoming.admin?.components?.afterNavLinks ?? []), ...PANEL.afterNavLinks],
          views: { ...incoming.admin?.components?.views, ...PANEL.views },
        },
      },
      // The panel in the editors' languages, chosen on the account page (docs/admin-panel.md "Languages").
      i18n: {
        ...PANEL_I18N,
        ...incoming.i18n,
        supportedLanguages: { ...PANEL_I18N.supportedLanguages, ...incoming.i18n?.supportedLanguages },
        translations: { ...PANEL_I18N.translations, ...incoming.i18n?.translations } as never,
      },
      collections: [...(incoming.collections ?? []), ...collections].map(guardCollection),
      endpoints: [...(incoming.endpoints ?? []), ...endpoints],
      // Stock routes answer a client's malformed input with 400, not 500.
      hooks: { ...incoming.hooks, afterError: [...(incoming.hooks?.afterError ?? []), clientErrorHook] },
      localization: incoming.localization || { locales, defaultLocale: locales[0] ?? 'en', fallback: true },
      // The platform's rich text (blog posts, articles) is Lexical's.
      editor: incoming.editor ?? lexicalEditor(),
      // The documented API is REST; GraphQL would be a second, unaudited way to every collection.
      graphQL: { ...incoming.graphQL, disable: true },
      // Outgoing mail goes through Payload's jobs queue (src/lib/mail-queue).
      jobs: withPlatformJobs(incoming.jobs),
      custom: {
        ...incoming.custom,
        backgroundWorkers: [...hostWorkers, ...WORKERS],
        publicReads: PUBLIC_READS,
        // Checked at every start: Payload refuses a database without them (src/lib/postgres/required-objects.ts).
        requiredObjects: REQUIRED_OBJECTS,
        // What /api/health/ready waits for (src/lib/readiness.ts).
        migrations: platformMigrations,
      },
      // Payload's own multipart parser (stock upload routes, the panel): one file of at most
      // 10 MiB, refused with 413 while it streams (docs/decisions.md). busboy reports its
      // limit when a file reaches `fileSize`, hence the one extra byte.
      upload: { ...incoming.upload, limits: { ...incoming.upload?.limits, fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } },
      onInit: async (payload) => {
        await startPlatform(payload, options)
        await incoming.onInit?.(payload)
      },
    }
    // The media collections' storage is part of the schema (its fields are there with or
    // without a bucket), so it comes with them.
    for (const storage of mediaStorage()) config = await storage(config)
    return config
  }
