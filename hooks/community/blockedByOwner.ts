// While A blocks B, B cannot comment on, post in the threads of, or review A's things (docs/api.md "Blocking between
// members"): 403 `forbidden`, told as any refusal is, so B learns no more than that.
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { contentErrors } from '../../domain/content-errors'
import { contentTypeOf } from '../../domain/content-types'
import { isUuid } from '../../domain/ids'
import { blocksActor } from '../../src/lib/member-blocks'
import { idOf } from './context'

/** Throws 403 `forbidden` when `ownerId` blocks the caller. */
export async function refuseWhenBlocked(req: PayloadRequest, ownerId: unknown): Promise<void> {
  const owner = idOf(ownerId)
  if (req.user && (await blocksActor(req, owner, String(req.user.id))))
    throw contentErrors.forbidden('You cannot respond to this member’s items')
}

/** A comment's target's author (after the target was found public by the collection's own hook). */
export const commentTargetOwnerAllows: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  if (operation !== 'create' || !req.user || !data.target || typeof data.target !== 'object') return data
  const { relationTo, value } = data.target as { relationTo?: unknown; value?: unknown }
  const type = typeof relationTo === 'string' ? contentTypeOf(relationTo)?.[1] : undefined
  const id = idOf(value)
  if (!type || !isUuid(id)) return data
  const target = await req.payload.findByID({
    collection: type.collection,
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: true,
    req,
  })
  await refuseWhenBlocked(req, (target as Record<string, unknown> | null)?.[type.authorField])
  return data
}
