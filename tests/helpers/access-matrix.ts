// Access on every stock REST route for every collection and role, with no oracle and no secret in any
// body (docs/api.md "Roles and permissions"). One row per collection in ACCESS: a collection without a row
// fails the first test. PARTS splits the rows over tests/int/access-matrix-*.test.ts, balanced by time.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { CollectionSlug } from 'payload'

import { addDays, wallClockToday } from '../../src/lib/wall-clock'
import { makeComment, makePost } from './blog'
import { dropMedia, makeMedia, MISSING_ID } from './catalogue'
import { sql, startTestApp, type TestApp } from './test-app'
import { authHeaders, createUser, TEST_PASSWORD, type TestUser } from './users'

const WEBHOOK_SECRET = 'whsec_bWF0cml4LXNlY3JldC1ub3QtcmVhbA=='

const WHO = ['anonymous', 'citizen', 'moderator', 'admin'] as const
type Who = (typeof WHO)[number]

/** false: refused outright (403); '*': every fixture row; a list: exactly those fixture rows. */
type Reach = false | '*' | readonly string[]
type PerWho<T> = Record<Who, T>

interface Ctx {
  app: TestApp
  /** A fresh user with the role under test; null for anonymous. */
  caller: TestUser | null
  /** A fresh citizen who is not the caller. */
  other: TestUser
}

interface Fixture {
  /** The rows the checks run on, by name (only names that make sense for this caller). */
  docs: Record<string, string>
  /** Other ids the create body may need. */
  refs?: Record<string, string>
}

interface Probe {
  /** A field path, possibly through a relationship (`user.passwordHash`). */
  path: string
  operator: 'like' | 'exists'
  hit: (ctx: Ctx) => string
  miss: string
  /** Admins read users' emails: filtering by one is no oracle for them. */
  notForAdmins?: true
}

interface AccessRow {
  setup: (ctx: Ctx) => Promise<Fixture>
  read: PerWho<Reach>
  update: PerWho<Reach>
  delete: PerWho<Reach>
  create: PerWho<boolean>
  createBody: (
    ctx: Ctx,
    fixture: Fixture,
  ) => Promise<Record<string, unknown> | FormData> | Record<string, unknown> | FormData
  /** A harmless change for the update checks (a function when each row needs its own value). */
  patch: Record<string, unknown> | (() => Record<string, unknown>)
  /**
   * GET and DELETE `/:x` are Payload's by-key routes for the caller's own preferences, not
   * by id: the per-row read and delete checks are left to the list and the bulk routes.
   */
  byKey?: true
  /** Hidden paths no caller may filter, sort or count by. */
  probes?: Probe[]
  /** No REST route at all (Payload's `endpoints: false`). */
  noRoutes?: true
  /** Rows the delete checks leave alone (the caller's own account). */
  keep?: string[]
  /** DELETE /:id sets status `deleted` and keeps the row (docs/api.md "Community content"); bulk
   * DELETE removes nothing.
   */
  softDelete?: true
  /** Rows in a locked status: whoever reaches them gets 409 content_locked on update and DELETE. */
  locked?: string[]
  /** An anonymous create is 401, sign in first (docs/api.md "Community content"); other refusals are 403. */
  signInToCreate?: true
}

const all = <T>(value: T): PerWho<T> => ({ anonymous: value, citizen: value, moderator: value, admin: value })
const adminOnly: PerWho<Reach> = { anonymous: false, citizen: false, moderator: false, admin: '*' }
const adminCreates: PerWho<boolean> = { anonymous: false, citizen: false, moderator: false, admin: true }
const nobody: PerWho<Reach> = all(false)
const staff: PerWho<Reach> = { anonymous: false, citizen: false, moderator: '*', admin: '*' }
const ownOnly = (key = 'mine'): PerWho<Reach> => ({ anonymous: false, citizen: [key], moderator: [key], admin: [key] })
const adminOrOwn = (key = 'mine'): PerWho<Reach> => ({ anonymous: false, citizen: [key], moderator: [key], admin: '*' })

const hex = (n = 4) => randomBytes(n).toString('hex')
const slug = (prefix: string) => `${prefix}-${hex()}`
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString()

// Paths through a relationship to users: another user's password hash or email.
const userProbes = (field: string): Probe[] => [
  { path: `${field}.passwordHash`, operator: 'like', hit: () => '$argon2id', miss: 'no-such-hash' },
  { path: `${field}.hash`, operator: 'exists', hit: () => 'true', miss: 'false' },
  {
    path: `${field}.email`,
    operator: 'like',
    hit: (ctx) => ctx.other.email,
    miss: 'nobody@nowhere.invalid',
    notForAdmins: true,
  },
]

async function create(app: TestApp, collection: string, data: Record<string, unknown>): Promise<string> {
  const doc = await app.payload.create({
    collection: collection as CollectionSlug,
    data: data as never,
    overrideAccess: true,
  })
  return String(doc.id)
}

/** The one row every user gets with their account (a profile, a wallet). */
async function ownedBy(app: TestApp, collection: string, user: string): Promise<string> {
  const { docs } = await app.payload.find({
    collection: collection as CollectionSlug,
    where: { user: { equals: user } },
    overrideAccess: true,
  })
  if (docs.length !== 1) throw new Error(`expected one ${collection} row for user ${user}, found ${docs.length}`)
  return String(docs[0]!.id)
}

/** A new user whose automatic profile or wallet is removed, so one may be created for them. */
async function userWithout(app: TestApp, collection: 'profiles' | 'wallets'): Promise<string> {
  const { id } = await createUser(app)
  await app.payload.delete({ collection, where: { user: { equals: id } }, overrideAccess: true })
  return id
}

/** `{mine, others}`: one row for the caller (when there is one), one for the other user. */
async function perUser(ctx: Ctx, make: (userId: string) => Promise<string>): Promise<Record<string, string>> {
  const docs: Record<string, string> = { others: await make(ctx.other.id) }
  if (ctx.caller) docs.mine = await make(ctx.caller.id)
  return docs
}

