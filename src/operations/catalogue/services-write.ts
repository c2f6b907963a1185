// Changing services for the admin API. Each use case is one transaction; the rules (slug
// format and uniqueness, references, price vs currency, open bookings on delete) live in
// the collection's hooks and validations, shared with the admin panel and the stock routes,
// and the audit entry is written by the collection's hook inside the same transaction.
// Every use case takes the caller's scope (src/lib/catalogue-scope.ts, docs/decisions.md
// "Organizations manage their services through the admin catalogue"): a service outside it
// is 404, and an organization manager's changes follow the catalogue's rule for managers.
import type { PayloadRequest } from 'payload'

import { assertServiceWrite, type CatalogueScope, serviceOwnership } from '../../lib/catalogue-scope'
import { notFound } from '../../lib/http/errors'
import { createData, fieldsOf } from '../../lib/payload-data'
import { COPIED_FIELDS, copyRows, serviceData, type ServiceInput, type ServiceView } from './present-service'
import { SLOTS_COLLECTION } from './rules/slots'
import { freeCopySlug } from './rules/slug'
import { findServiceDoc, presentOneService, SERVICES } from './services-read'
import { catalogueTransaction, lockServiceRow, withContext } from './transaction'

type Doc = Record<string, unknown>

async function existing(req: PayloadRequest, scope: CatalogueScope, id: string): Promise<Doc> {
  const doc = await findServiceDoc(req, scope, id)
  if (!doc) throw notFound('Service not found')
  return doc
}

export function createService(
  req: PayloadRequest,
  scope: CatalogueScope,
  input: ServiceInput,
): Promise<{ id: string; slug: string }> {
  return catalogueTransaction(req, async () => {
    const data = serviceData(input)
    await assertServiceWrite(req, scope, data, null)
    const doc = await req.payload.create({
      collection: SERVICES,
      data: createData(SERVICES, data),
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { id: String(doc.id), slug: doc.slug }
  })
}

/** Any fields; `translations` and `media`, when sent, replace the stored ones in full. */
export function updateService(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
  input: ServiceInput,
): Promise<{ service: ServiceView }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    const data = serviceData(input)
    await assertServiceWrite(req, scope, data, await serviceOwnership(req, id))
    const doc = await req.payload.update({ collection: SERVICES, id, data, depth: 0, overrideAccess: false, req })
    return { service: await presentOneService(req, fieldsOf(doc)) }
  })
}

export function setServiceStatus(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
  status: 'active' | 'suspended',
): Promise<{ id: string; status: string }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    await req.payload.update({ collection: SERVICES, id, data: { status }, depth: 0, overrideAccess: false, req })
    return { id, status }
  })
}

/** Refused while pending or confirmed bookings exist; its slots go with it (collection hook). */
export function deleteService(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
): Promise<{ success: true; id: string }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    await req.payload.delete({ collection: SERVICES, id, depth: 0, overrideAccess: false, req })
    return { success: true as const, id }
  })
}

/**
 * A draft copy with the next free `<slug>-copy[-n]`, its translations, media links and slots
 * (bookings stay with the original). One audit entry, `service.duplicate`.
 */
export function duplicateService(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
): Promise<{ id: string; slug: string }> {
  return catalogueTransaction(req, async () => {
    const source = await existing(req, scope, id)
    // Two duplicates of one service at once would pick the same free slug.
    await lockServiceRow(req, id)
    const slug = await freeCopySlug(req, SERVICES, source.slug as string)
    const data: Doc = {
      slug,
      status: 'draft',
      translations: copyRows(source.translations),
      media: copyRows(source.media),
    }
    for (const key of COPIED_FIELDS) data[key] = source[key]
    // Home-page curation is the platform's: a manager's copy starts unfeatured.
    if (scope.kind !== 'everything') Object.assign(data, { isFeatured: false, displayInHome: false })
    await assertServiceWrite(req, scope, data, null)

    const copy = await withContext(req, { auditAction: 'service.duplicate' }, () =>
      req.payload.create({
        collection: SERVICES,
        data: createData(SERVICES, data),
        depth: 0,
        overrideAccess: false,
        req,
      }),
    )
    const { docs: slots } = await req.payload.find({
      collection: SLOTS_COLLECTION,
      where: { service: { equals: id } },
      depth: 0,
      pagination: false,
      overrideAccess: false,
      req,
    })
    // The copied slots are part of the duplicate's entry, not entries of their own.
    await withContext(req, { skipAudit: true }, async () => {
      for (const slot of slots) {
        const { dayOfWeek, startTime, endTime, isAvailable } = slot
        await req.payload.create({
          collection: SLOTS_COLLECTION,
          data: { service: copy.id, dayOfWeek, startTime, endTime, isAvailable },
          depth: 0,
          overrideAccess: false,
          req,
        })
      }
    })
    return { id: String(copy.id), slug }
  })
}
