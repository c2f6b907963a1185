// Organization invitations (docs/api.md "Accounts beyond sign-in (/api/auth)"), Better
// Auth's organization routes: mailed, expiring after 48 h and accepted once even when
// accepted twice at once; the active organization following create and accept-invitation,
// logo and metadata, and roles sent as lists, as Better Auth's client sends them. The
// database is checked after each change. Members, roles and the organization itself:
// auth-organization-manage.test.ts.
import { describe, expect, it } from '@jest/globals'

import {
  app,
  audits,
  bearer,
  expectError,
  get,
  type Headers,
  mailbox,
  nextSeq,
  ok,
  type Org,
  post,
  roleOf,
  type Team,
  team,
  uniqueSlug,
  useOrganizationApp,
} from '../helpers/organizations'
import { sql } from '../helpers/test-app'
import { createUser, signIn, type TestUser } from '../helpers/users'

useOrganizationApp()

describe('invitations', () => {
  it('invite-member mails the address; members cannot invite, admins cannot invite owners; duplicates 409; resend mails again', async () => {
    const t = await team()
    const email = `invitee-${Date.now().toString(36)}@example.test`
    await expectError(
      await post('invite-member', t.memberH, { organizationId: t.org.id, email, role: 'member' }),
      403,
      'forbidden',
    )
    await expectError(
      await post('invite-member', t.adminH, { organizationId: t.org.id, email, role: 'owner' }),
      403,
      'forbidden',
    )
    await expectError(
      await post('invite-member', t.outsiderH, { organizationId: t.org.id, email, role: 'member' }),
      403,
      'forbidden',
    )
    const invitation = await ok<{ id: string; status: string; expiresAt: string; email: string }>(
      await post('invite-member', t.adminH, { organizationId: t.org.id, email: email.toUpperCase(), role: 'member' }),
    )
    expect(invitation).toMatchObject({
      email,
      status: 'pending',
      role: 'member',
      organizationId: t.org.id,
      inviterId: t.admin.id,
    })
    const hours = (Date.parse(invitation.expiresAt) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(47.9)
    expect(hours).toBeLessThanOrEqual(48)
    const mail = await mailbox.waitFor((m) => m.to.includes(email))
    expect(mail.text).toContain(invitation.id)
    await expectError(
      await post('invite-member', t.adminH, { organizationId: t.org.id, email, role: 'member' }),
      409,
      'already_invited',
    )
    expect(
      (
        await ok<{ id: string }>(
          await post('invite-member', t.adminH, { organizationId: t.org.id, email, role: 'admin', resend: true }),
        )
      ).id,
    ).toBe(invitation.id)
    await mailbox.waitFor(() => mailbox.to(email).length === 2)
    await expectError(
      await post('invite-member', t.adminH, { organizationId: t.org.id, email: t.member.email, role: 'member' }),
      409,
      'already_member',
    )
    const listed = await ok<Array<{ id: string }>>(await get(`list-invitations?organizationId=${t.org.id}`, t.memberH))
    expect(listed.map((i) => i.id)).toContain(invitation.id)
    await expectError(await get(`list-invitations?organizationId=${t.org.id}`, t.outsiderH), 403, 'forbidden')
    expect(await audits('organization.invitation_sent', invitation.id)).toHaveLength(1)
  })

  it('the invitee sees it, others do not; accept makes a member; reject and cancel settle it; a settled invitation is 409', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const inviteeH = await bearer(invitee)
    const invitation = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'admin' }),
    )
    expect((await ok<Array<{ id: string }>>(await get('list-user-invitations', inviteeH))).map((i) => i.id)).toEqual([
      invitation.id,
    ])
    expect(await ok(await get(`get-invitation?id=${invitation.id}`, inviteeH))).toMatchObject({
      id: invitation.id,
      organizationSlug: t.org.slug,
      inviterEmail: t.owner.email,
    })
    await expectError(await get(`get-invitation?id=${invitation.id}`, t.outsiderH), 403, 'forbidden')
    await expectError(await post('accept-invitation', t.outsiderH, { invitationId: invitation.id }), 403, 'forbidden')
    const accepted = await ok<{ invitation: { status: string }; member: { role: string; userId: string } }>(
      await post('accept-invitation', inviteeH, { invitationId: invitation.id }),
    )
    expect(accepted).toMatchObject({
      invitation: { status: 'accepted' },
      member: { role: 'admin', userId: invitee.id },
    })
    await expectError(
      await post('accept-invitation', inviteeH, { invitationId: invitation.id }),
      409,
      'invitation_not_pending',
    )
    await expectError(
      await post('reject-invitation', inviteeH, { invitationId: invitation.id }),
      409,
      'invitation_not_pending',
    )

    const other = await createUser(app)
    const otherH = await bearer(other)
    const second = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: other.email, role: 'member' }),
    )
    expect(await ok(await post('reject-invitation', otherH, { invitationId: second.id }))).toMatchObject({
      invitation: { status: 'rejected' },
      member: null,
    })
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE user_id = $1', [other.id])).toHaveLength(0)

    const third = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: other.email, role: 'member' }),
    )
    await expectError(await post('cancel-invitation', t.memberH, { invitationId: third.id }), 403, 'forbidden')
    expect(await ok(await post('cancel-invitation', t.adminH, { invitationId: third.id }))).toMatchObject({
      status: 'canceled',
    })
    await expectError(
      await post('accept-invitation', otherH, { invitationId: third.id }),
      409,
      'invitation_not_pending',
    )
    await expectError(
      await post('accept-invitation', otherH, { invitationId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'invitation_not_found',
    )
  })

  it('an invitation past its 48 hours is 410 invitation_expired', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const invitation = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }),
    )
    await sql(app, "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [invitation.id])
    await expectError(
      await post('accept-invitation', await bearer(invitee), { invitationId: invitation.id }),
      410,
      'invitation_expired',
    )
    expect(await sql(app, 'SELECT 1 FROM memberships WHERE user_id = $1', [invitee.id])).toHaveLength(0)
    expect(await ok<unknown[]>(await get('list-user-invitations', await bearer(invitee)))).toEqual([])
  })

  it('accepted twice at once: one member', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const [a, b] = [await bearer(invitee), await bearer(invitee)]
    const invitation = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }),
    )
    const answers = await Promise.all([
      post('accept-invitation', a, { invitationId: invitation.id }),
      post('accept-invitation', b, { invitationId: invitation.id }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(
      await sql(app, 'SELECT 1 FROM memberships WHERE user_id = $1 AND organization_id = $2', [invitee.id, t.org.id]),
    ).toHaveLength(1)
  })
})

