import { type Endpoint, NotFound } from 'payload'

import type { ContentType } from '../../domain/content-types'
import { isUuid } from '../../domain/ids'

/**
 * `DELETE /api/<slug>/<id>` of a type with a `deleted` status (docs/api.md "Community content"): the item is
 * kept, its status set to `deleted` (200), by its author or a holder of the type's
 * `*.delete_any` permission. The same update as a PATCH, so the same access, transition
 * table, locks and audit entry apply. Registered before Payload's own `DELETE /:id`, which
 * would remove the row.
 */
export const softDeleteEndpoint = (type: ContentType): Endpoint => ({
  path: '/:id',
  method: 'delete',
  handler: async (req) => {
    const id = String(req.routeParams?.id ?? '')
    // Nothing there, or nothing the caller may see: 404 (a missing row is no business of theirs).
    const seen =
      isUuid(id) &&
      (
        await req.payload.count({
          collection: type.collection,
          where: { id: { equals: id } },
          overrideAccess: false,
          user: req.user,
          req,
        })
      ).totalDocs > 0
    if (!seen) throw new NotFound(req.t)
    const doc = await req.payload.update({
      collection: type.collection,
      id,
      data: { [type.statusField]: 'deleted' },
      depth: 0,
      overrideAccess: false,
      user: req.user,
      req,
    })
    return Response.json({ doc, message: req.t('general:deletedSuccessfully') })
  },
})
