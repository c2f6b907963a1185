// Every way a file reaches this collection (our upload endpoint, the stock
// `POST /api/service-media`, the admin panel, a replaced file on update, the Local API) passes
// through here before Payload stores anything: type from the bytes, pixel limit, metadata
// stripped, SVG sanitized, a safe unique name (src/lib/media).
import { Forbidden, type CollectionBeforeOperationHook } from 'payload'

import { isAdminUser } from '../../../access/isAdmin'
import { fileTooLarge } from '../../../src/lib/media/errors'
import { MAX_UPLOAD_BYTES } from '../../../src/lib/media/limits'
import { prepareImage } from '../../../src/lib/media/prepare-image'
import { safeFileName } from '../../../src/lib/media/safe-name'

export const prepareUploadedFile: CollectionBeforeOperationHook = async ({ args, operation, overrideAccess, req }) => {
  if ((operation !== 'create' && operation !== 'update') || !req.file) return args
  // Payload checks create access only after this hook: decoding a stranger's image first
  // would spend CPU on a request about to be refused (writes are admin-only).
  if (!overrideAccess && !isAdminUser(req)) throw new Forbidden(req.t)
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