async function activeAndDraftServices(ctx: Ctx) {
  return {
    active: await create(ctx.app, 'service-listings', { slug: slug('svc'), provider: ctx.other.id, status: 'active' }),
    draft: await create(ctx.app, 'service-listings', { slug: slug('svc'), provider: ctx.other.id, status: 'draft' }),
  }
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

export const ACCESS: Record<string, AccessRow> = {
  users: {
    setup: async (ctx) => ({ docs: { others: ctx.other.id, ...(ctx.caller ? { self: ctx.caller.id } : {}) } }),
    keep: ['self'],
    read: { anonymous: false, citizen: ['self'], moderator: ['self'], admin: '*' },
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: () => ({ email: `made-${hex()}@example.test`, password: TEST_PASSWORD, roles: ['citizen'] }),
    patch: { name: 'Renamed' },
    probes: [
      { path: 'passwordHash', operator: 'like', hit: () => '$argon2id', miss: 'no-such-hash' },
      { path: 'hash', operator: 'exists', hit: () => 'true', miss: 'false' },
      { path: 'salt', operator: 'exists', hit: () => 'true', miss: 'false' },
    ],
  },
  profiles: {
    setup: async (ctx) => ({ docs: await perUser(ctx, (user) => ownedBy(ctx.app, 'profiles', user)) }),
    read: adminOrOwn(),
    update: adminOnly,
    delete: nobody,
    create: adminCreates,
    createBody: async (ctx) => ({ user: await userWithout(ctx.app, 'profiles'), username: slug('u') }),
    patch: () => ({ username: slug('renamed') }),
    probes: userProbes('user'),
  },
  wallets: {
    setup: async (ctx) => ({ docs: await perUser(ctx, (user) => ownedBy(ctx.app, 'wallets', user)) }),
    read: adminOrOwn(),
    update: adminOnly,
    delete: nobody,
    create: adminCreates,
    createBody: async (ctx) => ({ user: await userWithout(ctx.app, 'wallets') }),
    patch: { balance: '1.00' },
    probes: userProbes('user'),
  },
  organizations: {
    setup: async (ctx) => ({
      docs: { org: await create(ctx.app, 'organizations', { name: 'Org', slug: slug('org') }) },
    }),
    read: adminOnly,
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: () => ({ name: 'New org', slug: slug('org') }),
    patch: { name: 'Renamed org' },
  },
  memberships: {
    setup: async (ctx) => {
      const organization = await create(ctx.app, 'organizations', { name: 'Org', slug: slug('org') })
      return {
        docs: await perUser(ctx, (user) => create(ctx.app, 'memberships', { organization, user, role: 'member' })),
        refs: { organization },
      }
    },
    read: adminOnly,
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: async (ctx, fixture) => ({
      organization: fixture.refs!.organization,
      user: (await createUser(ctx.app)).id,
      role: 'member',
    }),
    patch: { role: 'admin' },
    probes: userProbes('user'),
  },
  invitations: {
    setup: async (ctx) => {
      const organization = await create(ctx.app, 'organizations', { name: 'Org', slug: slug('org') })
      return {
        docs: {
          invitation: await create(ctx.app, 'invitations', {
            organization,
            email: `${slug('inv')}@example.test`,
            role: 'member',
            status: 'pending',
            expiresAt: inAWeek(),
          }),
        },
        refs: { organization },
      }
    },
    read: adminOnly,
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: (_ctx, fixture) => ({
      organization: fixture.refs!.organization,
      email: `${slug('inv')}@example.test`,
      role: 'member',
      expiresAt: inAWeek(),
    }),
    patch: { role: 'admin' },
  },
  sessions: {
    setup: async (ctx) => ({
      docs: await perUser(ctx, (user) =>
        create(ctx.app, 'sessions', {
          user,
          tokenHash: hex(32),
          expiresAt: inAWeek(),
          refreshedAt: new Date().toISOString(),
        }),
      ),
    }),
    read: nobody,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: (ctx) => ({
      user: ctx.other.id,
      tokenHash: hex(32),
      expiresAt: inAWeek(),
      refreshedAt: new Date().toISOString(),
    }),
    patch: { expiresAt: inAWeek() },
    probes: [{ path: 'tokenHash', operator: 'exists', hit: () => 'true', miss: 'false' }, ...userProbes('user')],
  },
  'verification-tokens': {
    setup: async (ctx) => ({
      docs: await perUser(ctx, (user) =>
        create(ctx.app, 'verification-tokens', {
          user,
          purpose: 'password_reset',
          tokenHash: hex(32),
          expiresAt: inAWeek(),
        }),
      ),
    }),
    read: nobody,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: (ctx) => ({ user: ctx.other.id, purpose: 'password_reset', tokenHash: hex(32), expiresAt: inAWeek() }),
    patch: { usedAt: new Date().toISOString() },
    probes: [{ path: 'tokenHash', operator: 'exists', hit: () => 'true', miss: 'false' }],
  },
  'rate-limits': {
    setup: async (ctx) => ({
      docs: {
        counter: await create(ctx.app, 'rate-limits', {
          key: `sign-in-email:${ctx.other.email}`,
          count: 1,
          expiresAt: inAWeek(),
        }),
      },
    }),
    read: nobody,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ key: `test:${hex()}`, count: 0, expiresAt: inAWeek() }),
    patch: { count: 0 },
    probes: [{ path: 'key', operator: 'like', hit: (ctx) => ctx.other.email, miss: 'nobody@nowhere.invalid' }],
  },
  'service-listings': {
    setup: async (ctx) => ({ docs: await activeAndDraftServices(ctx) }),
    read: { anonymous: ['active'], citizen: ['active'], moderator: ['active'], admin: '*' },
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: (ctx) => ({ slug: slug('svc'), provider: ctx.other.id }),
    patch: { isFeatured: true },
    probes: userProbes('provider'),
  },
  'service-categories': {
    setup: async (ctx) => ({
      docs: {
        active: await create(ctx.app, 'service-categories', { slug: slug('cat'), name: 'Active', isActive: true }),
        inactive: await create(ctx.app, 'service-categories', { slug: slug('cat'), name: 'Inactive', isActive: false }),
      },
    }),
    read: { anonymous: ['active'], citizen: ['active'], moderator: ['active'], admin: '*' },
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: () => ({ slug: slug('cat'), name: 'New' }),
    patch: { sortOrder: 5 },
  },
  'service-availability': {
    setup: async (ctx) => {
      const services = await activeAndDraftServices(ctx)
      const slot = (service: string) =>
        create(ctx.app, 'service-availability', { service, dayOfWeek: 1, startTime: '09:00', endTime: '10:00' })
      return { docs: { ofActive: await slot(services.active), ofDraft: await slot(services.draft) }, refs: services }
    },
    read: { anonymous: ['ofActive'], citizen: ['ofActive'], moderator: ['ofActive'], admin: '*' },
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: (_ctx, fixture) => ({
      service: fixture.refs!.active,
      dayOfWeek: 3,
      startTime: '09:00',
      endTime: '10:00',
    }),
    patch: { isAvailable: false },
    probes: userProbes('service.provider'),
  },
  // Days off and extra hours (docs/api.md "Exceptions: days off and extra hours"): staff only, not
  // on public show like the slots.
  'availability-exceptions': {
    setup: async (ctx) => {
      const services = await activeAndDraftServices(ctx)
      const closed = (service: string) =>
        create(ctx.app, 'availability-exceptions', {
          service,
          date: addDays(wallClockToday(), 5),
          isAvailable: false,
          reason: 'Private reason',
        })
      return {
        docs: { ofActive: await closed(services.active), ofDraft: await closed(services.draft) },
        refs: services,
      }
    },
    read: adminOnly,
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: (_ctx, fixture) => ({
      service: fixture.refs!.active,
      date: addDays(wallClockToday(), 10),
      isAvailable: true,
      startTime: '18:00',
      endTime: '20:00',
    }),
    patch: { reason: 'Changed' },
    probes: userProbes('service.provider'),
  },
  'service-media': {
    // Public: only media that an active service shows (docs/api.md "Roles and permissions").
    setup: async (ctx) => {
      const used = await makeMedia(ctx.app)
      const unused = await makeMedia(ctx.app)
      await create(ctx.app, 'service-listings', {
        slug: slug('svc'),
        provider: ctx.other.id,
        status: 'active',
        media: [{ file: used, type: 'cover', position: 0 }],
      })
      return { docs: { used, unused } }
    },
    read: { anonymous: ['used'], citizen: ['used'], moderator: ['used'], admin: '*' },
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: () => {
      const form = new FormData()
      form.append('file', new Blob([PNG], { type: 'image/png' }), `test-${hex(6)}.png`)
      form.append('_payload', JSON.stringify({ alt: 'Uploaded' }))
      return form
    },
    patch: { alt: 'Changed' },
  },
  bookings: {
    setup: async (ctx) => {
      const service = await create(ctx.app, 'service-listings', {
        slug: slug('svc'),
        provider: ctx.other.id,
        status: 'active',
      })
      // Distinct hours: two open bookings of one service may not overlap.
      let hour = 9
      const booking = (customer: string) =>
        create(ctx.app, 'bookings', {
          service,
          provider: ctx.other.id,
          customer,
          bookingDate: '2030-01-07',
          bookingTime: `${++hour}:00`,
        })
      return { docs: await perUser(ctx, booking), refs: { service } }
    },
    // A customer reads their own bookings (the provider of both is the other user).
    read: adminOrOwn(),
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: (ctx, fixture) => ({
      service: fixture.refs!.service,
      customer: ctx.other.id,
      bookingDate: '2030-01-08',
      bookingTime: '11:00',
    }),
    patch: { providerResponse: 'OK' },
    probes: [...userProbes('customer'), ...userProbes('provider')],
  },
  'blog-posts': {
    setup: async (ctx) => ({
      docs: {
        published: await makePost(ctx.app, { authorId: ctx.other.id }),
        draft: await makePost(ctx.app, { status: 'draft', authorId: ctx.other.id }),
      },
    }),
    read: { anonymous: ['published'], citizen: ['published'], moderator: ['published'], admin: '*' },
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: () => ({ title: 'New post', slug: slug('post'), status: 'published' }),
    patch: { status: 'archived' },
    probes: userProbes('authorId'),
  },
  'blog-comments': {
    setup: async (ctx) => {
      const post = await makePost(ctx.app, { authorId: ctx.other.id })
      const docs: Record<string, string> = {
        public: await makeComment(ctx.app, post, ctx.other.id),
        hidden: await makeComment(ctx.app, post, ctx.other.id, 'moderated'),
      }
      if (ctx.caller) {
        docs.mine = await makeComment(ctx.app, post, ctx.caller.id)
        docs.mineModerated = await makeComment(ctx.app, post, ctx.caller.id, 'moderated')
      }
      return { docs, refs: { post } }
    },
    read: { anonymous: ['public'], citizen: ['public', 'mine', 'mineModerated'], moderator: '*', admin: '*' },
    update: { anonymous: false, citizen: ['mine'], moderator: '*', admin: '*' },
    delete: adminOnly,
    create: { anonymous: false, citizen: true, moderator: true, admin: true },
    createBody: (_ctx, fixture) => ({ postId: fixture.refs!.post, body: 'A new comment' }),
    patch: { status: 'deleted' },
    probes: userProbes('authorId'),
  },
  reviews: softContent(
    'reviews',
    async (ctx, author, status) => {
      const booking = await completedBooking(ctx, author)
      return makeContent(ctx.app, 'reviews', author, { booking, rating: 4, body: 'Très bien' }, status)
    },
    undefined,
    (refs) => ({ booking: refs.booking, rating: 5, body: 'Parfait' }),
  ),
  comments: softContent(
    'comments',
    async (ctx, author, status, refs) =>
      makeContent(
        ctx.app,
        'comments',
        author,
        { target: { relationTo: 'places', value: refs.place }, body: 'Joli' },
        status,
      ),
    async (ctx) => ({ place: await makeContent(ctx.app, 'places', ctx.other.id, { name: 'Place' }, 'published') }),
    (refs) => ({ target: { relationTo: 'places', value: refs.place }, body: 'New' }),
  ),
  'forum-threads': softContent(
    'forum-threads',
    (ctx, author, status) => makeContent(ctx.app, 'forum-threads', author, { title: 'Thread', body: 'Body' }, status),
    undefined,
    () => ({ title: 'New thread', body: 'Body' }),
  ),
  'forum-posts': softContent(
    'forum-posts',
    (ctx, author, status, refs) =>
      makeContent(ctx.app, 'forum-posts', author, { thread: refs.thread, body: 'Post' }, status),
    async (ctx) => ({
      thread: await makeContent(ctx.app, 'forum-threads', ctx.other.id, { title: 'Thread', body: 'Body' }),
    }),
    (refs) => ({ thread: refs.thread, body: 'New post' }),
  ),
  events: softContent(
    'events',
    (ctx, author, status) => makeContent(ctx.app, 'events', author, { title: 'Event', startsAt: inAWeek() }, status),
    undefined,
    () => ({ title: 'New event', startsAt: inAWeek() }),
  ),
  groups: softContent(
    'groups',
    (ctx, author, status) => makeContent(ctx.app, 'groups', author, { name: 'Group' }, status),
    undefined,
    () => ({ name: 'New group' }),
  ),
  galleries: softContent(
    'galleries',
    (ctx, author, status) => makeContent(ctx.app, 'galleries', author, { title: 'Gallery' }, status),
    undefined,
    () => ({ title: 'New gallery' }),
  ),
  // Gallery images (docs/decisions.md "Community media share the service media pipeline"):
  // anyone reads those a published gallery shows, an uploader also their own, moderators and
  // admins all; the uploader or a holder of gallery.delete_any changes and deletes; any
  // signed-in user uploads.
  'community-media': {
    setup: async (ctx) => {
      const docs: Record<string, string> = {
        shown: await communityImage(ctx.app, ctx.other.id),
        unshown: await communityImage(ctx.app, ctx.other.id),
      }
      docs.inHidden = await communityImage(ctx.app, ctx.other.id)
      await makeContent(ctx.app, 'galleries', ctx.other.id, { title: 'Shown', images: [docs.shown] })
      await makeContent(ctx.app, 'galleries', ctx.other.id, { title: 'Hidden', images: [docs.inHidden] }, 'moderated')
      if (ctx.caller) docs.mine = await communityImage(ctx.app, ctx.caller.id)
      return { docs }
    },
    read: { anonymous: ['shown'], citizen: ['shown', 'mine'], moderator: '*', admin: '*' },
    update: { anonymous: false, citizen: ['mine'], moderator: '*', admin: '*' },
    delete: { anonymous: false, citizen: ['mine'], moderator: '*', admin: '*' },
    create: { anonymous: false, citizen: true, moderator: true, admin: true },
    signInToCreate: true,
    createBody: () => {
      const form = new FormData()
      form.append('file', new Blob([PNG], { type: 'image/png' }), `test-${hex(6)}.png`)
      form.append('_payload', JSON.stringify({ alt: 'Uploaded' }))
      return form
    },
    patch: { alt: 'Changed' },
    probes: userProbes('uploader'),
  },
  products: softContent(
    'products',
    (ctx, author, status) => makeContent(ctx.app, 'products', author, { title: 'Product', price: '2.00' }, status),
    undefined,
    () => ({ title: 'New product' }),
  ),
  classifieds: approvedContent(
    'classifieds',
    'active',
    { title: 'Bike', expiresAt: inAWeek() },
    { title: 'New ad' },
    '*',
  ),
  places: approvedContent('places', 'published', { name: 'Place' }, { name: 'New place' }, ['mine']),
  articles: approvedContent('articles', 'published', { title: 'Article' }, { title: 'New article' }, ['mine']),
  notifications: {
    setup: async (ctx) => ({
      docs: await perUser(ctx, (userId) =>
        create(ctx.app, 'notifications', {
          userId,
          type: 'moderation',
          title: 'T',
          body: 'B',
          targetType: 'blogComments',
          targetId: hex(),
        }),
      ),
    }),
    read: ownOnly(),
    update: ownOnly(),
    delete: ownOnly(),
    create: all(false),
    createBody: (ctx) => ({ userId: ctx.other.id, type: 'moderation', title: 'Spoof', body: 'Spoof' }),
    patch: { readAt: new Date().toISOString() },
    probes: userProbes('userId'),
  },
  // Webhooks (docs/api.md "Webhooks (/api/admin/webhooks)"): made and changed through /api/admin/webhooks only; admins
  // read them, never their secret (a hidden field: no filter on it answers).
  webhooks: {
    setup: async (ctx) => ({
      docs: {
        hook: await create(ctx.app, 'webhooks', {
          url: 'https://example.com/hook',
          events: ['*'],
          secret: WEBHOOK_SECRET,
        }),
      },
    }),
    read: adminOnly,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ url: 'https://example.com/forged', events: ['*'], secret: 'whsec_forged' }),
    patch: { url: 'https://example.com/tampered' },
    probes: [{ path: 'secret', operator: 'like', hit: () => WEBHOOK_SECRET, miss: 'whsec_nothing' }],
  },
  // Who may sign up: admins keep it, and nobody else may read what it holds (the blocked addresses).
  'signup-screening': {
    setup: async (ctx) => ({
      docs: {
        entry: await create(ctx.app, 'signup-screening', {
          kind: 'email_domain',
          value: 'spam-matrix.example',
          effect: 'block',
        }),
      },
    }),
    read: adminOnly,
    update: adminOnly,
    delete: adminOnly,
    create: adminCreates,
    createBody: () => ({ kind: 'email', value: `forged-${hex()}@example.com`, effect: 'block' }),
    patch: { note: 'tampered' },
  },
  'webhook-deliveries': {
    setup: async (ctx) => {
      const webhook = await create(ctx.app, 'webhooks', {
        url: 'https://example.com/hook',
        events: ['*'],
        secret: WEBHOOK_SECRET,
      })
      return {
        docs: {
          delivery: await create(ctx.app, 'webhook-deliveries', {
            webhook,
            event: 'webhook.test',
            messageId: `msg_${hex()}`,
            recordKey: 'webhooks:x',
            body: { type: 'webhook.test' },
          }),
        },
      }
    },
    read: adminOnly,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ event: 'forged' }),
    patch: { status: 'succeeded' },
  },
  'audit-logs': {
    setup: async (ctx) => ({
      docs: {
        entry: await create(ctx.app, 'audit-logs', {
          action: 'test.entry',
          userId: ctx.other.id,
          data: { email: 'x' },
        }),
      },
    }),
    read: adminOnly,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ action: 'forged' }),
    patch: { action: 'tampered' },
  },
  // Reports (docs/api.md "Reports, the moderation queue, appeals and
  // transparency"): written only by their operations; read by who works the
  // queue. A report names its reporter: no stock route shows one to anyone else.
  'content-reports': {
    setup: async (ctx) => ({
      docs: {
        report: await create(ctx.app, 'content-reports', {
          postType: 'blogComments',
          postId: MISSING_ID,
          reporter: ctx.other.id,
          reason: 'spam',
          status: 'open',
        }),
      },
    }),
    read: staff,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: (ctx) => ({ postType: 'blogComments', postId: MISSING_ID, reporter: ctx.other.id, reason: 'spam' }),
    patch: { status: 'dismissed' },
    probes: userProbes('reporter'),
  },
  'report-queue': {
    setup: async (ctx) => ({
      docs: {
        entry: await create(ctx.app, 'report-queue', {
          postType: 'blogComments',
          postId: hex(),
          status: 'open',
          author: ctx.other.id,
          reports: 1,
          reasons: { spam: 1 },
          firstReportedAt: new Date().toISOString(),
        }),
      },
    }),
    read: staff,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({
      postType: 'blogComments',
      postId: hex(),
      reports: 1,
      reasons: {},
      firstReportedAt: new Date().toISOString(),
    }),
    patch: { reports: 0 },
    probes: userProbes('author'),
  },
  'moderation-decisions': {
    setup: async (ctx) => ({
      docs: {
        decision: await create(ctx.app, 'moderation-decisions', {
          postType: 'blogComments',
          postId: MISSING_ID,
          outcome: 'moderated',
          author: ctx.other.id,
          onNotice: false,
        }),
      },
    }),
    read: staff,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ postType: 'blogComments', postId: MISSING_ID, outcome: 'dismissed' }),
    patch: { outcome: 'approved' },
    probes: userProbes('author'),
  },
  'content-appeals': {
    setup: async (ctx) => {
      const decision = await create(ctx.app, 'moderation-decisions', {
        postType: 'blogComments',
        postId: MISSING_ID,
        outcome: 'moderated',
        onNotice: false,
      })
      return {
        docs: {
          appeal: await create(ctx.app, 'content-appeals', {
            decision,
            postType: 'blogComments',
            postId: MISSING_ID,
            appellant: ctx.other.id,
            statement: 'Je conteste.',
            status: 'open',
          }),
        },
      }
    },
    read: staff,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ postType: 'blogComments', postId: MISSING_ID, statement: 'Forged appeal' }),
    patch: { status: 'reversed' },
    probes: userProbes('appellant'),
  },
  'transparency-publications': {
    setup: async (ctx) => ({
      docs: {
        copy: await create(ctx.app, 'transparency-publications', {
          periodFrom: '2026-01-01',
          periodTo: '2026-01-31',
          figures: { notices: { total: 1 } },
          publishedBy: ctx.other.id,
        }),
      },
    }),
    read: adminOnly,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ periodFrom: '2026-01-01', periodTo: '2026-01-31', figures: {} }),
    patch: { periodTo: '2026-12-31' },
  },
  // Payload's own collections.
  'payload-preferences': {
    setup: async (ctx) => ({
      // Payload sets a preference's user from the request: create each as its user.
      docs: await perUser(ctx, async (id) => {
        const user = {
          ...(await ctx.app.payload.findByID({ collection: 'users', id, overrideAccess: true })),
          collection: 'users',
        }
        const doc = await ctx.app.payload.create({
          collection: 'payload-preferences',
          data: { key: slug('pref'), value: { a: 1 } } as never,
          user: user as never,
          overrideAccess: true,
        })
        return String(doc.id)
      }),
    }),
    read: ownOnly(),
    update: ownOnly(),
    delete: ownOnly(),
    // Any signed-in user keeps panel preferences; Payload forces `user` to the caller.
    create: { anonymous: false, citizen: true, moderator: true, admin: true },
    createBody: (ctx) => ({ key: slug('pref'), value: { b: 2 }, user: { relationTo: 'users', value: ctx.other.id } }),
    patch: { value: { c: 3 } },
    probes: userProbes('user'),
    byKey: true,
  },
  'payload-locked-documents': {
    setup: async (ctx) => {
      const post = await makePost(ctx.app)
      const lock = (id: string) =>
        create(ctx.app, 'payload-locked-documents', {
          document: { relationTo: 'blog-posts', value: post },
          user: { relationTo: 'users', value: id },
        })
      return { docs: await perUser(ctx, lock), refs: { post } }
    },
    // The panel's edit locks: admins see and clear every lock, a moderator only their own.
    read: { anonymous: false, citizen: false, moderator: ['mine'], admin: '*' },
    update: { anonymous: false, citizen: false, moderator: ['mine'], admin: '*' },
    delete: { anonymous: false, citizen: false, moderator: ['mine'], admin: '*' },
    create: { anonymous: false, citizen: false, moderator: true, admin: true },
    // Naming another user (or none that exists) changes nothing: a lock is the caller's.
    createBody: (_ctx, fixture) => ({
      document: { relationTo: 'blog-posts', value: fixture.refs!.post },
      user: { relationTo: 'users', value: MISSING_ID },
    }),
    patch: { globalSlug: 'x' },
    probes: userProbes('user'),
  },
  'payload-kv': {
    setup: async (ctx) => ({
      docs: { entry: await create(ctx.app, 'payload-kv', { key: slug('kv'), data: { secret: ctx.other.email } }) },
    }),
    read: nobody,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ key: slug('kv'), data: { forged: true } }),
    patch: { data: { tampered: true } },
  },
  // The mail queue (src/lib/mail-queue): no REST routes, closed and hidden. The job waits a
  // week, so the runner leaves it alone during the checks.
  'payload-jobs': {
    setup: async (ctx) => ({
      docs: {
        job: await create(ctx.app, 'payload-jobs', {
          taskSlug: 'send-mail',
          queue: 'mail',
          input: { sealed: 'v1.AAAA' },
          waitUntil: inAWeek(),
        }),
      },
    }),
    read: nobody,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ taskSlug: 'send-mail', queue: 'mail', input: { sealed: 'v1.forged' } }),
    patch: { processing: true },
    noRoutes: true,
  },
  'payload-migrations': {
    setup: async () => ({ docs: {} }),
    read: nobody,
    update: nobody,
    delete: nobody,
    create: all(false),
    createBody: () => ({ name: 'forged', batch: 99 }),
    patch: {},
    noRoutes: true,
  },
}

