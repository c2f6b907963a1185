// User administration (docs/api.md "Accounts beyond sign-in (/api/auth)"): roles, bans,
// sessions, accounts and passwords of other users, by admins. One transaction per action
// with its audit entry (`admin.*`, the target user in targetId); changes that end or alter
// sessions also make the users' cached snapshots stale at once
// (src/lib/auth/stale-snapshots.ts).
import type { PayloadRequest } from 'payload'

import type { ActionsAfter, AuditData } from '../../../domain/audit-actions'
import type { Role } from '../../../domain/permissions'
import { writeAudit } from '../../../hooks/shared/audit'
import { emitEvent } from '../../../hooks/shared/webhookEvents'
import { type AccountUser, type Caller, findAccountUser } from '../../lib/auth/current'
import { invalidInput, userAlreadyExists, usernameTaken, weakPassword } from '../../lib/auth/errors'
import { presentSessionRow } from '../../lib/auth/present-account'
import { announceStale } from '../../lib/auth/session-events'
import { listSessionRows, revokeSessionsOf } from '../../lib/auth/session-rows'
import { tokenHash } from '../../lib/auth/tokens'
import { assertRemovable } from '../../lib/auth/user-removal'
import { apiError } from '../../lib/http/errors'
import { checkPasswordRules } from '../../lib/password-rules'
import { runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'
import { setUserPassword } from '../../lib/user-password'

export const userNotFound = () => apiError('user_not_found')
const notYourself = (what: 'ban' | 'remove') =>
  apiError(what === 'ban' ? 'cannot_ban_yourself' : 'cannot_remove_yourself')

async function target(req: PayloadRequest, userId: string): Promise<AccountUser> {
  const user = await findAccountUser(req, userId)
  if (!user) throw userNotFound()
  return user
}

export const getUser = target

async function audit<S extends ActionsAfter<'admin.'>>(
  req: PayloadRequest,
  action: S,
  targetId: string,
  data?: AuditData<`admin.${S}`>,
) {
  await writeAudit(req, { action: `admin.${action}` as const, targetType: 'users', targetId, data })
}

const updateUserRow = (req: PayloadRequest, userId: string, data: Record<string, unknown>) =>
  req.payload.update({
    collection: 'users',
    id: userId,
    data: data as never,
    overrideAccess: true,
    context: { skipAudit: true },
    req,
  })

export async function setRoles(req: PayloadRequest, userId: string, roles: Role[]): Promise<AccountUser> {
  return inTransaction(req, async () => {
    const before = await target(req, userId)
    await updateUserRow(req, userId, { roles })
    await audit(req, 'set_role', userId, { roles, previous: before.roles })
    await announceStale(req, userId)
    return (await findAccountUser(req, userId))!
  })
}

export async function banUser(
  req: PayloadRequest,
  caller: Caller,
  userId: string,
  input: { banReason?: string; banExpiresIn?: number },
): Promise<AccountUser> {
  if (userId === caller.user.id) throw notYourself('ban')
  return inTransaction(req, async () => {
    await target(req, userId)
    const banExpires = input.banExpiresIn ? new Date(Date.now() + input.banExpiresIn * 1000).toISOString() : null
    const banReason = input.banReason || null
    await req.payload.update({
      collection: 'users',
      id: userId,
      data: { banned: true, banReason, banExpires } as never,
      overrideAccess: true,
      context: { skipAudit: true, banHandled: true },
      req,
    })
    // Every session at once, in the ban's transaction (docs/api.md "Accounts beyond sign-in (/api/auth)").
    const revoked = await revokeSessionsOf(req, userId)
    await audit(req, 'ban_user', userId, { banReason, banExpires, sessionsRevoked: revoked.length })
    await announceStale(req, userId)
    return (await findAccountUser(req, userId))!
  })
}

export async function unbanUser(req: PayloadRequest, userId: string): Promise<AccountUser> {
  return inTransaction(req, async () => {
    await target(req, userId)
    await updateUserRow(req, userId, { banned: false, banReason: null, banExpires: null })
    await audit(req, 'unban_user', userId)
    return (await findAccountUser(req, userId))!
  })
}

export async function listUserSessions(req: PayloadRequest, userId: string) {
  await target(req, userId)
  return (await listSessionRows(req, userId)).map(presentSessionRow)
}

const REVOKE_ANY = statement(
  'admin-revoke-session',
  'DELETE FROM sessions WHERE token_hash = $1 OR id::text = $2 RETURNING id, user_id',
)

/** A session of anybody's, by its id (as listed) or its token; none matching is a no-op. */
export async function revokeUserSession(req: PayloadRequest, handle: string): Promise<void> {
  await inTransaction(req, async () => {
    const { rows } = await runIn<{ id: string; user_id: string }>(req, REVOKE_ANY, [tokenHash(handle), handle])
    const row = rows[0]
    await writeAudit(req, {
      action: 'admin.revoke_user_session',
      targetType: 'sessions',
      targetId: row ? String(row.id) : null,
      data: { userId: row ? String(row.user_id) : null },
    })
    if (row) await announceStale(req, String(row.user_id))
  })
}

export async function revokeUserSessions(req: PayloadRequest, userId: string): Promise<void> {
  await inTransaction(req, async () => {
    await target(req, userId)
    const revoked = await revokeSessionsOf(req, userId)
    await audit(req, 'revoke_user_sessions', userId, { sessionIds: revoked })
    await announceStale(req, userId)
  })
}

export interface AdminUserData {
  email?: string
  name?: string
  image?: string | null
  username?: string
  emailVerified?: boolean
  roles?: Role[]
}

async function writeUser(req: PayloadRequest, write: () => Promise<unknown>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (isUniqueViolation(error, 'email')) throw userAlreadyExists()
    if (isUniqueViolation(error, 'username')) throw usernameTaken()
    throw error
  }
}