/** The session's active organization, as get-session answers it and as its row holds it. */
async function activeOf(headers: Headers): Promise<{ answered: string | null; stored: string | null }> {
  const current = (await (await app.request('/api/auth/get-session', { headers })).json()) as {
    session: { id: string; activeOrganizationId: string | null }
  }
  const [row] = await sql<{ active_organization_id: string | null }>(
    app,
    'SELECT active_organization_id FROM sessions WHERE id = $1',
    [current.session.id],
  )
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
    const second = await ok<Org>(
      await post('create', headers, {
        name: 'Second',
        slug: uniqueSlug('second'),
        keepCurrentActiveOrganization: true,
      }),
    )
    expect(await activeOf(headers)).toEqual(active(first.id))
    const third = await ok<Org>(
      await post('create', headers, { name: 'Third', slug: uniqueSlug('third'), keepCurrentActiveOrganization: false }),
    )
    expect(await activeOf(headers)).toEqual(active(third.id))
    expect(
      await sql(app, "SELECT 1 FROM memberships WHERE user_id = $1 AND role = 'owner' AND organization_id = ANY($2)", [
        user.id,
        [first.id, second.id, third.id],
      ]),
    ).toHaveLength(3)
    await expectError(
      await post('create', headers, {
        name: 'Fourth',
        slug: uniqueSlug('fourth'),
        keepCurrentActiveOrganization: 'yes',
      }),
      400,
      'invalid_input',
    )
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
    const invitation = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }),
    )
    await ok(await post('accept-invitation', inviteeH, { invitationId: invitation.id }))
    expect(await activeOf(inviteeH)).toEqual(active(t.org.id))
    expect(await ok(await get('get-active-member', inviteeH))).toMatchObject({
      organizationId: t.org.id,
      userId: invitee.id,
      role: 'member',
    })

    // A cookie client: its cache follows too.
    const second = await createUser(app)
    const client = await cookieClient(second)
    const another = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: second.email, role: 'admin' }),
    )
    const response = await post('accept-invitation', client.headers, { invitationId: another.id })
    await ok(response)
    expect(await activeOf(client.withCache(response))).toEqual(active(t.org.id))
  })

  it('a refused accept changes nothing', async () => {
    const t = await team()
    const invitee = await createUser(app)
    const inviteeH = await bearer(invitee)
    const invitation = await ok<{ id: string }>(
      await post('invite-member', t.ownerH, { organizationId: t.org.id, email: invitee.email, role: 'member' }),
    )
    await sql(app, "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [invitation.id])
    await expectError(
      await post('accept-invitation', inviteeH, { invitationId: invitation.id }),
      410,
      'invitation_expired',
    )
    expect(await activeOf(inviteeH)).toEqual(active(null))
  })
})

