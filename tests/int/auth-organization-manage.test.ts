// Organizations and members (docs/api.md "Accounts beyond sign-in (/api/auth)"), Better
// Auth's organization routes: who may do what (owner, admin, member, outsider, anonymous,
// banned), create, update and delete, reading an organization, roles and the last owner
// kept under concurrent demotions. The database is checked after each change.
// Invitations, the active organization, logo and metadata and roles sent as lists:
// auth-organization-invitations.test.ts.
import { beforeAll, describe, expect, it } from '@jest/globals'

import { adminActor, makeService } from '../helpers/catalogue'
import {
  app,
  audits,
  bearer,
  expectError,
  get,
  type Headers,
  ok,
  type Org,
  post,
  roleOf,
  team,
  uniqueSlug,
  useOrganizationApp,
} from '../helpers/organizations'
import { sql } from '../helpers/test-app'
import { createUser } from '../helpers/users'

useOrganizationApp()

const ROUTES: Array<[string, 'GET' | 'POST', unknown]> = [
  ['create', 'POST', { name: 'x', slug: 'x' }],
  ['update', 'POST', { data: { name: 'x' } }],
  ['delete', 'POST', { organizationId: 'x' }],
  ['check-slug', 'POST', { slug: 'x' }],
  ['get-full-organization', 'GET', undefined],
  ['list-members', 'GET', undefined],
  ['get-active-member', 'GET', undefined],
  ['update-member-role', 'POST', { memberId: 'x', role: 'member' }],
  ['remove-member', 'POST', { memberIdOrEmail: 'x' }],
  ['leave', 'POST', { organizationId: 'x' }],
  ['invite-member', 'POST', { email: 'a@example.test', role: 'member' }],
  ['accept-invitation', 'POST', { invitationId: '00000000-0000-4000-8000-000000000000' }],
  ['reject-invitation', 'POST', { invitationId: '00000000-0000-4000-8000-000000000000' }],
  ['cancel-invitation', 'POST', { invitationId: '00000000-0000-4000-8000-000000000000' }],
  ['get-invitation?id=00000000-0000-4000-8000-000000000000', 'GET', undefined],
  ['list-invitations', 'GET', undefined],
  ['list-user-invitations', 'GET', undefined],
]

describe('every route', () => {
  // One banned user for every route: a refused request changes nothing, so the routes do not
  // depend on each other (and each would still fail on its own if it let the user through).
  let bannedH: Headers
  beforeAll(async () => {
    const banned = await createUser(app)
    bannedH = await bearer(banned)
    await sql(app, 'UPDATE users SET banned = true WHERE id = $1', [banned.id])
  })

  it.each(ROUTES)('%s: 401 anonymous, 403 banned_user for a banned user', async (path, method, body) => {
    await expectError(method === 'GET' ? await get(path, {}) : await post(path, {}, body), 401, 'unauthorized')
    await expectError(method === 'GET' ? await get(path, bannedH) : await post(path, bannedH, body), 403, 'banned_user')
  })
})

