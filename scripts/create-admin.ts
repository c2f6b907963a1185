// `npm run create-admin -- --email E --password P`: makes a verified admin, or promotes the
// user who already has that email. Arguments are checked before anything starts, so a typo
// or a weak password writes nothing. Uses the server's database (scripts/with-database.ts).
// Payload and the database are imported only once the arguments are good: loading them is
// seconds of CPU that --help and a typo need not pay.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'

import type { Payload } from 'payload'

import { checkPasswordRules } from '../src/lib/password-rules'

const USAGE = `Usage: npm run create-admin -- --email <email> [--password <password>]

Creates a verified admin, or makes the existing user with that email an admin
(email marked verified; password replaced when --password is given).
A new admin needs --password: 10 to 128 characters with an uppercase letter,
a lowercase letter, a digit and a special character.
Database: DATABASE_URL when set, else the embedded one under DATA_DIR (.data/).`

// Exit codes: 0 done, 1 failed while working, 2 bad arguments (usage shown, nothing written).
const EXIT_FAILED = 1
const EXIT_USAGE = 2

class UsageError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface Args {
  email: string
  password?: string
}

function parse(argv: string[]): Args | 'help' {
  let values: { email?: string; password?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return 'help'
  // Payload stores emails trimmed and lower-cased; look them up the same way.
  const email = values.email?.trim().toLowerCase()
  if (!email) throw new UsageError('--email is required.')
  if (!EMAIL.test(email)) throw new UsageError(`"${values.email}" is not a valid email address.`)
  if (values.password !== undefined) {
    const problem = checkPasswordRules(values.password)
    if (problem) throw new UsageError(`${problem}.`)
  }
  return { email, password: values.password }
}

async function makeAdmin(payload: Payload, { email, password }: Args): Promise<string> {
  const { setUserPassword } = await import('../src/lib/user-password')
  const found = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const existing = found.docs[0] as { id: string; roles?: string[] } | undefined

  if (existing) {
    const roles = [...new Set([...(existing.roles ?? []), 'admin'])]
    await payload.update({
      collection: 'users',
      id: existing.id,
      data: { roles, emailVerified: true } as never,
      overrideAccess: true,
    })
    if (password) await setUserPassword(payload, existing.id, password)
    return `Made ${email} an admin (roles: ${roles.join(', ')}; email verified${password ? '; password set' : ''}).`
  }

  if (!password) throw new UsageError(`No user has the email ${email}; give --password to create a new admin.`)
  // Payload will not create an auth user without a password. The placeholder is random and
  // never shown; the real one is written by setUserPassword, like every other password.
  const placeholder = `${randomBytes(24).toString('base64url')}Aa1!`
  const user = await payload.create({
    collection: 'users',
    data: { email, password: placeholder, roles: ['admin'], emailVerified: true } as never,
    overrideAccess: true,
  })
  try {
    await setUserPassword(payload, user.id, password)
  } catch (error) {
    // Leave no admin behind whose password nobody knows.
    await payload.delete({ collection: 'users', id: user.id, overrideAccess: true }).catch(() => undefined)
    throw error
  }
  return `Created the admin ${email} (email verified).`
}

async function main(): Promise<number> {
  let args: Args | 'help'
  try {
    args = parse(process.argv.slice(2))
  } catch (error) {
    console.error(`create-admin: ${(error as Error).message}\n\n${USAGE}`)
    return EXIT_USAGE
  }
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  const request = args
  try {
    const { withDatabase } = await import('./with-database')
    const { startPayload, stopPayload } = await import('../src/lib/payload-lifecycle')
    const message = await withDatabase(async () => {
      const payload = await startPayload()
      try {
        return await makeAdmin(payload, request)
      } finally {
        await stopPayload(payload)
      }
    })
    console.log(`create-admin: ${message}`)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`create-admin: ${error.message}\n\n${USAGE}`)
      return EXIT_USAGE
    }
    console.error(`create-admin: failed: ${error instanceof Error ? error.message : String(error)}`)
    return EXIT_FAILED
  }
}

// Exit explicitly: a library timer left behind must not keep a finished script alive.
process.exit(await main())
