// Verification and reset tokens: mailed once, stored as SHA-256, consumed exactly once
// (an atomic UPDATE … RETURNING, inside the caller's transaction).
import type { PayloadRequest } from 'payload'

import { execute, sql } from '../sql'
import { newToken, tokenHash } from './tokens'

/** What a token is for; the verification-tokens collection's `purpose` options. */
export const TOKEN_PURPOSES = ['email_verification', 'password_reset', 'email_change'] as const
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number]

export async function issueToken(
  req: PayloadRequest,
  userId: string,
  purpose: TokenPurpose,
  lifetimeSeconds: number,
  newEmail?: string,
): Promise<string> {
  const token = newToken()
  await req.payload.create({
    collection: 'verification-tokens',
    overrideAccess: true,
    req,
    data: {
      user: userId,
      purpose,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + lifetimeSeconds * 1000).toISOString(),
      newEmail,
    } as never,
  })
  return token
}

/** The user id the token was issued to, if it is live; it is spent either way it matched. */
export async function consumeToken(req: PayloadRequest, token: string, purpose: TokenPurpose): Promise<string | null> {
  return (await consumeTokenRow(req, token, purpose))?.userId ?? null
}

/** consumeToken with the address an `email_change` token carries. */
export async function consumeTokenRow(
  req: PayloadRequest,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; newEmail: string | null } | null> {
  const rows = await execute(
    req,
    sql`UPDATE verification_tokens SET used_at = now(), updated_at = now()
        WHERE token_hash = ${tokenHash(token)} AND purpose = ${purpose}
          AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, new_email`,
  )
  const row = rows[0]
  return row?.user_id ? { userId: String(row.user_id), newEmail: row.new_email ? String(row.new_email) : null } : null
}
