// POST /api/auth/admin/approve-user  {userId} → {user}
// Admins only: lets an account held by sign-up screening sign in (docs/api.md "Sign-up screening"); the auth family's
// errors, as the other admin/* routes answer.
import { z } from 'zod'

import { requireAdmin } from '../../src/lib/auth/current'
import { parseAuthInput } from '../../src/lib/auth/errors'
import { presentAccountUser } from '../../src/lib/auth/present-account'
import { readJson } from '../../src/lib/http/body'
import { defineEndpoint } from '../../src/lib/http/endpoint'
import { json } from '../../src/lib/http/respond'
import { familyDoc } from '../../src/lib/openapi/routes'
import { approveUser } from '../../src/operations/auth/pending-approval'

export const approveUserBody = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) }).strict()

export const approveUserEndpoint = defineEndpoint(
  '/auth/admin/approve-user',
  'post',
  async (req) => {
    await requireAdmin(req)
    const { userId } = parseAuthInput(approveUserBody, await readJson(req))
    return json({ user: presentAccountUser(await approveUser(req, userId)) })
  },
  familyDoc('adminUserDocs', 'authAdminApproveUser'),
)
