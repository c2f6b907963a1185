import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { contentErrors } from '../../domain/content-errors'
import { type ContentType, MODERATING } from '../../domain/content-types'
import { hasPermission, isAdminUser } from '../../domain/permissions'
import { isAuthorOf, SYSTEM_MOVE } from './context'

// Bookkeeping and fields the guard itself rules on, left out of "what the content says".
const NOT_CONTENT = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'pinned',
  'postCount',
  'lastPostAt',
  'publishedAt',
])

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

function mayMove(
  req: PayloadRequest,
  type: ContentType,
  doc: Record<string, unknown>,
  from: unknown,
  to: unknown,
): boolean {
  return type.transitions.some(
    (move) =>
      move.from.includes(String(from)) &&
      move.to === to &&
      (move.by === 'author' ? isAuthorOf(req, doc, type.authorField) : hasPermission(req.user, move.by)),
  )
}

/** An active classified past its end is expired for every purpose, before the job has run
 * (docs/api.md "Community content").
 */
function effectiveStatus(type: ContentType, doc: Record<string, unknown>): unknown {
  const status = doc[type.statusField]
  if (
    type.collection === 'classifieds' &&
    status === 'active' &&
    doc.expiresAt &&
    Date.parse(String(doc.expiresAt)) <= Date.now()
  )
    return 'expired'
  return status
}

/** `pinned` changes only with `forum.pin_thread`, from a new thread's `false` as from a stored value. */
function checkPinning(req: PayloadRequest, pinned: unknown, was: unknown): void {
  if (pinned !== undefined && Boolean(pinned) !== Boolean(was) && !hasPermission(req.user, 'forum.pin_thread')) {
    throw contentErrors.forbidden('Pinning a thread needs the forum.pin_thread permission')
  }
}

/**
 * What an update by a person may do (docs/api.md "Community content"): nothing to a locked item (409
 * `content_locked`); a status move only along the type's transition table (409
 * `invalid_transition`); `pinned` only with `forum.pin_thread` (on create too); the content itself only its
 * author or an admin. Who reaches the item at all is the collection's access
 * (access/community.ts). Moderation and the platform's own moves pass (their own checks).
 */
export const guardChange =
  (type: ContentType): CollectionBeforeChangeHook =>
  ({ context, data, operation, originalDoc, req }) => {
    if (!req.user || context[MODERATING] || context[SYSTEM_MOVE]) return data
    // A new thread is not pinned by its author either (author and status are forced before).
    if (operation === 'create') return (checkPinning(req, data.pinned, false), data)
    if (operation !== 'update' || !originalDoc) return data
    const from = effectiveStatus(type, originalDoc)
    if (type.lockedStatuses.includes(String(from))) throw contentErrors.locked(from)

    const to = data[type.statusField]
    if (to !== undefined && to !== from && !mayMove(req, type, originalDoc, from, to))
      throw contentErrors.invalidTransition(from, to)

    checkPinning(req, data.pinned, originalDoc.pinned)
    if (isAuthorOf(req, originalDoc, type.authorField) || isAdminUser(req)) return data
    const edited = Object.keys(data).filter(
      (key) => !NOT_CONTENT.has(key) && key !== type.authorField && !same(data[key], originalDoc[key]),
    )
    if (edited.length > 0) throw contentErrors.forbidden(`Only the author edits ${edited.join(', ')}`)
    return data
  }
