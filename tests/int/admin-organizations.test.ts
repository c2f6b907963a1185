// /api/admin/organizations (docs/api.md "Admin organizations: /api/admin/organizations"): admins only (anonymous,
// citizen and moderator 403), the admin API's envelope, the list with counts and one organization with its
// members, and every action with its rules (last owner, already a member, services owned),
// each checked in the database with its audit entry.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { roleActor } from '../helpers/blog'
import { type Actor, adminActor, anonymous, audits, call, citizenActor, count, makeService } from '../helpers/catalogue'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'

const PATH = '/api/admin/organizations'
let app: TestApp
let admin: Actor
let citizen: Actor
let moderator: Actor
let seq = 0
const slug = () => `org-${Date.now().toString(36)}-${++seq}`

beforeAll(async () => {
  app = await startTestApp()
  admin = await adminActor(app)
  citizen = await citizenActor(app)
  moderator = await roleActor(app, 'moderator')
})

afterAll(async () => {
  await app.stop()
})

const roleOf = async (organizationId: string, userId: string) =>
  (
    await sql<{ role: string }>(app, 'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2', [
      organizationId,
      userId,
    ])
  )[0]?.role

async function created(ownerId = citizen.user.id, name = 'Garden Club'): Promise<{ id: string; slug: string }> {
  const s = slug()
  const reply = await admin.send(PATH, { action: 'create', name, slug: s, ownerId })
  if (reply.status !== 201) throw new Error(`create: ${reply.status} ${JSON.stringify(reply.body)}`)
  return { id: reply.body.organization.id, slug: s }
}

describe('access', () => {
  it('403 forbidden for anonymous, citizen and moderator on GET and every mutation; nothing written', async () => {
    const before = await count(app, 'organizations')
    for (const who of [anonymous(app), citizen, moderator]) {
      expect(await who.get(PATH)).toMatchObject({ status: 403, body: { error: 'forbidden' } })
      for (const method of ['POST', 'PATCH', 'DELETE']) {
        const reply = await who.send(
          PATH,
          { action: 'create', name: 'X', slug: slug(), ownerId: citizen.user.id },
          method,
        )
        expect({ method, status: reply.status, error: reply.body.error }).toEqual({
          method,
          status: 403,
          error: 'forbidden',
        })
      }
    }
    expect(await count(app, 'organizations')).toBe(before)
  })

  it('the envelope: invalid_body, missing_action, unknown_action, missing_id, invalid_request', async () => {
    expect((await call(app, 'POST', PATH, { headers: admin.headers, raw: '{' })).body.error).toBe('invalid_body')
    expect((await admin.send(PATH, { name: 'x' })).body.error).toBe('missing_action')
    expect((await admin.send(PATH, { action: 'explode' })).body.error).toBe('unknown_action')
    for (const action of ['update', 'add-member', 'set-role', 'remove-member', 'delete'])
      expect((await admin.send(PATH, { action })).body.error).toBe('missing_id')
    const bad = [
      { action: 'create', name: 'X', slug: 'Not A Slug', ownerId: citizen.user.id },
      { action: 'create', name: '', slug: slug(), ownerId: citizen.user.id },
      { action: 'create', name: 'X', slug: slug(), ownerId: 'nope' },
      { action: 'create', name: 'X', slug: slug(), ownerId: '00000000-0000-4000-8000-000000000000' },
      { action: 'create', name: 'X', slug: slug(), ownerId: citizen.user.id, extra: 1 },
    ]
    for (const body of bad)
      expect({ body, reply: (await admin.send(PATH, body)).body.error }).toEqual({ body, reply: 'invalid_request' })
  })
})

describe('create, read, list, update', () => {
  it('201 create with its owner, audited; GET ?id= with members; listed with counts and found by q', async () => {
    const { id, slug: s } = await created(citizen.user.id, 'Riverside Rowing')
    expect(await roleOf(id, citizen.user.id)).toBe('owner')
    expect(await audits(app, 'organization.create', id)).toHaveLength(1)
    const one = await admin.get(PATH, { id })
    expect(one.status).toBe(200)
    expect(one.body.organization).toEqual({
      id,
      name: 'Riverside Rowing',
      slug: s,
      memberCount: 1,
      serviceCount: 0,
      createdAt: expect.any(String),
      members: [
        {
          userId: citizen.user.id,
          email: citizen.user.email,
          name: null,
          role: 'owner',
          createdAt: expect.any(String),
        },
      ],
    })
    const listed = await admin.get(PATH, { q: 'riverside ROW', perPage: '5' })
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ page: 1, perPage: 5 })
    expect(listed.body.organizations.map((o: { id: string }) => o.id)).toContain(id)
    expect((await admin.get(PATH, { q: s })).body.organizations).toEqual([
      expect.objectContaining({ id, memberCount: 1, serviceCount: 0 }),
    ])
    expect(await admin.get(PATH, { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    })
    expect((await admin.get(PATH, { page: 'x' })).body.error).toBe('invalid_request')
  })

  it('409 slug_taken on create and update; update changes name and slug, audited', async () => {
    const a = await created()
    const b = await created()
    expect(
      (await admin.send(PATH, { action: 'create', name: 'Dup', slug: a.slug, ownerId: citizen.user.id })).body.error,
    ).toBe('slug_taken')
    expect((await admin.send(PATH, { action: 'update', id: b.id, slug: a.slug })).body.error).toBe('slug_taken')
    const s = slug()
    const reply = await admin.send(PATH, { action: 'update', id: b.id, name: 'Renamed', slug: s }, 'PATCH')
    expect(reply.status).toBe(200)
    expect(reply.body.organization).toMatchObject({ id: b.id, name: 'Renamed', slug: s })
    expect((await sql(app, 'SELECT name, slug FROM organizations WHERE id = $1', [b.id]))[0]).toEqual({
      name: 'Renamed',
      slug: s,
    })
    expect(await audits(app, 'organization.update', b.id)).toHaveLength(1)
    expect(
      (await admin.send(PATH, { action: 'update', id: '00000000-0000-4000-8000-000000000000', name: 'x' })).status,
    ).toBe(404)
  })
})

