// `npm run seed`: demo data for the admin panel, safe to run again; `-- --services N --users U --bookings M`,
// `--threads T --posts P`, `--classifieds C --events E` add generated data for scale runs (README.md
// "Scripts"). Payload loads only once the arguments are good.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'

import type { CollectionSlug, Payload, Where } from 'payload'
import type { PoolClient } from 'pg'
import { z } from 'zod'

import { seedBlog } from './seed-blog'
import { seedForum } from './seed-bulk-forum'
import { seedLists } from './seed-bulk-lists'
import { seedBookings as seedBulkBookings, seedUsers as seedBulkUsers } from './seed-bulk-people'
import { seedCommunity } from './seed-community'
import { DEMO_BOOKINGS, weekdayDate } from './seed-demo-bookings'
import demoServices from './seed-services.json' with { type: 'json' }

const USAGE = `Usage: npm run seed [-- --services N] [--users U] [--bookings M] [--threads T --posts P]
                    [--classifieds C] [--events E]

Loads demo categories, services and availability slots, a moderator, a blog post and
comments, and a small community: forum threads, places, classifieds, an article, a
review (idempotent).
--services N   also generates N services with slots and bookings (scale runs).
--users U      also generates U customers, each with profile, wallet and audit entry.
--bookings M   also generates M bookings over all services, from all users, in a
               realistic status mix (past: mostly completed; ahead: pending/confirmed).
--threads T    also generates T forum threads (one in 500 pinned; some closed, moderated,
               deleted) by the first 10,000 users.
--posts P      also generates P posts spread evenly over those T threads (needs --threads);
               each thread's postCount and lastPostAt are exact.
--classifieds C  also generates C classifieds (80 % active, the rest in every other
               status) by the first 10,000 users.
--events E     also generates E events (94 % published) by the first 10,000 users.
Database: DATABASE_URL when set, else the embedded one under DATA_DIR (.data/).`

/** Rows per statement of the generated services (one statement per table up to this many). */
const CHUNK = 100_000
const EXIT_FAILED = 1
const EXIT_USAGE = 2

type Texts = Record<'en' | 'fr' | 'de', string>

interface DemoCategory {
  slug: string
  name: Texts
  description?: Texts
  parent?: string
  sortOrder: number
  isFeatured?: boolean
  displayInHome?: boolean
}

const CATEGORIES: DemoCategory[] = [
  {
    slug: 'wellness',
    sortOrder: 1,
    isFeatured: true,
    displayInHome: true,
    name: { en: 'Wellness', fr: 'Bien-être', de: 'Wellness' },
    description: { en: 'Take care of yourself', fr: 'Prenez soin de vous', de: 'Gönnen Sie sich etwas' },
  },
  { slug: 'yoga', parent: 'wellness', sortOrder: 1, name: { en: 'Yoga', fr: 'Yoga', de: 'Yoga' } },
  { slug: 'massage', parent: 'wellness', sortOrder: 2, name: { en: 'Massage', fr: 'Massage', de: 'Massage' } },
  {
    slug: 'home-services',
    sortOrder: 2,
    displayInHome: true,
    name: { en: 'Home services', fr: 'Services à domicile', de: 'Haushaltsdienste' },
  },
  { slug: 'cleaning', parent: 'home-services', sortOrder: 1, name: { en: 'Cleaning', fr: 'Ménage', de: 'Reinigung' } },
  {
    slug: 'gardening',
    parent: 'home-services',
    sortOrder: 2,
    name: { en: 'Gardening', fr: 'Jardinage', de: 'Gartenarbeit' },
  },
  { slug: 'lessons', sortOrder: 3, name: { en: 'Lessons', fr: 'Cours', de: 'Unterricht' } },
  { slug: 'music-lessons', parent: 'lessons', sortOrder: 1, name: { en: 'Music', fr: 'Musique', de: 'Musik' } },
  {
    slug: 'language-lessons',
    parent: 'lessons',
    sortOrder: 2,
    name: { en: 'Languages', fr: 'Langues', de: 'Sprachen' },
  },
]

