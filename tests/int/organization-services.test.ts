// Services owned by an organization, managed by its owners and admins through the admin catalogue and the
// stock routes under one rule (docs/decisions.md "Organizations manage their services through the admin
// catalogue").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { ADMIN_BOOKINGS, book, bookableService, customerActor, localDate } from '../helpers/bookings'
import {
  type Actor,
  actor,
  adminActor,
  anonymous,
  audits,
  AVAILABILITY,
  call,
  CATEGORIES,
  citizenActor,
  count,
  makeService,
  makeSlot,
  type Reply,
  SERVICES,
  snapshot,
  uniqueSlug,
} from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser, signIn, type TestUser } from '../helpers/users'

let app: TestApp
let platform: Actor
let ownerA: Actor
let adminA: Actor
let memberA: Actor
let adminB: Actor
let citizen: Actor
let customer: Actor
let orgA: string
let orgB: string
const day = localDate(45)

type Role = 'owner' | 'admin' | 'member'

async function signedIn(user: TestUser): Promise<Actor> {
  const { token } = await signIn(app, user)
  return actor(app, user, { authorization: `Bearer ${token}` })
}

/** An organization made through Better Auth's create route: its creator is its owner. */
async function organization(owner: Actor, name: string): Promise<string> {
  const reply = await owner.send('/api/auth/organization/create', { name, slug: uniqueSlug('org') })
  if (reply.status !== 200) throw new Error(`organization: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.id
}

async function join(organizationId: string, user: TestUser, role: Role): Promise<void> {
  await app.payload.create({
    collection: 'memberships',
    data: { organization: organizationId, user: user.id, role } as never,
    overrideAccess: true,
  })
}

async function person(organizationId?: string, role?: Role): Promise<Actor> {
  const user = await createUser(app)
  if (organizationId && role) await join(organizationId, user, role)
  return signedIn(user)
}

const serviceRow = async (id: string) =>
  (
    await sql<{
      organization_id: string | null
      provider_id: string
      status: string
      is_featured: boolean
      base_price: string | null
    }>(
      app,
      'SELECT organization_id, provider_id, status, is_featured, base_price FROM service_listings WHERE id = $1',
      [id],
    )
  )[0]
const bookingStatus = async (id: string) =>
  (await sql<{ status: string }>(app, 'SELECT status FROM bookings WHERE id = $1', [id]))[0]?.status
const slotsOf = async (serviceId: string) =>
  (
    await sql<{ day_of_week: number; start_time: string; end_time: string }>(
      app,
      'SELECT day_of_week, start_time, end_time FROM service_availability WHERE service_id = $1 ORDER BY day_of_week, start_time',
      [serviceId],
    )
  ).map((slot) => `${slot.day_of_week} ${slot.start_time}-${slot.end_time}`)

/** A service of an organization, made by one of its managers through the catalogue. */
const serviceOf = (manager: Actor, organizationId: string, fields: Record<string, unknown> = {}) =>
  makeService(manager, { organizationId, ...fields })

/** A pending booking of `serviceId` (a fresh service each time) by the customer, through the public route. */
async function bookingOf(serviceId: string): Promise<string> {
  const reply = await book(customer, { serviceId, bookingDate: day.date, bookingTime: '10:00' })
  if (reply.status !== 201) throw new Error(`bookingOf: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.booking.id
}

const expectForbidden = (reply: Reply) => expect(reply).toMatchObject({ status: 403, body: { error: 'forbidden' } })
const expectNotFound = (reply: Reply) => expect(reply).toMatchObject({ status: 404, body: { error: 'not_found' } })

beforeAll(async () => {
  app = await startTestApp()
  platform = await adminActor(app)
  ownerA = await person()
  orgA = await organization(ownerA, 'Garden Club')
  adminA = await person(orgA, 'admin')
  memberA = await person(orgA, 'member')
  const ownerB = await person()
  orgB = await organization(ownerB, 'Chess Club')
  adminB = await person(orgB, 'admin')
  citizen = await citizenActor(app)
  customer = await customerActor(app, 'Carla Customer')
})

afterAll(async () => {
  await app?.stop()
})

describe('the catalogue routes for an organization’s owners and admins', () => {
  it('the owner creates a service for the organization; the audit entry names the owner', async () => {
    const reply = await ownerA.send(SERVICES, {
      action: 'create',
      slug: uniqueSlug(),
      providerId: ownerA.user.id,
      organizationId: orgA,
      basePrice: '30.00',
    })
    expect(reply.status).toBe(201)
    expect(await serviceRow(reply.body.id)).toMatchObject({
      organization_id: orgA,
      provider_id: ownerA.user.id,
      status: 'draft',
      base_price: '30.00',
    })
    const [entry] = await audits(app, 'service.create', reply.body.id)
    expect(entry).toMatchObject({ user_id: ownerA.user.id, target_type: 'service-listings' })
  })

  it('an organization admin updates, deactivates, activates and duplicates; each audit entry names them', async () => {
    const { id } = await serviceOf(ownerA, orgA)
    const updated = await adminA.send(SERVICES, { action: 'update', id, basePrice: '42.50', status: 'active' }, 'PATCH')
    expect(updated).toMatchObject({
      status: 200,
      body: { service: { id, basePrice: '42.50', status: 'active', organizationId: orgA } },
    })
    expect(await serviceRow(id)).toMatchObject({ base_price: '42.50', status: 'active' })

    expect(await adminA.send(SERVICES, { action: 'deactivate', id })).toMatchObject({
      status: 200,
      body: { id, status: 'suspended' },
    })
    expect((await serviceRow(id))!.status).toBe('suspended')
    expect(await adminA.send(SERVICES, { action: 'activate', id })).toMatchObject({
      status: 200,
      body: { id, status: 'active' },
    })
    expect((await serviceRow(id))!.status).toBe('active')

    const copy = await adminA.send(SERVICES, { action: 'duplicate', id })
    expect(copy.status).toBe(201)
    expect(await serviceRow(copy.body.id)).toMatchObject({ organization_id: orgA, status: 'draft' })

    const entries = await sql<{ action: string; user_id: string }>(
      app,
      `SELECT action, user_id FROM audit_logs WHERE target_id IN ($1, $2) AND action <> 'service.create' ORDER BY created_at`,
      [id, copy.body.id],
    )
    expect(entries.map((entry) => entry.action)).toEqual([
      'service.update',
      'service.update',
      'service.update',
      'service.duplicate',
    ])
    expect(new Set(entries.map((entry) => entry.user_id))).toEqual(new Set([adminA.user.id]))
  })

  it('reads one of its services by id', async () => {
    const { id } = await serviceOf(adminA, orgA)
    expect(await adminA.get(SERVICES, { id })).toMatchObject({
      status: 200,
      body: { service: { id, organizationId: orgA } },
    })
  })

  it('lists only its organizations’ services, whatever the filters ask', async () => {
    await serviceOf(adminA, orgA)
    await serviceOf(adminB, orgB)
    await makeService(platform)
    const mine = await adminA.get(SERVICES, { perPage: '100' })
    expect(mine.status).toBe(200)
    const inA = await count(app, 'service_listings', 'organization_id = $1', [orgA])
    expect(mine.body.total).toBe(inA)
    expect(mine.body.services.every((service: { organizationId: string }) => service.organizationId === orgA)).toBe(
      true,
    )
    // Asking for another organization's services gives none, not theirs.
    expect(await adminA.get(SERVICES, { orgId: orgB })).toMatchObject({ status: 200, body: { total: 0, services: [] } })
    // The platform admin still sees every service.
    expect((await platform.get(SERVICES, { perPage: '1' })).body.total).toBe(await count(app, 'service_listings'))
  })

  it('manages the availability of its services (create, update, bulkSet, delete, list); audit entries name the manager', async () => {
    const { id } = await serviceOf(ownerA, orgA)
    const created = await adminA.send(AVAILABILITY, {
      action: 'create',
      serviceId: id,
      dayOfWeek: 2,
      startTime: '09:00',
      endTime: '12:00',
    })
    expect(created.status).toBe(201)
    const slotId = created.body.slot.id
    expect(await adminA.send(AVAILABILITY, { action: 'update', id: slotId, endTime: '13:00' }, 'PATCH')).toMatchObject({
      status: 200,
      body: { slot: { endTime: '13:00' } },
    })
    expect(await slotsOf(id)).toEqual(['2 09:00-13:00'])
    expect((await audits(app, 'service_availability.update', slotId))[0]).toMatchObject({ user_id: adminA.user.id })

    const replaced = await ownerA.send(AVAILABILITY, {
      action: 'bulkSet',
      serviceId: id,
      slots: [
        { dayOfWeek: 1, startTime: '08:00', endTime: '10:00' },
        { dayOfWeek: 3, startTime: '14:00', endTime: '18:00' },
      ],
    })
    expect(replaced.status).toBe(200)
    expect(await slotsOf(id)).toEqual(['1 08:00-10:00', '3 14:00-18:00'])
    expect((await audits(app, 'service_availability.bulk_set', id))[0]).toMatchObject({ user_id: ownerA.user.id })
    expect(await adminA.get(AVAILABILITY, { serviceId: id })).toMatchObject({
      status: 200,
      body: { slots: [{ dayOfWeek: 1 }, { dayOfWeek: 3 }] },
    })

    const first = replaced.body.slots[0].id
    expect(await adminA.send(AVAILABILITY, { action: 'delete', id: first }, 'DELETE')).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect(await slotsOf(id)).toEqual(['3 14:00-18:00'])
  })

  it('deletes a service of its organization', async () => {
    const { id } = await serviceOf(ownerA, orgA)
    expect(await adminA.send(SERVICES, { action: 'delete', id }, 'DELETE')).toMatchObject({
      status: 200,
      body: { success: true, id },
    })
    expect(await count(app, 'service_listings', 'id = $1', [id])).toBe(0)
    expect((await audits(app, 'service.delete', id))[0]).toMatchObject({ user_id: adminA.user.id })
  })

  it('lists and moves the bookings of its services only; the audit entry names the manager', async () => {
    const mine = await bookableService(adminA, day, { organizationId: orgA, providerId: adminA.user.id })
    const theirs = await bookableService(adminB, day, { organizationId: orgB, providerId: adminB.user.id })
    const booking = await bookingOf(mine.id)
    const other = await bookingOf(theirs.id)

    const listed = await adminA.get(ADMIN_BOOKINGS, { perPage: '100' })
    expect(listed.status).toBe(200)
    const ofA = await count(
      app,
      'bookings b JOIN service_listings s ON s.id = b.service_id',
      's.organization_id = $1',
      [orgA],
    )
    expect(listed.body.total).toBe(ofA)
    const ids = listed.body.bookings.map((row: { id: string }) => row.id)
    expect(ids).toContain(booking)
    expect(ids).not.toContain(other)

    expect(await adminA.send(ADMIN_BOOKINGS, { action: 'confirm', id: booking }, 'PATCH')).toMatchObject({
      status: 200,
      body: { booking: { id: booking, status: 'confirmed' } },
    })
    expect(await bookingStatus(booking)).toBe('confirmed')
    expect((await audits(app, 'booking.confirm', booking))[0]).toMatchObject({ user_id: adminA.user.id })
    expect(
      await ownerA.send(ADMIN_BOOKINGS, { action: 'respond', id: booking, providerResponse: 'See you then' }, 'PATCH'),
    ).toMatchObject({ status: 200 })
    expect(
      (
        await sql<{ provider_response: string }>(app, 'SELECT provider_response FROM bookings WHERE id = $1', [booking])
      )[0]!.provider_response,
    ).toBe('See you then')

    // Another organization's booking is as missing as one that does not exist.
    expectNotFound(await adminA.send(ADMIN_BOOKINGS, { action: 'confirm', id: other }, 'PATCH'))
    expect(await bookingStatus(other)).toBe('pending')
  })
})

describe('the organization named on create and moves', () => {
  it('a manager must name the organization: 400 invalid_request on organizationId, nothing written', async () => {
    const before = await snapshot(app)
    const reply = await ownerA.send(SERVICES, { action: 'create', slug: uniqueSlug(), providerId: ownerA.user.id })
    expect(reply).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', issues: [{ path: 'organizationId' }] },
    })
    expect(await snapshot(app)).toEqual(before)
  })

  it('an organization the caller does not manage: 403, nothing written', async () => {
    const before = await snapshot(app)
    expectForbidden(
      await adminA.send(SERVICES, {
        action: 'create',
        slug: uniqueSlug(),
        providerId: adminA.user.id,
        organizationId: orgB,
      }),
    )
    expect(await snapshot(app)).toEqual(before)
  })

  it('the provider must be a member of the organization: 400 on providerId, nothing written', async () => {
    const before = await snapshot(app)
    const reply = await ownerA.send(SERVICES, {
      action: 'create',
      slug: uniqueSlug(),
      providerId: citizen.user.id,
      organizationId: orgA,
    })
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_request', issues: [{ path: 'providerId' }] } })
    expect(await snapshot(app)).toEqual(before)
    // Any member will do, a plain member too.
    const ok = await ownerA.send(SERVICES, {
      action: 'create',
      slug: uniqueSlug(),
      providerId: memberA.user.id,
      organizationId: orgA,
    })
    expect(ok.status).toBe(201)
    expect((await serviceRow(ok.body.id))!.provider_id).toBe(memberA.user.id)
  })

  it('home-page curation stays with platform admins: 403 for isFeatured or displayInHome, nothing changed', async () => {
    const before = await snapshot(app)
    expectForbidden(
      await ownerA.send(SERVICES, {
        action: 'create',
        slug: uniqueSlug(),
        providerId: ownerA.user.id,
        organizationId: orgA,
        isFeatured: true,
      }),
    )
    expect(await snapshot(app)).toEqual(before)
    const { id } = await serviceOf(ownerA, orgA)
    expectForbidden(await ownerA.send(SERVICES, { action: 'update', id, displayInHome: true }, 'PATCH'))
    expect((await sql(app, 'SELECT display_in_home FROM service_listings WHERE id = $1', [id]))[0]).toEqual({
      display_in_home: false,
    })
    // Sending the value it already has changes nothing and is allowed.
    expect((await ownerA.send(SERVICES, { action: 'update', id, isFeatured: false }, 'PATCH')).status).toBe(200)
    // The platform admin features it; the organization's copy starts unfeatured.
    expect((await platform.send(SERVICES, { action: 'update', id, isFeatured: true }, 'PATCH')).status).toBe(200)
    const copy = await ownerA.send(SERVICES, { action: 'duplicate', id })
    expect(copy.status).toBe(201)
    expect(await serviceRow(copy.body.id)).toMatchObject({ is_featured: false, organization_id: orgA })
  })

  it('moves only between organizations the caller manages', async () => {
    const both = await person(orgA, 'owner')
    const orgC = await organization(both, 'Book Club')
    const { id } = await serviceOf(both, orgA)
    expect(await both.send(SERVICES, { action: 'update', id, organizationId: orgC }, 'PATCH')).toMatchObject({
      status: 200,
      body: { service: { organizationId: orgC } },
    })
    expect((await serviceRow(id))!.organization_id).toBe(orgC)

    expectForbidden(await both.send(SERVICES, { action: 'update', id, organizationId: orgB }, 'PATCH'))
    expectForbidden(await both.send(SERVICES, { action: 'update', id, organizationId: null }, 'PATCH'))
    expect((await serviceRow(id))!.organization_id).toBe(orgC)
    // A manager of the first organization only cannot move it out (or even see it, once gone).
    const { id: second } = await serviceOf(adminA, orgA)
    expectForbidden(await adminA.send(SERVICES, { action: 'update', id: second, organizationId: orgC }, 'PATCH'))
    expect((await serviceRow(second))!.organization_id).toBe(orgA)
  })
})

