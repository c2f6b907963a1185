// Service media for the admin API (docs/api.md "Media: /api/admin/services/media"). The
// rules every upload obeys live in the collection (collections/ServiceMedia: file
// checks, audit, unlinking on delete), so these operations only choose what to call, in
// one transaction with its audit entry.
import { type PayloadRequest, ValidationError, type Where } from 'payload'

import { isUuid } from '../../../domain/ids'
import { MEDIA_COLLECTION } from '../../../domain/media'
import { changedFields, writeAudit } from '../../../hooks/shared/audit'
import { apiError, notFound } from '../../lib/http/errors'
import type { UploadedFile } from '../../lib/http/multipart'
import { paginated, type Pagination } from '../../lib/http/pagination'
import { defaultLocale } from '../../lib/locales'
import { MediaRefusal, refusalAsApiError } from '../../lib/media/errors'
import { createData, readAllLocales } from '../../lib/payload-data'
import { inTransaction } from '../../lib/transaction'
import { toCatalogueError } from '../catalogue/errors'
import { textsByLocale } from '../catalogue/localized'
import { updateByLocale } from '../catalogue/update-by-locale'
import { filePath, type MediaView, presentMedia } from './present-media'

type Doc = Record<string, unknown>

export const LOCALIZED_MEDIA_FIELDS = ['caption', 'alt', 'description'] as const
export const TEXT_MEDIA_FIELDS = ['license', 'copyrightHolder', 'duration'] as const

export type MediaUpdate = Partial<Record<(typeof LOCALIZED_MEDIA_FIELDS)[number], Record<string, string | null>>> &
  Partial<Record<(typeof TEXT_MEDIA_FIELDS)[number], string | null>>

export interface MediaUpload {
  file: UploadedFile
  alt?: string
  customName?: string
}

/** A file the collection refused is 413/415 in our body; Payload's own file checks are 415 too. */
function toMediaError(error: unknown): unknown {
  if (error instanceof MediaRefusal) return refusalAsApiError(error)
  if (error instanceof ValidationError) {
    const errors = (error.data as { errors?: Array<{ path?: string; message?: string }> } | undefined)?.errors ?? []
    const fileError = errors.find((item) => item.path === 'file')
    if (fileError) return apiError('unsupported_media_type', fileError.message ?? 'This file is not accepted')
  }
  return toCatalogueError(error)
}

async function mediaTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await inTransaction(req, fn)
  } catch (error) {
    throw toMediaError(error)
  }
}

async function findMediaDoc(req: PayloadRequest, id: string): Promise<Doc> {
  const doc = isUuid(id)
    ? await req.payload.findByID({
        collection: MEDIA_COLLECTION,
        id,
        locale: 'all',
        depth: 0,
        joins: false,
        disableErrors: true,
        overrideAccess: false,
        req,
      })
    : null
  if (!doc) throw notFound('Media not found')
  return readAllLocales(doc)
}

export async function listMedia(req: PayloadRequest, filters: { type?: string }, page: Pagination) {
  const where: Where = filters.type ? { type: { equals: filters.type } } : {}
  const result = await req.payload.find({
    collection: MEDIA_COLLECTION,
    where,
    sort: '-createdAt',
    page: page.page,
    limit: page.perPage,
    locale: 'all',
    depth: 0,
    joins: false,
    overrideAccess: false,
    req,
  })
  return paginated(
    'media',
    result.docs.map((doc) => presentMedia(readAllLocales(doc))),
    result.totalDocs,
    page,
  )
}

export async function getMedia(req: PayloadRequest, id: string): Promise<{ media: MediaView }> {
  return { media: presentMedia(await findMediaDoc(req, id)) }
}

/** `customName` only names the file (made safe and unique by the collection's hook). */
export function uploadMedia(req: PayloadRequest, input: MediaUpload): Promise<{ ok: true; id: string; url: string }> {
  return mediaTransaction(req, async () => {
    const { file } = input
    const doc = await req.payload.create({
      collection: MEDIA_COLLECTION,
      locale: defaultLocale(req.payload),
      data: createData(MEDIA_COLLECTION, input.alt ? { alt: input.alt } : {}),
      file: { data: file.data, mimetype: file.mimeType, name: input.customName || file.name, size: file.size },
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { ok: true as const, id: String(doc.id), url: filePath(String(doc.filename)) }
  })
}

/**
 * Fields not sent stay; a localized object changes the languages it names (null clears one);
 * one update per language, all in one transaction under one audit entry.
 */
export function updateMedia(req: PayloadRequest, id: string, input: MediaUpdate): Promise<{ media: MediaView }> {
  return mediaTransaction(req, async () => {
    const before = await findMediaDoc(req, id)
    const base: Doc = Object.fromEntries(
      TEXT_MEDIA_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
    )
    const texts: Array<[string, Doc]> = Object.entries(textsByLocale(input, LOCALIZED_MEDIA_FIELDS))
    if (texts.length === 0) texts.push([defaultLocale(req.payload), {}])
    await updateByLocale(req, MEDIA_COLLECTION, id, base, texts)
    const after = await findMediaDoc(req, id)
    await writeAudit(req, {
      action: 'services.media.update',
      targetType: MEDIA_COLLECTION,
      targetId: id,
      data: changedFields(before, after),
    })
    return { media: presentMedia(after) }
  })
}

/** The file and its thumbnail leave storage; services lose their links to it (collection hooks). */
export function deleteMedia(req: PayloadRequest, id: string): Promise<{ success: true }> {
  return mediaTransaction(req, async () => {
    await findMediaDoc(req, id)
    await req.payload.delete({ collection: MEDIA_COLLECTION, id, depth: 0, overrideAccess: false, req })
    return { success: true as const }
  })
}
