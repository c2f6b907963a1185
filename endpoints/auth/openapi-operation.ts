// What every docs/api.md "Accounts beyond sign-in (/api/auth)" route's OpenAPI operation
// shares (user administration, organizations, self-service): the Accounts tag, a session, a
// JSON body or a query, and the auth family's error answers (a write also answers the CSRF
// refusal).
import type { z } from 'zod'
import type { ZodOpenApiOperationObject } from 'zod-openapi'

import { errorResponses, type json, SESSION } from '../../src/lib/openapi/common'

export const INVALID =
  '`invalid_input` (a field missing, malformed, of the wrong type, or unknown) or `invalid_body` (not JSON)'

/** Why delete-user and admin/remove-user refuse an account (docs/decisions.md "Deleting an account
 * that others depend on is refused"); nothing changes.
 */
export const REMOVAL_REFUSED =
  '`user_provides_services` (the account provides services: reassign or delete them first) or `last_owner` (it is an organization’s last owner: make another member owner or delete the organization first); nothing is deleted'

export interface AccountRequest {
  body?: z.ZodType
  query?: z.ZodObject
}

/** `write`: the route changes something, so it also answers the CSRF refusal (a body says so unless told). */
export function accountOperation(
  summary: string,
  request: AccountRequest,
  ok: ReturnType<typeof json>,
  errors: Record<number, string>,
  write = Boolean(request.body),
): ZodOpenApiOperationObject {
  return {
    tags: ['Accounts'],
    summary,
    security: SESSION,
    ...(request.body ? { requestBody: { content: { 'application/json': { schema: request.body } } } } : {}),
    ...(request.query ? { requestParams: { query: request.query } } : {}),
    responses: { '200': ok, ...errorResponses('auth', errors, { write }) },
  }
}
