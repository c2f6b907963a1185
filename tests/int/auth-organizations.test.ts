// GET /api/auth/organization/list and POST /api/auth/organization/set-active (docs/api.md "Accounts (/api/auth)"):
// only the caller's organizations, the active one kept per session and shown by get-session,
// chosen by id or slug, null clearing it, {} answering it, and 401 / 403 / 400 with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, signIn, type TestUser } from '../helpers/users'

let app: TestApp
let member: TestUser
let outsider: TestUser
let orgA: { id: string; name: string; slug: string }
let orgB: { id: string; name: string; slug: string }
let orgC: { id: string; name: string; slug: string }

function setActive(body: unknown, headers: Record<string, string>) {
  return app.request('/api/auth/organization/set-active', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function bearer(user: TestUser) {
  const { token } = await signIn(app, user)
  return { authorization: `Bearer ${token}` }
}

async function sessionOf(headers: Record<string, string>) {
  const response = await app.request('/api/auth/get-session', { headers })
  return (await response.json()) as null | { session: { id: string; activeOrganizationId: string | null } }
}

function expectAuthError(body: Record<string, unknown>, error: string, status: string) {
  expect(body).toEqual({ error, code: error.toUpperCase(), message: expect.any(String), status })
}

async function organization(name: string, slug: string) {
  const doc = await app.payload.create({
    collection: 'organizations',
    overrideAccess: true,
    data: { name, slug } as never,
  })
  return { id: String(doc.id), name, slug }
}

async function join(user: TestUser, org: { id: string }, role: string) {
  await app.payload.create({
    collection: 'memberships',
    overrideAccess: true,
    data: { organization: org.id, user: user.id, role } as never,
  })
}

beforeAll(async () => {
  app = await startTestApp()
  member = await createUser(app)
  outsider = await createUser(app)
  orgA = await organization('Allotment Society', 'allotment-society')
  orgB = await organization('Bike Kitchen', 'bike-kitchen')
  orgC = await organization('Choir', 'choir')
  await join(member, orgA, 'owner')
  await join(member, orgB, 'member')
  await join(outsider, orgC, 'admin')
})

afterAll(async () => {
  await app?.stop()
})

describe('GET /api/auth/organization/list', () => {
  it('401 unauthorized without a session', async () => {
    const response = await app.request('/api/auth/organization/list')
    expect(response.status).toBe(401)
    expectAuthError(await response.json(), 'unauthorized', 'UNAUTHORIZED')
  })

  it('answers a bare array of the caller’s organizations with their role, nobody else’s', async () => {
    const response = await app.request('/api/auth/organization/list', { headers: await bearer(member) })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Array<Record<string, unknown>>
    expect(Array.isArray(body)).toBe(true)
    expect(
      body
        .map(({ id, name, slug, role }) => ({ id, name, slug, role }))
        .sort((a, b) => String(a.slug).localeCompare(String(b.slug))),
    ).toEqual([
      { ...orgA, role: 'owner' },
      { ...orgB, role: 'member' },
    ])
  })

  it('answers [] for a user without organizations', async () => {
    const loner = await createUser(app)
    const response = await app.request('/api/auth/organization/list', { headers: await bearer(loner) })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([])
  })

  it('works with the session cookie too', async () => {
    const { cookie } = await signIn(app, member)
    const response = await app.request('/api/auth/organization/list', { headers: { cookie } })
    expect(response.status).toBe(200)
    expect(((await response.json()) as unknown[]).length).toBe(2)
  })
})

describe('POST /api/auth/organization/set-active', () => {
  it('sets the session’s active organization, answers it with the session, and get-session then shows it', async () => {
    const headers = await bearer(member)
    const response = await setActive(
      { organizationId: orgA.id },
      { ...headers, 'x-real-ip': '198.51.100.100', 'user-agent': 'org-test/1' },
    )
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.organization).toMatchObject({ ...orgA, role: 'owner' })
    expect(body.session).toEqual({
      id: expect.any(String),
      userId: member.id,
      expiresAt: expect.any(String),
      activeOrganizationId: orgA.id,
    })

    const current = await sessionOf(headers)
    expect(current?.session.activeOrganizationId).toBe(orgA.id)
    const [row] = await sql<{ active_organization_id: string }>(
      app,
      'SELECT active_organization_id FROM sessions WHERE id = $1',
      [body.session.id],
    )
    expect(row!.active_organization_id).toBe(orgA.id)

    const audit = await sql<{ user_id: string; target_id: string; ip: string; user_agent: string }>(
      app,
      `SELECT user_id, target_id, ip, user_agent FROM audit_logs WHERE action = 'organization.set_active' AND ip = '198.51.100.100'`,
    )
    expect(audit).toEqual([{ user_id: member.id, target_id: orgA.id, ip: '198.51.100.100', user_agent: 'org-test/1' }])
  })

  it('null clears it', async () => {
    const headers = await bearer(member)
    expect((await setActive({ organizationId: orgB.id }, headers)).status).toBe(200)
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBe(orgB.id)
    const response = await setActive({ organizationId: null }, headers)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.organization).toBeNull()
    expect(body.session.activeOrganizationId).toBeNull()
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBeNull()
  })

  it('belongs to one session: the user’s other sessions keep theirs', async () => {
    const first = await bearer(member)
    const second = await bearer(member)
    expect((await setActive({ organizationId: orgA.id }, first)).status).toBe(200)
    expect((await sessionOf(second))?.session.activeOrganizationId).toBeNull()
  })

  it('a cookie client gets a refreshed cookie cache that shows the new organization', async () => {
    const { cookie } = await signIn(app, member)
    const response = await setActive({ organizationId: orgB.id }, { cookie, origin: app.url })
    expect(response.status).toBe(200)
    const refreshed = response.headers.getSetCookie().find((c) => c.startsWith('community.session_data='))
    expect(refreshed).toBeDefined()
    const sessionCookie = cookie.split('; ').find((c) => c.startsWith('community.session='))!
    const current = await sessionOf({ cookie: `${sessionCookie}; ${refreshed!.split(';')[0]}` })
    expect(current?.session.activeOrganizationId).toBe(orgB.id)
  })

  it('401 unauthorized without a session, whatever the body', async () => {
    for (const body of [{ organizationId: orgA.id }, { organizationId: 'not-a-uuid' }, {}]) {
      const response = await setActive(body, {})
      expect(response.status).toBe(401)
      expectAuthError(await response.json(), 'unauthorized', 'UNAUTHORIZED')
    }
    const revoked = await bearer(member)
    await app.request('/api/auth/sign-out', { method: 'POST', headers: revoked })
    expect((await setActive({ organizationId: orgA.id }, revoked)).status).toBe(401)
  })

  it('401, not 500, when a cookie client’s cached session was revoked meanwhile', async () => {
    const response = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    })
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const { session } = (await response.json()) as { session: { id: string } }
    await sql(app, 'DELETE FROM sessions WHERE id = $1', [session.id])
    const attempt = await setActive({ organizationId: orgA.id }, { cookie, origin: app.url })
    expect(attempt.status).toBe(401)
    expectAuthError(await attempt.json(), 'unauthorized', 'UNAUTHORIZED')
    expect(
      await sql(app, `SELECT 1 FROM audit_logs WHERE action = 'organization.set_active' AND data->>'sessionId' = $1`, [
        session.id,
      ]),
    ).toHaveLength(0)
  })

  it('403 forbidden for an organization the user is not a member of, or that does not exist; nothing changes', async () => {
    const headers = await bearer(member)
    expect((await setActive({ organizationId: orgA.id }, headers)).status).toBe(200)
    const auditsBefore = await sql(app, `SELECT count(*) FROM audit_logs WHERE action = 'organization.set_active'`)
    for (const organizationId of [orgC.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await setActive({ organizationId }, headers)
      expect(response.status).toBe(403)
      expectAuthError(await response.json(), 'forbidden', 'FORBIDDEN')
    }
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBe(orgA.id)
    expect(await sql(app, `SELECT count(*) FROM audit_logs WHERE action = 'organization.set_active'`)).toEqual(
      auditsBefore,
    )
  })

  it('400 invalid_input for a bad id or slug, a wrongly typed field, or unknown fields; invalid_body for bad JSON', async () => {
    const headers = await bearer(member)
    for (const body of [
      { organizationId: 'not-a-uuid' },
      { organizationId: '' },
      { organizationId: 42 },
      { organizationId: { $ne: null } },
      { organizationId: [orgA.id] },
      { organizationId: 'x'.repeat(10_240) },
      { organizationId: orgA.id, userId: outsider.id },
      { organizationSlug: '' },
      { organizationSlug: 42 },
      { organizationSlug: null },
      { organizationSlug: 'x'.repeat(201) },
    ]) {
      const response = await setActive(body, headers)
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_input', 'BAD_REQUEST')
    }
    for (const [body, type] of [
      ['{"organizationId":', 'application/json'],
      [`organizationId=${orgA.id}`, 'application/x-www-form-urlencoded'],
    ] as const) {
      const response = await setActive(body, { ...headers, 'content-type': type })
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_body', 'BAD_REQUEST')
    }
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBeNull()
  })
})