const texts = z.strictObject({ en: z.string(), fr: z.string(), de: z.string() })
/** A demo service of ./seed-services.json, with its weekly slots as [dayOfWeek, start, end]. */
const demoService = z.strictObject({
  slug: z.string(),
  category: z.string(),
  status: z.enum(['draft', 'active', 'suspended']),
  basePrice: z.string(),
  priceType: z.enum(['hourly', 'fixed', 'per_session']),
  durationMinutes: z.number().int().positive(),
  title: texts,
  short: texts,
  isFeatured: z.boolean().optional(),
  isMobile: z.boolean().optional(),
  slots: z.array(z.tuple([z.number().int().min(0).max(6), z.string(), z.string()])),
})

const SERVICES = z.array(demoService).parse(demoServices)

const PROVIDERS = ['provider.anna@example.com', 'provider.marc@example.com']

interface Counts {
  services: number
  users: number
  bookings: number
  threads: number
  posts: number
  classifieds: number
  events: number
}

function count(name: keyof Counts, raw: string | undefined): number {
  if (raw === undefined) return 0
  if (!/^\d+$/.test(raw) || Number(raw) > 10_000_000)
    throw new Error(`--${name} takes a whole number (up to 10,000,000)`)
  return Number(raw)
}

function parse(argv: string[]): Counts | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      services: { type: 'string' },
      users: { type: 'string' },
      bookings: { type: 'string' },
      threads: { type: 'string' },
      posts: { type: 'string' },
      classifieds: { type: 'string' },
      events: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) return 'help'
  const counts = {
    services: count('services', values.services),
    users: count('users', values.users),
    bookings: count('bookings', values.bookings),
    threads: count('threads', values.threads),
    posts: count('posts', values.posts),
    classifieds: count('classifieds', values.classifieds),
    events: count('events', values.events),
  }
  if (counts.posts > 0 && counts.threads === 0)
    throw new Error('--posts goes into the threads the same run generates: add --threads')
  return counts
}

async function findId(payload: Payload, collection: CollectionSlug, where: Where): Promise<string | undefined> {
  const { docs } = await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true })
  return docs[0] ? String(docs[0].id) : undefined
}

async function ensureUsers(payload: Payload, emails: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const email of emails) {
    const found = await findId(payload, 'users', { email: { equals: email } })
    if (found) {
      ids.push(found)
      continue
    }
    // Demo users never sign in: their password is random and not kept anywhere.
    const user = await payload.create({
      collection: 'users',
      data: {
        email,
        name: email
          .split('@')[0]!
          .replace(/^(provider|customer)\./, '')
          .replace(/^./, (c) => c.toUpperCase()),
        password: `${randomBytes(24).toString('base64url')}Aa1!`,
        roles: ['citizen'],
        emailVerified: true,
      } as never,
      overrideAccess: true,
    })
    ids.push(String(user.id))
  }
  return ids
}

async function seedCategories(payload: Payload): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  let created = 0
  for (const category of CATEGORIES) {
    const found = await findId(payload, 'service-categories', { slug: { equals: category.slug } })
    if (found) {
      ids.set(category.slug, found)
      continue
    }
    const { parent, ...fields } = category
    const doc = await payload.create({
      collection: 'service-categories',
      locale: 'all',
      data: { ...fields, parent: parent ? ids.get(parent) : null } as never,
      overrideAccess: true,
    })
    ids.set(category.slug, String(doc.id))
    created++
  }
  console.log(`seed: categories: ${created} created, ${CATEGORIES.length - created} already there`)
  return ids
}

