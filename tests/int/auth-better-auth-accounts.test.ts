// Better Auth's own client (better-auth 1.3.34 with adminClient() and organizationClient())
// driving the accounts routes of docs/api.md "Accounts beyond sign-in (/api/auth)"
// unmodified, as a Node app would: bearer tokens from `set-auth-token`, the invitation and
// email-change links from real mail.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createAuthClient } from 'better-auth/client'
import { adminClient, organizationClient } from 'better-auth/client/plugins'

import { startAppWithMailbox } from '../helpers/app-with-mailbox'
import { linkIn, type Mailbox } from '../helpers/mailbox'
import { checkedFetch } from '../helpers/openapi-check'
import { sql, type TestApp } from '../helpers/test-app'
import { createUser, TEST_PASSWORD, type TestUser } from '../helpers/users'

const NEW_PASSWORD = 'Client-Changed-1!'

let app: TestApp
let mailbox: Mailbox

function makeClient() {
  let token: string | undefined
  const client = createAuthClient({
    baseURL: `${app.url}/api/auth`,
    plugins: [adminClient(), organizationClient()],
    fetchOptions: {
      customFetchImpl: checkedFetch,
      auth: { type: 'Bearer', token: () => token },
      onSuccess: (context) => {
        const issued = context.response.headers.get('set-auth-token')
        if (issued) token = issued
      },
    },
  })
  return { client, token: () => token }
}

async function signedIn(user: TestUser, password = TEST_PASSWORD) {
  const made = makeClient()
  const { error } = await made.client.signIn.email({ email: user.email, password })
  expect(error).toBeNull()
  return made
}

let stop: (() => Promise<void>) | undefined

beforeAll(async () => {
  ;({ app, mailbox, stop } = await startAppWithMailbox())
})

afterAll(async () => {
  await stop?.()
})

describe('self-service with the client', () => {
  it('updateUser, listSessions, revokeOtherSessions, changePassword, changeEmail, deleteUser', async () => {
    const user = await createUser(app)
    const { client } = await signedIn(user)
    const second = await signedIn(user)

    expect((await client.updateUser({ name: 'Client Name', image: 'https://img.example.test/me.png' })).data).toEqual({
      status: true,
    })
    const session = await client.getSession()
    expect(session.data?.user.name).toBe('Client Name')

    const sessions = await client.listSessions()
    expect(sessions.error).toBeNull()
    expect(sessions.data).toHaveLength(2)
    expect((await client.revokeOtherSessions()).data).toEqual({ status: true })
    expect((await second.client.getSession()).data).toBeNull()

    const changed = await client.changePassword({
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    })
    expect(changed.error).toBeNull()
    expect(changed.data?.token).toEqual(expect.any(String))
    // The client keeps the new session's token and goes on signed in.
    expect((await client.getSession()).data?.user.id).toBe(user.id)
    const wrong = await client.changePassword({ currentPassword: 'Wrong-Passw0rd!', newPassword: NEW_PASSWORD })
    expect(wrong.error).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' })

    const newEmail = `client-moved-${Date.now().toString(36)}@example.test`
    expect((await client.changeEmail({ newEmail, callbackURL: '/done' })).data).toEqual({ status: true })
    const mail = await mailbox.waitFor((m) => m.to.includes(newEmail))
    const verified = await client.verifyEmail({ query: { token: linkIn(mail).searchParams.get('token')! } })
    expect(verified.error).toBeNull()
    expect((await sql<{ email: string }>(app, 'SELECT email FROM users WHERE id = $1', [user.id]))[0]!.email).toBe(
      newEmail,
    )

    const deleted = await client.deleteUser({ password: NEW_PASSWORD })
    expect(deleted.data).toEqual({ success: true, message: 'User deleted' })
    expect(await sql(app, 'SELECT 1 FROM users WHERE id = $1', [user.id])).toHaveLength(0)
  })
})

