import type { CollectionBeforeOperationHook } from 'payload'

import { contentError } from '../../domain/content-errors'

/**
 * docs/api.md "Community content": creating community content needs a signed-in caller, "else 401". Payload's
 * own access check answers every refusal 403, so an anonymous create is refused here, before
 * that check runs (beforeOperation hooks run first). Calls that override access (the Local
 * API's default: seeds, jobs, tests) are not a caller's request and pass.
 */
export const signInToCreate: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'create' && !req.user && !args.overrideAccess)
    throw contentError('unauthorized', 'Sign in to create content')
  return args
}