describe('who is refused', () => {
  const routes = (
    serviceId: string,
    slotId: string,
    bookingId: string,
  ): Array<[string, (who: Actor) => Promise<Reply>]> => [
    ['list services', (who) => who.get(SERVICES)],
    ['read a service', (who) => who.get(SERVICES, { id: serviceId })],
    [
      'create',
      (who) =>
        who.send(SERVICES, {
          action: 'create',
          slug: uniqueSlug(),
          providerId: who.user.id || ownerA.user.id,
          organizationId: orgA,
        }),
    ],
    ['update', (who) => who.send(SERVICES, { action: 'update', id: serviceId, basePrice: '99.00' }, 'PATCH')],
    ['deactivate', (who) => who.send(SERVICES, { action: 'deactivate', id: serviceId })],
    ['delete', (who) => who.send(SERVICES, { action: 'delete', id: serviceId }, 'DELETE')],
    ['list slots', (who) => who.get(AVAILABILITY, { serviceId })],
    [
      'add a slot',
      (who) =>
        who.send(AVAILABILITY, { action: 'create', serviceId, dayOfWeek: 5, startTime: '09:00', endTime: '10:00' }),
    ],
    ['change a slot', (who) => who.send(AVAILABILITY, { action: 'update', id: slotId, endTime: '11:30' }, 'PATCH')],
    ['list bookings', (who) => who.get(ADMIN_BOOKINGS)],
    ['confirm a booking', (who) => who.send(ADMIN_BOOKINGS, { action: 'confirm', id: bookingId }, 'PATCH')],
  ]

  async function fixture() {
    const service = await bookableService(ownerA, day, {
      organizationId: orgA,
      providerId: ownerA.user.id,
      basePrice: '10.00',
    })
    const [slot] = await sql<{ id: string }>(app, 'SELECT id FROM service_availability WHERE service_id = $1', [
      service.id,
    ])
    return { service: service.id, slot: slot!.id, booking: await bookingOf(service.id) }
  }

  async function unchanged(f: { service: string; slot: string; booking: string }) {
    expect(await serviceRow(f.service)).toMatchObject({ status: 'active', base_price: '10.00', organization_id: orgA })
    expect(await slotsOf(f.service)).toEqual([`${day.dayOfWeek} 09:00-17:00`])
    expect(await bookingStatus(f.booking)).toBe('pending')
  }

  for (const who of ['a member of the organization', 'a citizen', 'an anonymous caller'] as const) {
    it(`${who}: 403 forbidden on every service, availability and booking route, nothing written`, async () => {
      const caller = who === 'a member of the organization' ? memberA : who === 'a citizen' ? citizen : anonymous(app)
      const f = await fixture()
      const before = await snapshot(app)
      for (const [name, request] of routes(f.service, f.slot, f.booking)) {
        const reply = await request(caller)
        expect({ name, status: reply.status, error: reply.body?.error }).toEqual({
          name,
          status: 403,
          error: 'forbidden',
        })
      }
      expect(await snapshot(app)).toEqual(before)
      await unchanged(f)
    })
  }

  it('another organization’s admin: 404 for the service, its slots and its bookings (as for one that does not exist), nothing written', async () => {
    const f = await fixture()
    const before = await snapshot(app)
    for (const [name, request] of routes(f.service, f.slot, f.booking)) {
      const reply = await request(adminB)
      if (name === 'create')
        expect({ name, status: reply.status, error: reply.body.error }).toEqual({
          name,
          status: 403,
          error: 'forbidden',
        })
      else if (name.startsWith('list ') && name !== 'list slots')
        expect({ name, status: reply.status }).toEqual({ name, status: 200 })
      else
        expect({ name, status: reply.status, error: reply.body.error }).toEqual({
          name,
          status: 404,
          error: 'not_found',
        })
    }
    // Their lists leave A's rows out.
    expect(
      (await adminB.get(SERVICES, { perPage: '100' })).body.services.map((s: { id: string }) => s.id),
    ).not.toContain(f.service)
    expect(
      (await adminB.get(ADMIN_BOOKINGS, { perPage: '100' })).body.bookings.map((b: { id: string }) => b.id),
    ).not.toContain(f.booking)
    expect(await snapshot(app)).toEqual(before)
    await unchanged(f)
  })

  it('categories stay with platform admins', async () => {
    expectForbidden(await ownerA.get(CATEGORIES))
    const before = await count(app, 'service_categories')
    expectForbidden(await ownerA.send(CATEGORIES, { action: 'create', slug: uniqueSlug('cat'), name: { en: 'Mine' } }))
    expect(await count(app, 'service_categories')).toBe(before)
  })
})