let app: TestApp
const SECRET_KEYS = /\$argon2|passwordHash|tokenHash|"hash":|"salt":|resetPasswordToken|_verificationToken|"sessions":/

function tableOf(slug: string): string {
  const table = (app.payload.db as unknown as { tableNameMap: Map<string, string> }).tableNameMap.get(
    slug.replace(/-/g, '_'),
  )
  if (!table) throw new Error(`no table for ${slug}`)
  return table
}

/** The whole row as JSON (null once deleted): equal before and after a refused change. */
/** A community item written as server code, then put in `status` by SQL (docs/api.md "Community content"). */
async function makeContent(
  app: TestApp,
  collection: string,
  author: string,
  data: Record<string, unknown>,
  status?: string,
): Promise<string> {
  const id = await create(app, collection, { ...data, author })
  if (status) await sql(app, `UPDATE "${tableOf(collection)}" SET status = $2 WHERE id = $1`, [id, status])
  return id
}

/** A community image uploaded by `uploader`, written as server code. */
async function communityImage(app: TestApp, uploader: string): Promise<string> {
  const doc = await app.payload.create({
    collection: 'community-media',
    overrideAccess: true,
    data: { uploader, alt: 'An image' },
    file: { data: PNG, mimetype: 'image/png', name: `community-${hex(6)}.png`, size: PNG.length },
  })
  return String(doc.id)
}