async function seedServices(payload: Payload, providers: string[], categories: Map<string, string>): Promise<void> {
  let created = 0
  for (const [index, service] of SERVICES.entries()) {
    if (await findId(payload, 'service-listings', { slug: { equals: service.slug } })) continue
    const doc = await payload.create({
      collection: 'service-listings',
      data: {
        slug: service.slug,
        category: categories.get(service.category),
        provider: providers[index % providers.length],
        status: service.status,
        basePrice: service.basePrice,
        priceType: service.priceType,
        currency: 'EUR',
        durationMinutes: service.durationMinutes,
        isFeatured: service.isFeatured ?? false,
        isMobile: service.isMobile ?? false,
        inLanguage: 'en',
        translations: (['en', 'fr', 'de'] as const).map((lang) => ({
          inLanguage: lang,
          title: service.title[lang],
          shortDescription: service.short[lang],
        })),
      } as never,
      overrideAccess: true,
    })
    for (const [dayOfWeek, startTime, endTime] of service.slots) {
      await payload.create({
        collection: 'service-availability',
        data: { service: doc.id, dayOfWeek, startTime, endTime } as never,
        overrideAccess: true,
      })
    }
    created++
  }
  console.log(`seed: services: ${created} created (with their slots), ${SERVICES.length - created} already there`)
}

const DEMO_CUSTOMER = 'customer.demo@example.com'
/**
 * Demo bookings through the Local API, so the collection hooks derive the provider, price
 * and time range and write the audit entries and notifications. Created in their final
 * status (an admin may enter a booking in any status); skipped once the demo customer has any.
 */
async function seedBookings(payload: Payload): Promise<void> {
  const [customer] = await ensureUsers(payload, [DEMO_CUSTOMER])
  const serviceId = await findId(payload, 'service-listings', { slug: { equals: 'home-cleaning' } })
  if (!customer || !serviceId) return
  if (await findId(payload, 'bookings', { customer: { equals: customer } })) {
    console.log('seed: bookings: already there')
    return
  }
  for (const booking of DEMO_BOOKINGS) {
    await payload.create({
      collection: 'bookings',
      data: {
        service: serviceId,
        customer,
        bookingDate: weekdayDate(booking.weekdays),
        bookingTime: '10:00',
        status: booking.status,
        customerMessage: booking.message,
        providerResponse: booking.response,
      } as never,
      overrideAccess: true,
    })
  }
  console.log(`seed: bookings: ${DEMO_BOOKINGS.length} created, one in every status`)
}

/**
 * N services for scale runs: the Local API would take minutes per 10,000. The run's services
 * are worked out once in a temporary table, then each table gets one INSERT … SELECT of up to
 * CHUNK of them at a time (100,000 services: one statement per table), with a progress line
 * per statement. Rows match what the collection hooks would store (title, search text,
 * canonical price) and their creation audit entries, marked `seeded`. On one connection (the
 * temporary table) and in one transaction: the services are written whole or not at all.
 */
