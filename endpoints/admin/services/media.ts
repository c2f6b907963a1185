// GET                 /api/admin/services/media?type&page&perPage → {media,…}
// GET                 /api/admin/services/media?id=… → {media}
// POST (multipart)    /api/admin/services/media  file, alt?, customName? → 201 {ok, id, url}
// POST|PATCH|DELETE   /api/admin/services/media {action: update|delete, id, …}  (JSON)
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { MEDIA_TYPES } from '../../../domain/media'
import { parseInput } from '../../../src/lib/http/body'
import { defineEndpoint } from '../../../src/lib/http/endpoint'
import { invalidRequest } from '../../../src/lib/http/errors'
import { isMultipart, readMultipart } from '../../../src/lib/http/multipart'
import { parsePagination } from '../../../src/lib/http/pagination'
import { json } from '../../../src/lib/http/respond'
import { localeCodes, localizedTextOrNull } from '../../../src/lib/locales'
import { fileTooLarge, refusalAsApiError } from '../../../src/lib/media/errors'
import { MAX_UPLOAD_BYTES } from '../../../src/lib/media/limits'
import { familyDoc } from '../../../src/lib/openapi/routes'
import { deleteMedia, getMedia, listMedia, updateMedia, uploadMedia } from '../../../src/operations/media/media'
import { requireAdmin } from '../../guards'
import { MUTATION_METHODS, notEmpty, readAction, targetId } from './actions'

const PATH = '/admin/services/media'
const ACTIONS = ['update', 'delete'] as const

export const UPLOAD_FIELDS = z
  .object({
    alt: z.string().trim().max(1000).optional(),
    customName: z.string().trim().max(255).optional(),
  })
  .strict()

/** The bodies of the JSON actions, for the configured `locales`. */
export function mediaBodies(locales: readonly string[]) {
  const optionalText = (max: number) => z.string().trim().max(max).nullable().optional()
  return {
    update: z
      .object({
        action: z.literal('update'),
        id: targetId,
        caption: localizedTextOrNull(locales, 2000).optional(),
        alt: localizedTextOrNull(locales, 1000).optional(),
        description: localizedTextOrNull(locales, 5000).optional(),
        license: optionalText(500),
        copyrightHolder: optionalText(300),
        duration: optionalText(50),
      })
      .strict()
      .refine((body) => notEmpty(body), 'Nothing to update: send at least one field'),
    delete: z.object({ action: z.literal('delete'), id: targetId }).strict(),
  }
}

async function upload(req: PayloadRequest): Promise<Response> {
  const { fields, files } = await readMultipart(req, {
    fileSize: MAX_UPLOAD_BYTES,
    fileTooLarge: () => refusalAsApiError(fileTooLarge()),
    files: 1,
    fields: 8,
    fieldSize: 16 * 1024,
  })
  const file = files.find((item) => item.field === 'file')
  if (!file || files.length !== 1)
    throw invalidRequest('Send one image in the form field "file"', [{ path: 'file', message: 'Required' }])
  const { alt, customName } = parseInput(UPLOAD_FIELDS, fields)
  return json(await uploadMedia(req, { file, alt: alt || undefined, customName: customName || undefined }), 201)
}

export const mediaEndpoints = [
  ...defineEndpoint(
    PATH,
    'get',
    async (req) => {
      requireAdmin(req)
      const params = req.searchParams
      const id = params.get('id')
      if (id !== null) {
        if (id === '') throw invalidRequest('id is empty', [{ path: 'id', message: 'Expected a media id' }])
        return json(await getMedia(req, id))
      }
      const type = params.get('type') || undefined
      if (type && !(MEDIA_TYPES as readonly string[]).includes(type)) {
        throw invalidRequest(`type must be one of ${MEDIA_TYPES.join(', ')}`, [
          { path: 'type', message: `Expected ${MEDIA_TYPES.join(', ')}` },
        ])
      }
      return json(await listMedia(req, { type }, parsePagination(params)))
    },
    familyDoc('adminServicesDocs', 'adminServicesMedia'),
  ),

  ...defineEndpoint(
    PATH,
    [...MUTATION_METHODS],
    async (req) => {
      // A multipart POST is the upload; every other change is a JSON action.
      if (req.method === 'POST' && isMultipart(req)) {
        requireAdmin(req)
        return upload(req)
      }
      const { action, body } = await readAction(req, ACTIONS, ['update', 'delete'])
      const schema = mediaBodies(localeCodes(req.payload))
      if (action === 'update') {
        const { action: _action, id, ...input } = parseInput(schema.update, body)
        return json(await updateMedia(req, id, input))
      }
      const { id } = parseInput(schema.delete, body)
      return json(await deleteMedia(req, id))
    },
    familyDoc('adminServicesDocs', 'adminServicesMedia'),
  ),
]
