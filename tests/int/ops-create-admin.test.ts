// `npm run create-admin` as the operator runs it: a child process against the database,
// then a look at what it left there.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { checkPasswordRules } from '../../src/lib/password-rules'
import { runScript } from '../helpers/processes'
import { sql, startTestApp, type TestApp } from '../helpers/test-app'
import { authHeaders, createUser, TEST_PASSWORD } from '../helpers/users'

const NEW_PASSWORD = 'Brand-New-Passw0rd!'
const SCRIPT_TIMEOUT = 120_000

let app: TestApp

const createAdmin = (...args: string[]) =>
  runScript('scripts/create-admin.ts', args, {
    DATABASE_URL: app.databaseUrl,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET,
  })

async function userRow(email: string) {
  const rows = await sql<{ roles: string[]; email_verified: boolean }>(
    app,
    `SELECT u.email_verified, coalesce(array_agg(r.value::text ORDER BY r.value::text) FILTER (WHERE r.value IS NOT NULL), '{}') AS roles
     FROM users u LEFT JOIN users_roles r ON r.parent_id = u.id WHERE u.email = $1 GROUP BY u.id`,
    [email],
  )
  return rows[0]
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  return authHeaders(app, { id: '', email, password, roles: [] }).then(
    () => true,
    () => false,
  )
}

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_GLOBAL_MAX: '1000' } })
})

afterAll(async () => {
  await app.stop()
})

describe('password rules', () => {
  it('accepts a password with every kind of character and names each rule a password misses', () => {
    expect(checkPasswordRules(NEW_PASSWORD)).toBeNull()
    expect(checkPasswordRules('Ünïcødé-Pass1')).toBeNull()
    expect(checkPasswordRules('short')).toMatch(/at least 10 characters.*uppercase.*digit.*special/)
    expect(checkPasswordRules('ALLUPPERCASE1!')).toMatch(/lowercase/)
    expect(checkPasswordRules('with spaces Only1')).toMatch(/special/)
    expect(checkPasswordRules(`Aa1!${'x'.repeat(125)}`)).toMatch(/at most 128/)
    expect(checkPasswordRules(`Aa1!${'x'.repeat(124)}`)).toBeNull()
  })
})

describe('create-admin', () => {
  it(
    'creates a verified admin who can sign in with the given password',
    async () => {
      const email = 'new-admin@example.test'
      const result = await createAdmin('--email', email, '--password', NEW_PASSWORD)
      expect(result.stderr).not.toMatch(/failed/)
      expect(result.code).toBe(0)
      expect(result.stdout).toContain(`Created the admin ${email}`)
      expect(await userRow(email)).toEqual({ roles: ['admin'], email_verified: true })
      expect(await canSignIn(email, NEW_PASSWORD)).toBe(true)
    },
    SCRIPT_TIMEOUT,
  )

  it(
    'promotes an existing citizen: admin added, email verified, password replaced (email matched case-insensitively)',
    async () => {
      const citizen = await createUser(app, { roles: ['citizen'], verified: false })
      const result = await createAdmin('--email', citizen.email.toUpperCase(), '--password', NEW_PASSWORD)
      expect(result.code).toBe(0)
      expect(result.stdout).toContain(`Made ${citizen.email} an admin`)
      expect(await userRow(citizen.email)).toEqual({ roles: ['admin', 'citizen'], email_verified: true })
      expect(await canSignIn(citizen.email, NEW_PASSWORD)).toBe(true)
      expect(await canSignIn(citizen.email, TEST_PASSWORD)).toBe(false)
    },
    SCRIPT_TIMEOUT,
  )

  it(
    'promotes without --password and leaves the password as it was',
    async () => {
      const citizen = await createUser(app, { roles: ['citizen'] })
      const result = await createAdmin('--email', citizen.email)
      expect(result.code).toBe(0)
      expect((await userRow(citizen.email))?.roles).toContain('admin')
      expect(await canSignIn(citizen.email, TEST_PASSWORD)).toBe(true)
    },
    SCRIPT_TIMEOUT,
  )

  it(
    'refuses bad arguments and weak passwords with exit code 2 and usage text, writing nothing',
    async () => {
      const citizen = await createUser(app, { roles: ['citizen'], verified: false })
      const snapshot = async () => ({
        users: await sql(app, 'SELECT * FROM users ORDER BY id'),
        roles: await sql(app, 'SELECT * FROM users_roles ORDER BY id'),
      })
      const before = await snapshot()
      const cases: Array<[string[], RegExp]> = [
        [[], /--email is required/],
        [['--email'], /argument missing|--email/],
        [['--email', 'not-an-email', '--password', NEW_PASSWORD], /not a valid email/],
        [['--email', 'weak@example.test', '--password', 'short'], /at least 10 characters/],
        [['--email', 'weak@example.test', '--password', 'alllowercase-1'], /uppercase/],
        [['--email', citizen.email, '--password', 'NoDigitsHere!!'], /digit/],
        [['--email', 'x@example.test', '--password', NEW_PASSWORD, '--role', 'admin'], /Unknown option '--role'/],
        [['--email', 'x@example.test', 'stray'], /positional argument/],
        // Known only once the database is asked: a new admin needs a password.
        [['--email', 'nobody@example.test'], /No user has the email nobody@example\.test/],
      ]
      for (const [args, message] of cases) {
        const result = await createAdmin(...args)
        expect({ args, code: result.code }).toEqual({ args, code: 2 })
        expect(result.stderr).toMatch(message)
        expect(result.stderr).toContain('Usage: npm run create-admin -- --email <email>')
      }
      expect(await snapshot()).toEqual(before)
    },
    SCRIPT_TIMEOUT * 2,
  )

  it('prints its usage on --help and exits 0', async () => {
    const result = await createAdmin('--help')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Usage: npm run create-admin')
  })
})
