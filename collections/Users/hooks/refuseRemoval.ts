import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { REMOVAL_CHECKED, removalRefusal } from '../../../src/lib/auth/user-removal'

// An account that provides services or is an organization's last owner is not deleted, from
// the admin panel or the stock REST route either (docs/decisions.md "Deleting an account
// that others depend on is refused"): 409 with the reason, which the panel shows as it is.
// delete-user and admin/remove-user judge it themselves first (to answer in the auth error
// family) and say so in the context.
export const refuseRemoval: CollectionBeforeDeleteHook = async ({ context, id, req }) => {
  if (context[REMOVAL_CHECKED]) return
  const refusal = await removalRefusal(req, String(id))
  if (refusal) throw new APIError(refusal.message, refusal.status, { code: refusal.code }, true)
}