/** A completed booking of `customer` on a new active service that takes reviews. */
async function completedBooking(ctx: Ctx, customer: string): Promise<string> {
  const service = await create(ctx.app, 'service-listings', {
    slug: slug('svc'),
    provider: ctx.other.id,
    status: 'active',
  })
  const booking = await create(ctx.app, 'bookings', {
    service,
    provider: ctx.other.id,
    customer,
    bookingDate: '2030-01-07',
    bookingTime: '10:00',
  })
  await sql(ctx.app, `UPDATE bookings SET status = 'completed' WHERE id = $1`, [booking])
  return booking
}

type Make = (ctx: Ctx, author: string, status: string | undefined, refs: Record<string, string>) => Promise<string>

/**
 * A type with `published`, `moderated`, `deleted`: anyone reads the published, an author also
 * their own, moderators and admins all; an author or a holder of the type's delete_any
 * (moderators) changes and soft-deletes, moderated ones are locked.
 */
function softContent(
  collection: string,
  make: Make,
  refsOf: ((ctx: Ctx) => Promise<Record<string, string>>) | undefined,
  body: (refs: Record<string, string>) => Record<string, unknown>,
): AccessRow {
  const reach: PerWho<Reach> = { anonymous: false, citizen: ['mine', 'mineHidden'], moderator: '*', admin: '*' }
  return {
    setup: async (ctx) => {
      const refs = refsOf ? await refsOf(ctx) : {}
      const docs: Record<string, string> = {
        public: await make(ctx, ctx.other.id, undefined, refs),
        hidden: await make(ctx, ctx.other.id, 'moderated', refs),
      }
      if (ctx.caller) {
        docs.mine = await make(ctx, ctx.caller.id, undefined, refs)
        docs.mineHidden = await make(ctx, ctx.caller.id, 'moderated', refs)
      }
      // A review's create body needs a fresh completed booking of the caller.
      if (collection === 'reviews') refs.booking = await completedBooking(ctx, ctx.caller?.id ?? ctx.other.id)
      return { docs, refs }
    },
    read: { anonymous: ['public'], citizen: ['public', 'mine', 'mineHidden'], moderator: '*', admin: '*' },
    update: reach,
    delete: reach,
    create: { anonymous: false, citizen: true, moderator: true, admin: true },
    createBody: (_ctx, fixture) => body(fixture.refs ?? {}),
    signInToCreate: true,
    patch: { status: 'published' },
    probes: userProbes('author'),
    softDelete: true,
    locked: ['hidden', 'mineHidden'],
  }
}

