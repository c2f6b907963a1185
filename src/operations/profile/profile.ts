// The caller's own profile and wallet (docs/api.md "Profile: /api/profile"): read in one statement,
// changed in one transaction with its audit entry `profile.update`. The username lives on the
// user: a new one is written there, and the user's hooks carry it to the
// profile's copy and to every author name (collections/Users/hooks), in the same transaction.
import type { PayloadRequest } from 'payload'

import { writeAudit } from '../../../hooks/shared/audit'
import { usernameTaken } from '../../lib/auth/errors'
import { invalidRequest, notFound } from '../../lib/http/errors'
import { defaultLocale } from '../../lib/locales'
import { runIn, statement } from '../../lib/prepared'
import { inTransaction } from '../../lib/transaction'
import { isUniqueViolation } from '../../lib/unique-violation'
import { usernameUnavailable } from '../auth/usernames'
import { withContext } from '../catalogue/transaction'
import { screenFields } from '../moderation/screen'

export interface ProfileView {
  userId: string
  username: string
  displayName: string
  bio: string | null
  avatarId: string | null
  locale: string
  createdAt: string
  updatedAt: string
}

export interface OwnProfile {
  profile: ProfileView
  wallet: { balance: string; currency: string }
}

export interface ProfileChanges {
  username?: string
  displayName?: string
  bio?: string | null
  avatarId?: string | null
  locale?: string
}

interface ProfileRow {
  user_id: string
  username: string
  display_name: string | null
  name: string | null
  bio: string | null
  avatar_id: string | null
  locale: string | null
  created_at: Date
  updated_at: Date
  balance: string | null
  currency: string | null
}

const OWN_PROFILE = statement(
  'own-profile',
  `SELECT p.user_id, p.username, p.display_name, u.name, p.bio, p.avatar_id, p.locale, p.created_at, p.updated_at, w.balance, w.currency
     FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN wallets w ON w.user_id = p.user_id
    WHERE p.user_id = $1`,
)

/** An empty display name reads as the user's name, else the username; an empty locale as the first content language. */
export const displayNameOf = (row: Pick<ProfileRow, 'display_name' | 'name' | 'username'>) =>
  row.display_name || row.name || row.username

function present(req: PayloadRequest, row: ProfileRow): OwnProfile {
  return {
    profile: {
      userId: String(row.user_id),
      username: row.username,
      displayName: displayNameOf(row),
      bio: row.bio,
      avatarId: row.avatar_id === null ? null : String(row.avatar_id),
      locale: row.locale || defaultLocale(req.payload),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    },
    wallet: { balance: row.balance ?? '0.00', currency: row.currency ?? 'EUR' },
  }
}

export async function getOwnProfile(req: PayloadRequest, userId: string): Promise<OwnProfile> {
  const { rows } = await runIn<ProfileRow>(req, OWN_PROFILE, [userId])
  // Every user has one (made with the account); a user removed mid-request has none.
  if (!rows[0]) throw notFound('Profile not found')
  return present(req, rows[0])
}

const OWN_MEDIA = statement('profile-own-media', 'SELECT 1 FROM community_media WHERE id = $1 AND uploader_id = $2')

async function checkAvatar(req: PayloadRequest, userId: string, avatarId: string): Promise<void> {
  const { rows } = await runIn(req, OWN_MEDIA, [avatarId, userId])
  if (rows.length === 0) {
    throw invalidRequest('avatarId: not a community media item you uploaded', [
      {
        path: 'avatarId',
        message: 'Upload the image to /api/community-media first; only your own images can be your avatar',
      },
    ])
  }
}

const PROFILE_FIELDS = { displayName: 'displayName', bio: 'bio', avatarId: 'avatar', locale: 'locale' } as const

export async function updateOwnProfile(
  req: PayloadRequest,
  userId: string,
  asSent: ProfileChanges,
): Promise<OwnProfile> {
  const changes = await screenFields(req, asSent, ['displayName', 'bio'])
  return inTransaction(req, async () => {
    const before = await getOwnProfile(req, userId)
    if (changes.avatarId) await checkAvatar(req, userId, changes.avatarId)
    if (changes.username !== undefined && changes.username !== before.profile.username) {
      if (await usernameUnavailable(req, changes.username, userId)) throw usernameTaken()
      try {
        // Audited below as part of profile.update, not as an admin's user.update.
        await withContext(req, { skipAudit: true }, () =>
          req.payload.update({
            collection: 'users',
            id: userId,
            data: { username: changes.username } as never,
            overrideAccess: true,
            depth: 0,
            req,
          }),
        )
      } catch (error) {
        // Two people claiming one username at once: the unique index decides.
        if (isUniqueViolation(error, 'username')) throw usernameTaken()
        throw error
      }
    }
    const data = Object.fromEntries(
      Object.entries(PROFILE_FIELDS)
        .filter(([field]) => changes[field as keyof ProfileChanges] !== undefined)
        .map(([field, column]) => [column, changes[field as keyof ProfileChanges]]),
    )
    if (Object.keys(data).length > 0) {
      await req.payload.update({
        collection: 'profiles',
        where: { user: { equals: userId } },
        data: data as never,
        overrideAccess: true,
        depth: 0,
        req,
      })
    }
    const after = await getOwnProfile(req, userId)
    const changed = Object.fromEntries(
      Object.entries(after.profile).filter(
        ([key, value]) => key !== 'updatedAt' && before.profile[key as keyof ProfileView] !== value,
      ),
    )
    await writeAudit(req, { action: 'profile.update', userId, targetType: 'profiles', targetId: userId, data: changed })
    return after
  })
}
