// Password hashing: argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1) through
// @node-rs/argon2 (prebuilt native binaries, maintained, no node-gyp). Payload's built-in
// PBKDF2 (25,000 iterations) falls short of OWASP's Password Storage guidance.
import { hash, type Options, verify } from '@node-rs/argon2'

// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
export const PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Every hash the service makes uses PASSWORD_HASH_OPTIONS. `options` is for test fixtures only
 * (tests/helpers/users.ts: one hash at argon2's cheapest cost; verify reads the cost from the hash).
 */
export const hashPassword = (password: string, options: Options = PASSWORD_HASH_OPTIONS): Promise<string> =>
  hash(password, options)

// Verified against when the email is unknown, so that answer costs the same time as a
// wrong password and does not reveal which emails have accounts.
let dummyHash: Promise<string> | undefined

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}