/**
 * A type approved before it is public (classifieds, places, articles): anyone reads the
 * approved ones, an author also their own pending one, moderators and admins all; rows
 * are removed by their author or a holder of the type's delete permission (`staff`).
 */
function approvedContent(
  collection: string,
  approved: string,
  data: Record<string, unknown>,
  body: Record<string, unknown>,
  moderatorReach: Reach,
): AccessRow {
  const reach: PerWho<Reach> = { anonymous: false, citizen: ['mine'], moderator: moderatorReach, admin: '*' }
  return {
    setup: async (ctx) => {
      const docs: Record<string, string> = {
        approved: await makeContent(ctx.app, collection, ctx.other.id, data, approved),
        pending: await makeContent(ctx.app, collection, ctx.other.id, data),
      }
      if (ctx.caller) docs.mine = await makeContent(ctx.app, collection, ctx.caller.id, data)
      return { docs }
    },
    read: { anonymous: ['approved'], citizen: ['approved', 'mine'], moderator: '*', admin: '*' },
    update: reach,
    delete: reach,
    create: { anonymous: false, citizen: true, moderator: true, admin: true },
    createBody: () => body,
    signInToCreate: true,
    patch: {},
    probes: userProbes('author'),
  }
}

async function rowState(slug: string, id: string): Promise<string | null> {
  const [row] = await sql<{ row: unknown }>(app, `SELECT to_jsonb(t) AS row FROM "${tableOf(slug)}" t WHERE id = $1`, [
    id,
  ])
  return row ? JSON.stringify(row.row) : null
}

