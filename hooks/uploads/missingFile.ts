// GET /api/<upload collection>/file/<name> for a name no record of that collection has (a
// deleted file, a typo) is 404 in our error body. Payload's read access check only looks the name up for callers
// with a query-shaped access (the public), so for an admin the request would go on to
// storage and end in Payload's 500 for a missing file.
import type { PayloadRequest, UploadConfig } from 'payload'

import { notFound } from '../../src/lib/http/errors'
import { errorResponse } from '../../src/lib/http/respond'
import type { UploadCollectionSlug } from '../../src/lib/media/storage'

type FileHandler = NonNullable<UploadConfig['handlers']>[number]

async function responseIfUnknown(
  req: PayloadRequest,
  { collection, filename }: { collection: string; filename: string },
): Promise<Response | undefined> {
  const doc = await req.payload.db.findOne({
    collection: collection as UploadCollectionSlug,
    req,
    where: { or: [{ filename: { equals: filename } }, { 'sizes.thumbnail.filename': { equals: filename } }] },
  })
  return doc ? undefined : errorResponse(notFound('No media file with this name'), 'general')
}

// Payload types a handler as Promise<Response> | Promise<void>; undefined means "go on".
export const missingFile: FileHandler = (req, { params }) => responseIfUnknown(req, params) as Promise<Response>