describe('set-active by slug, and with neither id nor slug (Better Auth’s body)', () => {
  const setActiveAudits = async () =>
    Number(
      (
        await sql<{ n: string }>(app, `SELECT count(*) AS n FROM audit_logs WHERE action = 'organization.set_active'`)
      )[0]!.n,
    )

  it('organizationSlug chooses the organization by its slug; organizationId wins when both are given', async () => {
    const headers = await bearer(member)
    const response = await setActive({ organizationSlug: orgB.slug }, headers)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.organization).toMatchObject({ ...orgB, role: 'member' })
    expect(body.session.activeOrganizationId).toBe(orgB.id)
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBe(orgB.id)
    const [row] = await sql<{ active_organization_id: string }>(
      app,
      'SELECT active_organization_id FROM sessions WHERE id = $1',
      [body.session.id],
    )
    expect(row!.active_organization_id).toBe(orgB.id)
    const both = await (await setActive({ organizationId: orgA.id, organizationSlug: orgB.slug }, headers)).json()
    expect(both.organization).toMatchObject({ id: orgA.id })
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBe(orgA.id)
  })

  it('a slug the user is not a member of, or that no organization has, is 403 forbidden; nothing changes', async () => {
    const headers = await bearer(member)
    expect((await setActive({ organizationSlug: orgA.slug }, headers)).status).toBe(200)
    const before = await setActiveAudits()
    for (const organizationSlug of [orgC.slug, 'no-such-organization']) {
      const response = await setActive({ organizationSlug }, headers)
      expect(response.status).toBe(403)
      expectAuthError(await response.json(), 'forbidden', 'FORBIDDEN')
    }
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBe(orgA.id)
    expect(await setActiveAudits()).toBe(before)
  })

  it('{} answers the current active organization, or null, and changes nothing', async () => {
    const headers = await bearer(member)
    const before = await setActiveAudits()
    const none = await setActive({}, headers)
    expect(none.status).toBe(200)
    const noneBody = await none.json()
    expect(noneBody).toEqual({
      organization: null,
      session: expect.objectContaining({ userId: member.id, activeOrganizationId: null }),
    })
    expect(await setActiveAudits()).toBe(before)

    expect((await setActive({ organizationId: orgB.id }, headers)).status).toBe(200)
    const current = await setActive({}, headers)
    expect(current.status).toBe(200)
    expect(await current.json()).toEqual({
      organization: expect.objectContaining({ ...orgB, role: 'member' }),
      session: expect.objectContaining({ activeOrganizationId: orgB.id }),
    })
    // Nothing to re-issue, nothing audited: only the explicit choice above was.
    expect(current.headers.getSetCookie()).toEqual([])
    expect(await setActiveAudits()).toBe(before + 1)
    expect((await sessionOf(headers))?.session.activeOrganizationId).toBe(orgB.id)
  })
})