async function rowCount(slug: string): Promise<number> {
  return Number((await sql<{ n: string }>(app, `SELECT count(*) AS n FROM "${tableOf(slug)}"`))[0]!.n)
}

/** What no successful body may contain for this caller. */
async function forbiddenValues(caller: TestUser | null, who: Who): Promise<string[]> {
  const values: string[] = []
  for (const table of ['sessions', 'verification_tokens']) {
    values.push(
      ...(await sql<{ token_hash: string }>(app, `SELECT token_hash FROM ${table}`)).map((row) => row.token_hash),
    )
  }
  values.push(...(await sql<{ key: string }>(app, 'SELECT key FROM rate_limits')).map((row) => row.key))
  if (who !== 'admin') {
    const emails = await sql<{ email: string }>(app, 'SELECT email FROM users')
    values.push(...emails.map((row) => row.email).filter((email) => email !== caller?.email))
  }
  return values
}

/** A bound against hanging for one case (a row as one role: up to ~30 requests), sized for a loaded machine. */
const CASE_TIMEOUT_MS = 120_000

const patchOf = (row: AccessRow) => (typeof row.patch === 'function' ? row.patch() : row.patch)
const expected = (reach: Reach, keys: string[]): string[] =>
  reach === false ? [] : reach === '*' ? keys : keys.filter((key) => reach.includes(key))