describe('members', () => {
  it('add-member, 409 already_member, set-role, remove-member, each audited', async () => {
    const { id } = await created()
    const other = await citizenActor(app)
    const added = await admin.send(PATH, { action: 'add-member', id, userId: other.user.id, role: 'member' })
    expect(added.status).toBe(200)
    expect(added.body.organization.memberCount).toBe(2)
    expect(await roleOf(id, other.user.id)).toBe('member')
    expect(await admin.send(PATH, { action: 'add-member', id, userId: other.user.id, role: 'admin' })).toMatchObject({
      status: 409,
      body: { error: 'already_member' },
    })
    expect((await admin.send(PATH, { action: 'add-member', id, userId: other.user.id, role: 'king' })).body.error).toBe(
      'invalid_request',
    )
    expect((await admin.send(PATH, { action: 'set-role', id, userId: other.user.id, role: 'admin' })).status).toBe(200)
    expect(await roleOf(id, other.user.id)).toBe('admin')
    expect((await admin.send(PATH, { action: 'remove-member', id, userId: other.user.id }, 'DELETE')).status).toBe(200)
    expect(await roleOf(id, other.user.id)).toBeUndefined()
    expect((await admin.send(PATH, { action: 'remove-member', id, userId: other.user.id })).status).toBe(404)
    for (const action of ['add_member', 'set_role', 'remove_member'])
      expect(await audits(app, `organization.${action}`, id)).toHaveLength(1)
  })

  it('409 last_owner: the only owner cannot be demoted or removed; with a second owner it can', async () => {
    const { id } = await created()
    expect(await admin.send(PATH, { action: 'set-role', id, userId: citizen.user.id, role: 'member' })).toMatchObject({
      status: 409,
      body: { error: 'last_owner' },
    })
    expect(await admin.send(PATH, { action: 'remove-member', id, userId: citizen.user.id })).toMatchObject({
      status: 409,
      body: { error: 'last_owner' },
    })
    expect(await roleOf(id, citizen.user.id)).toBe('owner')
    expect(await audits(app, 'organization.set_role', id)).toHaveLength(0)
    const second = await citizenActor(app)
    await admin.send(PATH, { action: 'add-member', id, userId: second.user.id, role: 'owner' })
    expect((await admin.send(PATH, { action: 'set-role', id, userId: citizen.user.id, role: 'member' })).status).toBe(
      200,
    )
    expect(await admin.send(PATH, { action: 'remove-member', id, userId: second.user.id })).toMatchObject({
      status: 409,
      body: { error: 'last_owner' },
    })
  })
})

describe('delete', () => {
  it('409 organization_has_services while it owns one; then 200, memberships gone, audited', async () => {
    const { id } = await created()
    const service = await makeService(admin)
    await sql(app, 'UPDATE service_listings SET organization_id = $1 WHERE id = $2', [id, service.id])
    expect(await admin.send(PATH, { action: 'delete', id })).toMatchObject({
      status: 409,
      body: { error: 'organization_has_services' },
    })
    expect(await count(app, 'organizations', 'id = $1', [id])).toBe(1)
    expect((await admin.get(PATH, { id })).body.organization.serviceCount).toBe(1)
    await sql(app, 'UPDATE service_listings SET organization_id = NULL WHERE id = $1', [service.id])
    expect(await admin.send(PATH, { action: 'delete', id }, 'DELETE')).toEqual({
      status: 200,
      body: { success: true, id },
    })
    expect(await count(app, 'organizations', 'id = $1', [id])).toBe(0)
    expect(await count(app, 'memberships', 'organization_id = $1', [id])).toBe(0)
    expect(await audits(app, 'organization.delete', id)).toHaveLength(1)
    expect((await admin.send(PATH, { action: 'delete', id })).status).toBe(404)
  })
})
