// Every way a file reaches an upload collection (an endpoint of ours, the stock
// `POST /api/<slug>`, the admin panel, a replaced file on update, the Local API) passes
// through here before Payload stores anything: type from the bytes, pixel limit, metadata
// stripped, SVG sanitized, a safe unique name (src/lib/media). One hook for every upload
// collection (service media, community media): who may write is each collection's own access.
import {
  type CollectionBeforeOperationHook,
  Forbidden,
  type PayloadRequest,
  type SanitizedCollectionConfig,
} from 'payload'

import { fileTooLarge } from '../../src/lib/media/errors'
import { MAX_UPLOAD_BYTES } from '../../src/lib/media/limits'
import { prepareImage } from '../../src/lib/media/prepare-image'
import { safeFileName } from '../../src/lib/media/safe-name'

/**
 * The collection's create or update access, asked before the decode. Payload checks access
 * only after this hook: decoding a stranger's image first would spend CPU (and a place in the
 * decode queue) on a request about to be refused. An access that answers with a query (the
 * uploader's own rows) is left to Payload, which applies it to the row.
 */
async function mayWrite(
  collection: SanitizedCollectionConfig,
  operation: 'create' | 'update',
  req: PayloadRequest,
  args: Record<string, unknown>,
): Promise<boolean> {
  const access = collection.access[operation]
  if (!access) return Boolean(req.user)
  return (
    (await access({
      req,
      data: args.data as Record<string, unknown> | undefined,
      id: args.id as string | undefined,
    })) !== false
  )
}

export const prepareUploadedFile: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  if ((operation !== 'create' && operation !== 'update') || !req.file) return args
  if (!overrideAccess && !(await mayWrite(collection, operation, req, args as Record<string, unknown>)))
    throw new Forbidden(req.t)
  const file = req.file
  if (file.size > MAX_UPLOAD_BYTES || file.data.length > MAX_UPLOAD_BYTES) throw fileTooLarge()
  const image = await prepareImage(file.data)
  req.file = {
    ...file,
    data: image.data,
    size: image.data.length,
    mimetype: image.mimeType,
    name: safeFileName(file.name, image.ext),
  }
  return args
}
