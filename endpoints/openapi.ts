// The OpenAPI 3.1 reference of /api, assembled from each area's endpoints/**/openapi.ts above the endpoints
// so that src/lib knows no route (docs/decisions.md "The OpenAPI reference is generated from the zod
// schemas"). A new family adds one line to FAMILIES (and its tag to TAGS).
import { createDocument, type ZodOpenApiObject, type ZodOpenApiPathsObject } from 'zod-openapi'

import { collections } from '../collections/index'
import { declaredPaths, type RouteGroup } from '../src/lib/openapi/routes'
import { settings } from '../src/lib/settings'
import { approvalPaths, moderationPaths } from './admin/openapi'
import { adminBlogPaths } from './admin/openapi-blog'
import { moderationSafetyPaths } from './admin/openapi-moderation-safety'
import { adminOrganizationPaths } from './admin/openapi-organizations'
import { screeningPaths } from './admin/openapi-screening'
import { webhookPaths } from './admin/openapi-webhooks'
import { adminServicesPaths } from './admin/services/openapi'
import { authPaths } from './auth/openapi'
import { accountPaths } from './auth/openapi-account'
import { adminUserPaths } from './auth/openapi-admin-users'
import { organizationPaths } from './auth/openapi-organizations'
import { authClientPaths } from './auth-client/openapi'
import { communityMediaPaths } from './community/openapi'
import { communityContentPaths } from './community/openapi-content'
import { versionPaths } from './openapi-versions'
import { endpoints } from './index'
import { profilePaths } from './profile/openapi'
import { blockPaths } from './profile/openapi-blocks'
import { reportsPaths } from './reports/openapi'
import { searchPaths } from './search/openapi'
import { stockPaths } from './stock-paths'

/** Where the routes are declared: the root endpoints, then each collection's own. */
export const routeGroups = (): RouteGroup[] => [
  { base: '/api', endpoints },
  ...collections.map((collection) => ({ base: `/api/${collection.slug}`, endpoints: collection.endpoints })),
]

/** The declared routes' documents (each beside its handler), and the routes that have none. */
export const declaredDocuments = () => declaredPaths(routeGroups(), { locales: settings().locales })

/** The documents of routes that are not declared here (Payload's stock routes) or not yet documented beside their declaration. */
const FAMILIES = (): ZodOpenApiPathsObject[] => [
  authPaths,
  authClientPaths,
  accountPaths,
  adminUserPaths,
  organizationPaths,
  adminServicesPaths(settings().locales),
  moderationPaths,
  approvalPaths,
  moderationSafetyPaths,
  webhookPaths,
  reportsPaths,
  profilePaths(settings().locales),
  blockPaths,
  screeningPaths,
  adminOrganizationPaths,
  adminBlogPaths(settings().locales),
  communityContentPaths(),
  communityMediaPaths,
  searchPaths(settings().locales),
  stockPaths,
  versionPaths,
]

const TAGS = [
  'Accounts',
  'Admin: services',
  'Admin: categories',
  'Admin: availability',
  'Admin: media',
  'Admin: bookings',
  'Admin: organizations',
  'Admin: blog',
  'Bookings',
  'Moderation',
  'Community',
  'Notifications',
  'Profile',
  'Public catalogue',
  'History',
  'Operations',
]

/**
 * The families' paths in one object. Two families may document methods of the same path
 * (e.g. GET and POST of one route); the same method twice would silently replace one with
 * the other, so it throws instead.
 */
export function mergePaths(families: ZodOpenApiPathsObject[]): ZodOpenApiPathsObject {
  const merged: ZodOpenApiPathsObject = {}
  for (const family of families) {
    for (const [path, item] of Object.entries(family)) {
      const existing = (merged[path] ?? {}) as Record<string, unknown>
      const clash = Object.keys(item).find((key) => key in existing)
      if (clash) throw new Error(`OpenAPI: ${clash} ${path} is documented by two families`)
      merged[path] = { ...existing, ...item }
    }
  }
  return merged
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']

/** Paths in alphabetical order, each path's methods in METHOD_ORDER: the text does not follow declaration order. */
export function sortedPaths(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const rank = (key: string) => (METHOD_ORDER.includes(key) ? METHOD_ORDER.indexOf(key) : -1)
  return Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => {
        const item = paths[path] as Record<string, unknown>
        const keys = Object.keys(item).sort((a, b) => rank(a) - rank(b))
        return [path, Object.fromEntries(keys.map((key) => [key, item[key]]))]
      }),
  )
}

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
    tags: TAGS.map((name) => ({ name })),
    paths: sortedPaths(mergePaths([declaredDocuments().paths, ...FAMILIES()])),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'community.session',
          description: 'The session cookie set by sign-in (HttpOnly, Secure, SameSite=Lax); the CSRF rule applies',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The session token from sign-in (`token`, or the `set-auth-token` header); exempt from the CSRF rule',
        },
      },
    },
  }
  return createDocument(spec)
}

/** docs/openapi.json's exact text. */
export const openApiJson = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
