// Better Auth's own client (better-auth 1.3.34, with its organization plugin) driving our
// /api/auth unmodified, as a Node app would: bearer tokens taken from `set-auth-token`
// (Node has no cookie jar), the verification and reset links taken from real mail.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createAuthClient } from 'better-auth/client'
import { organizationClient } from 'better-auth/client/plugins'

import { setEnv, withEnv } from '../helpers/env'
import { linkIn, type Mailbox, startMailbox } from '../helpers/mailbox'
import { checkedFetch } from '../helpers/openapi-check'
import { startTestApp, type TestApp } from '../helpers/test-app'

const FRONT_END = 'https://app.example.test'
const PASSWORD = 'Client-Passw0rd!'
const NEW_PASSWORD = 'Client-Passw0rd-2!'

let app: TestApp
let mailbox: Mailbox

function makeClient() {
  let token: string | undefined
  const client = createAuthClient({
    baseURL: `${app.url}/api/auth`,
    plugins: [organizationClient()],
    fetchOptions: {
      // Its answers are checked against the OpenAPI reference like every other test's.
      customFetchImpl: checkedFetch,
      auth: { type: 'Bearer', token: () => token },
      // Better Auth's documented bearer recipe: keep the token the server hands out.
      onSuccess: (context) => {
        const issued = context.response.headers.get('set-auth-token')
        if (issued) token = issued
      },
    },
  })
  return { client, token: () => token, forget: () => (token = undefined) }
}

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp({ env: { TRUSTED_ORIGINS: FRONT_END } })
  setEnv({ PUBLIC_URL: app.url })
})

afterAll(async () => {
  setEnv({ PUBLIC_URL: undefined })
  await app?.stop()
  await mailbox?.stop()
})