async function seedBulk(payload: Payload, total: number, providers: string[], categoryIds: string[]): Promise<void> {
  const pool = payload.db.pool
  const client = await pool.connect()
  const run = randomBytes(3).toString('hex')
  const started = Date.now()
  const step = async (label: string, text: string) => {
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, total)
      const { rowCount } = await client.query(text, [from, to])
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      console.log(
        `seed: generated services: ${label} for ${to.toLocaleString('en')}/${total.toLocaleString('en')}: ${(rowCount ?? 0).toLocaleString('en')} rows (${seconds} s)`,
      )
    }
  }
  try {
    await client.query('BEGIN')
    await client.query(
      `CREATE TEMP TABLE seed_services ON COMMIT DROP AS
       SELECT i AS n, gen_random_uuid() AS id, ($2::uuid[])[1 + i % array_length($2::uuid[], 1)] AS provider_id,
              ($3::uuid[])[1 + i % array_length($3::uuid[], 1)] AS category_id, now() - i * interval '1 second' AS created_at
       FROM generate_series(1, $1::int) AS i`,
      [total, providers, categoryIds],
    )
    await client.query('CREATE UNIQUE INDEX ON seed_services (n)')
    const range = 's.n BETWEEN $1 AND $2'
    await step(
      'services',
      `INSERT INTO service_listings (id, slug, title, search_text, status, base_price, price_type, currency, duration_minutes, provider_id, category_id,
                                     is_mobile, is_featured, display_in_home, allow_reviews, in_language, created_at, updated_at)
       SELECT s.id, 'bulk-${run}-' || s.n, 'Generated service ' || s.n,
              'bulk-${run}-' || s.n || E'\\n' || 'generated service ' || s.n || E'\\n' || 'service généré ' || s.n,
              (ARRAY['active','active','active','draft','suspended','archived'])[1 + s.n % 6]::enum_service_listings_status,
              (10 + s.n % 90) || '.' || lpad((s.n % 100)::text, 2, '0'), (ARRAY['hourly','fixed','per_session'])[1 + s.n % 3]::enum_service_listings_price_type,
              'EUR', 30 + 15 * (s.n % 6), s.provider_id, s.category_id, s.n % 7 = 0, s.n % 50 = 0, s.n % 40 = 0, true, 'en', s.created_at, now()
       FROM seed_services s WHERE ${range}`,
    )
    await step(
      'translations',
      `INSERT INTO service_listings_translations (_order, _parent_id, id, in_language, title)
       SELECT t.position, s.id, substr(md5(random()::text), 1, 24), t.lang, t.prefix || s.n
       FROM seed_services s CROSS JOIN (VALUES (1, 'en', 'Generated service '), (2, 'fr', 'Service généré ')) AS t(position, lang, prefix) WHERE ${range}`,
    )
    await step(
      'slots',
      `INSERT INTO service_availability (id, service_id, day_of_week, start_time, end_time, is_available, created_at, updated_at)
       SELECT gen_random_uuid(), s.id, d.day, d.start_time, d.end_time, true, now(), now()
       FROM seed_services s CROSS JOIN (VALUES (1, '09:00', '12:00'), (3, '14:00', '18:00')) AS d(day, start_time, end_time) WHERE ${range}`,
    )
    // A booking for every tenth service, and the creation entries the collection hooks would
    // write for both (an invariant: tests/helpers/invariants.ts).
    await step(
      'bookings',
      `WITH booked AS (
         INSERT INTO bookings (id, service_id, provider_id, customer_id, booking_date, booking_time, end_time, duration_minutes, total_price, currency, status,
                               start_minute, end_minute, created_at, updated_at)
         SELECT gen_random_uuid(), s.id, s.provider_id, s.provider_id, to_char(current_date + (s.n % 60), 'YYYY-MM-DD'), '09:00', '10:00', 60, 1500, 'EUR',
                (ARRAY['pending','confirmed','completed','cancelled_by_customer'])[1 + s.n / 10 % 4]::enum_bookings_status,
                -- The wall-clock minute range the no-overlap constraint compares (src/lib/wall-clock.ts).
                (current_date + (s.n % 60) - DATE '1970-01-01') * 1440 + 540, (current_date + (s.n % 60) - DATE '1970-01-01') * 1440 + 600, now(), now()
         FROM seed_services s WHERE ${range} AND s.n % 10 = 0
         RETURNING id
       )
       INSERT INTO audit_logs (action, target_type, target_id, data, created_at, updated_at)
       SELECT 'booking.create', 'bookings', id::text, '{"seeded":true}'::jsonb, now(), now() FROM booked`,
    )
    await step(
      'audit entries',
      `INSERT INTO audit_logs (action, target_type, target_id, data, created_at, updated_at)
       SELECT 'service.create', 'service-listings', s.id::text, '{"seeded":true}'::jsonb, now(), now() FROM seed_services s WHERE ${range}`,
    )
    await client.query('COMMIT')
    // Fresh statistics and visibility map, so the planner's first choices are the good ones.
    await client.query(
      'VACUUM ANALYZE service_listings, service_listings_translations, service_availability, bookings, audit_logs',
    )
    console.log(
      `seed: generated services: ${total.toLocaleString('en')} in ${((Date.now() - started) / 1000).toFixed(1)} s, VACUUM ANALYZE included`,
    )
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/**
 * `work` on one connection of the pool (the bulk seeders use temporary tables), then fresh statistics for
 * `tables`, so the planner's first choices are the good ones.
 */
async function onOneConnection(payload: Payload, tables: string, work: (client: PoolClient) => Promise<void>) {
  const client = await payload.db.pool.connect()
  try {
    await work(client)
    await client.query(`VACUUM ANALYZE ${tables}`)
  } finally {
    client.release()
  }
}

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(1)

/** U customers, then M bookings (the bookings use temporary tables). */
const seedPeople = (payload: Payload, users: number, bookings: number) =>
  onOneConnection(payload, 'users, users_roles, profiles, wallets, audit_logs, bookings', async (client) => {
    if (users > 0) console.log(`seed: users: ${(await seedBulkUsers(client, users)).toLocaleString('en')} created`)
    if (bookings > 0) {
      const written = await seedBulkBookings(client, bookings)
      console.log(
        `seed: bookings: ${written.toLocaleString('en')} created${written < bookings ? ` (${(bookings - written).toLocaleString('en')} would have overlapped earlier ones)` : ''}`,
      )
    }
  })

/** T forum threads and P posts (scripts/seed-bulk-forum.ts). */
const seedThreads = (payload: Payload, threads: number, posts: number) =>
  onOneConnection(payload, 'forum_threads, forum_posts', async (client) => {
    const started = Date.now()
    const written = await seedForum(client, threads, posts)
    console.log(
      `seed: forum: ${written.threads.toLocaleString('en')} threads and ${written.posts.toLocaleString('en')} posts created in ${seconds(started)} s`,
    )
  })

/** C classifieds and E events (scripts/seed-bulk-lists.ts). */
const seedListRows = (payload: Payload, classifieds: number, events: number) =>
  onOneConnection(payload, 'classifieds, events', async (client) => {
    const started = Date.now()
    const written = await seedLists(client, { classifieds, events })
    console.log(
      `seed: lists: ${(written.classifieds ?? 0).toLocaleString('en')} classifieds and ${(written.events ?? 0).toLocaleString('en')} events created in ${seconds(started)} s`,
    )
  })

async function main(): Promise<number> {
  let args: Counts | 'help'
  try {
    args = parse(process.argv.slice(2))
  } catch (error) {
    console.error(`seed: ${(error as Error).message}\n\n${USAGE}`)
    return EXIT_USAGE
  }
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  const { services, users, bookings, threads, posts, classifieds, events } = args
  try {
    const { withDatabase } = await import('./with-database')
    const { startPayload, stopPayload } = await import('../src/lib/payload-lifecycle')
    await withDatabase(async () => {
      const payload = await startPayload()
      try {
        const providers = await ensureUsers(payload, PROVIDERS)
        const categories = await seedCategories(payload)
        await seedServices(payload, providers, categories)
        await seedBookings(payload)
        await seedBlog(payload, providers)
        await seedCommunity(payload, providers, DEMO_CUSTOMER)
        if (services > 0) await seedBulk(payload, services, providers, [...categories.values()])
        if (users > 0 || bookings > 0) await seedPeople(payload, users, bookings)
        if (threads > 0) await seedThreads(payload, threads, posts)
        if (classifieds > 0 || events > 0) await seedListRows(payload, classifieds, events)
      } finally {
        await stopPayload(payload)
      }
    })
    console.log('seed: done. Sign in to /admin as an admin (npm run create-admin) to see the catalogue.')
    return 0
  } catch (error) {
    console.error(`seed: failed: ${error instanceof Error ? error.message : String(error)}`)
    return EXIT_FAILED
  }
}

// Exit explicitly: a library timer left behind must not keep a finished script alive.
process.exit(await main())