const idsOf = (body: { docs?: Array<{ id: string }> }) => (body.docs ?? []).map((doc) => String(doc.id))

const PARTS = {
  people: [
    'users',
    'profiles',
    'wallets',
    'organizations',
    'memberships',
    'invitations',
    'sessions',
    'verification-tokens',
    'rate-limits',
    'notifications',
    'audit-logs',
    'payload-kv',
    'payload-jobs',
    'payload-migrations',
  ],
  community: ['reviews', 'groups', 'galleries', 'community-media', 'products', 'classifieds', 'places', 'articles'],
  moderation: [
    'blog-posts',
    'blog-comments',
    'content-reports',
    'report-queue',
    'moderation-decisions',
    'content-appeals',
    'transparency-publications',
    'comments',
    'forum-threads',
    'forum-posts',
    'events',
  ],
}
export type AccessMatrixPart = keyof typeof PARTS | 'others'

/** The rows a part runs: its named collections, or for `others` every row not named in PARTS. */
function slugsOf(part: AccessMatrixPart): string[] {
  if (part !== 'others') return PARTS[part]
  const named = new Set(Object.values(PARTS).flat())
  return Object.keys(ACCESS).filter((slug) => !named.has(slug))
}

/** One part of the matrix, in a test file of its own, on an app of its own. */
export function describeAccessMatrix(part: AccessMatrixPart): void {
  beforeAll(async () => {
    app = await startTestApp()
  })

  afterAll(async () => {
    await dropMedia(app)
    await app.stop()
  })

  describe(`the access matrix (${part})`, () => {
    // The checks of the whole config run once, with the first part.
    if (part === 'people') {
      it('has a row for every collection in payload.config', () => {
        const slugs: string[] = app.payload.config.collections.map((collection) => collection.slug).sort()
        expect(slugs.filter((slug) => !ACCESS[slug])).toEqual([])
        expect(Object.keys(ACCESS).filter((slug) => !slugs.includes(slug))).toEqual([])
        // A part naming a collection without a row would run nothing for it.
        expect(
          Object.values(PARTS)
            .flat()
            .filter((slug) => !ACCESS[slug]),
        ).toEqual([])
      })

      it('refuses a filter across two relationships with a 400 (Payload would leave a rejection unhandled and the process would exit)', async () => {
        for (const path of ['service.provider.email', 'service.provider.passwordHash', 'service.category.name']) {
          const response = await app.request(`/api/service-availability?where[${path}][like]=a`)
          expect(response.status).toBe(400)
          expect(await response.json()).toEqual({
            error: 'invalid_request',
            message: expect.any(String),
            errors: [expect.objectContaining({ name: 'QueryError', data: [{ path }] })],
          })
        }
        // One relationship is fine: Payload checks it against the related collection's access.
        expect((await app.request('/api/service-availability?where[service.slug][like]=a')).status).toBe(200)
      })

      it('refuses a sort through a relationship or by a hidden field, for admins too', async () => {
        const admin = await createUser(app, { roles: ['admin'] })
        const headers = await authHeaders(app, admin)
        for (const [path, sort] of [
          ['/api/service-listings', 'provider.email'],
          ['/api/users', '-passwordHash'],
          ['/api/users', 'hash'],
          ['/api/profiles', 'user.passwordHash'],
        ]) {
          const response = await app.request(`${path}?sort=${sort}`, { headers })
          expect({ path, sort, status: response.status }).toEqual({ path, sort, status: 400 })
        }
        expect((await app.request('/api/users?sort=-email', { headers })).status).toBe(200)
      })
    }

    describe.each(slugsOf(part))('%s', (slug) => {
      const row = ACCESS[slug]!

      it.each(WHO)(
        'as %s',
        async (who) => {
          // The caller and the other user are independent: made side by side.
          const [caller, other] = await Promise.all([
            who === 'anonymous' ? null : createUser(app, { roles: [who] }),
            createUser(app),
          ])
          const headers = caller ? await authHeaders(app, caller) : {}
          const ctx: Ctx = { app, caller, other }
          const fixture = await row.setup(ctx)
          const keys = Object.keys(fixture.docs)
          const idOf = (key: string) => fixture.docs[key]!
          const keyOf = new Map(keys.map((key) => [idOf(key), key]))
          const secrets = await forbiddenValues(caller, who)
          const base = `/api/${slug}`

          const request = async (method: string, path: string, body?: Record<string, unknown> | FormData) => {
            const isForm = body instanceof FormData
            const response = await app.request(path, {
              method,
              headers: { ...headers, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
              body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
            })
            const text = await response.text()
            if (response.status < 300) {
              const around = (index: number) => (index < 0 ? null : text.slice(Math.max(0, index - 120), index + 60))
              expect({ path, leak: around(text.search(SECRET_KEYS)) }).toEqual({ path, leak: null })
              const value = secrets.find((secret) => text.includes(secret))
              expect({ path, leak: value ? around(text.indexOf(value)) : null }).toEqual({ path, leak: null })
            }
            return { status: response.status, body: text ? JSON.parse(text) : null }
          }

          if (row.noRoutes) {
            for (const [method, path] of [
              ['GET', base],
              ['POST', base],
              ['GET', `${base}/${MISSING_ID}`],
            ] as const) {
              expect(
                (
                  await request(
                    method,
                    path,
                    method === 'POST' ? (row.createBody(ctx, fixture) as Record<string, unknown>) : undefined,
                  )
                ).status,
              ).toBe(404)
            }
            return
          }

          // List and read by id, at depth 3.
          const readable = expected(row.read[who], keys)
          const list = await request('GET', `${base}?limit=100&depth=3`)
          if (row.read[who] === false) expect({ list: list.status }).toEqual({ list: 403 })
          else {
            expect({ list: list.status }).toEqual({ list: 200 })
            const seen = idsOf(list.body)
              .filter((id) => keyOf.has(id))
              .map((id) => keyOf.get(id)!)
            expect({ listed: seen.sort() }).toEqual({ listed: [...readable].sort() })
          }
          for (const key of row.byKey ? [] : keys) {
            const one = await request('GET', `${base}/${idOf(key)}?depth=3`)
            const want = readable.includes(key) ? 200 : row.read[who] === false ? 403 : 404
            expect({ key, read: one.status }).toEqual({ key, read: want })
          }

          // Hidden fields: a matching and a non-matching value must answer alike.
          for (const probe of (row.probes ?? []).filter((candidate) => !(candidate.notForAdmins && who === 'admin'))) {
            const where = (value: string) => `where[${probe.path}][${probe.operator}]=${encodeURIComponent(value)}`
            const outcome = async (path: string) => {
              const reply = await request('GET', path)
              return reply.status >= 300
                ? `refused ${reply.status}`
                : JSON.stringify(reply.body.docs ? idsOf(reply.body) : reply.body)
            }
            for (const route of [`${base}?limit=100&depth=0&`, `${base}/count?`]) {
              const hit = await outcome(route + where(probe.hit(ctx)))
              const miss = await outcome(route + where(probe.miss))
              expect({ probe: `${route}${probe.path}`, hit }).toEqual({ probe: `${route}${probe.path}`, hit: miss })
            }
            const up = await outcome(`${base}?limit=100&depth=0&sort=${probe.path}`)
            const down = await outcome(`${base}?limit=100&depth=0&sort=-${probe.path}`)
            expect({ sort: probe.path, up }).toEqual({ sort: probe.path, up: down })
          }

          // Update each row, then many at once (where id in …).
          const updatable = expected(row.update[who], keys)
          for (const key of keys) {
            const before = await rowState(slug, idOf(key))
            const reply = await request('PATCH', `${base}/${idOf(key)}`, patchOf(row))
            if (updatable.includes(key)) {
              expect({ key, update: reply.status }).toEqual({ key, update: row.locked?.includes(key) ? 409 : 200 })
              if (row.locked?.includes(key))
                expect({ key, unchanged: await rowState(slug, idOf(key)) }).toEqual({ key, unchanged: before })
            } else {
              expect({ key, update: [403, 404].includes(reply.status) }).toEqual({ key, update: true })
              expect({ key, unchanged: await rowState(slug, idOf(key)) }).toEqual({ key, unchanged: before })
            }
          }
          if (keys.length) {
            const before = Object.fromEntries(
              await Promise.all(keys.map(async (key) => [key, await rowState(slug, idOf(key))] as const)),
            )
            await request('PATCH', `${base}?where[id][in]=${keys.map(idOf).join(',')}`, patchOf(row))
            for (const key of keys) {
              if (updatable.includes(key)) continue
              expect({ key, bulkUnchanged: await rowState(slug, idOf(key)) }).toEqual({
                key,
                bulkUnchanged: before[key],
              })
            }
          }

          // Create.
          const countBefore = await rowCount(slug)
          const created = await request('POST', base, await row.createBody(ctx, fixture))
          if (row.create[who]) expect({ create: created.status }).toEqual({ create: 201 })
          else {
            const refusal = who === 'anonymous' && row.signInToCreate ? 401 : 403
            expect({ create: created.status }).toEqual({ create: refusal })
            expect(await rowCount(slug)).toBe(countBefore)
          }

          // Delete each row (the caller's own account excepted), then the survivors at once
          // (where id in …): only what the rules allow goes.
          const deletable = expected(row.delete[who], keys)
          const targets = keys.filter((key) => !row.keep?.includes(key))
          for (const key of row.byKey ? [] : targets) {
            const reply = await request('DELETE', `${base}/${idOf(key)}`)
            if (deletable.includes(key) && row.softDelete) {
              const locked = row.locked?.includes(key)
              expect({ key, delete: reply.status }).toEqual({ key, delete: locked ? 409 : 200 })
              const [kept] = await sql<{ status: string }>(app, `SELECT status FROM "${tableOf(slug)}" WHERE id = $1`, [
                idOf(key),
              ])
              expect({ key, status: kept?.status }).toEqual({ key, status: locked ? 'moderated' : 'deleted' })
            } else if (deletable.includes(key)) {
              expect({ key, delete: reply.status }).toEqual({ key, delete: 200 })
              expect(await rowState(slug, idOf(key))).toBeNull()
            } else {
              expect({ key, delete: [403, 404].includes(reply.status) }).toEqual({ key, delete: true })
              expect({ key, kept: (await rowState(slug, idOf(key))) !== null }).toEqual({ key, kept: true })
            }
          }
          const bulk = row.byKey || row.softDelete ? targets : targets.filter((key) => !deletable.includes(key))
          if (bulk.length) {
            await request('DELETE', `${base}?where[id][in]=${bulk.map(idOf).join(',')}`)
            for (const key of bulk) {
              expect({ key, bulkDeleted: (await rowState(slug, idOf(key))) === null }).toEqual({
                key,
                bulkDeleted: !row.softDelete && deletable.includes(key),
              })
            }
          }
        },
        CASE_TIMEOUT_MS,
      )
    })
  })
}