describe('create, check-slug, update, delete', () => {
  it('create makes the caller its owner; the slug is then taken; audited', async () => {
    const user = await createUser(app)
    const headers = await bearer(user)
    const slug = uniqueSlug('bikes')
    expect(await ok(await post('check-slug', headers, { slug }))).toEqual({ status: true })
    const org = await ok<Org & { name: string }>(await post('create', headers, { name: 'Bike Kitchen', slug }))
    expect(org).toMatchObject({ name: 'Bike Kitchen', slug, members: [{ userId: user.id, role: 'owner' }] })
    expect(
      await sql(app, 'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2', [org.id, user.id]),
    ).toEqual([{ role: 'owner' }])
    await expectError(await post('check-slug', headers, { slug }), 409, 'slug_is_taken')
    await expectError(await post('create', headers, { name: 'Again', slug }), 409, 'slug_is_taken')
    expect(await audits('organization.create', org.id)).toHaveLength(1)
    const list = await ok<Array<{ id: string; role: string }>>(await get('list', headers))
    expect(list).toEqual([expect.objectContaining({ id: org.id, role: 'owner' })])
  })

  // One caller for the refused creates (each writes nothing, as it checks).
  let creator: Headers | undefined
  const refusedCreator = async () => (creator ??= await bearer(await createUser(app)))

  it.each([
    ['bad slug', { name: 'X', slug: 'Not A Slug' }],
    ['no name', { slug: 'fine-slug' }],
    ['long name', { name: 'x'.repeat(201), slug: 'fine-slug' }],
    ['unknown field', { name: 'X', slug: 'fine-slug', owner: 'me' }],
  ])('create: 400 invalid_input (%s), nothing written', async (_, body) => {
    const before = await sql(app, 'SELECT count(*) FROM organizations')
    await expectError(await post('create', await refusedCreator(), body), 400, 'invalid_input')
    expect(await sql(app, 'SELECT count(*) FROM organizations')).toEqual(before)
  })

  // The failed INSERT's SQL names the slug column; only a real unique violation is slug_is_taken.
  it('create: a name the database refuses (NUL byte) is 400, not slug_is_taken; nothing written', async () => {
    const slug = uniqueSlug('nul')
    await expectError(
      await post('create', await bearer(await createUser(app)), { name: 'a\u0000b', slug }),
      400,
      'invalid_request',
    )
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE slug = $1', [slug])).toHaveLength(0)
  })

  it('update: owners and admins yes, members and outsiders 403; slug conflicts 409', async () => {
    const t = await team()
    const renamed = await ok<{ name: string }>(
      await post('update', t.adminH, { organizationId: t.org.id, data: { name: 'Renamed' } }),
    )
    expect(renamed.name).toBe('Renamed')
    await expectError(
      await post('update', t.memberH, { organizationId: t.org.id, data: { name: 'Nope' } }),
      403,
      'forbidden',
    )
    await expectError(
      await post('update', t.outsiderH, { organizationId: t.org.id, data: { name: 'Nope' } }),
      403,
      'forbidden',
    )
    const other = await team()
    await expectError(
      await post('update', t.ownerH, { organizationId: t.org.id, data: { slug: other.org.slug } }),
      409,
      'slug_is_taken',
    )
    // A session of the owner's that never chose an organization (create made it active only in the creating one).
    await expectError(
      await post('update', await bearer(t.owner), { data: { name: 'No active one' } }),
      400,
      'no_active_organization',
    )
    await expectError(
      await post('update', t.ownerH, { organizationId: '00000000-0000-4000-8000-000000000000', data: { name: 'x' } }),
      404,
      'organization_not_found',
    )
    expect(
      (await sql<{ name: string }>(app, 'SELECT name FROM organizations WHERE id = $1', [t.org.id]))[0]!.name,
    ).toBe('Renamed')
  })

  it('delete: owners only; memberships and invitations go', async () => {
    const t = await team()
    await ok(
      await post('invite-member', t.ownerH, {
        organizationId: t.org.id,
        email: 'pending@example.test',
        role: 'member',
      }),
    )
    await expectError(await post('delete', t.adminH, { organizationId: t.org.id }), 403, 'forbidden')
    expect((await ok<{ id: string }>(await post('delete', t.ownerH, { organizationId: t.org.id }))).id).toBe(t.org.id)
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE id = $1', [t.org.id])).toHaveLength(0)
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE organization_id = $1', [t.org.id])).toHaveLength(0)
    expect(await sql(app, 'SELECT 1 FROM invitations WHERE organization_id = $1', [t.org.id])).toHaveLength(0)
    expect(await audits('organization.delete', t.org.id)).toHaveLength(1)
  })

  it('delete: 409 organization_has_services while a service belongs to it; then every session loses it', async () => {
    const t = await team()
    const service = await makeService(await adminActor(app))
    await sql(app, 'UPDATE service_listings SET organization_id = $1 WHERE id = $2', [t.org.id, service.id])
    const activeIn = async () =>
      (await sql(app, 'SELECT count(*)::int AS n FROM sessions WHERE active_organization_id = $1', [t.org.id]))[0]
    // The team's owner, admin and member each made it their session's active organization.
    expect(await activeIn()).toEqual({ n: 3 })
    await expectError(await post('delete', t.ownerH, { organizationId: t.org.id }), 409, 'organization_has_services')
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE id = $1', [t.org.id])).toHaveLength(1)
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE organization_id = $1', [t.org.id])).toHaveLength(3)
    expect(await activeIn()).toEqual({ n: 3 })
    expect(await audits('organization.delete', t.org.id)).toHaveLength(0)

    await sql(app, 'UPDATE service_listings SET organization_id = NULL WHERE id = $1', [service.id])
    expect((await ok<{ id: string }>(await post('delete', t.ownerH, { organizationId: t.org.id }))).id).toBe(t.org.id)
    expect(await activeIn()).toEqual({ n: 0 })
    const session = await ok<{ session: { activeOrganizationId: string | null } }>(
      await app.request('/api/auth/get-session', { headers: t.memberH }),
    )
    expect(session.session.activeOrganizationId ?? null).toBeNull()
    expect(
      await sql(app, "SELECT user_id, data FROM audit_logs WHERE action = 'organization.delete' AND target_id = $1", [
        t.org.id,
      ]),
    ).toEqual([{ user_id: t.owner.id, data: { name: 'Garden Club', slug: t.org.slug } }])
  })
})

