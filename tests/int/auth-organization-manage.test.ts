// Organizations, members and invitations (API-CONTRACT §11), Better Auth's organization
// routes: who may do what (owner, admin, member, outsider, anonymous, banned), the last owner
// kept under concurrent demotions, invitations mailed, expiring after 48 h and accepted once
// even when accepted twice at once; the active organization following create and
// accept-invitation, logo and metadata, and roles sent as lists, as Better Auth's client
// sends them. The database is checked after each change.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { startAppWithMailbox } from '../helpers/app-with-mailbox'
import type { Mailbox } from '../helpers/mailbox'
import { sql, type TestApp } from '../helpers/test-app'
import { createUser, signIn, type TestUser } from '../helpers/users'

let app: TestApp
let mailbox: Mailbox
let seq = 0
const uniqueSlug = (base: string) => `${base}-${Date.now().toString(36)}-${++seq}`

let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  ;({ app, mailbox, stop } = await startAppWithMailbox())
})

afterAll(async () => {
  await stop?.()
})

type Headers = Record<string, string>
const bearer = async (user: TestUser): Promise<Headers> => ({ authorization: `Bearer ${(await signIn(app, user)).token}` })

function post(path: string, headers: Headers, body: unknown) {
  return app.request(`/api/auth/organization/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
}
const get = (path: string, headers: Headers) => app.request(`/api/auth/organization/${path}`, { headers })

async function ok<T = Record<string, unknown>>(response: Response): Promise<T> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}
async function expectError(response: Response, status: number, error: string) {
  expect({ status: response.status, body: await response.json() }).toMatchObject({ status, body: { error, code: error.toUpperCase() } })
}

interface Org { id: string; slug: string; members: Array<{ id: string; userId: string; role: string }> }
interface Team { org: Org; owner: TestUser; ownerH: Headers; admin: TestUser; adminH: Headers; member: TestUser; memberH: Headers; outsider: TestUser; outsiderH: Headers; ids: Record<'owner' | 'admin' | 'member', string> }

/** An organization made through the API, with an admin and a member joined through invitations. */
async function team(): Promise<Team> {
  const [owner, admin, member, outsider] = [await createUser(app), await createUser(app), await createUser(app), await createUser(app)]
  const [ownerH, adminH, memberH, outsiderH] = [await bearer(owner), await bearer(admin), await bearer(member), await bearer(outsider)]
  const org = await ok<Org>(await post('create', ownerH, { name: 'Garden Club', slug: uniqueSlug('garden') }))
  for (const [user, headers, role] of [[admin, adminH, 'admin'], [member, memberH, 'member']] as const) {
    const invitation = await ok<{ id: string }>(await post('invite-member', ownerH, { email: user.email, role, organizationId: org.id }))
    await ok(await post('accept-invitation', headers, { invitationId: invitation.id }))
  }
  const rows = await sql<{ id: string; user_id: string; role: string }>(app, 'SELECT id, user_id, role FROM memberships WHERE organization_id = $1', [org.id])
  const idOf = (user: TestUser) => String(rows.find((r) => r.user_id === user.id)!.id)
  return { org, owner, ownerH, admin, adminH, member, memberH, outsider, outsiderH, ids: { owner: idOf(owner), admin: idOf(admin), member: idOf(member) } }
}

const roleOf = async (membershipId: string) => (await sql<{ role: string }>(app, 'SELECT role FROM memberships WHERE id = $1', [membershipId]))[0]?.role
const audits = (action: string, targetId: string) => sql(app, 'SELECT 1 FROM audit_logs WHERE action = $1 AND target_id = $2', [action, targetId])

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
    expect(await sql(app, 'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2', [org.id, user.id])).toEqual([{ role: 'owner' }])
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
    await expectError(await post('create', await bearer(await createUser(app)), { name: 'a\u0000b', slug }), 400, 'invalid_request')
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE slug = $1', [slug])).toHaveLength(0)
  })

  it('update: owners and admins yes, members and outsiders 403; slug conflicts 409', async () => {
    const t = await team()
    const renamed = await ok<{ name: string }>(await post('update', t.adminH, { organizationId: t.org.id, data: { name: 'Renamed' } }))
    expect(renamed.name).toBe('Renamed')
    await expectError(await post('update', t.memberH, { organizationId: t.org.id, data: { name: 'Nope' } }), 403, 'forbidden')
    await expectError(await post('update', t.outsiderH, { organizationId: t.org.id, data: { name: 'Nope' } }), 403, 'forbidden')
    const other = await team()
    await expectError(await post('update', t.ownerH, { organizationId: t.org.id, data: { slug: other.org.slug } }), 409, 'slug_is_taken')
    // A session of the owner's that never chose an organization (create made it active only in the creating one).
    await expectError(await post('update', await bearer(t.owner), { data: { name: 'No active one' } }), 400, 'no_active_organization')
    await expectError(await post('update', t.ownerH, { organizationId: '00000000-0000-4000-8000-000000000000', data: { name: 'x' } }), 404, 'organization_not_found')
    expect((await sql<{ name: string }>(app, 'SELECT name FROM organizations WHERE id = $1', [t.org.id]))[0]!.name).toBe('Renamed')
  })

  it('delete: owners only; memberships and invitations go', async () => {
    const t = await team()
    await ok(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: 'pending@example.test', role: 'member' }))
    await expectError(await post('delete', t.adminH, { organizationId: t.org.id }), 403, 'forbidden')
    expect((await ok<{ id: string }>(await post('delete', t.ownerH, { organizationId: t.org.id }))).id).toBe(t.org.id)
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE id = $1', [t.org.id])).toHaveLength(0)
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE organization_id = $1', [t.org.id])).toHaveLength(0)
    expect(await sql(app, 'SELECT 1 FROM invitations WHERE organization_id = $1', [t.org.id])).toHaveLength(0)
    expect(await audits('organization.delete', t.org.id)).toHaveLength(1)
  })
})

describe('reading an organization', () => {
  it('get-full-organization and list-members for members; 403 outsiders; by slug; get-active-member follows set-active', async () => {
    const t = await team()
    const full = await ok<{ members: unknown[]; invitations: unknown[] }>(await get(`get-full-organization?organizationId=${t.org.id}`, t.memberH))
    expect(full.members).toHaveLength(3)
    expect(full.invitations).toHaveLength(2)
    expect((await ok<{ id: string }>(await get(`get-full-organization?organizationSlug=${t.org.slug}`, t.memberH))).id).toBe(t.org.id)
    await expectError(await get(`get-full-organization?organizationId=${t.org.id}`, t.outsiderH), 403, 'forbidden')
    const page = await ok<{ members: Array<{ role: string }>; total: number }>(await get(`list-members?organizationId=${t.org.id}&limit=2`, t.memberH))
    expect(page.total).toBe(3)
    expect(page.members).toHaveLength(2)
    await expectError(await get(`list-members?organizationId=${t.org.id}`, t.outsiderH), 403, 'forbidden')
    const fresh = await bearer(t.member)
    await expectError(await get('get-active-member', fresh), 400, 'no_active_organization')
    await ok(await post('set-active', fresh, { organizationId: t.org.id }))
    expect(await ok(await get('get-active-member', fresh))).toMatchObject({ id: t.ids.member, role: 'member', user: { email: t.member.email } })
  })

  it('get-full-organization naming no organization: the active one, or 200 null when there is none', async () => {
    const t = await team()
    const fresh = await bearer(t.member)
    expect(await ok(await get('get-full-organization', fresh))).toBeNull()
    expect(await ok(await get('get-full-organization', await bearer(t.outsider)))).toBeNull()
    // Accepting the invitation made the organization the accepting session's active one.
    expect(await ok(await get('get-full-organization', t.memberH))).toMatchObject({ id: t.org.id, members: expect.any(Array) })
    await ok(await post('set-active', fresh, { organizationId: t.org.id }))
    expect(await ok(await get('get-full-organization?membersLimit=1', fresh))).toMatchObject({ id: t.org.id, members: [expect.anything()] })
    // Naming one still answers it, or refuses it, whatever is active.
    await expectError(await get(`get-full-organization?organizationId=${t.org.id}`, await bearer(t.outsider)), 403, 'forbidden')
    await expectError(await get('get-full-organization?organizationSlug=no-such-organization', fresh), 404, 'organization_not_found')
  })
})

describe('roles and the last owner', () => {
  it('update-member-role: admins manage members and admins, only owners touch owners; audited', async () => {
    const t = await team()
    expect(await ok(await post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.member, role: 'admin' }))).toMatchObject({ role: 'admin' })
    expect(await roleOf(t.ids.member)).toBe('admin')
    await expectError(await post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.member, role: 'owner' }), 403, 'forbidden')
    await expectError(await post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.owner, role: 'member' }), 403, 'forbidden')
    const plain = await team()
    await expectError(await post('update-member-role', plain.memberH, { organizationId: plain.org.id, memberId: plain.ids.admin, role: 'member' }), 403, 'forbidden')
    await expectError(await post('update-member-role', t.outsiderH, { organizationId: t.org.id, memberId: t.ids.member, role: 'member' }), 403, 'forbidden')
    await expectError(await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: '00000000-0000-4000-8000-000000000000', role: 'member' }), 404, 'member_not_found')
    await expectError(await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.member, role: 'boss' }), 400, 'invalid_input')
    expect(await audits('organization.member_role_updated', t.org.id)).toHaveLength(1)
  })

  it('the last owner cannot demote themselves, be removed or leave (409 last_owner)', async () => {
    const t = await team()
    await expectError(await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.owner, role: 'admin' }), 409, 'last_owner')
    await expectError(await post('leave', t.ownerH, { organizationId: t.org.id }), 409, 'last_owner')
    await expectError(await post('remove-member', t.ownerH, { organizationId: t.org.id, memberIdOrEmail: t.owner.email }), 409, 'last_owner')
    expect(await roleOf(t.ids.owner)).toBe('owner')
  })

  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await team()
      await ok(await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.admin, role: 'owner' }))
      const answers = await Promise.all([
        post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.admin, role: 'member' }),
        post('update-member-role', t.adminH, { organizationId: t.org.id, memberId: t.ids.owner, role: 'member' }),
      ])
      const statuses = answers.map((r) => r.status).sort()
      // The second to run is refused: the last owner (409), or no longer an owner at all (403).
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const owners = await sql(app, "SELECT 1 FROM memberships WHERE organization_id = $1 AND role = 'owner'", [t.org.id])
      expect(owners).toHaveLength(1)
    }
  })

  it('remove-member by id or email; leave; the removed member’s active organization is cleared', async () => {
    const t = await team()
    await ok(await post('set-active', t.memberH, { organizationId: t.org.id }))
    await expectError(await post('remove-member', t.memberH, { organizationId: t.org.id, memberIdOrEmail: t.ids.admin }), 403, 'forbidden')
    expect(await ok(await post('remove-member', t.adminH, { organizationId: t.org.id, memberIdOrEmail: t.member.email }))).toMatchObject({ member: { id: t.ids.member } })
    expect(await roleOf(t.ids.member)).toBeUndefined()
    expect(await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1 AND active_organization_id IS NOT NULL', [t.member.id])).toHaveLength(0)
    await expectError(await post('remove-member', t.adminH, { organizationId: t.org.id, memberIdOrEmail: t.ids.owner }), 403, 'forbidden')
    expect(await ok(await post('leave', t.adminH, { organizationId: t.org.id }))).toMatchObject({ id: t.ids.admin })
    expect(await roleOf(t.ids.admin)).toBeUndefined()
    await expectError(await post('leave', t.outsiderH, { organizationId: t.org.id }), 403, 'forbidden')
  })
})

describe('invitations', () => {
  it('invite-member mails the address; members cannot invite, admins cannot invite owners; duplicates 409; resend mails again', async () => {
    const t = await team()
    const email = `invitee-${Date.now().toString(36)}@example.test`
    await expectError(await post('invite-member', t.memberH, { organizationId: t.org.id, email, role: 'member' }), 403, 'forbidden')
    await expectError(await post('invite-member', t.adminH, { organizationId: t.org.id, email, role: 'owner' }), 403, 'forbidden')
    await expectError(await post('invite-member', t.outsiderH, { organizationId: t.org.id, email, role: 'member' }), 403, 'forbidden')
    const invitation = await ok<{ id: string; status: string; expiresAt: string; email: string }>(await post('invite-member', t.adminH, { organizationId: t.org.id, email: email.toUpperCase(), role: 'member' }))
    expect(invitation).toMatchObject({ email, status: 'pending', role: 'member', organizationId: t.org.id, inviterId: t.admin.id })
    const hours = (Date.parse(invitation.expiresAt) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(47.9)
    expect(hours).toBeLessThanOrEqual(48)
    const mail = await mailbox.waitFor((m) => m.to.includes(email))
    expect(mail.text).toContain(invitation.id)
    await expectError(await post('invite-member', t.adminH, { organizationId: t.org.id, email, role: 'member' }), 409, 'already_invited')
    expect((await ok<{ id: string }>(await post('invite-member', t.adminH, { organizationId: t.org.id, email, role: 'admin', resend: true }))).id).toBe(invitation.id)
    await mailbox.waitFor(() => mailbox.to(email).length === 2)
    await expectError(await post('invite-member', t.adminH, { organizationId: t.org.id, email: t.member.email, role: 'member' }), 409, 'already_member')
    const listed = await ok<Array<{ id: string }>>(await get(`list-invitations?organizationId=${t.org.id}`, t.memberH))
    expect(listed.map((i) => i.id)).toContain(invitation.id)
    await expectError(await get(`list-invitations?organizationId=${t.org.id}`, t.outsiderH), 403, 'forbidden')
    expect(await audits('organization.invitation_sent', invitation.id)).toHaveLength(1)
  })

  it('the invitee sees it, others do not; accept makes a member; reject and cancel settle it; a settled invitation is 409', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const inviteeH = await bearer(invitee)
    const invitation = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'admin' }))
    expect((await ok<Array<{ id: string }>>(await get('list-user-invitations', inviteeH))).map((i) => i.id)).toEqual([invitation.id])
    expect(await ok(await get(`get-invitation?id=${invitation.id}`, inviteeH))).toMatchObject({ id: invitation.id, organizationSlug: t.org.slug, inviterEmail: t.owner.email })
    await expectError(await get(`get-invitation?id=${invitation.id}`, t.outsiderH), 403, 'forbidden')
    await expectError(await post('accept-invitation', t.outsiderH, { invitationId: invitation.id }), 403, 'forbidden')
    const accepted = await ok<{ invitation: { status: string }; member: { role: string; userId: string } }>(await post('accept-invitation', inviteeH, { invitationId: invitation.id }))
    expect(accepted).toMatchObject({ invitation: { status: 'accepted' }, member: { role: 'admin', userId: invitee.id } })
    await expectError(await post('accept-invitation', inviteeH, { invitationId: invitation.id }), 409, 'invitation_not_pending')
    await expectError(await post('reject-invitation', inviteeH, { invitationId: invitation.id }), 409, 'invitation_not_pending')

    const other = await createUser(app)
    const otherH = await bearer(other)
    const second = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: other.email, role: 'member' }))
    expect(await ok(await post('reject-invitation', otherH, { invitationId: second.id }))).toMatchObject({ invitation: { status: 'rejected' }, member: null })
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE user_id = $1', [other.id])).toHaveLength(0)

    const third = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: other.email, role: 'member' }))
    await expectError(await post('cancel-invitation', t.memberH, { invitationId: third.id }), 403, 'forbidden')
    expect(await ok(await post('cancel-invitation', t.adminH, { invitationId: third.id }))).toMatchObject({ status: 'canceled' })
    await expectError(await post('accept-invitation', otherH, { invitationId: third.id }), 409, 'invitation_not_pending')
    await expectError(await post('accept-invitation', otherH, { invitationId: '00000000-0000-4000-8000-000000000000' }), 404, 'invitation_not_found')
  })

  it('an invitation past its 48 hours is 410 invitation_expired', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const invitation = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }))
    await sql(app, "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [invitation.id])
    await expectError(await post('accept-invitation', await bearer(invitee), { invitationId: invitation.id }), 410, 'invitation_expired')
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE user_id = $1', [invitee.id])).toHaveLength(0)
    expect(await ok<unknown[]>(await get('list-user-invitations', await bearer(invitee)))).toEqual([])
  })

  it('accepted twice at once: one member', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const [a, b] = [await bearer(invitee), await bearer(invitee)]
    const invitation = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }))
    const answers = await Promise.all([post('accept-invitation', a, { invitationId: invitation.id }), post('accept-invitation', b, { invitationId: invitation.id })])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE user_id = $1 AND organization_id = $2', [invitee.id, t.org.id])).toHaveLength(1)
  })
})

/** The session's active organization, as get-session answers it and as its row holds it. */
async function activeOf(headers: Headers): Promise<{ answered: string | null; stored: string | null }> {
  const current = (await (await app.request('/api/auth/get-session', { headers })).json()) as { session: { id: string; activeOrganizationId: string | null } }
  const [row] = await sql<{ active_organization_id: string | null }>(app, 'SELECT active_organization_id FROM sessions WHERE id = $1', [current.session.id])
  return { answered: current.session.activeOrganizationId, stored: row!.active_organization_id }
}
const active = (id: string | null) => ({ answered: id, stored: id })

/** A sign-in through the cookie, and the cookies of the session with a re-issued cache. */
async function cookieClient(user: TestUser) {
  const { cookie } = await signIn(app, user)
  const headers = { cookie, origin: app.url }
  const withCache = (response: Response) => {
    const refreshed = response.headers.getSetCookie().find((c) => c.startsWith('community.session_data='))
    expect(refreshed).toBeDefined()
    const session = cookie.split('; ').find((c) => c.startsWith('community.session='))!
    return { cookie: `${session}; ${refreshed!.split(';')[0]}` }
  }
  return { headers, withCache }
}

describe('the active organization follows create and accept-invitation (as Better Auth’s does)', () => {
  it('create makes the new organization the session’s active one; keepCurrentActiveOrganization keeps the current one', async () => {
    const user = await createUser(app)
    const [headers, other] = [await bearer(user), await bearer(user)]
    const first = await ok<Org>(await post('create', headers, { name: 'First', slug: uniqueSlug('first') }))
    expect(await activeOf(headers)).toEqual(active(first.id))
    expect(await activeOf(other)).toEqual(active(null))
    const second = await ok<Org>(await post('create', headers, { name: 'Second', slug: uniqueSlug('second'), keepCurrentActiveOrganization: true }))
    expect(await activeOf(headers)).toEqual(active(first.id))
    const third = await ok<Org>(await post('create', headers, { name: 'Third', slug: uniqueSlug('third'), keepCurrentActiveOrganization: false }))
    expect(await activeOf(headers)).toEqual(active(third.id))
    expect(await sql(app, "SELECT 1 FROM memberships WHERE user_id = $1 AND role = 'owner' AND organization_id = ANY($2)", [user.id, [first.id, second.id, third.id]])).toHaveLength(3)
    await expectError(await post('create', headers, { name: 'Fourth', slug: uniqueSlug('fourth'), keepCurrentActiveOrganization: 'yes' }), 400, 'invalid_input')
    expect(await activeOf(headers)).toEqual(active(third.id))
  })

  it('a cookie client’s cache is re-issued with the new active organization', async () => {
    const user = await createUser(app)
    const client = await cookieClient(user)
    const response = await post('create', client.headers, { name: 'Cookie Org', slug: uniqueSlug('cookie') })
    const org = await ok<Org>(response)
    expect(await activeOf(client.withCache(response))).toEqual(active(org.id))
  })

  it('accept-invitation makes the organization joined the accepting session’s active one', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const inviteeH = await bearer(invitee)
    const own = await ok<Org>(await post('create', inviteeH, { name: 'Own', slug: uniqueSlug('own') }))
    expect(await activeOf(inviteeH)).toEqual(active(own.id))
    const invitation = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }))
    await ok(await post('accept-invitation', inviteeH, { invitationId: invitation.id }))
    expect(await activeOf(inviteeH)).toEqual(active(t.org.id))
    expect(await ok(await get('get-active-member', inviteeH))).toMatchObject({ organizationId: t.org.id, userId: invitee.id, role: 'member' })

    // A cookie client: its cache follows too.
    const second = await createUser(app)
    const client = await cookieClient(second)
    const another = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: second.email, role: 'admin' }))
    const response = await post('accept-invitation', client.headers, { invitationId: another.id })
    await ok(response)
    expect(await activeOf(client.withCache(response))).toEqual(active(t.org.id))
  })

  it('a refused accept changes nothing', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const inviteeH = await bearer(invitee)
    const invitation = await ok<{ id: string }>(await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }))
    await sql(app, "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [invitation.id])
    await expectError(await post('accept-invitation', inviteeH, { invitationId: invitation.id }), 410, 'invitation_expired')
    expect(await activeOf(inviteeH)).toEqual(active(null))
  })
})

describe('logo and metadata', () => {
  // {"k":"…"} is 8 bytes besides the value: this is exactly the 10 kB allowed.
  const atLimit = { k: 'x'.repeat(10_240 - 8) }
  const overLimit = { k: 'x'.repeat(10_240 - 7) }
  const stored = async (id: string) => (await sql<{ logo: string | null; metadata: unknown }>(app, 'SELECT logo, metadata FROM organizations WHERE id = $1', [id]))[0]

  it('are accepted by create and update, stored, and answered by create, update and get-full-organization', async () => {
    const user = await createUser(app)
    const headers = await bearer(user)
    const metadata = { plan: 'community', tags: ['garden', 'bikes'], nested: { seats: 12, open: true, note: null } }
    const org = await ok<Org & { logo: string; metadata: unknown }>(await post('create', headers, { name: 'With Logo', slug: uniqueSlug('logo'), logo: 'https://cdn.example.test/logo.png', metadata }))
    expect(org).toMatchObject({ logo: 'https://cdn.example.test/logo.png', metadata })
    expect(await stored(org.id)).toEqual({ logo: 'https://cdn.example.test/logo.png', metadata })
    expect(await ok(await get(`get-full-organization?organizationId=${org.id}`, headers))).toMatchObject({ logo: 'https://cdn.example.test/logo.png', metadata })

    const updated = await ok(await post('update', headers, { organizationId: org.id, data: { logo: 'https://cdn.example.test/new.svg', metadata: { plan: 'pro' } } }))
    expect(updated).toMatchObject({ id: org.id, name: 'With Logo', logo: 'https://cdn.example.test/new.svg', metadata: { plan: 'pro' } })
    expect(await stored(org.id)).toEqual({ logo: 'https://cdn.example.test/new.svg', metadata: { plan: 'pro' } })
    // null clears either; a field left out stays.
    expect(await ok(await post('update', headers, { organizationId: org.id, data: { logo: null } }))).toMatchObject({ logo: null, metadata: { plan: 'pro' } })
    expect(await ok(await post('update', headers, { organizationId: org.id, data: { metadata: null } }))).toMatchObject({ logo: null, metadata: null })
    expect(await stored(org.id)).toEqual({ logo: null, metadata: null })
    expect(await ok(await post('update', headers, { organizationId: org.id, data: { metadata: atLimit } }))).toMatchObject({ metadata: atLimit })

    const plain = await ok(await post('create', headers, { name: 'Plain', slug: uniqueSlug('plain') }))
    expect(plain).toMatchObject({ logo: null, metadata: null })
  })

  it.each([
    ['metadata over 10 kB', { metadata: overLimit }],
    ['metadata an array', { metadata: ['a'] }],
    ['metadata a string', { metadata: '{"a":1}' }],
    ['logo not a string', { logo: 42 }],
    ['logo over 2000 characters', { logo: `https://cdn.example.test/${'x'.repeat(2000)}` }],
  ])('400 invalid_input (%s) on create and update; nothing written', async (_, fields) => {
    const user = await createUser(app)
    const headers = await bearer(user)
    const slug = uniqueSlug('refused')
    await expectError(await post('create', headers, { name: 'Refused', slug, ...fields }), 400, 'invalid_input')
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE slug = $1', [slug])).toHaveLength(0)
    const org = await ok<Org>(await post('create', headers, { name: 'Kept', slug, logo: 'https://cdn.example.test/a.png', metadata: { a: 1 } }))
    const response = await post('update', headers, { organizationId: org.id, data: fields })
    const body = (await response.json()) as { message: string }
    expect({ status: response.status, error: (body as { error?: string }).error }).toEqual({ status: 400, error: 'invalid_input' })
    expect(body.message).toMatch(/^data\.(logo|metadata)/)
    expect(await stored(org.id)).toEqual({ logo: 'https://cdn.example.test/a.png', metadata: { a: 1 } })
  })
})

