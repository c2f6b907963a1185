// A public profile by username (docs/api.md "Profile, admin blog, admin organizations, auth
// client"): anyone reads it; only what is public (no email, roles or wallet). One prepared
// statement answers it: the profile, and the count of the user's publicly visible items of
// every community type (the same statuses the stock routes show anonymous readers,
// access/community.ts), zeros included. A hot read (npm run bench).

import { CONTENT_TYPE_NAMES, CONTENT_TYPES, type ContentTypeName } from '../../../domain/content-types'
import { notFound } from '../../lib/http/errors'
import { type PoolOwner, run, statement } from '../../lib/prepared'
import { displayNameOf } from './profile'

/** The community types (blog comments are the blog's, not a community type). */
export const PUBLISHED_TYPES = CONTENT_TYPE_NAMES.filter((name) => name !== 'blogComments')

export interface PublicProfile {
  username: string
  displayName: string
  bio: string | null
  avatarId: string | null
  memberSince: string
  published: Record<string, number>
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/-/g, '_')

/** `count(*)` of one type's public rows by the user `u`: status public, a classified also unexpired. */
function countOf(name: ContentTypeName): string {
  const type = CONTENT_TYPES[name]
  const table = snake(type.collection)
  const statuses = type.publicStatuses.map((status) => `'${status}'`).join(', ')
  const expiry = type.collection === 'classifieds' ? ' AND c.expires_at > now()' : ''
  return `(SELECT count(*) FROM ${table} c WHERE c.${snake(type.authorField)}_id = u.id AND c.${snake(type.statusField)} IN (${statuses})${expiry})::int AS "${name}"`
}

// Banned (a ban in force) reads as unknown; a removed user has no row.
const PUBLIC_PROFILE = statement(
  'public-profile',
  `SELECT p.username, p.display_name, u.name, p.bio, p.avatar_id, u.created_at,
          ${PUBLISHED_TYPES.map(countOf).join(',\n          ')}
     FROM users u JOIN profiles p ON p.user_id = u.id
    WHERE lower(u.username) = lower($1)
      AND NOT (u.banned AND (u.ban_expires IS NULL OR u.ban_expires > now()))
    LIMIT 1`,
)

type Row = {
  username: string
  display_name: string | null
  name: string | null
  bio: string | null
  avatar_id: string | null
  created_at: Date
} & Record<string, number>

export async function getPublicProfile(payload: PoolOwner, username: string): Promise<PublicProfile> {
  const { rows } = await run<Row>(payload, PUBLIC_PROFILE, [username])
  const row = rows[0]
  if (!row) throw notFound('No such user')
  return {
    username: row.username,
    displayName: displayNameOf(row),
    bio: row.bio,
    avatarId: row.avatar_id === null ? null : String(row.avatar_id),
    memberSince: row.created_at.toISOString(),
    published: Object.fromEntries(PUBLISHED_TYPES.map((name) => [name, Number(row[name] ?? 0)])),
  }
}