describe('reading an organization', () => {
  it('get-full-organization and list-members for members; 403 outsiders; by slug; get-active-member follows set-active', async () => {
    const t = await team()
    const full = await ok<{ members: unknown[]; invitations: unknown[] }>(
      await get(`get-full-organization?organizationId=${t.org.id}`, t.memberH),
    )
    expect(full.members).toHaveLength(3)
    expect(full.invitations).toHaveLength(2)
    expect(
      (await ok<{ id: string }>(await get(`get-full-organization?organizationSlug=${t.org.slug}`, t.memberH))).id,
    ).toBe(t.org.id)
    await expectError(await get(`get-full-organization?organizationId=${t.org.id}`, t.outsiderH), 403, 'forbidden')
    const page = await ok<{ members: Array<{ role: string }>; total: number }>(
      await get(`list-members?organizationId=${t.org.id}&limit=2`, t.memberH),
    )
    expect(page.total).toBe(3)
    expect(page.members).toHaveLength(2)
    await expectError(await get(`list-members?organizationId=${t.org.id}`, t.outsiderH), 403, 'forbidden')
    const fresh = await bearer(t.member)
    await expectError(await get('get-active-member', fresh), 400, 'no_active_organization')
    await ok(await post('set-active', fresh, { organizationId: t.org.id }))
    expect(await ok(await get('get-active-member', fresh))).toMatchObject({
      id: t.ids.member,
      role: 'member',
      user: { email: t.member.email },
    })
  })

  it('get-full-organization naming no organization: the active one, or 200 null when there is none', async () => {
    const t = await team()
    const fresh = await bearer(t.member)
    expect(await ok(await get('get-full-organization', fresh))).toBeNull()
    expect(await ok(await get('get-full-organization', await bearer(t.outsider)))).toBeNull()
    // Accepting the invitation made the organization the accepting session's active one.
    expect(await ok(await get('get-full-organization', t.memberH))).toMatchObject({
      id: t.org.id,
      members: expect.any(Array),
    })
    await ok(await post('set-active', fresh, { organizationId: t.org.id }))
    expect(await ok(await get('get-full-organization?membersLimit=1', fresh))).toMatchObject({
      id: t.org.id,
      members: [expect.anything()],
    })
    // Naming one still answers it, or refuses it, whatever is active.
    await expectError(
      await get(`get-full-organization?organizationId=${t.org.id}`, await bearer(t.outsider)),
      403,
      'forbidden',
    )
    await expectError(
      await get('get-full-organization?organizationSlug=no-such-organization', fresh),
      404,
      'organization_not_found',
    )
  })
})

