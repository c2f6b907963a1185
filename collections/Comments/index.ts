import { type CollectionBeforeChangeHook, type CollectionConfig, ValidationError } from 'payload'

import { publicRows } from '../../access/community'
import { contentErrors } from '../../domain/content-errors'
import { contentTypeOf } from '../../domain/content-types'
import { isUuid } from '../../domain/ids'
import { commentTargetOwnerAllows } from '../../hooks/community/blockedByOwner'
import { idOf } from '../../hooks/community/context'
import { contentCollection } from '../community/contentCollection'
import { fixedAfterCreate, text } from '../community/fields'

/** What comments may be about (docs/api.md "Community content"). */
export const COMMENT_TARGETS = ['articles', 'events', 'places', 'galleries', 'products', 'classifieds'] as const

/** A comment goes on a publicly visible item; anything else (missing, hidden) is 404 (docs/api.md
 * "Community content").
 */
const targetIsPublic: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || data.target === undefined || data.target === null) return data
  const { relationTo, value } = (typeof data.target === 'object' ? data.target : {}) as {
    relationTo?: unknown
    value?: unknown
  }
  const type =
    typeof relationTo === 'string' && (COMMENT_TARGETS as readonly string[]).includes(relationTo)
      ? contentTypeOf(relationTo)?.[1]
      : undefined
  const id = idOf(value)
  // A malformed target is 400 (Payload's own check lets an unknown `relationTo` through);
  // a well-formed one naming nothing visible, 404.
  if (!type || !isUuid(id)) {
    throw new ValidationError({
      collection: 'comments',
      errors: [
        {
          path: 'target',
          message: `target must be {"relationTo": one of ${COMMENT_TARGETS.join(', ')}, "value": <its id>}`,
        },
      ],
    })
  }
  const { totalDocs } = await req.payload.count({
    collection: type.collection,
    where: { and: [{ id: { equals: id } }, publicRows(type)] },
    overrideAccess: true,
    req,
  })
  if (totalDocs === 0) throw contentErrors.notFound(relationTo as string)
  return data
}

// Comments on community items (docs/api.md "Community content"); blog posts have their own (collections/BlogComments).
export const Comments: CollectionConfig = contentCollection('comments', {
  auditPrefix: 'comment',
  admin: { useAsTitle: 'body', defaultColumns: ['body', 'target', 'status', 'authorName', 'createdAt'] },
  hooks: { beforeChange: [targetIsPublic, commentTargetOwnerAllows] },
  fields: [
    {
      name: 'target',
      type: 'relationship',
      relationTo: [...COMMENT_TARGETS],
      required: true,
      index: true,
      maxDepth: 1,
      access: { update: fixedAfterCreate },
    },
    text('body', 5000, { required: true, long: true }),
  ],
})
