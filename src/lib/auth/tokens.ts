import { createHash, randomBytes } from 'node:crypto'

/** An opaque secret: 32 random bytes, base64url (docs/api.md "Accounts (/api/auth)"). */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** What the database keeps instead of the token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex')