describe('losing the role', () => {
  it('a removed admin is refused on the next request, by bearer token and by the cookie of the same sign-in', async () => {
    const leaving = await person(orgA, 'admin')
    const { cookie } = await signIn(app, leaving.user)
    const { id } = await serviceOf(leaving, orgA)
    expect((await leaving.get(SERVICES, { id })).status).toBe(200)
    expect((await call(app, 'GET', `${SERVICES}?id=${id}`, { headers: { cookie } })).status).toBe(200)

    const removed = await ownerA.send('/api/auth/organization/remove-member', {
      memberIdOrEmail: leaving.user.email,
      organizationId: orgA,
    })
    expect(removed.status).toBe(200)
    expect(await count(app, 'memberships', 'user_id = $1', [leaving.user.id])).toBe(0)

    expectForbidden(await leaving.get(SERVICES, { id }))
    // The cookie's cached session is trusted for 300 s; memberships are read from the database.
    expectForbidden(await call(app, 'GET', `${SERVICES}?id=${id}`, { headers: { cookie } }))
    expectForbidden(await leaving.send(SERVICES, { action: 'update', id, basePrice: '1.00' }, 'PATCH'))
    expect((await serviceRow(id))!.base_price).toBeNull()
    // And on the stock route: the draft is no longer theirs to read or change.
    expect((await call(app, 'GET', `/api/service-listings/${id}`, { headers: leaving.headers })).status).toBe(404)
    expect(
      (
        await call(app, 'PATCH', `/api/service-listings/${id}`, {
          headers: leaving.headers,
          body: { basePrice: '1.00' },
        })
      ).status,
    ).toBe(403)
    expect((await serviceRow(id))!.base_price).toBeNull()
  })

  it('an admin demoted to member is refused on the next request', async () => {
    const demoted = await person(orgA, 'admin')
    const { id } = await serviceOf(demoted, orgA)
    await sql(app, `UPDATE memberships SET role = 'member' WHERE user_id = $1`, [demoted.user.id])
    expectForbidden(await demoted.send(SERVICES, { action: 'deactivate', id }))
    expect((await serviceRow(id))!.status).toBe('draft')
  })
})

