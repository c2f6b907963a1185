// Email verification and password reset (docs/api.md "Accounts (/api/auth)") through a real SMTP server: the
// links are read from the captured mail and followed; tokens are single-use and expire
// (verification 24 h, reset 1 h); known and unknown emails get identical answers; a reset
// revokes every session; nothing secret reaches a response, an audit entry or the log.
import { createHash } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { setEnv } from '../helpers/env'
import { captureLogs } from '../helpers/logs'
import { linkIn, type Mail, type Mailbox, startMailbox } from '../helpers/mailbox'
import { checkedFetch } from '../helpers/openapi-check'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { createUser, signIn, TEST_PASSWORD } from '../helpers/users'

const PASSWORD = 'First-Passw0rd!'
const NEW_PASSWORD = 'Second-Passw0rd!'
const FRONT_END = 'https://app.example.test'
const HOUR = 3_600_000

let app: TestApp
let mailbox: Mailbox
let logged: string[] = []

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

function expectAuthError(body: Record<string, unknown>, error: string, status = 'BAD_REQUEST') {
  expect(body).toEqual({ error, code: error.toUpperCase(), message: expect.any(String), status })
}

let seq = 0
const freshEmail = (local: string) => `${local}-${Date.now().toString(36)}${++seq}@example.test`

/** Signs up and returns the user id with the verification mail that followed. */
async function signUp(email: string): Promise<{ id: string; mail: Mail }> {
  const response = await post('sign-up/email', { email, password: PASSWORD })
  expect(response.status).toBe(200)
  const { user } = (await response.json()) as { user: { id: string } }
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && /verify/i.test(m.subject))
  return { id: user.id, mail }
}

const tokenOf = (mail: Mail) => linkIn(mail).searchParams.get('token')!

async function mailsTo(email: string, settleMs = 300) {
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  return mailbox.to(email)
}

async function isVerified(id: string) {
  const [row] = await sql<{ email_verified: boolean }>(app, 'SELECT email_verified FROM users WHERE id = $1', [id])
  return row!.email_verified
}

beforeAll(async () => {
  mailbox = await startMailbox()
  Object.assign(process.env, mailbox.env)
  app = await startTestApp({ env: { TRUSTED_ORIGINS: FRONT_END } })
  // Links in mails point at this very server.
  setEnv({ PUBLIC_URL: app.url })
  logged = captureLogs(app.payload)
})

afterAll(async () => {
  setEnv({ PUBLIC_URL: undefined })
  await app?.stop()
  await mailbox?.stop()
})

