// Every password write goes through here: argon2id into `passwordHash` (src/lib/auth/password-hash.ts).
import type { Payload, PayloadRequest } from 'payload'

import { hashPassword } from './auth/password-hash'

export async function setUserPassword(
  payload: Payload,
  userId: string | number,
  password: string,
  req?: PayloadRequest,
): Promise<void> {
  await payload.update({
    collection: 'users',
    id: userId,
    data: { passwordHash: await hashPassword(password) } as never,
    overrideAccess: true,
    // Within a use case (a password reset) the caller writes the meaningful audit entry;
    // a bare `user.update` with nothing to show (the hash is never recorded) would be noise.
    context: { skipAudit: Boolean(req) },
    req,
  })
}