describe('Better Auth client against our server', () => {
  const email = `client-${Date.now()}@example.test`
  let client: ReturnType<typeof makeClient>['client']
  let token: () => string | undefined
  let forget: () => void

  beforeAll(() => {
    ;({ client, token, forget } = makeClient())
  })

  let userId: string

  it('signUp.email creates the account and returns no session', async () => {
    const { data, error } = await client.signUp.email({ email, password: PASSWORD, name: 'Client User' })
    expect(error).toBeNull()
    expect(data?.user).toMatchObject({ email, name: 'Client User', emailVerified: false })
    expect(data?.token).toBeNull()
    expect(token()).toBeUndefined()
    userId = data!.user.id
  })

  it('signIn.email before verification yields the client error EMAIL_NOT_VERIFIED (401)', async () => {
    const { data, error } = await client.signIn.email({ email, password: PASSWORD })
    expect(data).toBeNull()
    expect(error).toMatchObject({ status: 401, code: 'EMAIL_NOT_VERIFIED', message: expect.any(String) })
  })

  it('sendVerificationEmail and verifyEmail with the token from the mail', async () => {
    const resent = await client.sendVerificationEmail({ email, callbackURL: `${FRONT_END}/welcome` })
    expect(resent.error).toBeNull()
    expect(resent.data).toEqual({ status: true })
    await mailbox.waitFor(() => mailbox.to(email).length === 2)
    const verificationToken = linkIn(mailbox.to(email)[1]!).searchParams.get('token')!
    const { data, error } = await client.verifyEmail({ query: { token: verificationToken } })
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: true })
  })

  it('signIn.email with a wrong password yields INVALID_CREDENTIALS (401)', async () => {
    const { error } = await client.signIn.email({ email, password: 'Wrong-Passw0rd!' })
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' })
    expect(token()).toBeUndefined()
  })

  it('signIn.email returns the user and the token, which the client keeps from set-auth-token', async () => {
    const { data, error } = await client.signIn.email({ email, password: PASSWORD, rememberMe: true })
    expect(error).toBeNull()
    expect(data?.user).toMatchObject({ id: userId, email, emailVerified: true })
    expect(data?.token).toBeTruthy()
    expect(token()).toBe(data?.token)
  })

  it('getSession answers the session and user for the bearer token', async () => {
    const { data, error } = await client.getSession()
    expect(error).toBeNull()
    expect(data?.user).toMatchObject({ id: userId, email })
    expect(data?.session).toMatchObject({ userId, expiresAt: expect.anything() })
  })

  it('organization.list and organization.setActive (then null)', async () => {
    const org = await app.payload.create({
      collection: 'organizations',
      overrideAccess: true,
      data: { name: 'Repair Café', slug: 'repair-cafe' } as never,
    })
    await app.payload.create({
      collection: 'memberships',
      overrideAccess: true,
      data: { organization: org.id, user: userId, role: 'owner' } as never,
    })

    const list = await client.organization.list()
    expect(list.error).toBeNull()
    expect(list.data).toEqual([
      expect.objectContaining({ id: org.id, name: 'Repair Café', slug: 'repair-cafe', role: 'owner' }),
    ])

    const set = await client.organization.setActive({ organizationId: String(org.id) })
    expect(set.error).toBeNull()
    expect(set.data).toMatchObject({ organization: { id: org.id, slug: 'repair-cafe' } })
    expect((await client.getSession()).data?.session).toMatchObject({ activeOrganizationId: org.id })

    const cleared = await client.organization.setActive({ organizationId: null })
    expect(cleared.error).toBeNull()
    expect((await client.getSession()).data?.session).toMatchObject({ activeOrganizationId: null })
  })

  it('organization.setActive for an organization the user is not in yields FORBIDDEN (403)', async () => {
    const foreign = await app.payload.create({
      collection: 'organizations',
      overrideAccess: true,
      data: { name: 'Elsewhere', slug: 'elsewhere' } as never,
    })
    const { error } = await client.organization.setActive({ organizationId: String(foreign.id) })
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' })
  })

  it('organization.create (with logo and metadata) makes it active; getFullOrganization; setActive by slug; inviteMember with a role list', async () => {
    const slug = `client-org-${Date.now().toString(36)}`
    const created = await client.organization.create({
      name: 'Client Org',
      slug,
      logo: 'https://cdn.example.test/client.png',
      metadata: { source: 'client' },
    })
    expect(created.error).toBeNull()
    expect(created.data).toMatchObject({
      slug,
      logo: 'https://cdn.example.test/client.png',
      metadata: { source: 'client' },
      members: [{ userId, role: 'owner' }],
    })
    const id = created.data!.id
    expect((await client.getSession()).data?.session).toMatchObject({ activeOrganizationId: id })
    expect((await client.organization.getFullOrganization()).data).toMatchObject({
      id,
      slug,
      metadata: { source: 'client' },
    })

    expect((await client.organization.setActive({ organizationId: null })).error).toBeNull()
    const none = await client.organization.getFullOrganization()
    expect(none.error).toBeNull()
    expect(none.data).toBeNull()

    const bySlug = await client.organization.setActive({ organizationSlug: slug })
    expect(bySlug.error).toBeNull()
    expect((await client.getSession()).data?.session).toMatchObject({ activeOrganizationId: id })
    const invited = await client.organization.inviteMember({
      email: `guest-${Date.now()}@example.test`,
      role: ['admin'],
    })
    expect(invited.error).toBeNull()
    expect(invited.data).toMatchObject({ organizationId: id, role: 'admin', status: 'pending' })
    const twoRoles = await client.organization.inviteMember({
      email: `guest2-${Date.now()}@example.test`,
      role: ['admin', 'member'],
    })
    expect(twoRoles.error).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
  })

  it('signOut revokes the token: getSession is then null', async () => {
    const before = token()
    const { data, error } = await client.signOut()
    expect(error).toBeNull()
    expect(data).toEqual({ success: true })
    // The client still sends the old token: the server must refuse it.
    expect(token()).toBe(before)
    const after = await client.getSession()
    expect(after.error).toBeNull()
    expect(after.data).toBeNull()
    const list = await client.organization.list()
    expect(list.error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    forget()
  })

  it('forgetPassword and resetPassword({ newPassword, token }) as the client sends them', async () => {
    const requested = await client.forgetPassword({ email, redirectTo: `${FRONT_END}/reset` })
    expect(requested.error).toBeNull()
    expect(requested.data).toEqual({ status: true })
    const mail = await mailbox.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject))
    const link = linkIn(mail)
    expect(link.origin + link.pathname).toBe(`${FRONT_END}/reset`)

    const reset = await client.resetPassword({ newPassword: NEW_PASSWORD, token: link.searchParams.get('token')! })
    expect(reset.error).toBeNull()
    expect(reset.data).toEqual({ status: true })
    const signIn = await client.signIn.email({ email, password: NEW_PASSWORD })
    expect(signIn.error).toBeNull()
  })

  it('a rate-limited sign-in yields TOO_MANY_REQUESTS (429) through the client', async () => {
    await withEnv({ RATE_LIMIT_SIGN_IN_EMAIL_MAX: '2' }, async () => {
      for (let i = 0; i < 2; i++) await client.signIn.email({ email, password: 'Wrong-Passw0rd!' })
      const { error } = await client.signIn.email({ email, password: NEW_PASSWORD })
      expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many login attempts' })
    })
  })
})