describe('roles and the last owner', () => {
  it('update-member-role: admins manage members and admins, only owners touch owners; audited', async () => {
    const t = await team()
    expect(
      await ok(
        await post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.member, role: 'admin' }),
      ),
    ).toMatchObject({ role: 'admin' })
    expect(await roleOf(t.ids.member)).toBe('admin')
    await expectError(
      await post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.member, role: 'owner' }),
      403,
      'forbidden',
    )
    await expectError(
      await post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.owner, role: 'member' }),
      403,
      'forbidden',
    )
    const plain = await team()
    await expectError(
      await post('update-member-role', plain.memberH, {
        organizationId: plain.org.id,
        memberId: plain.ids.admin,
        role: 'member',
      }),
      403,
      'forbidden',
    )
    await expectError(
      await post('update-member-role', t.outsiderH, {
        organizationId: t.org.id,
        memberId: t.ids.member,
        role: 'member',
      }),
      403,
      'forbidden',
    )
    await expectError(
      await post('update-member-role', t.ownerH, {
        organizationId: t.org.id,
        memberId: '00000000-0000-4000-8000-000000000000',
        role: 'member',
      }),
      404,
      'member_not_found',
    )
    await expectError(
      await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.member, role: 'boss' }),
      400,
      'invalid_input',
    )
    expect(await audits('organization.member_role_updated', t.org.id)).toHaveLength(1)
  })

  it('the last owner cannot demote themselves, be removed or leave (409 last_owner)', async () => {
    const t = await team()
    await expectError(
      await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.owner, role: 'admin' }),
      409,
      'last_owner',
    )
    await expectError(await post('leave', t.ownerH, { organizationId: t.org.id }), 409, 'last_owner')
    await expectError(
      await post('remove-member', t.ownerH, { organizationId: t.org.id, memberIdOrEmail: t.owner.email }),
      409,
      'last_owner',
    )
    expect(await roleOf(t.ids.owner)).toBe('owner')
  })

  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await team()
      await ok(
        await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.admin, role: 'owner' }),
      )
      const answers = await Promise.all([
        post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.admin, role: 'member' }),
        post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.owner, role: 'member' }),
      ])
      const statuses = answers.map((r) => r.status).sort()
      // The second to run is refused: the last owner (409), or no longer an owner at all (403).
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const owners = await sql(app, "SELECT 1 FROM memberships WHERE organization_id = $1 AND role = 'owner'", [
        t.org.id,
      ])
      expect(owners).toHaveLength(1)
    }
  }, 120_000) // three teams: a bound against hanging, sized for a loaded machine

  it('remove-member by id or email; leave; the removed member’s active organization is cleared', async () => {
    const t = await team()
    await ok(await post('set-active', t.memberH, { organizationId: t.org.id }))
    await expectError(
      await post('remove-member', t.memberH, { organizationId: t.org.id, memberIdOrEmail: t.ids.admin }),
      403,
      'forbidden',
    )
    expect(
      await ok(await post('remove-member', t.adminH, { organizationId: t.org.id, memberIdOrEmail: t.member.email })),
    ).toMatchObject({ member: { id: t.ids.member } })
    expect(await roleOf(t.ids.member)).toBeUndefined()
    expect(
      await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1 AND active_organization_id IS NOT NULL', [t.member.id]),
    ).toHaveLength(0)
    await expectError(
      await post('remove-member', t.adminH, { organizationId: t.org.id, memberIdOrEmail: t.ids.owner }),
      403,
      'forbidden',
    )
    expect(await ok(await post('leave', t.adminH, { organizationId: t.org.id }))).toMatchObject({ id: t.ids.admin })
    expect(await roleOf(t.ids.admin)).toBeUndefined()
    await expectError(await post('leave', t.outsiderH, { organizationId: t.org.id }), 403, 'forbidden')
  })
})