describe('platform admins are unaffected', () => {
  it('create without an organization, with any provider, featured; change any organization’s service', async () => {
    const created = await platform.send(SERVICES, {
      action: 'create',
      slug: uniqueSlug(),
      providerId: citizen.user.id,
      isFeatured: true,
    })
    expect(created.status).toBe(201)
    expect(await serviceRow(created.body.id)).toMatchObject({
      organization_id: null,
      provider_id: citizen.user.id,
      is_featured: true,
    })
    const { id } = await serviceOf(adminB, orgB)
    expect(
      (await platform.send(SERVICES, { action: 'update', id, organizationId: orgA, displayInHome: true }, 'PATCH'))
        .status,
    ).toBe(200)
    expect((await serviceRow(id))!.organization_id).toBe(orgA)
    expect((await audits(app, 'service.update', id))[0]).toMatchObject({ user_id: platform.user.id })
    const slot = await makeSlot(platform, id)
    expect(slot.serviceId).toBe(id)
  })
})

describe('the stock REST routes follow the same rule', () => {
  const stock = (who: Actor, method: string, path: string, body?: unknown) =>
    call(app, method, `/api/${path}`, { headers: who.headers, body })

  it('service-listings: managers read their drafts, create and change their own, not another organization’s', async () => {
    const { id: draftA } = await serviceOf(ownerA, orgA)
    const { id: draftB } = await serviceOf(adminB, orgB)

    expect(await stock(adminA, 'GET', `service-listings/${draftA}`)).toMatchObject({
      status: 200,
      body: { id: draftA },
    })
    expect((await stock(adminA, 'GET', `service-listings/${draftB}`)).status).toBe(404)
    expect((await stock(memberA, 'GET', `service-listings/${draftA}`)).status).toBe(404)
    const listed = await stock(adminA, 'GET', `service-listings?limit=1&where[status][equals]=draft&depth=0`)
    expect(listed.status).toBe(200)
    expect(listed.body.totalDocs).toBe(
      await count(app, 'service_listings', `status = 'draft' AND organization_id = $1`, [orgA]),
    )

    const before = await count(app, 'service_listings')
    const created = await stock(adminA, 'POST', 'service-listings', {
      slug: uniqueSlug(),
      provider: adminA.user.id,
      organization: orgA,
    })
    expect(created.status).toBe(201)
    expect(await serviceRow(created.body.doc.id)).toMatchObject({ organization_id: orgA, provider_id: adminA.user.id })
    expect((await audits(app, 'service.create', created.body.doc.id))[0]).toMatchObject({ user_id: adminA.user.id })
    for (const body of [
      { slug: uniqueSlug(), provider: adminA.user.id, organization: orgB },
      { slug: uniqueSlug(), provider: adminA.user.id },
      { slug: uniqueSlug(), provider: adminA.user.id, organization: orgA, isFeatured: true },
    ]) {
      expect((await stock(adminA, 'POST', 'service-listings', body)).status).toBe(403)
    }
    expect(
      (
        await stock(memberA, 'POST', 'service-listings', {
          slug: uniqueSlug(),
          provider: memberA.user.id,
          organization: orgA,
        })
      ).status,
    ).toBe(403)
    expect(await count(app, 'service_listings')).toBe(before + 1)

    expect((await stock(adminA, 'PATCH', `service-listings/${draftA}`, { basePrice: '12.00' })).status).toBe(200)
    expect((await serviceRow(draftA))!.base_price).toBe('12.00')
    expect((await stock(adminA, 'PATCH', `service-listings/${draftA}`, { organization: orgB })).status).toBe(403)
    expect((await stock(adminA, 'PATCH', `service-listings/${draftA}`, { isFeatured: true })).status).toBe(403)
    expect(await serviceRow(draftA)).toMatchObject({ organization_id: orgA, is_featured: false })
    // Payload's own convention on a stock write: a row outside the caller's access rule is 403 (reads say 404).
    expect((await stock(adminA, 'PATCH', `service-listings/${draftB}`, { basePrice: '12.00' })).status).toBe(403)
    expect((await stock(memberA, 'PATCH', `service-listings/${draftA}`, { basePrice: '13.00' })).status).toBe(403)
    expect((await serviceRow(draftB))!.base_price).toBeNull()
    expect((await serviceRow(draftA))!.base_price).toBe('12.00')

    // A bulk update reaches only their rows, and may not move them.
    const bulk = await stock(adminA, 'PATCH', `service-listings?where[id][in]=${draftA},${draftB}`, {
      basePrice: '14.00',
    })
    expect(bulk.status).toBe(200)
    expect((await serviceRow(draftA))!.base_price).toBe('14.00')
    expect((await serviceRow(draftB))!.base_price).toBeNull()
    expect(
      (await stock(adminA, 'PATCH', `service-listings?where[id][equals]=${draftA}`, { organization: orgB })).status,
    ).toBe(403)
    expect((await serviceRow(draftA))!.organization_id).toBe(orgA)

    expect((await stock(adminA, 'DELETE', `service-listings/${draftB}`)).status).toBe(403)
    expect(await count(app, 'service_listings', 'id = $1', [draftB])).toBe(1)
    expect((await stock(adminA, 'DELETE', `service-listings/${draftA}`)).status).toBe(200)
    expect(await count(app, 'service_listings', 'id = $1', [draftA])).toBe(0)
  })

  it('service-availability: managers add and change the slots of their services only', async () => {
    const { id: mine } = await serviceOf(ownerA, orgA)
    const { id: theirs } = await serviceOf(adminB, orgB)
    const theirSlot = await makeSlot(adminB, theirs)

    const created = await stock(adminA, 'POST', 'service-availability', {
      service: mine,
      dayOfWeek: 4,
      startTime: '10:00',
      endTime: '11:00',
    })
    expect(created.status).toBe(201)
    expect(await slotsOf(mine)).toEqual(['4 10:00-11:00'])
    expect((await audits(app, 'service_availability.create', created.body.doc.id))[0]).toMatchObject({
      user_id: adminA.user.id,
    })
    // A draft's slots are not public: the manager reads them, a member does not.
    expect((await stock(adminA, 'GET', `service-availability?where[service][equals]=${mine}`)).body.totalDocs).toBe(1)
    expect((await stock(memberA, 'GET', `service-availability?where[service][equals]=${mine}`)).body.totalDocs).toBe(0)

    expect(
      (
        await stock(adminA, 'POST', 'service-availability', {
          service: theirs,
          dayOfWeek: 4,
          startTime: '10:00',
          endTime: '11:00',
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await stock(memberA, 'POST', 'service-availability', {
          service: mine,
          dayOfWeek: 5,
          startTime: '10:00',
          endTime: '11:00',
        })
      ).status,
    ).toBe(403)
    expect((await stock(adminA, 'PATCH', `service-availability/${theirSlot.id}`, { endTime: '12:30' })).status).toBe(
      403,
    )
    expect(
      (await stock(adminA, 'PATCH', `service-availability/${created.body.doc.id}`, { service: theirs })).status,
    ).toBe(403)
    expect((await stock(adminA, 'DELETE', `service-availability/${theirSlot.id}`)).status).toBe(403)
    expect(await slotsOf(theirs)).toEqual(['1 09:00-12:00'])
    expect(await slotsOf(mine)).toEqual(['4 10:00-11:00'])

    expect(
      (await stock(adminA, 'PATCH', `service-availability/${created.body.doc.id}`, { endTime: '11:30' })).status,
    ).toBe(200)
    expect(await slotsOf(mine)).toEqual(['4 10:00-11:30'])
  })

  it('bookings: managers read and move the bookings of their services, not others’, and cannot enter or delete bookings', async () => {
    const mine = await bookableService(ownerA, day, { organizationId: orgA, providerId: ownerA.user.id })
    const theirs = await bookableService(adminB, day, { organizationId: orgB, providerId: adminB.user.id })
    const booking = await bookingOf(mine.id)
    const other = await bookingOf(theirs.id)

    expect(await stock(adminA, 'GET', `bookings/${booking}`)).toMatchObject({ status: 200, body: { id: booking } })
    expect((await stock(adminA, 'GET', `bookings/${other}`)).status).toBe(404)
    expect((await stock(memberA, 'GET', `bookings/${booking}`)).status).toBe(404)
    const listed = await stock(adminA, 'GET', 'bookings?limit=1&depth=0')
    expect(listed.body.totalDocs).toBe(
      await count(app, 'bookings b JOIN service_listings s ON s.id = b.service_id', 's.organization_id = $1', [orgA]),
    )

    expect((await stock(adminA, 'PATCH', `bookings/${booking}`, { status: 'confirmed' })).status).toBe(200)
    expect(await bookingStatus(booking)).toBe('confirmed')
    expect((await audits(app, 'booking.confirm', booking))[0]).toMatchObject({ user_id: adminA.user.id })
    expect((await stock(adminA, 'PATCH', `bookings/${other}`, { status: 'confirmed' })).status).toBe(403)
    expect((await stock(memberA, 'PATCH', `bookings/${booking}`, { status: 'completed' })).status).toBe(403)
    expect((await stock(adminA, 'PATCH', `bookings/${booking}`, { service: theirs.id })).status).toBe(403)
    expect(await bookingStatus(other)).toBe('pending')
    expect(
      (
        await sql<{ service_id: string; status: string }>(
          app,
          'SELECT service_id, status FROM bookings WHERE id = $1',
          [booking],
        )
      )[0],
    ).toEqual({ service_id: mine.id, status: 'confirmed' })

    const before = await count(app, 'bookings')
    expect(
      (
        await stock(adminA, 'POST', 'bookings', {
          service: mine.id,
          customer: customer.user.id,
          bookingDate: day.date,
          bookingTime: '16:00',
        })
      ).status,
    ).toBe(403)
    expect((await stock(adminA, 'DELETE', `bookings/${booking}`)).status).toBe(403)
    expect(await count(app, 'bookings')).toBe(before)
  })
})