describe('user administration with adminClient', () => {
  it('listUsers, createUser, setRole, banUser (sign-in refused with the reason), unbanUser, sessions, setUserPassword, removeUser', async () => {
    const adminUser = await createUser(app, { roles: ['admin'] })
    // The client's types know Better Auth's default roles (user, admin); ours are passed as they are.
    const { client } = await signedIn(adminUser)

    const email = `client-made-${Date.now().toString(36)}@example.test`
    const created = await client.admin.createUser({
      email,
      password: TEST_PASSWORD,
      name: 'Made By Client',
      role: 'citizen' as never,
    })
    expect(created.error).toBeNull()
    const userId = created.data!.user.id

    const listed = await client.admin.listUsers({
      query: {
        searchValue: 'client-made',
        searchField: 'email',
        searchOperator: 'contains',
        limit: 10,
        sortBy: 'createdAt',
        sortDirection: 'desc',
      },
    })
    expect(listed.error).toBeNull()
    expect(listed.data?.users.map((u) => u.id)).toContain(userId)
    expect(listed.data?.total).toBeGreaterThanOrEqual(1)

    expect((await client.admin.setRole({ userId, role: 'moderator' as never })).data?.user).toMatchObject({
      role: 'moderator',
    })

    const target = { id: userId, email, password: TEST_PASSWORD, roles: ['moderator' as const] }
    const victim = await signedIn(target)
    const userSessions = await client.admin.listUserSessions({ userId })
    expect(userSessions.data?.sessions).toHaveLength(1)

    const banned = await client.admin.banUser({ userId, banReason: 'Client-side ban', banExpiresIn: 3600 })
    expect(banned.data?.user).toMatchObject({ banned: true, banReason: 'Client-side ban' })
    expect((await victim.client.getSession()).data).toBeNull()
    const refused = await makeClient().client.signIn.email({ email, password: TEST_PASSWORD })
    expect(refused.error).toMatchObject({ status: 403, code: 'BANNED_USER', message: 'Client-side ban' })

    expect((await client.admin.unbanUser({ userId })).data?.user).toMatchObject({ banned: false })
    expect((await client.admin.setUserPassword({ userId, newPassword: NEW_PASSWORD })).data).toEqual({ status: true })
    await signedIn({ ...target, password: NEW_PASSWORD }, NEW_PASSWORD)
    expect((await client.admin.revokeUserSessions({ userId })).data).toEqual({ success: true })
    expect((await client.admin.removeUser({ userId })).data).toEqual({ success: true })

    const citizen = await signedIn(await createUser(app))
    const denied = await citizen.client.admin.listUsers({ query: {} })
    expect(denied.error).toMatchObject({ status: 403, code: 'FORBIDDEN' })
  })
})

describe('organizations with organizationClient', () => {
  it('create, checkSlug, inviteMember, acceptInvitation, listMembers, updateMemberRole, getFullOrganization, leave, delete', async () => {
    const [owner, invitee] = [await createUser(app), await createUser(app)]
    const ownerClient = (await signedIn(owner)).client
    const inviteeClient = (await signedIn(invitee)).client
    const slug = `client-org-${Date.now().toString(36)}`

    expect((await ownerClient.organization.checkSlug({ slug })).data).toEqual({ status: true })
    const created = await ownerClient.organization.create({ name: 'Client Org', slug })
    expect(created.error).toBeNull()
    const organizationId = created.data!.id
    expect((await ownerClient.organization.checkSlug({ slug })).error).toMatchObject({
      status: 409,
      code: 'SLUG_IS_TAKEN',
    })

    const invited = await ownerClient.organization.inviteMember({ email: invitee.email, role: 'admin', organizationId })
    expect(invited.error).toBeNull()
    const invitationId = String(invited.data!.id)
    await mailbox.waitFor((m) => m.to.includes(invitee.email) && m.text.includes(invitationId))
    const mine = await inviteeClient.organization.listUserInvitations()
    expect(mine.data?.map((i) => i.id)).toEqual([invitationId])
    const accepted = await inviteeClient.organization.acceptInvitation({ invitationId })
    expect(accepted.error).toBeNull()
    expect(accepted.data?.member).toMatchObject({ role: 'admin', userId: invitee.id })

    const members = await inviteeClient.organization.listMembers({ query: { organizationId } })
    expect(members.data?.total).toBe(2)
    const inviteeMember = members.data!.members.find((m) => m.userId === invitee.id)!
    const updated = await ownerClient.organization.updateMemberRole({
      memberId: inviteeMember.id,
      role: 'member',
      organizationId,
    })
    expect(updated.data).toMatchObject({ role: 'member' })
    const full = await ownerClient.organization.getFullOrganization({ query: { organizationId } })
    expect(full.data?.members).toHaveLength(2)

    const lastOwner = await ownerClient.organization.leave({ organizationId })
    expect(lastOwner.error).toMatchObject({ status: 409, code: 'LAST_OWNER' })
    expect((await inviteeClient.organization.leave({ organizationId })).error).toBeNull()
    expect((await ownerClient.organization.delete({ organizationId })).error).toBeNull()
    expect(await sql(app, 'SELECT 1 FROM organizations WHERE id = $1', [organizationId])).toHaveLength(0)
  })
})
