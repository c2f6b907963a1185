// Categories form a tree through `parent`: a parent must exist and may not be the category
// itself or one of its descendants. Re-parenting takes a tree-wide lock first, so two moves at
// once (A under B, B under A) cannot both pass the check.
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { isUuid } from '../../../../domain/ids'
import type { ServiceCategory } from '../../../payload-types'
import { RuleViolation } from '../errors'
import { lockNamed } from '../transaction'

export const CATEGORIES_COLLECTION = 'service-categories'
// Deeper than any real catalogue; a guard against a loop that got in by other means.
const MAX_DEPTH = 100

const idOf = (value: unknown) =>
  value && typeof value === 'object' ? (value as { id: string }).id : (value as string | null | undefined)

const invalidParent = (message: string) =>
  new RuleViolation('invalid_parent', { collection: CATEGORIES_COLLECTION, path: 'parent' }, message)

async function parentOf(req: PayloadRequest, id: string): Promise<string | null | undefined> {
  const { docs } = await req.payload.find({
    collection: CATEGORIES_COLLECTION,
    where: { id: { equals: id } },
    select: { parent: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  // undefined: no such category; null: a top-level one.
  return docs[0] ? (idOf((docs[0] as { parent?: unknown }).parent) ?? null) : undefined
}

export const parentWithoutCycle: CollectionBeforeChangeHook<ServiceCategory> = async ({ data, originalDoc, req }) => {
  if (!('parent' in data)) return data
  const parentId = idOf(data.parent)
  if (parentId === null || parentId === undefined || parentId === '') return data
  if (parentId === idOf(originalDoc?.parent)) return data
  if (!isUuid(parentId)) throw invalidParent(`No category with id ${String(parentId)}`)
  const selfId = originalDoc?.id as string | undefined
  if (parentId === selfId) throw invalidParent('A category cannot be its own parent')

  await lockNamed(req, 'service-categories:tree')
  let current: string | null | undefined = parentId
  for (let depth = 0; current; depth++) {
    const next = await parentOf(req, current)
    if (next === undefined) {
      throw invalidParent(current === parentId ? `No category with id ${parentId}` : 'The parent chain is broken')
    }
    if (next === selfId && selfId)
      throw invalidParent('That parent is a descendant of this category: it would make a cycle')
    if (depth > MAX_DEPTH) throw invalidParent('The category tree is too deep')
    current = next
  }
  return data
}
