// The OpenAPI 3.1 reference of /api, generated from the code with zod-openapi (decision 56):
// each area's request schemas are the ones its endpoints parse with, and its answers are
// described beside them (endpoints/**/openapi.ts). Served at GET /api/openapi.json, written
// to docs/openapi.json by `npm run openapi`, and checked against every response the tests get.
//
// A new endpoint: describe it in its area's openapi.ts (or a new one added to AREAS below);
// tests/int/openapi.test.ts fails while a registered endpoint has no operation here.
import { createDocument, type ZodOpenApiObject } from 'zod-openapi'

import { approvalPaths, moderationPaths } from '../../../endpoints/admin/openapi'
import { adminServicesPaths } from '../../../endpoints/admin/services/openapi'
import { reportsPaths } from '../../../endpoints/reports/openapi'
import { authPaths } from '../../../endpoints/auth/openapi'
import { accountPaths } from '../../../endpoints/auth/openapi-account'
import { adminUserPaths } from '../../../endpoints/auth/openapi-admin-users'
import { organizationPaths } from '../../../endpoints/auth/openapi-organizations'
import { publicBookingPaths } from '../../../endpoints/services/openapi'
import { settings } from '../settings'
import { stockPaths } from './stock-paths'

const DESCRIPTION = `The Community Platform API. Prose, examples and every rule in detail: docs/api.md.

**Sessions.** Sign in with \`POST /api/auth/sign-in/email\`; send the token back as
\`Authorization: Bearer <token>\` or as the \`community.session\` cookie (prefix from \`COOKIE_PREFIX\`).

**CSRF.** A POST, PUT, PATCH or DELETE that carries the session cookie needs an \`Origin\` (or, without
one, a \`Referer\`) equal to the server's origin or one of \`TRUSTED_ORIGINS\`, else 403 \`forbidden\`.
Requests carrying only a bearer token are exempt.

**Rate limits.** Every /api request counts against a global limit per client IP (100 per minute by
default; admins and moderators are not counted); sign-in and sign-up have their own. Over a limit:
429 \`too_many_requests\` with \`Retry-After\` and \`X-Retry-After\` (seconds).

**Errors** come in the family of the route: \`AuthError\` under /api/auth, \`ModerationError\` for
/api/admin/moderate, \`GeneralError\` elsewhere, and Payload's \`PayloadErrors\` on stock collection routes.
An unknown /api path is 404 \`not_found\`, a method a path does not serve 405 \`method_not_allowed\`.`

export function openApiDocument(): ReturnType<typeof createDocument> {
  const spec: ZodOpenApiObject = {
    openapi: '3.1.0',
    info: { title: 'Community Platform API', version: '1.0.0', description: DESCRIPTION },
    tags: [
      { name: 'Accounts' },
      { name: 'Admin: services' },
      { name: 'Admin: categories' },
      { name: 'Admin: availability' },
      { name: 'Admin: media' },
      { name: 'Admin: bookings' },
      { name: 'Bookings' },
      { name: 'Moderation' },
      { name: 'Notifications' },
      { name: 'Public catalogue' },
      { name: 'Operations' },
    ],
    paths: {
      ...authPaths,
      ...accountPaths,
      ...adminUserPaths,
      ...organizationPaths,
      ...adminServicesPaths(settings().locales),
      ...publicBookingPaths,
      ...moderationPaths,
      ...approvalPaths,
      ...reportsPaths,
      ...stockPaths,
    },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'community.session', description: 'The session cookie set by sign-in (HttpOnly, Secure, SameSite=Lax); the CSRF rule applies' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in (`token`, or the `set-auth-token` header); exempt from the CSRF rule' },
      },
    },
  }
  return createDocument(spec)
}

/** docs/openapi.json's exact text. */
export const openApiJson = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