describe('email verification', () => {
  it('the link in the sign-up mail verifies the email (GET), records email_verified, and sign-in then works', async () => {
    const email = freshEmail('verify')
    const { id, mail } = await signUp(email)
    const link = linkIn(mail)
    expect(link.origin).toBe(app.url)
    expect(link.pathname).toBe('/api/auth/verify-email')

    const response = await checkedFetch(link, {
      headers: { 'x-real-ip': '198.51.100.80', 'user-agent': 'mail-client/1' },
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toEqual({ status: true, user: { id, email, name: null, emailVerified: true } })
    expect(await isVerified(id)).toBe(true)

    const audit = await sql(
      app,
      `SELECT user_id, ip, user_agent FROM audit_logs WHERE action = 'email_verified' AND target_id = $1`,
      [id],
    )
    expect(audit).toEqual([{ user_id: id, ip: '198.51.100.80', user_agent: 'mail-client/1' }])

    const signInResponse = await post('sign-in/email', { email, password: PASSWORD })
    expect(signInResponse.status).toBe(200)
  })

  it('the token is single-use: following the link again answers 400 invalid_token', async () => {
    const { mail } = await signUp(freshEmail('twice'))
    expect((await checkedFetch(linkIn(mail))).status).toBe(200)
    const again = await checkedFetch(linkIn(mail))
    expect(again.status).toBe(400)
    expectAuthError(await again.json(), 'invalid_token')
  })

  it('of simultaneous verifications with one token exactly one succeeds', async () => {
    const { id, mail } = await signUp(freshEmail('race-verify'))
    const responses = await Promise.all(Array.from({ length: 4 }, () => post('verify-email', { token: tokenOf(mail) })))
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
    expect(
      await sql(app, `SELECT 1 FROM audit_logs WHERE action = 'email_verified' AND target_id = $1`, [id]),
    ).toHaveLength(1)
  })

  it('POST verify-email {token} works too', async () => {
    const { id, mail } = await signUp(freshEmail('post-verify'))
    const response = await post('verify-email', { token: tokenOf(mail) })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: true, user: { id, emailVerified: true } })
    expect(await isVerified(id)).toBe(true)
  })

  it('a token past its 24 hours is refused and leaves the user unverified', async () => {
    const { id, mail } = await signUp(freshEmail('expired-verify'))
    const token = tokenOf(mail)
    const [row] = await sql<{ expires_at: Date; created_at: Date }>(
      app,
      'SELECT expires_at, created_at FROM verification_tokens WHERE token_hash = $1',
      [sha256(token)],
    )
    expect(
      Math.abs(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime() - 24 * HOUR),
    ).toBeLessThan(5_000)
    await sql(app, `UPDATE verification_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(token),
    ])
    const response = await checkedFetch(linkIn(mail))
    expect(response.status).toBe(400)
    expectAuthError(await response.json(), 'invalid_token')
    expect(await isVerified(id)).toBe(false)
  })

  it('a verification token is not a reset token', async () => {
    const { id, mail } = await signUp(freshEmail('wrong-purpose'))
    const response = await post('reset-password', { token: tokenOf(mail), password: NEW_PASSWORD })
    expect(response.status).toBe(400)
    expectAuthError(await response.json(), 'invalid_token')
    // Still good for what it was made for.
    expect((await checkedFetch(linkIn(mail))).status).toBe(200)
    expect(await isVerified(id)).toBe(true)
  })

  it('400 invalid_token for a missing, empty, unknown or 10 kB token', async () => {
    const attempts = [
      app.request('/api/auth/verify-email'),
      app.request('/api/auth/verify-email?token='),
      app.request('/api/auth/verify-email?token=made-up-token'),
      app.request(`/api/auth/verify-email?token=${'t'.repeat(10_240)}`),
      post('verify-email', {}),
      post('verify-email', { token: '' }),
      post('verify-email', { token: 'made-up-token' }),
      post('verify-email', { token: 't'.repeat(10_240) }),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_token')
    }
  })

  it('400 invalid_input for a token that is not a string or unknown fields; invalid_body for bad JSON', async () => {
    for (const body of [{ token: 42 }, { token: { $ne: null } }, { token: ['a'] }, { token: 'x', userId: 'someone' }]) {
      const response = await post('verify-email', body)
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_input')
    }
    const broken = await post('verify-email', '{"token":')
    expect(broken.status).toBe(400)
    expectAuthError(await broken.json(), 'invalid_body')
  })
})

describe('POST /api/auth/send-verification-email', () => {
  it('mails a fresh working link to an unverified user', async () => {
    const email = freshEmail('resend')
    const { id } = await signUp(email)
    const response = await post('send-verification-email', { email: email.toUpperCase() })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: true })
    await mailbox.waitFor(() => mailbox.to(email).length === 2)
    const second = mailbox.to(email)[1]!
    expect((await checkedFetch(linkIn(second))).status).toBe(200)
    expect(await isVerified(id)).toBe(true)
  })

  it('answers identically for an unknown and a verified email, and mails neither', async () => {
    const unverified = freshEmail('known')
    await signUp(unverified)
    const verified = await createUser(app)
    const unknown = freshEmail('unknown')
    const verifiedMailsBefore = mailbox.to(verified.email).length

    const responses = await Promise.all(
      [unverified, verified.email, unknown].map((email) => post('send-verification-email', { email })),
    )
    const answers = await Promise.all(
      responses.map(async (r) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.text() })),
    )
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    expect(answers[0]).toEqual({
      status: 200,
      type: expect.stringMatching(/^application\/json/),
      body: '{"status":true}',
    })

    await mailbox.waitFor(() => mailbox.to(unverified).length === 2)
    expect(await mailsTo(unknown)).toEqual([])
    expect((await mailsTo(verified.email)).length).toBe(verifiedMailsBefore)
  })

  it('400 invalid_input for a bad email, invalid_body for bad JSON', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: 'nope' },
      { email: 7 },
      { email: { $ne: '' } },
      { email: `${'a'.repeat(10_240)}@x.test` },
      { email: 'a@b.test', extra: 1 },
    ]) {
      const response = await post('send-verification-email', body)
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_input')
    }
    const broken = await post('send-verification-email', 'email=a@b.test', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(broken.status).toBe(400)
    expectAuthError(await broken.json(), 'invalid_body')
  })
})

describe('password reset', () => {
  async function verifiedUser() {
    const email = freshEmail('reset')
    const { id, mail } = await signUp(email)
    expect((await checkedFetch(linkIn(mail))).status).toBe(200)
    return { id, email }
  }

  async function requestReset(
    email: string,
    redirectTo = `${FRONT_END}/reset-password?lang=fr`,
    headers: Record<string, string> = {},
  ) {
    const before = mailbox.to(email).length
    const response = await post('forget-password', { email, redirectTo }, headers)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: true })
    await mailbox.waitFor(() => mailbox.to(email).length > before)
    const mail = mailbox.to(email).at(-1)!
    expect(mail.subject).toMatch(/reset/i)
    return { mail, link: linkIn(mail), token: tokenOf(mail) }
  }

  it('mails a link built from redirectTo plus the token, valid 1 hour, and records password_reset_requested', async () => {
    const { id, email } = await verifiedUser()
    const { link, token } = await requestReset(email, `${FRONT_END}/reset-password?lang=fr`, {
      'x-real-ip': '198.51.100.90',
      'user-agent': 'reset-test/1',
    })
    expect(link.origin).toBe(FRONT_END)
    expect(link.pathname).toBe('/reset-password')
    expect(link.searchParams.get('lang')).toBe('fr')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/)

    const [row] = await sql<{ user_id: string; purpose: string; expires_at: Date; created_at: Date }>(
      app,
      'SELECT user_id, purpose, expires_at, created_at FROM verification_tokens WHERE token_hash = $1',
      [sha256(token)],
    )
    expect(row).toMatchObject({ user_id: id, purpose: 'password_reset' })
    expect(Math.abs(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime() - HOUR)).toBeLessThan(
      5_000,
    )

    const audit = await sql<{ user_id: string; ip: string; user_agent: string; data: unknown }>(
      app,
      `SELECT user_id, ip, user_agent, data FROM audit_logs WHERE action = 'password_reset_requested' AND user_id = $1`,
      [id],
    )
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ ip: '198.51.100.90', user_agent: 'reset-test/1' })
    expect(JSON.stringify(audit[0]!.data)).not.toContain(token)
  })

  it('answers identically for a known and an unknown email, and mails only the known one', async () => {
    const { email } = await verifiedUser()
    const unknown = freshEmail('nobody')
    const redirectTo = `${FRONT_END}/reset`
    const [known, missing] = await Promise.all(
      [email, unknown].map((e) => post('forget-password', { email: e, redirectTo })),
    )
    const a = { status: known!.status, body: await known!.text(), type: known!.headers.get('content-type') }
    const b = { status: missing!.status, body: await missing!.text(), type: missing!.headers.get('content-type') }
    expect(b).toEqual(a)
    expect(a.body).toBe('{"status":true}')
    await mailbox.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject))
    expect(await mailsTo(unknown)).toEqual([])
  })

  it('is also served as request-password-reset', async () => {
    const { email } = await verifiedUser()
    const response = await post('request-password-reset', { email, redirectTo: `${FRONT_END}/r` })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: true })
    await mailbox.waitFor((m) => m.to.includes(email) && /reset/i.test(m.subject))
  })

  it('400 invalid_redirect for an untrusted or non-http redirectTo, for known and unknown emails alike, mailing nothing', async () => {
    const { email } = await verifiedUser()
    for (const target of [email, freshEmail('nobody')]) {
      for (const redirectTo of [
        'https://evil.example/steal',
        'javascript:alert(1)',
        'not a url',
        `${FRONT_END}.evil.example/x`,
        '//evil.example/x',
      ]) {
        const response = await post('forget-password', { email: target, redirectTo })
        expect(response.status).toBe(400)
        expectAuthError(await response.json(), 'invalid_redirect')
      }
    }
    expect((await mailsTo(email)).filter((m) => /reset/i.test(m.subject))).toEqual([])
  })

  it('400 invalid_input for a bad email, a missing redirectTo or wrong types', async () => {
    for (const body of [
      { redirectTo: FRONT_END },
      { email: 'nope', redirectTo: FRONT_END },
      { email: 'a@b.test' },
      { email: 'a@b.test', redirectTo: 5 },
      { email: ['a@b.test'], redirectTo: FRONT_END },
      { email: 'a@b.test', redirectTo: FRONT_END, extra: true },
    ]) {
      const response = await post('forget-password', body)
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_input')
    }
  })

  it('the mailed token sets the new password, revokes every session, and records password_reset', async () => {
    const { id, email } = await verifiedUser()
    const sessions = await Promise.all([1, 2, 3].map(() => signIn(app, { email, password: PASSWORD })))
    for (const { token } of sessions)
      expect(
        await (await app.request('/api/auth/get-session', { headers: { authorization: `Bearer ${token}` } })).json(),
      ).not.toBeNull()

    const { token } = await requestReset(email)
    const response = await post(
      'reset-password',
      { token, password: NEW_PASSWORD },
      { 'x-forwarded-for': '203.0.113.91', 'user-agent': 'reset-test/2' },
    )
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ status: true })
    expect(text).not.toContain(token)

    expect(await sql(app, 'SELECT 1 FROM sessions WHERE user_id = $1', [id])).toHaveLength(0)
    for (const session of sessions) {
      const bearer = await app.request('/api/auth/get-session', {
        headers: { authorization: `Bearer ${session.token}` },
      })
      expect(await bearer.json()).toBeNull()
      const cookie = await app.request('/api/auth/get-session', {
        headers: { cookie: `community.session=${session.token}` },
      })
      expect(await cookie.json()).toBeNull()
    }

    const [user] = await sql<{ password_hash: string }>(app, 'SELECT password_hash FROM users WHERE id = $1', [id])
    expect(user!.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true)
    expect((await post('sign-in/email', { email, password: PASSWORD })).status).toBe(401)
    expect((await post('sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(200)

    const audit = await sql(
      app,
      `SELECT user_id, ip, user_agent FROM audit_logs WHERE action = 'password_reset' AND user_id = $1`,
      [id],
    )
    expect(audit).toEqual([{ user_id: id, ip: '203.0.113.91', user_agent: 'reset-test/2' }])
  })

  it('the reset token is single-use', async () => {
    const { email } = await verifiedUser()
    const { token } = await requestReset(email)
    expect((await post('reset-password', { token, password: NEW_PASSWORD })).status).toBe(200)
    const again = await post('reset-password', { token, password: 'Third-Passw0rd!' })
    expect(again.status).toBe(400)
    expectAuthError(await again.json(), 'invalid_token')
    expect((await post('sign-in/email', { email, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('of simultaneous resets with one token exactly one succeeds', async () => {
    const { email } = await verifiedUser()
    const { token } = await requestReset(email)
    const passwords = ['Race-Passw0rd-1!', 'Race-Passw0rd-2!', 'Race-Passw0rd-3!', 'Race-Passw0rd-4!']
    const responses = await Promise.all(passwords.map((password) => post('reset-password', { token, password })))
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
    const winner = passwords[responses.findIndex((r) => r.status === 200)]!
    expect((await post('sign-in/email', { email, password: winner })).status).toBe(200)
  })

  it('the reset token expires after 1 hour', async () => {
    const { email } = await verifiedUser()
    const { token } = await requestReset(email)
    await sql(app, `UPDATE verification_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(token),
    ])
    const response = await post('reset-password', { token, password: NEW_PASSWORD })
    expect(response.status).toBe(400)
    expectAuthError(await response.json(), 'invalid_token')
    expect((await post('sign-in/email', { email, password: PASSWORD })).status).toBe(200)
  })

  it('400 weak_password (also 10 kB) leaves the token unspent and the password unchanged', async () => {
    const { email } = await verifiedUser()
    const { token } = await requestReset(email)
    for (const password of ['short', 'alllowercase-1!', `Aa1!${'x'.repeat(10_240)}`]) {
      const response = await post('reset-password', { token, password })
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'weak_password')
    }
    expect((await post('sign-in/email', { email, password: PASSWORD })).status).toBe(200)
    expect((await post('reset-password', { token, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('400 invalid_token for an unknown, empty or 10 kB token; invalid_input for missing fields and wrong types', async () => {
    for (const token of ['made-up', '', 'x'.repeat(10_240)]) {
      const response = await post('reset-password', { token, password: NEW_PASSWORD })
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_token')
    }
    for (const body of [
      { password: NEW_PASSWORD },
      { token: 'x' },
      { token: 'x', password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
      { token: 5, password: NEW_PASSWORD },
      { token: 'x', password: { $ne: 1 } },
      { token: 'x', password: NEW_PASSWORD, userId: 'u' },
    ]) {
      const response = await post('reset-password', body)
      expect(response.status).toBe(400)
      expectAuthError(await response.json(), 'invalid_input')
    }
    const broken = await post('reset-password', '{"token"')
    expect(broken.status).toBe(400)
    expectAuthError(await broken.json(), 'invalid_body')
  })
})

describe('secrets', () => {
  it('no mailed token, password or hash appears in the log or in audit data', async () => {
    const tokens = mailbox.messages.map(tokenOf)
    expect(tokens.length).toBeGreaterThan(5)
    const hashes = (await sql<{ password_hash: string }>(app, 'SELECT password_hash FROM users')).map(
      (row) => row.password_hash,
    )
    const audit = JSON.stringify(await sql(app, 'SELECT data FROM audit_logs'))
    const log = logged.join('\n')
    for (const secret of [...tokens, ...tokens.map(sha256), PASSWORD, NEW_PASSWORD, TEST_PASSWORD, ...hashes]) {
      expect(log).not.toContain(secret)
      expect(audit).not.toContain(secret)
    }
  })
})
