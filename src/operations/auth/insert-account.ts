// The rows every account starts with: the user, its profile and its wallet,
// written in the caller's transaction. Sign-up and the first admin use it, and so do the
// tests' users (tests/helpers/users.ts). The user row goes in with db.create, not
// payload.create: Payload's local strategy would also derive a PBKDF2 hash (600,000
// iterations, ≈ 0.2 s of CPU) of a password nothing ever checks. The caller validates the
// fields, hashes the password (argon2id) and writes the audit entry of its use case.
import type { PayloadRequest } from 'payload'

import type { Role } from '../../../domain/permissions'

export interface AccountRow {
  email: string
  name: string | null
  username: string
  roles: Role[]
  emailVerified: boolean
  passwordHash: string
}

export async function insertAccount(req: PayloadRequest, row: AccountRow): Promise<{ id: string; createdAt: string }> {
  const created = (await req.payload.db.create({ collection: 'users', req, data: { ...row } })) as Record<
    string,
    unknown
  >
  const userId = String(created.id)
  await req.payload.create({
    collection: 'profiles',
    overrideAccess: true,
    req,
    data: { user: userId, username: row.username } as never,
  })
  await req.payload.create({
    collection: 'wallets',
    overrideAccess: true,
    req,
    data: { user: userId, balance: '0.00', currency: 'EUR' } as never,
  })
  return { id: userId, createdAt: String(created.createdAt) }
}
