// Organizations through Better Auth's routes (docs/api.md "Accounts beyond sign-in
// (/api/auth)"), for the organization test files (auth-organization-manage,
// auth-organization-invitations): an app whose mail goes to a mailbox, and a team made
// through the API. `useOrganizationApp()` in a test file starts them for that file; `app`
// and `mailbox` are then live.
import { afterAll, beforeAll, expect } from '@jest/globals'

import { startAppWithMailbox } from './app-with-mailbox'
import type { Mailbox } from './mailbox'
import { sql, type TestApp } from './test-app'
import { createUser, signIn, type TestUser } from './users'

export let app: TestApp
export let mailbox: Mailbox
let seq = 0
export const uniqueSlug = (base: string) => `${base}-${Date.now().toString(36)}-${++seq}`
/** A unique suffix for emails and names within the file. */
export const nextSeq = () => ++seq

export function useOrganizationApp(): void {
  let stop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    ;({ app, mailbox, stop } = await startAppWithMailbox())
  })
  afterAll(async () => {
    await stop?.()
  })
}

export type Headers = Record<string, string>
export const bearer = async (user: TestUser): Promise<Headers> => ({
  authorization: `Bearer ${(await signIn(app, user)).token}`,
})

export function post(path: string, headers: Headers, body: unknown) {
  return app.request(`/api/auth/organization/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}
export const get = (path: string, headers: Headers) => app.request(`/api/auth/organization/${path}`, { headers })

export async function ok<T = Record<string, unknown>>(response: Response): Promise<T> {
  if (response.status !== 200) throw new Error(`expected 200, got ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}
export async function expectError(response: Response, status: number, error: string) {
  expect({ status: response.status, body: await response.json() }).toMatchObject({
    status,
    body: { error, code: error.toUpperCase() },
  })
}

export interface Org {
  id: string
  slug: string
  members: Array<{ id: string; userId: string; role: string }>
}
export interface Team {
  org: Org
  owner: TestUser
  ownerH: Headers
  admin: TestUser
  adminH: Headers
  member: TestUser
  memberH: Headers
  outsider: TestUser
  outsiderH: Headers
  ids: Record<'owner' | 'admin' | 'member', string>
}

/** An organization made through the API, with an admin and a member joined through invitations. */
export async function team(): Promise<Team> {
  // Four independent users, made and signed in side by side (PostgreSQL and argon2's threads
  // work in parallel; one after the other, a team took most of a test's time).
  const [owner, admin, member, outsider] = await Promise.all([
    createUser(app),
    createUser(app),
    createUser(app),
    createUser(app),
  ])
  const [ownerH, adminH, memberH, outsiderH] = await Promise.all([
    bearer(owner),
    bearer(admin),
    bearer(member),
    bearer(outsider),
  ])
  const org = await ok<Org>(await post('create', ownerH, { name: 'Garden Club', slug: uniqueSlug('garden') }))
  for (const [user, headers, role] of [
    [admin, adminH, 'admin'],
    [member, memberH, 'member'],
  ] as const) {
    const invitation = await ok<{ id: string }>(
      await post('invite-member', ownerH, { email: user.email, role, organizationId: org.id }),
    )
    await ok(await post('accept-invitation', headers, { invitationId: invitation.id }))
  }
  const rows = await sql<{ id: string; user_id: string; role: string }>(
    app,
    'SELECT id, user_id, role FROM memberships WHERE organization_id = $1',
    [org.id],
  )
  const idOf = (user: TestUser) => String(rows.find((r) => r.user_id === user.id)!.id)
  return {
    org,
    owner,
    ownerH,
    admin,
    adminH,
    member,
    memberH,
    outsider,
    outsiderH,
    ids: { owner: idOf(owner), admin: idOf(admin), member: idOf(member) },
  }
}

export const roleOf = async (membershipId: string) =>
  (await sql<{ role: string }>(app, 'SELECT role FROM memberships WHERE id = $1', [membershipId]))[0]?.role
export const audits = (action: string, targetId: string) =>
  sql(app, 'SELECT 1 FROM audit_logs WHERE action = $1 AND target_id = $2', [action, targetId])