async function checkFree(req: PayloadRequest, data: AdminUserData, exceptId?: string): Promise<void> {
  const others = exceptId ? [{ id: { not_equals: exceptId } }] : []
  if (
    data.email &&
    (
      await req.payload.count({
        collection: 'users',
        where: { and: [{ email: { equals: data.email } }, ...others] },
        overrideAccess: true,
        req,
      })
    ).totalDocs > 0
  )
    throw userAlreadyExists()
  if (
    data.username &&
    (
      await req.payload.count({
        collection: 'users',
        where: { and: [{ username: { equals: data.username } }, ...others] },
        overrideAccess: true,
        req,
      })
    ).totalDocs > 0
  )
    throw usernameTaken()
}

export async function createUser(
  req: PayloadRequest,
  input: AdminUserData & { email: string; password: string },
): Promise<AccountUser> {
  const rule = checkPasswordRules(input.password)
  if (rule) throw weakPassword(rule)
  return inTransaction(req, async () => {
    await checkFree(req, input)
    let id = ''
    // The Local API create runs the collection's hooks: the password becomes an argon2id
    // hash (hashPasswordHook), and the profile, wallet and a derived username are made.
    // Verified unless the admin says otherwise: no verification mail goes out
    // (docs/decisions.md "Listing users as Better Auth does").
    await writeUser(req, async () => {
      const doc = await req.payload.create({
        collection: 'users',
        data: { roles: ['citizen'], emailVerified: true, ...input } as never,
        overrideAccess: true,
        context: { skipAudit: true },
        req,
      })
      id = String(doc.id)
    })
    await audit(req, 'create_user', id, { email: input.email, roles: input.roles ?? ['citizen'] })
    const user = (await findAccountUser(req, id))!
    await emitEvent(req, 'user.created', { type: 'users', id }, user)
    return user
  })
}

export async function updateUser(req: PayloadRequest, userId: string, data: AdminUserData): Promise<AccountUser> {
  if (Object.keys(data).length === 0) throw invalidInput('data: no field to update')
  return inTransaction(req, async () => {
    await target(req, userId)
    await checkFree(req, data, userId)
    await writeUser(req, () => updateUserRow(req, userId, { ...data }))
    await audit(req, 'update_user', userId, { ...data })
    await announceStale(req, userId)
    return (await findAccountUser(req, userId))!
  })
}

/**
 * The account and what goes with it (collections/Users hooks). Refused with 409 while it
 * provides services or is an organization's last owner (docs/decisions.md "Deleting an
 * account that others depend on is refused"); nothing changes then.
 */
export async function removeUser(req: PayloadRequest, caller: Caller, userId: string): Promise<void> {
  if (userId === caller.user.id) throw notYourself('remove')
  await inTransaction(req, async () => {
    const user = await target(req, userId)
    const checked = await assertRemovable(req, userId)
    await audit(req, 'remove_user', userId, { email: user.email })
    await req.payload.delete({
      collection: 'users',
      id: userId,
      overrideAccess: true,
      context: { skipAudit: true, ...checked },
      req,
    })
    await announceStale(req, userId)
  })
}

export async function setPasswordOf(req: PayloadRequest, userId: string, newPassword: string): Promise<void> {
  const rule = checkPasswordRules(newPassword)
  if (rule) throw weakPassword(rule)
  await inTransaction(req, async () => {
    await target(req, userId)
    await setUserPassword(req.payload, userId, newPassword, req)
    await audit(req, 'set_user_password', userId)
  })
}
