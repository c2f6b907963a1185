// The community media stock routes (docs/api.md "Community content" galleries'
// `images`, docs/decisions.md "Community media share the service media pipeline"):
// Payload's /api/community-media with our upload checks, access and the community error
// family (docs/decisions.md "Community stock-route errors carry our fields beside
// Payload's": `error` and `message` beside Payload's `errors`). Documented here because
// apps upload through it directly; docs/api.md "Community media: /api/community-media (stock routes)" has the prose.
import { z } from 'zod'
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi'

import { generalError, id, json, nodeAnswers, payloadErrors, SESSION } from '../../src/lib/openapi/common'
import { doc, idPath, listEnvelope, NOT_FOUND, stockQuery } from '../stock-paths'

const TAG = 'Community'
const ROUTE = '/api/community-media'

/** Payload's refusals and the community rules' (both with the general family's fields,
 * docs/decisions.md "Deleting an account that others depend on is refused"), and the shell's.
 */
const anyError = z.union([payloadErrors, generalError])

export function errors(described: Record<number, string>): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {}
  for (const [status, description] of Object.entries(described))
    responses[status as `${1 | 2 | 3 | 4 | 5}${string}`] = json(description, anyError)
  responses['429'] ??= json('`too_many_requests`: the global limit per client IP', generalError)
  responses['500'] ??= json('`internal_error`: a server fault (no detail; any change is rolled back)', generalError)
  responses['503'] ??= json(
    '`service_unavailable`, `storage_unavailable` or `media_busy` (the image decode queue is full): nothing stored, try again after `Retry-After`',
    anyError,
  )
  return { ...responses, ...nodeAnswers }
}

const sizes = z.looseObject({
  thumbnail: z
    .looseObject({ url: z.string().nullable().optional(), filename: z.string().nullable().optional() })
    .optional(),
})
const mediaDoc = doc('CommunityMedia', {
  uploader: z
    .union([id, z.null(), z.looseObject({ id })])
    .meta({ description: 'Who uploaded it (set from the session)' }),
  alt: z.string().nullable(),
  caption: z.string().nullable(),
  filename: z.string(),
  mimeType: z.string().nullable(),
  encodingFormat: z.string().nullable().meta({ description: 'The MIME type read from the stored bytes' }),
  width: z.number().nullable(),
  height: z.number().nullable(),
  filesize: z.number().nullable(),
  url: z
    .string()
    .nullable()
    .meta({ description: 'Where the file is served: `/api/community-media/file/<name>` on PUBLIC_URL' }),
  sizes,
})
const changed = z.object({ doc: mediaDoc, message: z.string() })
const fields = z.object({
  alt: z.string().max(1000).optional(),
  caption: z.string().max(2000).optional(),
})
const upload = z.object({
  file: z.string().meta({
    format: 'binary',
    description: 'The image: JPEG, PNG, WebP, AVIF, GIF or SVG by its bytes, at most 10 MiB',
  }),
  _payload: z.string().optional().meta({ description: 'JSON of the other fields: `{"alt": "…", "caption": "…"}`' }),
})

const READS =
  'anyone: images a `published` gallery shows; a signed-in user also their own uploads; moderators and admins all'

const list: ZodOpenApiOperationObject = {
  tags: [TAG],
  summary: `List community media (${READS})`,
  security: [...SESSION, {}],
  requestParams: { query: stockQuery },
  responses: {
    '200': json('One page', listEnvelope(mediaDoc)),
    ...errors({ 400: 'A malformed `where`, `sort`, `limit`, `page` or `depth`' }),
  },
}

const one: ZodOpenApiOperationObject = {
  tags: [TAG],
  summary: 'One community image by id',
  security: [...SESSION, {}],
  requestParams: { path: idPath, query: stockQuery.pick({ depth: true }) },
  responses: { '200': json('Found', mediaDoc), ...errors({ 400: 'A malformed query', 404: NOT_FOUND }) },
}

const count: ZodOpenApiOperationObject = {
  tags: [TAG],
  summary: 'Count community media the caller may read',
  security: [...SESSION, {}],
  requestParams: { query: stockQuery.pick({ where: true }) },
  responses: { '200': json('The count', z.object({ totalDocs: z.int() })), ...errors({ 400: 'A malformed `where`' }) },
}

const create: ZodOpenApiOperationObject = {
  tags: [TAG],
  summary: 'Upload an image (any signed-in user; multipart)',
  description:
    'The checks of the service media upload run on the file before anything is stored; the `uploader` is the caller. A JSON body naming a `url` or `filename` is refused: the file itself must be sent.',
  security: SESSION,
  requestBody: { content: { 'multipart/form-data': { schema: upload } } },
  responses: {
    '201': json('Stored: the document', changed),
    ...errors({
      400: '`invalid_request`: a JSON create naming a URL or a file name instead of sending the file; Payload’s field errors (`alt` or `caption` too long); an unreadable multipart body',
      401: '`unauthorized`: not signed in',
      403: '`forbidden`: a cookie request without a trusted Origin (CSRF rule)',
      413: '`payload_too_large`: the file is over 10 MiB (counted while it streams) or over 50,000,000 pixels',
      415: '`unsupported_media_type`: not a JPEG, PNG, WebP, AVIF, GIF or SVG by its bytes, a damaged image, or an SVG that is not one',
      503: '`media_busy` (the decode queue is full), `storage_unavailable` or `service_unavailable`; `Retry-After: 5`, nothing stored',
    }),
  },
}

const change = (summary: string, body?: z.ZodType): ZodOpenApiOperationObject => ({
  tags: [TAG],
  summary,
  security: SESSION,
  requestParams: { path: idPath },
  ...(body ? { requestBody: { content: { 'application/json': { schema: body } } } } : {}),
  responses: {
    '200': json('Done', changed),
    ...errors({
      400: 'A field out of bounds, or a malformed body',
      403: 'Anonymous, someone else’s image (when readable), or a CSRF failure',
      404: NOT_FOUND,
      413: 'Body over the limit',
      415: 'A body that is neither JSON nor multipart',
    }),
  },
})

export const communityMediaPaths: ZodOpenApiPathsObject = {
  [ROUTE]: { get: list, post: create },
  [`${ROUTE}/count`]: { get: count },
  [`${ROUTE}/{id}`]: {
    get: one,
    patch: change('Change `alt` or `caption` (the uploader, moderators, admins)', fields),
    delete: change(
      'Delete an image: the row, its file and thumbnail, and its place in every gallery (the uploader, moderators, admins)',
    ),
  },
  [`${ROUTE}/file/{filename}`]: {
    get: {
      tags: [TAG],
      summary: 'An image file or thumbnail (readable as its document is)',
      security: [...SESSION, {}],
      requestParams: { path: z.object({ filename: z.string() }) },
      responses: {
        '200': { description: 'The file', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
        ...errors({
          400: 'A malformed file name',
          403: 'Not readable by the caller',
          404: '`not_found`: no community media has that file, or it is missing from storage',
        }),
      },
    },
  },
}