describe('a role given as Better Auth sends it: a string or a list', () => {
  it('invite-member and update-member-role take a one-role list as that role', async () => {
    const t = await team()
    const email = `listed-${Date.now().toString(36)}@example.test`
    expect(await ok(await post('invite-member', t.ownerH, { organizationId: t.org.id, email, role: ['admin'] }))).toMatchObject({ email, role: 'admin' })
    expect(await ok(await post('invite-member', t.ownerH, { organizationId: t.org.id, email, role: ['member', 'member'], resend: true }))).toMatchObject({ role: 'member' })
    expect(await sql(app, 'SELECT role FROM invitations WHERE email = $1', [email])).toEqual([{ role: 'member' }])
    expect(await ok(await post('update-member-role', t.ownerH, { organizationId: t.org.id, memberId: t.ids.member, role: ['admin'] }))).toMatchObject({ role: 'admin' })
    expect(await roleOf(t.ids.member)).toBe('admin')
  })

  let refusalTeam: Team | undefined
  it.each([
    ['two roles', ['admin', 'member'], /one role/],
    ['the comma form of two', 'admin,member', /one role/],
    ['an empty list', [], /role must be one of owner, admin, member/],
    ['an unknown role in a list', ['boss'], /role must be one of owner, admin, member/],
    ['a list of numbers', [1], /role/],
  ])('400 invalid_input for %s; nothing changes', async (_, role, message) => {
    // One team for the refusals: each changes nothing (as it checks), so none sees another's.
    const t = (refusalTeam ??= await team())
    const email = `refused-${Date.now().toString(36)}-${++seq}@example.test`
    for (const [path, body] of [
      ['invite-member', { organizationId: t.org.id, email, role }],
      ['update-member-role', { organizationId: t.org.id, memberId: t.ids.member, role }],
    ] as const) {
      const response = await post(path, t.ownerH, body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_input', message: expect.stringMatching(message) })
    }
    expect(await sql(app, 'SELECT 1 FROM invitations WHERE email = $1', [email])).toHaveLength(0)
    expect(await roleOf(t.ids.member)).toBe('member')
  })
})