describe('member management is audited', () => {
  it('records organization.create and membership.create|update|delete made through the stock routes', async () => {
    const admin = await createUser(app, { roles: ['admin'] })
    const headers = { ...(await authHeaders(app, admin)), 'content-type': 'application/json' }
    const org = await app.request('/api/organizations', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Audited org', slug: `audited-${Date.now()}` }),
    })
    expect(org.status).toBe(201)
    const orgId = ((await org.json()) as { doc: { id: string } }).doc.id
    const membership = await app.request('/api/memberships', {
      method: 'POST',
      headers,
      body: JSON.stringify({ organization: orgId, user: outsider.id, role: 'member' }),
    })
    expect(membership.status).toBe(201)
    const membershipId = ((await membership.json()) as { doc: { id: string } }).doc.id
    expect(
      (
        await app.request(`/api/memberships/${membershipId}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ role: 'admin' }),
        })
      ).status,
    ).toBe(200)
    expect((await app.request(`/api/memberships/${membershipId}`, { method: 'DELETE', headers })).status).toBe(200)

    const rows = await sql<{ action: string; user_id: string; target_id: string }>(
      app,
      `SELECT action, user_id, target_id FROM audit_logs WHERE target_id IN ($1, $2) ORDER BY created_at`,
      [orgId, membershipId],
    )
    expect(rows).toEqual([
      { action: 'organization.create', user_id: admin.id, target_id: orgId },
      { action: 'membership.create', user_id: admin.id, target_id: membershipId },
      { action: 'membership.update', user_id: admin.id, target_id: membershipId },
      { action: 'membership.delete', user_id: admin.id, target_id: membershipId },
    ])
  })
})
