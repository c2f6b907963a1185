// The admin API's mutation envelope (docs/api.md "Admin service catalogue (/api/admin/services)"):
// `action` in a JSON body, accepted on
// POST, PATCH and DELETE alike, checked in the documented order: admin, or for the service,
// availability and booking routes an organization manager (403), JSON (400
// invalid_body), action present (missing_action) and known (unknown_action), id present
// (missing_id); field validation (invalid_request) comes after, per action.
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { UUID_PATTERN } from '../../../domain/ids'
import type { CatalogueScope } from '../../../src/lib/catalogue-scope'
import { invalidBody, readJson } from '../../../src/lib/http/body'
import { apiError } from '../../../src/lib/http/errors'
import { requireAdmin, requireCatalogueManager } from '../../guards'

export const MUTATION_METHODS = ['post', 'patch', 'delete'] as const

export interface ActionRequest<A extends string> {
  action: A
  body: Record<string, unknown>
}

export async function readAction<A extends string>(
  req: PayloadRequest,
  actions: readonly A[],
  needsId: readonly A[],
): Promise<ActionRequest<A>> {
  requireAdmin(req)
  return readEnvelope(req, actions, needsId)
}

/** The envelope for the routes organization managers share (docs/decisions.md "Organizations manage
 * their services through the admin catalogue"), with the caller's scope.
 */
export async function readScopedAction<A extends string>(
  req: PayloadRequest,
  actions: readonly A[],
  needsId: readonly A[],
): Promise<ActionRequest<A> & { scope: CatalogueScope }> {
  const scope = await requireCatalogueManager(req)
  return { ...(await readEnvelope(req, actions, needsId)), scope }
}

async function readEnvelope<A extends string>(
  req: PayloadRequest,
  actions: readonly A[],
  needsId: readonly A[],
): Promise<ActionRequest<A>> {
  const body = await readJson(req)
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('The request body must be a JSON object')
  const { action, id } = body as Record<string, unknown>
  if (action === undefined || action === null || action === '') throw apiError('missing_action')
  if (typeof action !== 'string' || !actions.includes(action as A)) {
    throw apiError('unknown_action', `Unknown action ${JSON.stringify(action)}; use one of ${actions.join(', ')}`)
  }
  if (needsId.includes(action as A) && (id === undefined || id === null || id === '')) {
    throw apiError('missing_id', `The "${action}" action needs an "id"`)
  }
  return { action: action as A, body: body as Record<string, unknown> }
}

/** Ids are UUIDs; anything else cannot name a record. */
export const uuid = (label: string) =>
  z.string({ error: `${label} must be a string` }).regex(UUID_PATTERN, `${label} must be a UUID`)

/** The target of an action: a string (its format is checked by the lookup: no match, 404). */
export const targetId = z.string({ error: 'id must be a string' }).min(1)

/** An update must change something. */
export const notEmpty = (fields: Record<string, unknown>, keep: string[] = ['action', 'id']) =>
  Object.keys(fields).some((key) => !keep.includes(key))