describe('logo and metadata', () => {
  // {"k":"…"} is 8 bytes besides the value: this is exactly the 10 kB allowed.
  const atLimit = { k: 'x'.repeat(10_240 - 8) }
  const overLimit = { k: 'x'.repeat(10_240 - 7) }
  const stored = async (id: string) =>
    (
      await sql<{ logo: string | null; metadata: unknown }>(
        app,
        'SELECT logo, metadata FROM organizations WHERE id = $1',
        [id],
      )
    )[0]

  it('are accepted by create and update, stored, and answered by create, update and get-full-organization', async () => {
    const user = await createUser(app)
    const headers = await bearer(user)
    const metadata = { plan: 'community', tags: ['garden', 'bikes'], nested: { seats: 12, open: true, note: null } }
    const org = await ok<Org & { logo: string; metadata: unknown }>(
      await post('create', headers, {
        name: 'With Logo',
        slug: uniqueSlug('logo'),
        logo: 'https://cdn.example.test/logo.png',
        metadata,
      }),
    )
    expect(org).toMatchObject({ logo: 'https://cdn.example.test/logo.png', metadata })
    expect(await stored(org.id)).toEqual({ logo: 'https://cdn.example.test/logo.png', metadata })
    expect(await ok(await get(`get-full-organization?organizationId=${org.id}`, headers))).toMatchObject({
      logo: 'https://cdn.example.test/logo.png',
      metadata,
    })

    const updated = await ok(
      await post('update', headers, {
        organizationId: org.id,
        data: { logo: 'https://cdn.example.test/new.svg', metadata: { plan: 'pro' } },
      }),
    )
    expect(updated).toMatchObject({
      id: org.id,
      name: 'With Logo',
      logo: 'https://cdn.example.test/new.svg',
      metadata: { plan: 'pro' },
    })
    expect(await stored(org.id)).toEqual({ logo: 'https://cdn.example.test/new.svg', metadata: { plan: 'pro' } })
    // null clears either; a field left out stays.
    expect(await ok(await post('update', headers, { organizationId: org.id, data: { logo: null } }))).toMatchObject({
      logo: null,
      metadata: { plan: 'pro' },
    })
    expect(await ok(await post('update', headers, { organizationId: org.id, data: { metadata: null } }))).toMatchObject(
      { logo: null, metadata: null },
    )
    expect(await stored(org.id)).toEqual({ logo: null, metadata: null })
    expect(
      await ok(await post('update', headers, { organizationId: org.id, data: { metadata: atLimit } })),
    ).toMatchObject({ metadata: atLimit })

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
    const org = await ok<Org>(
      await post('create', headers, { name: 'Kept', slug, logo: 'https://cdn.example.test/a.png', metadata: { a: 1 } }),
    )
    const response = await post('update', headers, { organizationId: org.id, data: fields })
    const body = (await response.json()) as { message: string }
    expect({ status: response.status, error: (body as { error?: string }).error }).toEqual({
      status: 400,
      error: 'invalid_input',
    })
    expect(body.message).toMatch(/^data\.(logo|metadata)/)
    expect(await stored(org.id)).toEqual({ logo: 'https://cdn.example.test/a.png', metadata: { a: 1 } })
  })
})

describe('a role given as Better Auth sends it: a string or a list', () => {
  it('invite-member and update-member-role take a one-role list as that role', async () => {
    const t = await team()
    const email = `listed-${Date.now().toString(36)}@example.test`
    expect(
      await ok(await post('invite-member', t.ownerH, { organizationId: t.org.id, email, role: ['admin'] })),
    ).toMatchObject({ email, role: 'admin' })
    expect(
      await ok(
        await post('invite-member', t.ownerH, {
          organizationId: t.org.id,
          email,
          role: ['member', 'member'],
          resend: true,
        }),
      ),
    ).toMatchObject({ role: 'member' })
    expect(await sql(app, 'SELECT role FROM invitations WHERE email = $1', [email])).toEqual([{ role: 'member' }])
    expect(
      await ok(
        await post('update-member-role', t.ownerH, {
          organizationId: t.org.id,
          memberId: t.ids.member,
          role: ['admin'],
        }),
      ),
    ).toMatchObject({ role: 'admin' })
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
    const email = `refused-${Date.now().toString(36)}-${nextSeq()}@example.test`
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
