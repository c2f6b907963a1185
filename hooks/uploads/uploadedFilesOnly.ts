import type { CollectionBeforeOperationHook } from 'payload'

import { contentError } from '../../domain/content-errors'

/**
 * For upload collections open to every signed-in user (community media): a file arrives only
 * as the request's own multipart `file`, which prepareUploadedFile checks. Payload would
 * otherwise create a document from a JSON body's `url` + `filename` by fetching that URL (or
 * reading that name from the folder) inside the operation, after this collection's checks ran:
 * an SVG fetched so would be stored unsanitized, and a name read from the folder would copy
 * another member's private image. The storage prefix is the server's too (object keys are
 * plain file names, src/lib/media/file-store.ts). Server code that overrides access passes.
 */
export const uploadedFilesOnly: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if ((operation !== 'create' && operation !== 'update') || args.overrideAccess) return args
  // The body as sent: Payload has already moved `url` and `filename` out of `args.data` (it
  // keeps them aside as the file's source) when this hook runs.
  const sent = (req.data ?? args.data) as Record<string, unknown> | undefined
  if (
    operation === 'create' &&
    !req.file &&
    sent &&
    typeof sent === 'object' &&
    (sent.url !== undefined || sent.filename !== undefined)
  ) {
    throw contentError(
      'invalid_request',
      'Send the image itself as the multipart field `file`; files are not fetched from a URL or a name',
    )
  }
  const data = args.data as Record<string, unknown> | undefined
  if (data && typeof data === 'object') delete data.prefix
  return args
}
