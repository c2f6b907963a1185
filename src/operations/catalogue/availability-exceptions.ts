// Days off and extra hours of a service for the admin API (docs/api.md "Exceptions: days
// off and extra hours"). The rules (date today..+730 days, times as a pair, no overlap of
// one kind on one date, under the service row lock) are the collection's
// (rules/exceptions.ts), shared with the panel. Each use case takes the caller's scope
// (docs/decisions.md "Organizations manage their services through the admin catalogue"): an
// exception of a service outside it is
// 404. Audit `service_availability.exception_create|update|delete` from the collection's hooks.
import type { PayloadRequest } from 'payload'

import { idOf, isUuid } from '../../../domain/ids'
import type { CatalogueScope } from '../../lib/catalogue-scope'
import { notFound } from '../../lib/http/errors'
import type { AvailabilityException } from '../../payload-types'
import {
  exceptionData,
  type ExceptionInput,
  type ExceptionView,
  newExceptionData,
  presentException,
} from './present-exception'
import { EXCEPTIONS_COLLECTION } from './rules/exceptions'
import { findServiceDoc } from './services-read'
import { catalogueTransaction } from './transaction'

async function requireService(req: PayloadRequest, scope: CatalogueScope, serviceId: string): Promise<void> {
  if (!(await findServiceDoc(req, scope, serviceId))) throw notFound('Service not found')
}

/** An exception of a service within the scope (another's is as missing as none). */
async function existing(req: PayloadRequest, scope: CatalogueScope, id: string): Promise<AvailabilityException> {
  const doc = isUuid(id)
    ? await req.payload.findByID({
        collection: EXCEPTIONS_COLLECTION,
        id,
        depth: 0,
        disableErrors: true,
        overrideAccess: false,
        req,
      })
    : null
  if (!doc || !(await findServiceDoc(req, scope, idOf(doc.service) ?? ''))) throw notFound('Exception not found')
  return doc
}

/** The exceptions of a service by date, then start (a whole-date closing first), `from`/`to` inclusive. */
export async function exceptionsOf(
  req: PayloadRequest,
  serviceId: string,
  range: { from?: string; to?: string } = {},
): Promise<ExceptionView[]> {
  // A service has a handful of exceptions; Payload's text fields take no range operators,
  // so the range (YYYY-MM-DD sorts as text) is applied here.
  const { docs } = await req.payload.find({
    collection: EXCEPTIONS_COLLECTION,
    where: { service: { equals: serviceId } },
    depth: 0,
    pagination: false,
    overrideAccess: false,
    req,
  })
  const key = (view: ExceptionView) => `${view.date} ${view.startTime ?? ''}`
  return docs
    .map(presentException)
    .filter((view) => (!range.from || view.date >= range.from) && (!range.to || view.date <= range.to))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

export function createException(
  req: PayloadRequest,
  scope: CatalogueScope,
  input: ExceptionInput & { serviceId: string; date: string; isAvailable: boolean },
): Promise<{ exception: ExceptionView }> {
  return catalogueTransaction(req, async () => {
    await requireService(req, scope, input.serviceId)
    const doc = await req.payload.create({
      collection: EXCEPTIONS_COLLECTION,
      data: newExceptionData(input),
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { exception: presentException(doc) }
  })
}

export function updateException(
  req: PayloadRequest,
  scope: CatalogueScope,
  id: string,
  input: ExceptionInput,
): Promise<{ exception: ExceptionView }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    const doc = await req.payload.update({
      collection: EXCEPTIONS_COLLECTION,
      id,
      data: exceptionData(input),
      depth: 0,
      overrideAccess: false,
      req,
    })
    return { exception: presentException(doc) }
  })
}

export function deleteException(req: PayloadRequest, scope: CatalogueScope, id: string): Promise<{ success: true }> {
  return catalogueTransaction(req, async () => {
    await existing(req, scope, id)
    await req.payload.delete({ collection: EXCEPTIONS_COLLECTION, id, depth: 0, overrideAccess: false, req })
    return { success: true as const }
  })
}
