import type { CollectionBeforeValidateHook } from 'payload'

import { UPLOADER } from '../../access/communityMedia'

/**
 * A new image belongs to whoever sends it, whatever the body says; server code without a user (the seed) names the
 * uploader.
 */
export const forceUploader: CollectionBeforeValidateHook = ({ data, operation, req }) => {
  if (operation !== 'create') return data
  return { ...data, [UPLOADER]: req.user ? req.user.id : data?.[UPLOADER] }
}
